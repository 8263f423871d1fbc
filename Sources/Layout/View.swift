/// One view of a layout's tree, as the layout file describes it.
public struct ViewNode: Hashable, Sendable {
    public var id: String
    public var kind: ViewKind
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

    public init(
        id: String, kind: ViewKind, subviews: [ViewNode] = [], semantic: SemanticContentAttribute = .unspecified,
        hugging: AxisPriorities? = nil, compressionResistance: AxisPriorities? = nil,
        margins: DirectionalInsets? = nil, hidden: Bool = false
    ) {
        self.id = id
        self.kind = kind
        self.subviews = subviews
        self.semantic = semantic
        self.hugging = hugging ?? AxisPriorities(kind.defaultHugging)
        self.compressionResistance = compressionResistance ?? AxisPriorities(750)
        self.margins = margins
        self.hidden = hidden
    }

    /// This view and all its descendants, depth first in z-order.
    public var allViews: [ViewNode] {
        [self] + subviews.flatMap(\.allViews)
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

    /// The type's name in the layout format.
    public var typeName: String {
        switch self {
        case .view: return "view"
        case .label: return "label"
        case .button: return "button"
        case .image: return "image"
        case .textField: return "textField"
        case .stack: return "stack"
        }
    }

    /// The text the view shows: a label's text, a button's title, a text field's text (else
    /// its placeholder); nil for a view that shows none.
    public var text: TextValue? {
        switch self {
        case .label(let label): return label.text
        case .button(let button): return button.title
        case .textField(let field): return field.text ?? field.placeholder
        case .view, .image, .stack: return nil
        }
    }

    /// The font of the view's text; nil for a view that shows no text.
    public var font: FontSpec? {
        switch self {
        case .label(let label): return label.font
        case .button(let button): return button.font
        case .textField(let field): return field.font
        case .view, .image, .stack: return nil
        }
    }

    /// The image the view draws: an image view's, or a button's beside its title.
    public var image: ImageSpec? {
        switch self {
        case .image(let image): return image
        case .button(let button): return button.image
        case .view, .label, .textField, .stack: return nil
        }
    }

    /// The horizontal alignment of a label's or text field's text, as the layout gives it.
    public var textAlignment: TextAlignment? {
        switch self {
        case .label(let label): return label.alignment
        case .textField(let field): return field.alignment
        case .view, .button, .image, .stack: return nil
        }
    }

    /// UIKit's default content hugging priority: 251 for labels, images and buttons.
    public var defaultHugging: Int {
        switch self {
        case .label, .button, .image: return 251
        case .view, .textField, .stack: return 250
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

    public init(
        axis: StackAxis = .horizontal, spacing: Double = 0, alignment: StackAlignment = .fill,
        distribution: StackDistribution = .fill
    ) {
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        self.distribution = distribution
    }
}
