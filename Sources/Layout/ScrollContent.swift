/// Scroll views in a JSON layout, as UIKit lays their content out: each scroll view `S` gets a
/// hidden helper subview `S.contentLayoutGuide`, its content area, pinned at its top left
/// (the content offset zero), unless it names one of its subviews as its `contentGuide` (as
/// `babelfit import` writes a storyboard's guide), or none (`""`: content placed by frames,
/// whose size the app's code sets). A constraint between an edge of `S` (leading, trailing, left,
/// right, top, bottom) and a view inside it is to that content area; one of its width,
/// height or centre stays with its frame; `S.frameLayoutGuide` names the frame itself, as
/// UIScrollView's contentLayoutGuide and frameLayoutGuide do.
struct ScrollContent {
    /// Scroll views in tree order, with the ids of the views inside each, their content area
    /// (`""`: none), and whether it is made here.
    private var scrolls: [(id: String, line: Int, inside: Set<String>, guide: String, made: Bool)] = []

    static let contentSuffix = ".contentLayoutGuide"
    static let frameSuffix = ".frameLayoutGuide"
    private static let edges: Set<Attribute> = [.leading, .trailing, .left, .right, .top, .bottom]

    init(root: ViewNode) {
        func visit(_ view: ViewNode) {
            if case .scroll(let spec) = view.kind {
                scrolls.append((view.id, view.line, Set(view.subviews.flatMap(\.allViews).map(\.id)), spec.contentGuide,
                                spec.contentGuide == view.id + Self.contentSuffix))
            }
            view.subviews.forEach(visit)
        }
        visit(root)
    }

    var helperIDs: [String] { scrolls.filter(\.made).map(\.guide) }
    var frameGuideIDs: [String] { scrolls.map { $0.id + Self.frameSuffix } }

    /// A constraint with its scroll-view edges resolved to content areas and its frame guides
    /// to the scroll views.
    func resolved(_ constraint: LayoutConstraint) -> LayoutConstraint {
        var constraint = constraint
        func resolve(_ item: ConstraintItem, other: ConstraintItem?) -> ConstraintItem {
            var item = item
            if let scroll = scrolls.first(where: { $0.id + Self.frameSuffix == item.view }) {
                item.view = scroll.id
            } else if Self.edges.contains(item.attribute), let other,
                      let scroll = scrolls.first(where: { $0.id == item.view }), !scroll.guide.isEmpty,
                      scroll.inside.contains(other.view), other.view != scroll.guide {
                item.view = scroll.guide
            }
            return item
        }
        let first = constraint.first, second = constraint.second
        constraint.first = resolve(first, other: second)
        constraint.second = second.map { resolve($0, other: first) }
        return constraint
    }

    /// The tree with each scroll view's kind naming its content area, and the area added as
    /// its last subview.
    func addingContentGuides(to root: ViewNode) -> ViewNode {
        guard scrolls.contains(where: \.made) else { return root }
        var view = root
        view.subviews = view.subviews.map(addingContentGuides)
        if case .scroll(let spec) = view.kind, spec.contentGuide == view.id + Self.contentSuffix {
            let guide = spec.contentGuide
            var helper = ViewNode(id: guide, kind: .view, hidden: true)
            helper.line = view.line
            helper.label = "Content Layout Guide"
            view.subviews.append(helper)
        }
        return view
    }

    /// Each content area's top left at its scroll view's.
    var contentGuidePins: [LayoutConstraint] {
        scrolls.filter(\.made).flatMap { scroll in
            [Attribute.top, .left].map { attribute in
                var pin = LayoutConstraint(ConstraintItem(view: scroll.guide, attribute: attribute), .equal,
                                           ConstraintItem(view: scroll.id, attribute: attribute))
                pin.line = scroll.line
                return pin
            }
        }
    }
}
