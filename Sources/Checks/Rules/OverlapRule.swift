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
        var siblings: [String: [String]] = [:]
        for view in run.result.views {
            guard !view.hidden, run.texts[view.id] != nil, let parent = run.parents[view.id] else { continue }
            siblings[parent, default: []].append(view.id)
        }
        for parent in siblings.keys.sorted() {
            let ids = siblings[parent]!
            // Each sibling's frame looked up once, not once for every other sibling.
            let frames = ids.map { run.frame($0) }
            for i in ids.indices {
                guard let frameA = frames[i] else { continue }
                let a = ids[i]
                for j in (i + 1)..<ids.count {
                    let b = ids[j]
                    guard let frameB = frames[j], let area = Self.intersection(frameA, frameB),
                          let node = run.nodes[a] else { continue }
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
