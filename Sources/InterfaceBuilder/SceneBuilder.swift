import Layout
import Support

/// Builds one layout from an IB view tree: the views with their kinds and attributes, the
/// constraints Xcode wrote, layout guides, and frames for views that Auto Layout does not
/// place (`translatesAutoresizingMaskIntoConstraints`).
///
/// Layout guides: a constraint to a view's safe-area guide (`<viewLayoutGuide key="safeArea">`)
/// or layout-margins guide names the view's own `safeTop`, `safeLeading`, … or `topMargin`,
/// `leadingMargin`, … attributes. Guide attributes the model has no name for (a safe area's
/// `centerX`, `width`, `left`; a view's `leftMargin`, `centerXWithinMargins`) are those of a
/// hidden helper view pinned to the guide, added as the owner's last subview (the root's,
/// when the owner is a stack). A view controller's old `topLayoutGuide` and
/// `bottomLayoutGuide` are the root's top and safe top, safe bottom and bottom.
///
/// Scroll views: a constraint between a scroll view's edge and a view inside it, or to its
/// `contentLayoutGuide`, is to its content area, as in UIKit: a hidden helper view pinned at
/// the scroll view's top left whose size the content's constraints give (not scrolled);
/// `frameLayoutGuide` is the scroll view itself.
///
/// Views placed by their frame (autoresizing): each gets fixed constraints to its superview
/// from the frame Xcode stored, as its autoresizing mask keeps them when the superview changes
/// size: a flexible width keeps both side offsets, a flexible left margin the right offset,
/// both flexible margins the offset of the centre (UIKit keeps their proportions: exact on
/// the design device only), else the left offset; and the size unless it is flexible. Table
/// cells and table headers and footers follow the table's width, a self-sizing table's cell
/// (without a row height of its own) is as tall as its content asks, and a cell's content
/// view fills its cell. These frames use `left`/`right`: autoresizing does not mirror. A frame-placed
/// view inside a stack is arranged by the stack instead.
struct SceneBuilder {
    enum GuideKind {
        case safeArea, layoutMargins, content, frame, topLayoutGuide, bottomLayoutGuide, keyboard

        var label: String {
            switch self {
            case .safeArea: return "Safe Area"
            case .layoutMargins: return "Layout Margins"
            case .content: return "Content Layout Guide"
            case .frame: return "Frame Layout Guide"
            case .topLayoutGuide: return "Top Layout Guide"
            case .bottomLayoutGuide: return "Bottom Layout Guide"
            case .keyboard: return "Keyboard Layout Guide"
            }
        }
    }

    struct Guide {
        var owner: String
        var kind: GuideKind
        var line: Int
    }

    let context: FileContext
    private var rootID = ""
    /// The bars over the root view: its safe area is inset by them.
    private var bars = SimulatedBars()
    private var elements: [String: MarkupElement] = [:]
    private var parents: [String: String] = [:]
    private var stacks = Set<String>()
    private var guides: [String: Guide] = [:]
    /// Constraint elements with the view that holds them, in file order.
    private var written: [(element: MarkupElement, holder: String)] = []
    private var constraints: [LayoutConstraint] = []
    /// Helper views for guides, by id, in the order they were needed.
    private var helpers: [(id: String, guide: Guide)] = []

    init(context: FileContext) {
        self.context = context
    }

    /// The layout of a root view element (a view controller's `view`, a XIB's top-level view),
    /// with the view controller's `<layoutGuides>` when it has them.
    mutating func build(
        root element: MarkupElement, name: String, controllerGuides: [MarkupElement] = [], bars: SimulatedBars = SimulatedBars()
    ) -> LayoutDocument {
        rootID = element.id ?? ""
        self.bars = bars
        let device = context.device
        let rootMargins = device?.defaultRootMargins ?? DirectionalInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
        var root = node(element, superview: nil, superFrame: nil, superMargins: rootMargins, inStack: false)
            ?? ViewNode(id: rootID, kind: .view)
        for guide in controllerGuides {
            guard let id = guide.id else { continue }
            guides[id] = Guide(owner: rootID, kind: guide.attributes["type"] == "bottom" ? .bottomLayoutGuide : .topLayoutGuide,
                               line: guide.line)
        }
        for (element, holder) in written {
            if let constraint = translate(element, holder: holder) { constraints.append(constraint) }
        }
        for helper in helpers {
            let parent = stacks.contains(helper.guide.owner) ? rootID : helper.guide.owner
            var view = ViewNode(id: helper.id, kind: .view, hidden: true)
            view.line = helper.guide.line
            view.label = helper.guide.kind.label
            root = inserting(view, into: parent, of: root)
            constraints += pins(helper.id, to: helper.guide)
        }
        root = namingContentAreas(root)
        var document = LayoutDocument(name: name, root: root, constraints: constraints, file: context.path)
        document.designDevice = device
        return document
    }

