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
        // then unique), its group then kept in an array by that place, else by its id, in a
        // dictionary of the groups met. Each view is listed with its group as it comes, in tree
        // order; the groups are sorted, and the list then by group: an array for each group, and
        // a dictionary look-up for each view, cost more than the rule's own comparisons.
        let views = run.result.views
        var parents: [String] = []
        var groupOfPlace: [Int] = [], groupOfID: [String: Int] = [:]
        var members: [(group: Int, place: Int)] = []
        members.reserveCapacity(views.count)
        for place in views.indices where !views[place].hidden {
            guard run.showsText(at: place, of: views[place]), let parent = run.superview(at: place, of: views[place].id)
            else { continue }
            var group: Int
            if let parentPlace = parent.place {
                if groupOfPlace.isEmpty { groupOfPlace = [Int](repeating: -1, count: views.count) }
                group = groupOfPlace[parentPlace]
                if group < 0 {
                    group = parents.count
                    groupOfPlace[parentPlace] = group
                    parents.append(parent.id)
                }
            } else if let known = groupOfID[parent.id] {
                group = known
            } else {
                group = parents.count
                groupOfID[parent.id] = group
                parents.append(parent.id)
            }
            members.append((group, place))
        }
        // Two views at least, or no two can overlap.
        guard members.count > 1 else { return [] }
        // The groups' order: the same sort of the same ids in the same first order as sorting
        // the groups themselves, so the same order where two superviews share an id. The views
        // then by their group's rank, each group's in tree order (their places ascend).
        var order = Array(parents.indices)
        order.sort { parents[$0] < parents[$1] }
        var rank = [Int](repeating: 0, count: parents.count)
        for (position, group) in order.enumerated() { rank[group] = position }
        members.sort { (rank[$0.group], $0.place) < (rank[$1.group], $1.place) }
        // Each view's frame read once, not once for every other sibling.
        let frames = members.map { run.frame(at: $0.place) }
        var first = 0
        while first < members.count {
            var end = first + 1
            while end < members.count, members[end].group == members[first].group { end += 1 }
            for i in first..<end {
                guard let frameA = frames[i] else { continue }
                let placeA = members[i].place, a = views[placeA].id
                for j in (i + 1)..<end {
                    let b = views[members[j].place].id
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
            first = end
        }
        return findings
    }

    static func intersection(_ a: Rect, _ b: Rect) -> (width: Double, height: Double)? {
        let width = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
        let height = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        return width > ClippingRule.tolerance && height > ClippingRule.tolerance ? (width, height) : nil
    }
}
