import Layout
import Reports

/// `clipped`: a view lies partly outside its superview's frame (by more than a hundredth of a
/// point). Inside a scroll view, content larger than the frame scrolls: a view is clipped only
/// where it lies outside the scroll view's content area, which the user cannot scroll to.
struct ClippingRule: FindingRule {
    static let tolerance = 0.01

    func findings(about view: ViewLayout, _ node: ViewNode, text: ViewText?, place: Int, in run: RunContext) -> [Finding] {
        // The superview read at its place where the result's places are the layout's, else by id.
        guard let superview = run.superview(at: place, of: node.id), var parent = run.frame(of: superview) else { return [] }
        let parentID = superview.id
        let parentKind = superview.place.map { place in run.nodes.read(place: place) { $0.kind } } ?? run.nodes[parentID]?.kind
        var bounds = parentID
        if case .scroll(let scroll)? = parentKind {
            guard node.id != scroll.contentGuide, let content = run.frame(scroll.contentGuide) else { return [] }
            parent = content
            bounds = "\(parentID)'s content area"
        }
        let frame = view.frame
        let tolerance = Self.tolerance
        var edges: [String] = []
        if frame.x < parent.x - tolerance { edges.append("\(Number.points(parent.x - frame.x)) pt past its left edge") }
        if frame.x + frame.width > parent.x + parent.width + tolerance {
            edges.append("\(Number.points(frame.x + frame.width - parent.x - parent.width)) pt past its right edge")
        }
        if frame.y < parent.y - tolerance { edges.append("\(Number.points(parent.y - frame.y)) pt past its top edge") }
        if frame.y + frame.height > parent.y + parent.height + tolerance {
            edges.append("\(Number.points(frame.y + frame.height - parent.y - parent.height)) pt past its bottom edge")
        }
        guard !edges.isEmpty else { return [] }
        return [run.finding(.clipped, about: node,
                            "\(node.id) lies outside \(bounds) in \(run.language): \(edges.joined(separator: ", "))",
                            otherView: parentID)]
    }
}