    // MARK: Views

    private mutating func node(
        _ raw: MarkupElement, superview: String?, superFrame: Rect?, superMargins: DirectionalInsets, inStack: Bool
    ) -> ViewNode? {
        let element = context.variations.resolved(raw)
        guard let id = element.id, !context.variations.uninstalled.contains(id) else { return nil }
        elements[id] = element
        parents[id] = superview
        let kind = context.kinds.kind(of: element)
        if case .stack = kind { stacks.insert(id) }
        func priority(_ name: String, _ fallback: Int) -> Int {
            element.priority(name) ?? fallback
        }
        // IB writes a priority unless it is UIView's own default: 250 hugging, 750 resistance.
        var view = ViewNode(
            id: id, kind: kind,
            semantic: SemanticContentAttribute(rawValue: element.attributes["semanticContentAttribute"] ?? "") ?? .unspecified,
            hugging: AxisPriorities(horizontal: priority("horizontalHuggingPriority", 250), vertical: priority("verticalHuggingPriority", 250)),
            compressionResistance: AxisPriorities(
                horizontal: priority("horizontalCompressionResistancePriority", 750),
                vertical: priority("verticalCompressionResistancePriority", 750)),
            hidden: element.flag("hidden"))
        view.line = raw.line
        view.label = element.attributes["userLabel"]
        // Interface Builder's placeholder intrinsic size (Size inspector: Intrinsic Size
        // "Placeholder"), what the custom class's code gives at run time; `infinite` is none.
        let placeholder = ["placeholderIntrinsicWidth", "placeholderIntrinsicHeight"].map { element.number($0) }
        if case .view = kind, placeholder.contains(where: { $0 != nil }) {
            view.intrinsicContentSize = ContentSizeHint(width: placeholder[0], height: placeholder[1])
        }
        view.margins = margins(element, isRoot: superview == nil, superFrame: superFrame, superMargins: superMargins)
        if let customClass = element.attributes["customClass"] {
            context.warnings.warn(element, "custom class \(customClass) is laid out as a \(element.name): what its code changes is not seen",
                                  kind: "customClass \(customClass)")
        }
        if element.attributes["insetsLayoutMarginsFromSafeArea"] == "NO" {
            context.warnings.warn(element, "insetsLayoutMarginsFromSafeArea=NO is not modelled: margins are inset from the safe area",
                                  kind: "insetsLayoutMarginsFromSafeArea")
        }
        for guide in element.children(named: "viewLayoutGuide") + element.children(named: "keyboardLayoutGuide") {
            guard let guideID = guide.id else { continue }
            let kinds: [String: GuideKind] = [
                "safeArea": .safeArea, "layoutMargins": .layoutMargins, "contentLayoutGuide": .content,
                "frameLayoutGuide": .frame, "keyboard": .keyboard,
            ]
            if let guideKind = kinds[guide.attributes["key"] ?? ""] {
                guides[guideID] = Guide(owner: id, kind: guideKind, line: guide.line)
            }
        }
        for constraint in element.firstChild(named: "constraints")?.children(named: "constraint") ?? [] {
            written.append((constraint, id))
        }
        if let superview, let superFrame, !inStack, element.attributes["translatesAutoresizingMaskIntoConstraints"] != "NO" {
            constraints += placedByFrame(id, element, in: superview, superSize: Size(width: superFrame.width, height: superFrame.height))
        }
        let frame = element.frame
        let effectiveMargins = view.margins ?? (superview == nil ? superMargins : DirectionalInsets(all: 8))
        for child in FileContext.childViews(of: element) {
            if let childNode = node(child, superview: id, superFrame: frame, superMargins: effectiveMargins, inStack: stacks.contains(id)) {
                view.subviews.append(childNode)
            }
        }
        return view
    }

