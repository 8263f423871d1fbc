/// One view of a layout's tree, as the layout file describes it.
public struct ViewNode: Hashable, Sendable {
    public var id: String
    /// What the view is, shared by the node's copies (``SharedParts``): a run reads its views'
    /// nodes over and over, and each copy of a kind retained every string of its text and font.
    @inlinable public var kind: ViewKind {
        _read { yield sharedKind.parts }
        set { sharedKind = SharedParts(newValue) }
    }
    @usableFromInline var sharedKind: SharedParts<ViewKind>
    /// Child views in z-order; for a stack, its arranged subviews.
    public var subviews: [ViewNode]
    public var semantic: SemanticContentAttribute
    public var hugging: AxisPriorities
    public var compressionResistance: AxisPriorities
    /// Directional layout margins; nil means the default (see `LayoutEnvironment`).
    public var margins: DirectionalInsets?
    /// A hidden view takes no part in the checks, but its constraints still apply; a hidden
    /// arranged subview leaves its stack's arrangement.
    public var hidden: Bool
    /// The line of the layout file where the view's object starts (0 when not read from a file).
    public var line: Int = 0
    /// A name for people, where the source gives one besides the id (Interface Builder's
    /// `userLabel`); nil when it gives none. Reports may show it beside the id.
    public var label: String?
    /// The intrinsic content size a plain view's code gives it (a custom view class), as
    /// Interface Builder's placeholder intrinsic size records it; nil for none. Only a `view`
    /// has one: every other kind's comes from what it shows.
    public var intrinsicContentSize: ContentSizeHint?

    public init(
        id: String, kind: ViewKind, subviews: [ViewNode] = [], semantic: SemanticContentAttribute = .unspecified,
        hugging: AxisPriorities? = nil, compressionResistance: AxisPriorities? = nil,
        margins: DirectionalInsets? = nil, hidden: Bool = false
    ) {
        self.id = id
        sharedKind = SharedParts(kind)
        self.subviews = subviews
        self.semantic = semantic
        self.hugging = hugging ?? AxisPriorities(kind.defaultHugging)
        self.compressionResistance = compressionResistance ?? AxisPriorities(750)
        self.margins = margins
        self.hidden = hidden
    }

    /// This view and all its descendants, depth first in z-order.
    public var allViews: [ViewNode] {
        var views: [ViewNode] = []
        appendViews(to: &views)
        return views
    }

    /// Appends this view and its subviews, in the order of ``allViews``, each copied once
    /// (joining each level's arrays copied a view once for every level above it).
    private func appendViews(to views: inout [ViewNode]) {
        views.append(self)
        for subview in subviews { subview.appendViews(to: &views) }
    }

    /// Calls `body` with this view and each of its descendants, in the order of ``allViews``,
    /// without making the list: each view is lent where it lies, not copied (a run looks its
    /// views' texts up this way, and a copy of a view retains every string and array it holds).
    public func forEachView(_ body: (ViewNode) throws -> Void) rethrows {
        try body(self)
        for index in subviews.indices { try subviews[index].forEachView(body) }
    }

    /// The first view of ``allViews`` with the id, found without making the list.
    func first(withID id: String) -> ViewNode? {
        if self.id == id { return self }
        for subview in subviews {
            if let found = subview.first(withID: id) { return found }
        }
        return nil
    }
}

/// The type of a view and the fields that only that type has.
public enum ViewKind: Hashable, Sendable {
    case view
    case label(LabelSpec)
    case button(ButtonSpec)
    case image(ImageSpec)
    case textField(TextFieldSpec)
    case stack(StackSpec)
    /// A UIKit control with a fixed intrinsic size (a switch, an activity indicator, …).
    case control(ControlSpec)
    /// A scroll view: its subviews are its content, laid out in its content area.
    case scroll(ScrollSpec)

    /// The type's name in the layout format.
    public var typeName: String {
        switch self {
        case .view: return "view"
        case .label: return "label"
        case .button: return "button"
        case .image: return "image"
        case .textField: return "textField"
        case .stack: return "stack"
        case .control(let control): return control.kind.rawValue
        case .scroll: return "scroll"
        }
    }

    /// The text the view shows: a label's text, a button's title, a text field's text (else
    /// its placeholder); nil for a view that shows none.
    public var text: TextValue? {
        switch self {
        case .label(let label): return label.text
        case .button(let button): return button.title
        case .textField(let field): return field.text ?? field.placeholder
        case .view, .image, .stack, .control, .scroll: return nil
        }
    }

    /// Every text the view has: a label's text, a button's title, a text field's text and
    /// placeholder (where strings tables are looked up).
    public var texts: [TextValue] {
        switch self {
        case .label(let label): return [label.text].compactMap { $0 }
        case .button(let button): return [button.title].compactMap { $0 }
        case .textField(let field): return [field.text, field.placeholder].compactMap { $0 }
        case .view, .image, .stack, .control, .scroll: return []
        }
    }

