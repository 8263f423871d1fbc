import Layout
import Reports

/// `overlap`: two sibling views that show text intersect (by more than a hundredth of a point
/// each way) where, in the development language's layout, they do not. The development
/// language's layout is laid out only for a run with two such views that intersect.
struct OverlapRule: FindingRule {
    func findings(in run: RunContext) throws -> [Finding] {
        let development = run.translations.developmentLanguage
        guard run.language != development else { return [] }
        var laidOut: FirstByID<ViewLayout>?
        func reference() throws -> FirstByID<ViewLayout> {
            if let laidOut { return laidOut }
            let index = run.index(try run.developmentLayout())
            laidOut = index
            return index
        }
        var findings: [Finding] = []
        // The views that show text, with their superviews' ids and their places in the result:
        // the superviews in the order their ids sort as strings, each one's views in tree
        // order. A superview and a frame are read at their places where the result's places
        // are the layout's (``RunContext/superview(at:of:)``), else looked up by id.
        var members: [(parent: String, place: Int)] = []
        let views = run.result.views
        for place in views.indices where !views[place].hidden {
            let id = views[place].id
            guard run.texts[id] != nil, let parent = run.superview(at: place, of: id)?.id else { continue }
            members.append((parent, place))
        }
        members.sort { $0.parent != $1.parent ? $0.parent < $1.parent : $0.place < $1.place }
        var groupStart = 0
        while groupStart < members.count {
            var groupEnd = groupStart + 1
            while groupEnd < members.count, members[groupEnd].parent == members[groupStart].parent { groupEnd += 1 }
            let group = members[groupStart..<groupEnd]
            groupStart = groupEnd
            // Each sibling's frame read once, not once for every other sibling.
            let frames = group.map { run.frame(at: $0.place) }
            for i in group.indices {
                guard let frameA = frames[i - group.startIndex] else { continue }
                let placeA = group[i].place, a = views[placeA].id
                for j in (i + 1)..<group.endIndex {
                    let b = views[group[j].place].id
                    guard let frameB = frames[j - group.startIndex], let area = Self.intersection(frameA, frameB),
                          let node = run.node(at: placeA, of: views[placeA]) else { continue }
                    let reference = try reference()
                    if let refA = reference.read(a, \.frame), let refB = reference.read(b, \.frame), Self.intersection(refA, refB) != nil { continue }
                    findings.append(run.finding(
                        .overlap, about: node,
                        "\(a) overlaps \(b) in \(run.language) by \(Number.points(area.width)) × \(Number.points(area.height)) pt; they do not overlap in \(development)",
                        otherView: b, evidence: .area(width: area.width, height: area.height)))
                }
            }
        }
        return findings
    }

    static func intersection(_ a: Rect, _ b: Rect) -> (width: Double, height: Double)? {
        let width = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
        let height = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        return width > ClippingRule.tolerance && height > ClippingRule.tolerance ? (width, height) : nil
    }
}