    /// A view's layout margins: `layoutMargins` (as leading and trailing) or
    /// `directionalLayoutMargins`; a table cell's content view 11 pt above and below and the
    /// device's side margins (16 pt, 20 pt from 400 pt wide); with
    /// `preservesSuperviewLayoutMargins`, a view spanning its superview's width takes the
    /// superview's side margins where they are larger. Nil: the default.
    private func margins(_ element: MarkupElement, isRoot: Bool, superFrame: Rect?, superMargins: DirectionalInsets) -> DirectionalInsets? {
        var margins: DirectionalInsets?
        if let insets = element.child(key: "layoutMargins", named: "edgeInsets") {
            margins = DirectionalInsets(top: insets.number("top") ?? 0, leading: insets.number("left") ?? 0,
                                        bottom: insets.number("bottom") ?? 0, trailing: insets.number("right") ?? 0)
        } else if let insets = element.child(key: "directionalLayoutMargins", named: "directionalEdgeInsets") {
            margins = DirectionalInsets(top: insets.number("top") ?? 0, leading: insets.number("leading") ?? 0,
                                        bottom: insets.number("bottom") ?? 0, trailing: insets.number("trailing") ?? 0)
        } else if element.name == "tableViewCellContentView" {
            let side = (context.device?.width ?? 0) >= 400 ? 20.0 : 16.0
            margins = DirectionalInsets(top: 11, leading: side, bottom: 11, trailing: side)
        }
        if !isRoot, element.flag("preservesSuperviewLayoutMargins"), let frame = element.frame, let superFrame,
           frame.minX <= 0, frame.maxX >= superFrame.width {
            var preserved = margins ?? DirectionalInsets(all: 8)
            preserved.leading = max(preserved.leading, superMargins.leading)
            preserved.trailing = max(preserved.trailing, superMargins.trailing)
            margins = preserved
        }
        return margins
    }

    /// UIKit's `UILayoutPriorityFittingSizeLevel`.
    static let fittingSizePriority = 50

    /// A view placed by its frame and autoresizing mask, as constraints to its superview.
    private func placedByFrame(_ id: String, _ element: MarkupElement, in superview: String, superSize: Size) -> [LayoutConstraint] {
        guard let frame = element.frame else { return [] }
        var flags = Set((element.child(key: "autoresizingMask", named: "autoresizingMask")?.attributes ?? [:])
            .filter { $0.value == "YES" }.keys)
        switch element.name {
        case "tableViewCell": flags = ["widthSizable"]
        case "tableViewCellContentView", "collectionViewCellContentView": flags = ["widthSizable", "heightSizable"]
        default:
            if ["tableHeaderView", "tableFooterView"].contains(element.attributes["key"] ?? "") { flags.insert("widthSizable") }
        }
        func axis(
            _ position: Double, _ length: Double, _ superLength: Double, minFlexible: Bool, sizable: Bool, maxFlexible: Bool,
            _ start: Attribute, _ end: Attribute, _ center: Attribute, _ size: Attribute
        ) -> [LayoutConstraint] {
            func edge(_ attribute: Attribute, _ constant: Double) -> LayoutConstraint {
                LayoutConstraint(ConstraintItem(view: id, attribute: attribute), .equal,
                                 ConstraintItem(view: superview, attribute: attribute), constant: constant)
            }
            let fixedLength = LayoutConstraint(ConstraintItem(view: id, attribute: size), .equal, constant: length)
            let endGap = superLength - position - length
            if sizable { return [edge(start, position), edge(end, -endGap)] }
            if minFlexible && maxFlexible { return [edge(center, position + length / 2 - superLength / 2), fixedLength] }
            if minFlexible { return [edge(end, -endGap), fixedLength] }
            return [edge(start, position), fixedLength]
        }
        let made = axis(frame.x, frame.width, superSize.width, minFlexible: flags.contains("flexibleMinX"),
                        sizable: flags.contains("widthSizable"), maxFlexible: flags.contains("flexibleMaxX"),
                        .left, .right, .centerX, .width)
            + axis(frame.y, frame.height, superSize.height, minFlexible: flags.contains("flexibleMinY"),
                   sizable: flags.contains("heightSizable"), maxFlexible: flags.contains("flexibleMaxY"),
                   .top, .bottom, .centerY, .height)
        // A self-sizing table (row height automatic, as IB's `-1` or no row height) gives a
        // cell without a row height of its own the height its content asks for: the stored
        // height holds only at the lowest priority, as UIKit's fitting size (priority 50) does.
        let selfSizing = element.name == "tableViewCell" && element.attributes["rowHeight"] == nil
            && ["-1", nil].contains(elements[superview]?.attributes["rowHeight"])
        return made.map { constraint in
            var constraint = constraint
            constraint.line = element.line
            if selfSizing, constraint.first.attribute == .height { constraint.priority = Self.fittingSizePriority }
            return constraint
        }
    }

    /// Each scroll view's content area: the helper of its content layout guide, which the
    /// constraints of its content made; none (`""`) when nothing gives it a size, as for
    /// content placed by frames, whose content size the app's code sets.
    private func namingContentAreas(_ tree: ViewNode) -> ViewNode {
        var tree = tree
        if case .scroll = tree.kind {
            let helper = helpers.first { $0.guide.owner == tree.id && $0.guide.kind == .content }?.id ?? ""
            tree.kind = .scroll(ScrollSpec(contentGuide: helper))
        }
        tree.subviews = tree.subviews.map(namingContentAreas)
        return tree
    }

