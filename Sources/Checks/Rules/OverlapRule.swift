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
        // The views that show text, grouped by superview: the superviews in the order their ids
        // sort as strings, each one's views in tree order. A superview is found by its place
        // where the result's places are the layout's (``RunContext/superview(at:of:)``; ids are
        // then unique), else by its id, in a dictionary of the groups met: each view is put in
        // its group as it comes, in tree order, and only the groups are sorted.
        var groups: [(parent: String, places: [Int])] = []
        var groupOfPlace: [Int: Int] = [:], groupOfID: [String: Int] = [:]
        let views = run.result.views
        for place in views.indices where !views[place].hidden {
            guard run.showsText(at: place, of: views[place]), let parent = run.superview(at: place, of: views[place].id)
            else { continue }
            let known: Int?
            if let parentPlace = parent.place { known = groupOfPlace[parentPlace] } else { known = groupOfID[parent.id] }
            let group = known ?? groups.count
            if known == nil {
                groups.append((parent.id, []))
                if let parentPlace = parent.place { groupOfPlace[parentPlace] = group } else { groupOfID[parent.id] = group }
            }
            groups[group].places.append(place)
        }
        groups.sort { $0.parent < $1.parent }
        for (_, group) in groups {
            // Each sibling's frame read once, not once for every other sibling.
            let frames = group.map { run.frame(at: $0) }
            for i in group.indices {
                guard let frameA = frames[i] else { continue }
                let placeA = group[i], a = views[placeA].id
                for j in (i + 1)..<group.count {
                    let b = views[group[j]].id
                    guard let frameB = frames[j], let area = Self.intersection(frameA, frameB),
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
