import Layout

/// The bars a view controller's container draws over its view, as Interface Builder
/// simulates them: a navigation bar above, a tab bar or toolbar below. A view controller's
/// safe area ends at those bars, so a layout made from its view insets the root's safe area
/// by them (see `SceneBuilder`).
///
/// A view controller is under a navigation bar when a navigation controller whose bar is not
/// hidden reaches it through its `rootViewController` relationship and then `show` or `push`
/// segues; the bar is as tall as the navigation controller's `<navigationBar>` frame (44 pt,
/// 56 pt in a sheet, 96 pt with large titles). It is above a tab bar (49 pt) when a tab bar
/// controller holds it (or the navigation controller holding it) in its `viewControllers`.
/// The controller's own simulated metrics win: `<nil key="simulatedTopBarMetrics"/>` is no top
/// bar, a `simulatedNavigationBarMetrics` one of 44 pt, a `simulatedToolbarMetrics` or
/// `simulatedTabBarMetrics` bottom bar 44 or 49 pt.
struct SimulatedBars: Hashable {
    var top: Double = 0
    var bottom: Double = 0

    static let navigationBar = 44.0
    static let tabBar = 49.0
    static let toolbar = 44.0

    /// The bars of every view controller of a storyboard, by controller id (none are left out).
    static func bars(in document: MarkupElement) -> [String: SimulatedBars] {
        var controllers: [String: MarkupElement] = [:]
        for scene in document.firstChild(named: "scenes")?.children(named: "scene") ?? [] {
            for object in scene.firstChild(named: "objects")?.children ?? [] {
                if let id = object.id { controllers[id] = object }
            }
        }
        func segues(_ controller: MarkupElement) -> [MarkupElement] {
            controller.firstChild(named: "connections")?.children(named: "segue") ?? []
        }
        var result: [String: SimulatedBars] = [:]
        /// The controllers a container reaches through a relationship and then show/push segues.
        func reached(from container: MarkupElement, relationship: String) -> [String] {
            var found: [String] = []
            var queue = segues(container).filter { $0.attributes["relationship"] == relationship }
                .compactMap { $0.attributes["destination"] }
            while let next = queue.first {
                queue.removeFirst()
                guard !found.contains(next), let controller = controllers[next] else { continue }
                found.append(next)
                queue += segues(controller).filter { ["show", "push"].contains($0.attributes["kind"] ?? "") }
                    .compactMap { $0.attributes["destination"] }
            }
            return found
        }
        for container in controllers.values.sorted(by: { $0.line < $1.line }) {
            switch container.name {
            case "navigationController" where !container.flag("navigationBarHidden"):
                let height = container.child(key: "navigationBar")?.frame?.height ?? navigationBar
                for id in reached(from: container, relationship: "rootViewController") where result[id]?.top ?? 0 == 0 {
                    result[id, default: SimulatedBars()].top = height
                }
            case "tabBarController":
                for id in reached(from: container, relationship: "viewControllers") {
                    var held = [id]
                    if let navigation = controllers[id], navigation.name == "navigationController" {
                        held += reached(from: navigation, relationship: "rootViewController")
                    }
                    for each in held { result[each, default: SimulatedBars()].bottom = tabBar }
                }
            default:
                continue
            }
        }
        for (id, controller) in controllers {
            var bars = result[id] ?? SimulatedBars()
            for child in controller.children {
                switch (child.name, child.attributes["key"]) {
                case ("nil", "simulatedTopBarMetrics"): bars.top = 0
                case ("simulatedNavigationBarMetrics", "simulatedTopBarMetrics"): bars.top = max(bars.top, navigationBar)
                case ("nil", "simulatedBottomBarMetrics"): bars.bottom = 0
                case ("simulatedToolbarMetrics", "simulatedBottomBarMetrics"): bars.bottom = toolbar
                case ("simulatedTabBarMetrics", "simulatedBottomBarMetrics"): bars.bottom = tabBar
                default: continue
                }
            }
            if bars != SimulatedBars() { result[id] = bars }
        }
        return result
    }
}