    private func inserting(_ child: ViewNode, into parent: String, of tree: ViewNode) -> ViewNode {
        var tree = tree
        if tree.id == parent {
            tree.subviews.append(child)
        } else {
            tree.subviews = tree.subviews.map { inserting(child, into: parent, of: $0) }
        }
        return tree
    }

    // MARK: Constraints

    /// IB attribute names: the model's, `baseline` (the last baseline), and the margin
    /// attributes the model lacks, which go through the view's margins guide.
    private static func attribute(named name: String) -> (attribute: Attribute, throughMargins: Bool)? {
        switch name {
        case "baseline": return (.lastBaseline, false)
        case "leftMargin": return (.left, true)
        case "rightMargin": return (.right, true)
        case "centerXWithinMargins": return (.centerX, true)
        case "centerYWithinMargins": return (.centerY, true)
        default: return Attribute(rawValue: name).map { ($0, false) }
        }
    }

    private static let safeAreaAttributes: [Attribute: Attribute] = [
        .top: .safeTop, .bottom: .safeBottom, .leading: .safeLeading, .trailing: .safeTrailing,
        .centerX: .safeCenterX, .centerY: .safeCenterY,
    ]
    private static let marginAttributes: [Attribute: Attribute] = [
        .top: .topMargin, .bottom: .bottomMargin, .leading: .leadingMargin, .trailing: .trailingMargin,
    ]
    private static let edges: Set<Attribute> = [.left, .right, .leading, .trailing, .top, .bottom]

    /// A written constraint in the model; nil for one that is not installed in the design
    /// device's size classes, a placeholder (removed at build time), or one that names
    /// something this layout lacks (a warning).
    private mutating func translate(_ raw: MarkupElement, holder: String) -> LayoutConstraint? {
        let element = context.variations.resolved(raw)
        if let id = element.id, context.variations.uninstalled.contains(id) { return nil }
        if element.flag("placeholder") { return nil }
        guard let firstAttribute = element.attributes["firstAttribute"] else {
            context.warnings.warn(raw, "a constraint without firstAttribute is left out", kind: "no firstAttribute")
            return nil
        }
        let firstID = element.attributes["firstItem"] ?? holder
        let secondAttribute = element.attributes["secondAttribute"]
        let secondID = secondAttribute.map { _ in element.attributes["secondItem"] ?? holder }
        guard let first = item(firstID, firstAttribute, other: secondID, raw) else { return nil }
        var second: ConstraintItem?
        if let secondID, let secondAttribute {
            guard let item = item(secondID, secondAttribute, other: firstID, raw) else { return nil }
            second = item
        }
        let relation: Relation
        switch element.attributes["relation"] {
        case "greaterThanOrEqual": relation = .greaterThanOrEqual
        case "lessThanOrEqual": relation = .lessThanOrEqual
        default: relation = .equal
        }
        var constraint = LayoutConstraint(
            first, relation, second, multiplier: Self.multiplier(element.attributes["multiplier"]),
            constant: element.number("constant") ?? 0,
            priority: element.priority("priority") ?? LayoutConstraint.requiredPriority)
        constraint.line = raw.line
        return constraint
    }

    /// `0.5`, or a ratio `16:9`.
    static func multiplier(_ text: String?) -> Double {
        guard let text else { return 1 }
        let parts = text.split(separator: ":").compactMap { Double(finite: $0) }
        if parts.count == 2, parts[1] != 0, (parts[0] / parts[1]).isFinite { return parts[0] / parts[1] }
        return Double(finite: text) ?? 1
    }

    private mutating func item(_ id: String, _ name: String, other: String?, _ constraint: MarkupElement) -> ConstraintItem? {
        guard let named = Self.attribute(named: name) else {
            context.warnings.warn(constraint, "attribute \(name) is not one babelfit knows; the constraint is left out",
                                  kind: "attribute \(name)")
            return nil
        }
        let (attribute, throughMargins) = named
        if let guide = guides[id] { return guideItem(id, guide, attribute, constraint) }
        guard let element = elements[id] else {
            if !context.variations.uninstalled.contains(id) {
                context.warnings.warn(constraint, "a constraint names '\(id)', which is no view or guide of this scene; it is left out",
                                      kind: "unknown item")
            }
            return nil
        }
        if throughMargins {
            return ConstraintItem(view: helper(for: id, .layoutMargins), attribute: attribute)
        }
        if element.name == "scrollView", Self.edges.contains(attribute), let other, isDescendant(other, of: id) {
            return ConstraintItem(view: helper(for: id, .content), attribute: attribute)
        }
        return ConstraintItem(view: id, attribute: attribute)
    }

