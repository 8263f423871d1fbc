import Layout
import Reports

/// `fixed-direction-symbol`, in a right-to-left language: an image (or a button's image) that
/// shows an SF Symbol named for a side of the screen (`chevron.right`, `arrow.left`,
/// `sidebar.left`) in a view whose effective direction is right-to-left. Such a symbol is drawn
/// as named, so it points against the reading direction where the layout around it mirrors;
/// its `forward`/`backward` (or `leading`/`trailing`) form turns by itself. The message names
/// that form, or says that SF Symbols has none. A symbol the layout marks `mirrorsInRTL` is
/// flipped and not reported; a view that a semantic keeps left-to-right is not reported.
/// Once per run and view: a view shows one image.
struct SymbolDirectionRule: FindingRule {
    func findings(about view: ViewLayout, _ node: ViewNode, text: ViewText?, place: Int, in run: RunContext) -> [Finding] {
        // The view's own fields first: the language's direction is looked up (under a lock) only
        // for a right-to-left view that shows a symbol.
        guard view.direction == .rightToLeft, !view.flipped, let name = node.kind.image?.systemName,
              TextDirection(language: run.language) == .rightToLeft, SystemSymbol.pointsToAFixedSide(name) else { return [] }
        let advice = SystemSymbol.directionalCounterpart(of: name).map { "use \($0), which turns with the reading direction" }
            ?? "SF Symbols has no forward/backward form of it; mark it mirrorsInRTL if it should turn"
        return [run.finding(
            .fixedDirectionSymbol, about: node,
            "\(node.id) shows \(name), which points the same way in \(run.language) as in left-to-right: \(advice)")]
    }
}
