/// Everything one layout run depends on besides the layout itself: the device, the
/// content size, the language's direction, and each text view's text, already resolved.
public struct LayoutContext: Sendable {
    /// The device, before the layout's `environment` is applied.
    public var device: Device
    public var contentSize: ContentSize
    /// The direction of the language being checked.
    public var direction: LayoutDirection
    /// The language being checked (BCP 47), for line breaking and font fallback.
    public var language: String
    /// By view id: a label's text, a button's title, a text field's text (or placeholder),
    /// after lookup and formatting. A missing entry is an empty text.
    public var texts: [String: String]
    /// By view id: the size in points of an image (or a button's image) whose layout gives
    /// no `size` (the file's pixel size). Without either, the image has no intrinsic size.
    public var imageSizes: [String: Size]
    /// By view id: the variants of a text with width variants (NSStringVariableWidthRuleType),
    /// widest first. The view shows the widest variant that fits the width the layout gives it
    /// on one line (the narrowest when none fits), as iOS chooses; `texts` holds the first.
    public var widthVariants: [String: [String]]

    public init(
        device: Device, contentSize: ContentSize = .default, direction: LayoutDirection = .leftToRight,
        language: String = "en", texts: [String: String] = [:], imageSizes: [String: Size] = [:],
        widthVariants: [String: [String]] = [:]
    ) {
        self.device = device
        self.contentSize = contentSize
        self.direction = direction
        self.language = language
        self.texts = texts
        self.imageSizes = imageSizes
        self.widthVariants = widthVariants
    }

    /// The size of a view's image (an image view's, or a button's beside its title): the
    /// layout's `size`, else its file's; nil when neither is known.
    func imageSize(of view: ViewNode) -> Size? {
        guard let image = view.kind.image else { return nil }
        return image.size ?? imageSizes[view.id]
    }
}

/// The outcome of laying out one layout: a frame for every view, and the diagnostics.
public struct LayoutResult: Sendable {
    /// One per view, depth first in z-order (root first).
    public var views: [ViewLayout]
    /// In a stable order: unknown or invalid constraints first (in file order), then
    /// unsatisfiable sets (in the order they were met), then ambiguous views (tree order).
    public var diagnostics: [LayoutDiagnostic]
    /// The device after the layout's environment was applied.
    public var device: Device
    /// Whether each pass of the run had one optimal solution, as its solver found it (a pass
    /// solved afresh, or whose solution may not be the only one, has not: its frames are the
    /// vertex the solver reached). The diagnostics speak of the last pass alone.
    public var everyPassUnique = false

    public init(views: [ViewLayout], diagnostics: [LayoutDiagnostic], device: Device) {
        self.views = views
        self.diagnostics = diagnostics
        self.device = device
    }

    /// The layout of the view with an id.
    public func view(_ id: String) -> ViewLayout? {
        views.first { $0.id == id }
    }

    /// The frame of the view with an id.
    public func frame(_ id: String) -> Rect? {
        view(id)?.frame
    }
}

/// Where one view ended up, and how it draws.
///
/// Its id, font and fitted text are shared by its copies (``SharedParts``): a run's views are
/// read by every rule, pass and fix trial, and each copy retained every string and array of
/// them.
public struct ViewLayout: Equatable, Sendable {
    @usableFromInline
    struct Parts: Equatable, Sendable {
        @usableFromInline var id: String
        @usableFromInline var font: ResolvedFont?
        @usableFromInline var fitted: FittedText?

        @usableFromInline
        init(id: String, font: ResolvedFont?, fitted: FittedText?) {
            self.id = id
            self.font = font
            self.fitted = fitted
        }
    }
    @usableFromInline var shared: SharedParts<Parts>

    @inlinable public var id: String { get { shared.parts.id } set { shared.change { $0.id = newValue } } }
    /// In the root view's coordinates.
    public var frame: Rect
    /// The view's effective layout direction.
    public var direction: LayoutDirection
    /// An image (or a button's image) drawn mirrored: `mirrorsInRTL` in a right-to-left view.
    public var flipped: Bool
    /// A text view's alignment with `natural` resolved by the view's direction.
    public var textAlignment: TextAlignment?
    /// For a text view: its text's measurement as laid out (wrapped at the view's width when
    /// it has more than one line), or nil for other views.
    public var text: TextMeasurement?
    /// For a text view: the font its text was measured in (at the run's content size).
    @inlinable public var font: ResolvedFont? { get { shared.parts.font } set { shared.change { $0.font = newValue } } }
    /// For a text view: its text as it shows in its frame (lines with their glyphs, what is
    /// shown, truncation, scale), laid out once by the engine's measurer.
    @inlinable public var fitted: FittedText? {
        _read { yield shared.parts.fitted }
        set { shared.change { $0.fitted = newValue } }
    }
    /// The text its fitted text was laid out from (``fitted``'s `layout.text`), read where it is
    /// kept; nil for a view without a fitted text. What a fix's trial compares (`FixTrial`): a
    /// copy of the fitted text, a large optional, is made through the runtime's generic value
    /// witnesses.
    @inlinable public var fittedFrom: String? { shared.parts.fitted?.layout.text }
    /// Hidden by itself or by an ancestor.
    public var hidden: Bool

    public init(
        id: String, frame: Rect, direction: LayoutDirection, flipped: Bool = false, textAlignment: TextAlignment? = nil,
        text: TextMeasurement? = nil, font: ResolvedFont? = nil, fitted: FittedText? = nil, hidden: Bool = false
    ) {
        self.init(sharing: SharedParts(Parts(id: id, font: font, fitted: fitted)), frame: frame, direction: direction,
                  flipped: flipped, textAlignment: textAlignment, text: text, hidden: hidden)
    }

    /// A view whose id, font and fitted text are another's, shared with it (a view a fix's
    /// trial leaves as its run had it).
    init(sharing shared: SharedParts<Parts>, frame: Rect, direction: LayoutDirection, flipped: Bool,
         textAlignment: TextAlignment?, text: TextMeasurement?, hidden: Bool) {
        self.shared = shared
        self.frame = frame
        self.direction = direction
        self.flipped = flipped
        self.textAlignment = textAlignment
        self.text = text
        self.hidden = hidden
    }
}