    private mutating func guideItem(_ id: String, _ guide: Guide, _ attribute: Attribute, _ constraint: MarkupElement) -> ConstraintItem? {
        switch guide.kind {
        case .safeArea, .layoutMargins:
            let direct = guide.kind == .safeArea ? Self.safeAreaAttributes : Self.marginAttributes
            let barred = guide.kind == .safeArea && guide.owner == rootID && bars != SimulatedBars()
            if !barred, let mapped = direct[attribute] { return ConstraintItem(view: guide.owner, attribute: mapped) }
            return ConstraintItem(view: helper(id, guide), attribute: attribute)
        case .content:
            return ConstraintItem(view: helper(id, guide), attribute: attribute)
        case .frame:
            return ConstraintItem(view: guide.owner, attribute: attribute)
        case .keyboard:
            // The keyboard hidden: the guide fills the bottom safe-area inset, across the view.
            switch attribute {
            case .top: return ConstraintItem(view: guide.owner, attribute: .keyboardTop)
            case .bottom, .leading, .trailing, .left, .right, .centerX, .width:
                return ConstraintItem(view: guide.owner, attribute: attribute)
            default:
                context.warnings.warn(constraint, "a constraint to the \(guide.kind.label)'s \(attribute.rawValue) is left out",
                                      kind: "layout guide attribute")
                return nil
            }
        case .topLayoutGuide, .bottomLayoutGuide:
            let top = guide.kind == .topLayoutGuide
            if bars != SimulatedBars(), attribute == (top ? .bottom : .top) {
                return ConstraintItem(view: helper(for: rootID, .safeArea), attribute: attribute)
            }
            switch attribute {
            case .top: return ConstraintItem(view: guide.owner, attribute: top ? .top : .safeBottom)
            case .bottom: return ConstraintItem(view: guide.owner, attribute: top ? .safeTop : .bottom)
            default:
                context.warnings.warn(constraint, "a constraint to the \(guide.kind.label)'s \(attribute.rawValue) is left out",
                                      kind: "layout guide attribute")
                return nil
            }
        }
    }

    /// The helper view of a view's guide of a kind: the guide the view declares, else one
    /// made for it (`ID.layoutMargins`, `ID.contentLayoutGuide`).
    private mutating func helper(for owner: String, _ kind: GuideKind) -> String {
        if let declared = guides.first(where: { $0.value.owner == owner && $0.value.kind == kind })?.key {
            return helper(declared, guides[declared]!)
        }
        let suffix: [GuideKind: String] = [.content: ".contentLayoutGuide", .safeArea: ".safeArea"]
        let id = owner + (suffix[kind] ?? ".layoutMargins")
        return helper(id, Guide(owner: owner, kind: kind, line: elements[owner]?.line ?? 0))
    }

    private mutating func helper(_ id: String, _ guide: Guide) -> String {
        if !helpers.contains(where: { $0.id == id }) { helpers.append((id, guide)) }
        return id
    }

    private func isDescendant(_ id: String, of ancestor: String) -> Bool {
        var current = parents[guides[id]?.owner ?? id]
        while let view = current {
            if view == ancestor { return true }
            current = parents[view]
        }
        return false
    }

    /// The constraints that pin a helper view to its guide; the root's safe area ends at the bars.
    private func pins(_ helper: String, to guide: Guide) -> [LayoutConstraint] {
        let pairs: [(Attribute, Attribute, Double)]
        switch guide.kind {
        case .safeArea:
            let barred = guide.owner == rootID ? bars : SimulatedBars()
            pairs = [(.top, .safeTop, barred.top), (.bottom, .safeBottom, -barred.bottom), (.leading, .safeLeading, 0),
                     (.trailing, .safeTrailing, 0)]
        case .layoutMargins:
            pairs = [(.top, .topMargin, 0), (.bottom, .bottomMargin, 0), (.leading, .leadingMargin, 0),
                     (.trailing, .trailingMargin, 0)]
        default: pairs = [(.top, .top, 0), (.left, .left, 0)]
        }
        return pairs.map { mine, theirs, constant in
            var constraint = LayoutConstraint(ConstraintItem(view: helper, attribute: mine), .equal,
                                              ConstraintItem(view: guide.owner, attribute: theirs), constant: constant)
            constraint.line = guide.line
            return constraint
        }
    }
}
