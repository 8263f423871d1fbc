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
        // Grouped without sorting the views: each view's superview found among the few met
        // (by place where the result's places are the layout's), those sorted by id, and each
        // one's views taken in tree order, as they were met.
        var parents: [(id: String, place: Int?)] = []
        var found: [(parent: Int, place: Int)] = []
        let views = run.result.views
        for place in views.indices where !views[place].hidden {
            guard run.showsText(at: place, of: views[place]), let parent = run.superview(at: place, of: views[place].id)
            else { continue }
            let known = parents.firstIndex { known in
                if let knownPlace = known.place, let parentPlace = parent.place { return knownPlace == parentPlace }
                return known.id == parent.id
            }
            if let known {
                found.append((known, place))
            } else {
                found.append((parents.count, place))
                parents.append(parent)
            }
        }
        var members: [(parent: String, place: Int)] = []
        members.reserveCapacity(found.count)
        for parent in parents.indices.sorted(by: { parents[$0].id < parents[$1].id }) {
            for member in found where member.parent == parent { members.append((parents[parent].id, member.place)) }
        }
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
