import Layout

/// UIKit's horizontal and vertical size classes.
struct SizeClasses: Hashable, Sendable {
    enum Size: String, Sendable { case compact, regular }
    var width: Size
    var height: Size

    var description: String { "\(width.rawValue) width, \(height.rawValue) height" }
}

/// Interface Builder's size-class variations, resolved for one pair of size classes.
///
/// An element may carry `<variation key="widthClass=regular" hidden="NO"/>` children that
/// change its attributes (or replace a keyed child such as its font) for some size classes,
/// and `<mask key="constraints">` / `<mask key="subviews">` lists that uninstall (`exclude`)
/// or install (`include`) constraints and views. The key `default` is any width and any
/// height; each `widthClass=…` or `heightClass=…` part narrows it. Where several variations
/// match, the most specific wins (of equals, the last written).
struct SizeClassVariations {
    let classes: SizeClasses
    /// The ids of constraints and views that are not installed in these size classes.
    let uninstalled: Set<String>
    /// Whether the file has any variation at all (one warning says they were resolved).
    let present: Bool

    init(root: MarkupElement, classes: SizeClasses) {
        self.classes = classes
        var state: [String: (specificity: Int, installed: Bool)] = [:]
        var present = false
        for variation in root.descendants where variation.name == "variation" {
            present = true
            guard let specificity = Self.specificity(variation.attributes["key"] ?? "", classes) else { continue }
            for mask in variation.children(named: "mask") {
                for entry in mask.children {
                    guard let reference = entry.attributes["reference"], entry.name == "include" || entry.name == "exclude"
                    else { continue }
                    if let current = state[reference], current.specificity > specificity { continue }
                    state[reference] = (specificity, entry.name == "include")
                }
            }
        }
        uninstalled = Set(state.filter { !$0.value.installed }.keys)
        self.present = present
    }

    /// How many size-class parts a variation key names when it applies to these classes
    /// (0 for `default`); nil when it does not apply.
    static func specificity(_ key: String, _ classes: SizeClasses) -> Int? {
        guard key != "default" else { return 0 }
        var count = 0
        for part in key.split(separator: "-") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { return nil }
            switch pair[0] {
            case "widthClass": guard pair[1] == classes.width.rawValue else { return nil }
            case "heightClass": guard pair[1] == classes.height.rawValue else { return nil }
            default: return nil
            }
            count += 1
        }
        return count
    }

    /// The element as it is in these size classes: the matching variations' attributes and
    /// keyed children applied over its own, least specific first.
    func resolved(_ element: MarkupElement) -> MarkupElement {
        let variations = element.children(named: "variation").compactMap { variation in
            Self.specificity(variation.attributes["key"] ?? "", classes).map { (variation, $0) }
        }
        guard !variations.isEmpty else { return element }
        var result = element
        for (variation, _) in variations.enumerated().sorted(by: { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }).map(\.element) {
            for (name, value) in variation.attributes where name != "key" {
                result.attributes[name] = value
            }
            for child in variation.children where child.name != "mask" {
                guard let key = child.attributes["key"] else { continue }
                result.nodes.removeAll { node in
                    if case .element(let existing) = node { return existing.attributes["key"] == key }
                    return false
                }
                result.nodes.append(.element(child))
            }
        }
        return result
    }
}