    /// The font of the view's text; nil for a view that shows no text.
    public var font: FontSpec? {
        switch self {
        case .label(let label): return label.font
        case .button(let button): return button.font
        case .textField(let field): return field.font
        case .view, .image, .stack, .control, .scroll: return nil
        }
    }

    /// The image the view draws: an image view's, or a button's beside its title.
    public var image: ImageSpec? {
        switch self {
        case .image(let image): return image
        case .button(let button): return button.image
        case .view, .label, .textField, .stack, .control, .scroll: return nil
        }
    }

    /// The horizontal alignment of a label's or text field's text, as the layout gives it.
    public var textAlignment: TextAlignment? {
        switch self {
        case .label(let label): return label.alignment
        case .textField(let field): return field.alignment
        case .view, .button, .image, .stack, .control, .scroll: return nil
        }
    }

    /// How a label's text or a button's title wraps: its lines (0: unlimited) and line-break
    /// mode; nil for a view whose text stays on one line (a text field) or that has none.
    public var wrapping: (lines: Int, lineBreak: LineBreakMode)? {
        switch self {
        case .label(let label): return (label.lines, label.lineBreak)
        case .button(let button): return (button.lines, button.lineBreak)
        case .view, .image, .textField, .stack, .control, .scroll: return nil
        }
    }

    /// UIKit's default content hugging priority: 251 for labels, images and buttons.
    public var defaultHugging: Int {
        switch self {
        case .label, .button, .image: return 251
        case .control(let control): return control.kind.defaultHugging
        case .view, .textField, .stack, .scroll: return 250
        }
    }
}

/// Horizontal text alignment, as NSTextAlignment.
public enum TextAlignment: String, CaseIterable, Sendable {
    case natural, left, right, center, justified

    /// `natural` resolved for a direction: left in left-to-right, right in right-to-left.
    /// Justified text's last line follows the natural alignment; it is kept as `justified`.
    public func resolved(_ direction: LayoutDirection) -> TextAlignment {
        guard self == .natural else { return self }
        return direction == .leftToRight ? .left : .right
    }
}


public struct LabelSpec: Hashable, Sendable {
    public var text: TextValue?
    public var font: FontSpec
    /// 0 means unlimited.
    public var lines: Int
    public var lineBreak: LineBreakMode
    public var alignment: TextAlignment
    public var minimumScaleFactor: Double?

    public init(
        text: TextValue? = nil, font: FontSpec = .default, lines: Int = 1, lineBreak: LineBreakMode = .truncateTail,
        alignment: TextAlignment = .natural, minimumScaleFactor: Double? = nil
    ) {
        self.text = text
        self.font = font
        self.lines = lines
        self.lineBreak = lineBreak
        self.alignment = alignment
        self.minimumScaleFactor = minimumScaleFactor
    }
}

public struct ButtonSpec: Hashable, Sendable {
    public var title: TextValue?
    public var font: FontSpec
    public var contentInsets: DirectionalInsets
    public var image: ImageSpec?
    /// The title label's numberOfLines: 1 by default, 0 unlimited.
    public var lines: Int = 1
    /// The title label's lineBreakMode: UIButton's default truncates the middle.
    public var lineBreak: LineBreakMode = .truncateMiddle

    /// UIButton's default content insets: 6 pt above and below the title.
    public static let defaultContentInsets = DirectionalInsets(top: 6, leading: 0, bottom: 6, trailing: 0)

    public init(
        title: TextValue? = nil, font: FontSpec = .default, contentInsets: DirectionalInsets = Self.defaultContentInsets,
        image: ImageSpec? = nil
    ) {
        self.title = title
        self.font = font
        self.contentInsets = contentInsets
        self.image = image
    }
}

public struct ImageSpec: Hashable, Sendable {
    /// A file path relative to the layout file.
    public var source: String?
    /// The image's size in points; when nil, the caller supplies the file's pixel size (or,
    /// for a system symbol, its size from `symbolSize(at:)`).
    public var size: Size?
    /// `mirrorsInRTL` as the layout gives it.
    public var declaredMirrorsInRTL: Bool
    /// An SF Symbol's name (`systemImage`, as UIImage(systemName:)), drawn instead of a file.
    public var systemName: String?
    /// The symbol's configuration; nil: 17 pt, regular, medium scale.
    public var symbolConfiguration: SymbolConfiguration?

    /// Drawn flipped when the effective direction is right-to-left: as the layout says, and
    /// always for a system symbol that follows the reading direction
    /// (`SystemSymbol.flipsInRightToLeft`, `chevron.forward`), whatever is set here.
    public var mirrorsInRTL: Bool {
        get { declaredMirrorsInRTL || systemName.map(SystemSymbol.flipsInRightToLeft) == true }
        set { declaredMirrorsInRTL = newValue }
    }

    public init(source: String? = nil, size: Size? = nil, mirrorsInRTL: Bool = false, systemName: String? = nil,
                symbolConfiguration: SymbolConfiguration? = nil) {
        self.source = source
        self.size = size
        self.declaredMirrorsInRTL = mirrorsInRTL
        self.systemName = systemName
        self.symbolConfiguration = symbolConfiguration
    }

    /// A system symbol's size at a content size (see `SystemSymbol`); nil for an image file.
    public func symbolSize(at contentSize: ContentSize) -> Size? {
        systemName.map { SystemSymbol.size(named: $0, configuration: symbolConfiguration, contentSize: contentSize) }
    }
}

public struct TextFieldSpec: Hashable, Sendable {
    public var text: TextValue?
    public var placeholder: TextValue?
    public var font: FontSpec
    public var alignment: TextAlignment

    /// The space above and below a text field's line (UITextField's rounded-rect border).
    public static let verticalPadding = 7.0

    public init(
        text: TextValue? = nil, placeholder: TextValue? = nil, font: FontSpec = .default,
        alignment: TextAlignment = .natural
    ) {
        self.text = text
        self.placeholder = placeholder
        self.font = font
        self.alignment = alignment
    }
}

public enum StackAxis: String, CaseIterable, Sendable {
    case horizontal, vertical
}

public enum StackAlignment: String, CaseIterable, Sendable {
    case fill, leading, center, trailing, firstBaseline, lastBaseline
}

public enum StackDistribution: String, CaseIterable, Sendable {
    case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
}

public struct StackSpec: Hashable, Sendable {
    public var axis: StackAxis
    public var spacing: Double
    public var alignment: StackAlignment
    public var distribution: StackDistribution
    /// isLayoutMarginsRelativeArrangement: the arranged views are laid out inside the stack's
    /// layout margins (its `margins`, else 8 pt on each side) rather than edge to edge.
    public var marginsRelativeArrangement = false

    public init(
        axis: StackAxis = .horizontal, spacing: Double = 0, alignment: StackAlignment = .fill,
        distribution: StackDistribution = .fill, marginsRelativeArrangement: Bool = false
    ) {
        self.marginsRelativeArrangement = marginsRelativeArrangement
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        self.distribution = distribution
    }
}

/// The UIKit controls whose size does not follow a text: each has the intrinsic size UIKit
/// gives it (iOS 13 and later, as Apple's controls measure at the default size category).
public enum ControlKind: String, CaseIterable, Sendable {
    /// UISwitch: 51 × 31 pt.
    case `switch`
    /// UIActivityIndicatorView: 20 × 20 pt (medium), 37 × 37 pt (large).
    case activityIndicator
    /// UIProgressView: 4 pt high (default style), no width.
    case progress
    /// UISlider: 31 pt high, no width.
    case slider
    /// UIStepper: 94 × 32 pt.
    case stepper
    /// UISegmentedControl: 32 pt high; its width is given by its constraints.
    case segmentedControl
    /// UISearchBar: 56 pt high (the default, prominent style), no width.
    case searchBar

    /// UIKit's default content hugging: 750 for controls of a fixed size.
    var defaultHugging: Int {
        switch self {
        case .switch, .activityIndicator, .stepper: return 750
        case .progress, .slider, .segmentedControl, .searchBar: return 250
        }
    }
}

public struct ControlSpec: Hashable, Sendable {
    public var kind: ControlKind
    /// An activity indicator's style: large (37 pt) rather than medium (20 pt).
    public var large: Bool

    public init(_ kind: ControlKind, large: Bool = false) {
        self.kind = kind
        self.large = large
    }

    /// The control's intrinsic size: nil on an axis where it has none.
    public var intrinsicSize: (width: Double?, height: Double?) {
        switch kind {
        case .switch: return (51, 31)
        case .activityIndicator: return large ? (37, 37) : (20, 20)
        case .progress: return (nil, 4)
        case .slider: return (nil, 31)
        case .stepper: return (94, 32)
        case .segmentedControl: return (nil, 32)
        case .searchBar: return (nil, 56)
        }
    }
}

/// A scroll view. Its subviews are its content: a constraint between the scroll view's edges
/// and a view inside it is to its content area, one of its width, height or centre to its
/// frame, as UIKit's scroll views take them (Apple's "Working with Scroll Views"). The content
/// area is a hidden helper subview (`ID.contentLayoutGuide`) pinned at the scroll view's top
/// left, the content offset zero. Content larger than the frame scrolls: it is not clipped by
/// the frame, only by the content area.
public struct ScrollSpec: Hashable, Sendable {
    /// The id of the helper view that is the scroll view's content area.
    public var contentGuide: String

    public init(contentGuide: String) {
        self.contentGuide = contentGuide
    }
}

/// An intrinsic content size with a width, a height, or both (UIView.noIntrinsicMetric on an
/// axis without one).
public struct ContentSizeHint: Hashable, Sendable {
    public var width: Double?
    public var height: Double?

    public init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }
}
