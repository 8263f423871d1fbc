/// An SF Symbol's scale variant (UIImage.SymbolScale). Apple documents small as about 20%
/// smaller than medium and large as about 30% larger (NSImage.SymbolScale); babelfit scales a
/// symbol's image by 0.8, 1 and 1.3.
public enum SymbolScale: String, CaseIterable, Sendable {
    case small, medium, large

    /// The image size relative to medium.
    public var factor: Double {
        switch self {
        case .small: return 0.8
        case .medium: return 1
        case .large: return 1.3
        }
    }
}

/// An SF Symbol's weight variant (UIImage.SymbolWeight), as the font weights are named.
public enum SymbolWeight: String, CaseIterable, Sendable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// How much larger a symbol's image is at this weight than at regular: heavier strokes
    /// widen it. The mean over the symbols of `SystemSymbol`'s table, measured from the glyph
    /// advances and outlines of SF Pro Text's nine weights.
    public var factor: Double {
        switch self {
        case .ultraLight: return 0.95
        case .thin: return 0.96
        case .light: return 0.985
        case .regular: return 1
        case .medium: return 1.015
        case .semibold: return 1.025
        case .bold: return 1.04
        case .heavy: return 1.06
        case .black: return 1.08
        }
    }
}

/// How a symbol image is configured (UIImage.SymbolConfiguration): a point size, or a text
/// style whose size follows the content size, with a weight and a scale.
public struct SymbolConfiguration: Hashable, Sendable {
    /// A fixed point size; nil with a text style, or for the default.
    public var pointSize: Double?
    /// A Dynamic Type text style; the symbol takes its size at the run's content size.
    public var textStyle: TextStyle?
    /// nil: the text style's weight (semibold for headline), else regular.
    public var weight: SymbolWeight?
    public var scale: SymbolScale

    /// The size of a symbol image without a configuration: the body text style's at the
    /// default content size, which such an image keeps whatever the content size.
    public static let defaultPointSize = 17.0

    public init(pointSize: Double? = nil, textStyle: TextStyle? = nil, weight: SymbolWeight? = nil,
                scale: SymbolScale = .medium) {
        self.pointSize = pointSize
        self.textStyle = textStyle
        self.weight = weight
        self.scale = scale
    }

    /// The point size at a content size: the fixed size, the text style's, else 17.
    public func pointSize(at contentSize: ContentSize) -> Double {
        pointSize ?? textStyle?.pointSize(contentSize) ?? Self.defaultPointSize
    }

    /// The weight drawn: the configured one, else the text style's.
    public var resolvedWeight: SymbolWeight {
        weight ?? (textStyle?.weight == .semibold ? .semibold : .regular)
    }
}

/// What babelfit knows of Apple's SF Symbols without the symbols themselves (their font is not
/// available outside Apple's platforms): an image's approximate size, whether it turns in
/// right-to-left, and the directional name of a symbol named for a fixed side.
///
/// **Size.** UIKit sizes a symbol image from the font's point size: the symbol is drawn like a
/// glyph of the system font, its width its advance (the outline with the symbol's side
/// margins), its height the outline's. babelfit keeps, for the common symbols, width and
/// height as fractions of the point size (`metrics`), measured from the SF Symbols glyphs of
/// SF Pro Text Regular (SF Symbols 4): width = the glyph's advance; height = its outline's
/// height plus 0.075 of the point size above and below, the room a symbol image keeps around
/// its outline. Checked against published sizes: the proportions Interface Builder records for
/// system images in a storyboard's `<resources>` (chevron.right 97 × 128, magnifyingglass
/// 128 × 117, plus 128 × 113, checkmark.circle.fill 128 × 123: babelfit's within 4%), and a
/// UIImage size posted on Apple's developer forums (thread 716773: chevron.compact.down at
/// 64 pt light is 70.33 × 25.67 pt; babelfit: 70.6 × 24.7). A name the
/// table lacks is looked up by its left/right form (`chevron.forward` as `chevron.right`),
/// without a trailing `.fill`, then as an enclosed symbol (`….circle`, `….square`, whose
/// enclosure sets the size); otherwise it is a square of 1.2 × the point size, about the box
/// of the largest common symbols. Scale and weight multiply the size (`SymbolScale.factor`,
/// `SymbolWeight.factor`). Sizes are within about a point of UIKit's at 17 pt.
///
/// **Direction.** A symbol turns in right-to-left (as an image marked `mirrorsInRTL`) when its
/// name says a reading direction: `forward` or `backward` after its first word
/// (`chevron.forward`, `arrow.backward`, `arrowshape.turn.up.backward`), or `leading` or
/// `trailing` in a word (`text.justify.leading`, `rectangle.leadinghalf.filled`); and when
/// SF Symbols has a right-to-left variant of it (`text.quote`, `list.number`, `checklist`:
/// the names with a `.rtl` form in SF Symbols' `name_availability.plist`). The media-transport
/// symbols named first `forward` or `backward` (`forward.fill`, `backward.end`) and the
/// `goforward`/`gobackward` arrows keep their direction, as playback controls do. Symbols named
/// for a side (`chevron.right`, `arrow.left`, `text.alignleft`) never turn.
public enum SystemSymbol {
    /// The side of the square babelfit takes for a symbol it has no figures for, as a
    /// fraction of the point size.
    public static let unknownSide = 1.2

    /// The size in points of a symbol image: the table's box (or the unknown square) at the
    /// configuration's point size, scale and weight, to a thousandth of a point.
    public static func size(named name: String, configuration: SymbolConfiguration?, contentSize: ContentSize) -> Size {
        let configuration = configuration ?? SymbolConfiguration()
        let side = configuration.pointSize(at: contentSize) * configuration.scale.factor * configuration.resolvedWeight.factor
        let box = metrics(of: name) ?? (width: unknownSide, height: unknownSide)
        func points(_ fraction: Double) -> Double { (fraction * side * 1000).rounded() / 1000 }
        return Size(width: points(box.width), height: points(box.height))
    }

    /// Width and height relative to the point size, for a name the table knows in one of its
    /// forms (see the type's notes); nil otherwise.
    public static func metrics(of name: String) -> (width: Double, height: Double)? {
        let sided = name.split(separator: ".").map { word in sideWord(of: String(word)) ?? String(word) }
            .joined(separator: ".")
        for candidate in [name, sided] {
            if let box = metrics[candidate] { return box }
            if candidate.hasSuffix(".fill"), let box = metrics[String(candidate.dropLast(5))] { return box }
        }
        var words = name.split(separator: ".")
        if words.last == "fill" { words.removeLast() }
        if let enclosure = words.last, words.count > 1, enclosure == "circle" || enclosure == "square" {
            return metrics[String(enclosure)]
        }
        return nil
    }

    /// Whether the symbol turns in a right-to-left view.
    public static func flipsInRightToLeft(_ name: String) -> Bool {
        let words = name.split(separator: ".").map(String.init)
        if words.dropFirst().contains(where: { $0 == "forward" || $0 == "backward" }) { return true }
        if words.contains(where: isLeadingOrTrailing) { return true }
        return rightToLeftVariants.contains(name)
    }

    /// Whether the symbol is named for a side of the screen (`chevron.right`, `arrow.left`,
    /// `rectangle.lefthalf.filled`), so that it points the same way in right-to-left. Not: a
    /// symbol that turns anyway, and one that names both sides without a directional form
    /// (`arrow.left.and.right`, `chevron.left.forwardslash.chevron.right`), which reads the
    /// same either way.
    public static func pointsToAFixedSide(_ name: String) -> Bool {
        let sides = name.split(separator: ".").compactMap { sideWord(ofFixed: String($0)) }
        guard !sides.isEmpty, !flipsInRightToLeft(name) else { return false }
        let both = sides.contains { $0.contains("left") } && sides.contains { $0.contains("right") }
        return !both || directionalCounterpart(of: name) != nil
    }

    /// The name that follows the reading direction in place of a name for a side: `left` →
    /// `backward` and `right` → `forward` (`chevron.right` → `chevron.forward`), else `left` →
    /// `leading` and `right` → `trailing` (`sidebar.left` → `sidebar.leading`), where SF Symbols
    /// has such a symbol; nil when it has none (`text.alignleft`, `hand.point.right`).
    public static func directionalCounterpart(of name: String) -> String? {
        for (left, right) in [("backward", "forward"), ("leading", "trailing")] {
            let candidate = name.split(separator: ".").map { word in
                let word = String(word)
                guard sideWord(ofFixed: word) != nil else { return word }
                return word.replacingOccurrences(of: "left", with: left).replacingOccurrences(of: "right", with: right)
            }.joined(separator: ".")
            if candidate != name, directionalNames.contains(candidate) { return candidate }
        }
        return nil
    }

    // MARK: - Names

    /// A word naming a side: `left`, `right`, and the compounds of SF Symbols' names
    /// (`lefthalf`, `topright`, `alignleft`, `bottomrightquarter`); not `righttriangle`.
    private static func sideWord(ofFixed word: String) -> String? {
        word.isCompound(of: ["left", "right"], after: ["top", "bottom", "middle", "front", "rear", "align", "justify"],
                        before: ["half", "third", "quarter"]) ? word : nil
    }

    /// A word naming the reading direction's start or end: `leading`, `trailing`,
    /// `leadinghalf`, `toptrailing`, `trailingthird`.
    private static func isLeadingOrTrailing(_ word: String) -> Bool {
        word.isCompound(of: ["leading", "trailing"], after: ["top", "bottom"], before: ["half", "third"])
    }

    /// A direction word turned into its left/right form for the table (`forward` → `right`,
    /// `leadinghalf` → `lefthalf`); nil for any other word.
    private static func sideWord(of word: String) -> String? {
        switch word {
        case "forward": return "right"
        case "backward": return "left"
        default:
            guard isLeadingOrTrailing(word) else { return nil }
            return word.replacingOccurrences(of: "leading", with: "left").replacingOccurrences(of: "trailing", with: "right")
        }
    }

    // MARK: - Data

    /// Width and height of the symbol image relative to the point size (medium scale, regular
    /// weight), measured as the type's notes say. Side-named entries stand for their
    /// forward/backward and leading/trailing forms too.
    static let metrics: [String: (width: Double, height: Double)] = [
        "chevron.left": (0.727, 0.998), "chevron.right": (0.727, 0.998),
        "chevron.up": (1.097, 0.628), "chevron.down": (1.097, 0.628),
        "chevron.left.2": (1.163, 0.998), "chevron.right.2": (1.163, 0.998),
        "chevron.compact.up": (1.120, 0.392), "chevron.compact.down": (1.120, 0.392),
        "chevron.up.chevron.down": (1.000, 1.014),
        "arrow.left": (1.156, 0.890), "arrow.right": (1.156, 0.890), "arrow.up": (0.989, 1.072), "arrow.down": (0.989, 1.072),
        "arrow.up.left": (0.970, 0.871), "arrow.up.right": (0.970, 0.871),
        "arrow.uturn.left": (1.172, 1.061), "arrow.uturn.right": (1.172, 1.061),
        "arrow.clockwise": (1.038, 1.201), "arrow.counterclockwise": (1.038, 1.201),
        "arrow.up.arrow.down": (1.392, 1.068), "arrow.triangle.2.circlepath": (1.368, 1.146),
        "arrowshape.turn.up.left": (1.240, 1.046), "arrowshape.turn.up.right": (1.240, 1.046),
        "xmark": (1.023, 0.924), "plus": (1.055, 0.956), "minus": (1.055, 0.237), "checkmark": (1.090, 0.984),
        "ellipsis": (1.096, 0.345),
        "gear": (1.274, 1.234), "gearshape": (1.220, 1.194), "gearshape.fill": (1.195, 1.171),
        "magnifyingglass": (1.179, 1.113),
        "person": (1.102, 1.054), "person.fill": (1.071, 1.028), "person.2": (1.609, 1.054),
        "bell": (1.128, 1.159), "bell.fill": (1.128, 1.178), "star": (1.284, 1.186), "heart": (1.219, 1.046),
        "trash": (1.095, 1.237), "trash.fill": (1.095, 1.225),
        "square.and.arrow.up": (1.116, 1.252), "square.and.arrow.down": (1.116, 1.204),
        "square.and.pencil": (1.215, 1.114), "pencil": (1.002, 0.923),
        "exclamationmark.triangle": (1.223, 1.078),
        "house": (1.415, 1.176), "envelope": (1.327, 0.991), "paperplane": (1.223, 1.173),
        "camera": (1.448, 1.081), "photo": (1.400, 1.049), "lock": (1.065, 1.108), "calendar": (1.222, 1.049),
        "cart": (1.351, 1.110), "bookmark": (1.020, 1.197), "link": (1.260, 1.188), "mic": (0.996, 1.195),
        "doc": (1.070, 1.197), "doc.on.doc": (1.248, 1.379), "folder": (1.358, 1.044), "tray": (1.400, 0.984),
        "bubble.left": (1.325, 1.160), "message": (1.282, 1.173), "phone": (1.180, 1.105),
        "location": (1.160, 1.073), "map": (1.265, 1.113), "eye": (1.534, 0.987), "eye.slash": (1.534, 1.042),
        "flag": (1.123, 1.108), "tag": (1.315, 1.241), "cloud": (1.316, 0.923), "sun.max": (1.231, 1.209),
        "moon": (1.157, 1.138), "bolt": (0.961, 1.241), "creditcard": (1.397, 0.984), "bag": (1.116, 1.148),
        "gift": (1.188, 1.173), "music.note": (0.845, 1.131), "video": (1.424, 0.953), "keyboard": (1.478, 0.922),
        "sparkles": (1.103, 1.264), "archivebox": (1.225, 1.049), "speaker.wave.2": (1.388, 1.011),
        "wifi": (1.315, 0.962), "hand.thumbsup": (1.169, 1.212), "printer": (1.352, 1.202),
        "play.fill": (0.875, 0.977), "pause.fill": (0.845, 0.945), "forward.fill": (1.481, 0.917), "backward.fill": (1.481, 0.917),
        "list.bullet": (1.233, 0.863), "list.number": (1.233, 0.973),
        "line.3.horizontal": (1.237, 0.650), "line.3.horizontal.decrease": (1.237, 0.732),
        "slider.horizontal.3": (1.233, 0.982),
        "text.alignleft": (1.233, 0.991), "text.alignright": (1.233, 0.991),
        "text.justify.left": (1.233, 0.991), "text.justify.right": (1.233, 0.991),
        "text.quote": (1.233, 0.991), "text.bubble": (1.325, 1.160),
        "sidebar.left": (1.400, 1.049), "sidebar.right": (1.400, 1.049),
        // The enclosures: every `….circle` and `….square` symbol is as large as its enclosure.
        "circle": (1.171, 1.146), "square": (1.148, 1.049),
    ]

    /// Symbols without a direction word in their name that SF Symbols draws differently in
    /// right-to-left: the names with a `.rtl` variant in SF Symbols 5's `name_availability.plist`.
    static let rightToLeftVariants: Set<String> = [
        "apps.iphone.landscape", "battery.100.bolt", "battery.100percent.bolt", "bell.badge.slash",
        "bell.badge.slash.fill", "box.truck.badge.clock", "box.truck.badge.clock.fill",
        "bubble.left.and.text.bubble.right", "bubble.left.and.text.bubble.right.fill",
        "calendar.badge.checkmark", "calendar.badge.clock", "cart.badge.questionmark",
        "cart.fill.badge.questionmark", "chart.bar.xaxis.ascending.badge.clock", "checklist",
        "checklist.checked", "checkmark.bubble", "checkmark.bubble.fill", "doc.append", "doc.append.fill",
        "doc.questionmark", "doc.questionmark.fill", "doc.text.below.ecg", "doc.text.below.ecg.fill",
        "drop.degreesign.slash", "drop.degreesign.slash.fill", "filemenu.and.cursorarrow", "gear.badge",
        "hifispeaker.and.appletv", "hifispeaker.and.appletv.fill", "homepod.and.appletv",
        "homepod.and.appletv.fill", "homepodmini.and.appletv", "homepodmini.and.appletv.fill", "info.bubble",
        "info.bubble.fill", "list.number", "macwindow.and.cursorarrow", "macwindow.on.rectangle",
        "mail.and.text.magnifyingglass", "message.badge", "message.badge.circle", "message.badge.circle.fill",
        "message.badge.fill", "message.badge.filled.fill", "pencil.and.list.clipboard", "person.fill.checkmark",
        "person.fill.questionmark", "person.fill.xmark", "phone.bubble", "phone.bubble.fill",
        "questionmark.video", "questionmark.video.fill", "quote.bubble", "quote.bubble.fill",
        "rectangle.and.pencil.and.ellipsis", "rectangle.and.text.magnifyingglass", "speaker.slash",
        "speaker.slash.circle", "speaker.slash.circle.fill", "speaker.slash.fill", "speaker.wave.2.bubble",
        "speaker.wave.2.bubble.fill", "speaker.wave.2.bubble.left", "speaker.wave.2.bubble.left.fill",
        "speaker.zzz", "speaker.zzz.fill", "text.badge.checkmark", "text.below.photo", "text.below.photo.fill",
        "text.bubble", "text.bubble.fill", "text.magnifyingglass", "text.quote", "truck.box.badge.clock",
        "truck.box.badge.clock.fill", "video.bubble", "video.bubble.fill",
    ]

    /// SF Symbols 5's names that follow the reading direction and have a form named for a side:
    /// what `directionalCounterpart(of:)` may answer.
    static let directionalNames: Set<String> = [
        "arrow.backward", "arrow.backward.circle", "arrow.backward.circle.fill", "arrow.backward.square",
        "arrow.backward.square.fill", "arrow.backward.to.line", "arrow.backward.to.line.circle",
        "arrow.backward.to.line.circle.fill", "arrow.backward.to.line.square",
        "arrow.backward.to.line.square.fill", "arrow.down.backward", "arrow.down.backward.and.arrow.up.forward",
        "arrow.down.backward.and.arrow.up.forward.circle",
        "arrow.down.backward.and.arrow.up.forward.circle.fill",
        "arrow.down.backward.and.arrow.up.forward.square",
        "arrow.down.backward.and.arrow.up.forward.square.fill", "arrow.down.backward.circle",
        "arrow.down.backward.circle.fill", "arrow.down.backward.square", "arrow.down.backward.square.fill",
        "arrow.down.forward", "arrow.down.forward.and.arrow.up.backward",
        "arrow.down.forward.and.arrow.up.backward.circle",
        "arrow.down.forward.and.arrow.up.backward.circle.fill",
        "arrow.down.forward.and.arrow.up.backward.square",
        "arrow.down.forward.and.arrow.up.backward.square.fill", "arrow.down.forward.circle",
        "arrow.down.forward.circle.fill", "arrow.down.forward.square", "arrow.down.forward.square.fill",
        "arrow.forward", "arrow.forward.circle", "arrow.forward.circle.fill", "arrow.forward.square",
        "arrow.forward.square.fill", "arrow.forward.to.line", "arrow.forward.to.line.circle",
        "arrow.forward.to.line.circle.fill", "arrow.forward.to.line.square",
        "arrow.forward.to.line.square.fill", "arrow.up.backward", "arrow.up.backward.and.arrow.down.forward",
        "arrow.up.backward.and.arrow.down.forward.circle",
        "arrow.up.backward.and.arrow.down.forward.circle.fill",
        "arrow.up.backward.and.arrow.down.forward.square",
        "arrow.up.backward.and.arrow.down.forward.square.fill", "arrow.up.backward.circle",
        "arrow.up.backward.circle.fill", "arrow.up.backward.square", "arrow.up.backward.square.fill",
        "arrow.up.forward", "arrow.up.forward.and.arrow.down.backward",
        "arrow.up.forward.and.arrow.down.backward.circle",
        "arrow.up.forward.and.arrow.down.backward.circle.fill",
        "arrow.up.forward.and.arrow.down.backward.square",
        "arrow.up.forward.and.arrow.down.backward.square.fill", "arrow.up.forward.circle",
        "arrow.up.forward.circle.fill", "arrow.up.forward.square", "arrow.up.forward.square.fill",
        "arrow.uturn.backward", "arrow.uturn.backward.circle", "arrow.uturn.backward.circle.badge.ellipsis",
        "arrow.uturn.backward.circle.fill", "arrow.uturn.backward.square", "arrow.uturn.backward.square.fill",
        "arrow.uturn.forward", "arrow.uturn.forward.circle", "arrow.uturn.forward.circle.fill",
        "arrow.uturn.forward.square", "arrow.uturn.forward.square.fill", "arrowshape.backward",
        "arrowshape.backward.circle", "arrowshape.backward.circle.fill", "arrowshape.backward.fill",
        "arrowshape.bounce.forward", "arrowshape.bounce.forward.fill", "arrowshape.forward",
        "arrowshape.forward.circle", "arrowshape.forward.circle.fill", "arrowshape.forward.fill",
        "arrowshape.turn.up.backward", "arrowshape.turn.up.backward.2", "arrowshape.turn.up.backward.2.circle",
        "arrowshape.turn.up.backward.2.circle.fill", "arrowshape.turn.up.backward.2.fill",
        "arrowshape.turn.up.backward.circle", "arrowshape.turn.up.backward.circle.fill",
        "arrowshape.turn.up.backward.fill", "arrowshape.turn.up.forward", "arrowshape.turn.up.forward.circle",
        "arrowshape.turn.up.forward.circle.fill", "arrowshape.turn.up.forward.fill",
        "arrowshape.zigzag.forward", "arrowshape.zigzag.forward.fill", "arrowtriangle.backward",
        "arrowtriangle.backward.circle", "arrowtriangle.backward.circle.fill", "arrowtriangle.backward.fill",
        "arrowtriangle.backward.square", "arrowtriangle.backward.square.fill", "arrowtriangle.forward",
        "arrowtriangle.forward.circle", "arrowtriangle.forward.circle.fill", "arrowtriangle.forward.fill",
        "arrowtriangle.forward.square", "arrowtriangle.forward.square.fill", "backward", "backward.circle",
        "backward.circle.fill", "badge.plus.radiowaves.forward", "calendar.day.timeline.leading",
        "calendar.day.timeline.trailing", "chevron.backward", "chevron.backward.2", "chevron.backward.circle",
        "chevron.backward.circle.fill", "chevron.backward.square", "chevron.backward.square.fill",
        "chevron.backward.to.line", "chevron.compact.backward", "chevron.compact.forward", "chevron.forward",
        "chevron.forward.2", "chevron.forward.circle", "chevron.forward.circle.fill", "chevron.forward.square",
        "chevron.forward.square.fill", "chevron.forward.to.line", "delete.backward", "delete.backward.fill",
        "delete.forward", "delete.forward.fill", "dot.radiowaves.forward", "forward", "forward.circle",
        "forward.circle.fill", "rectangle.inset.bottomleading.filled", "rectangle.inset.bottomtrailing.filled",
        "rectangle.inset.topleading.filled", "rectangle.inset.toptrailing.filled",
        "rectangle.leadinghalf.filled", "rectangle.leadinghalf.inset.filled",
        "rectangle.leadinghalf.inset.filled.arrow.leading", "rectangle.leadingthird.inset.filled",
        "rectangle.portrait.and.arrow.forward", "rectangle.portrait.and.arrow.forward.fill",
        "rectangle.portrait.bottomleading.inset.filled", "rectangle.portrait.bottomtrailing.inset.filled",
        "rectangle.portrait.leadinghalf.inset.filled", "rectangle.portrait.leadingthird.inset.filled",
        "rectangle.portrait.topleading.inset.filled", "rectangle.portrait.toptrailing.inset.filled",
        "rectangle.portrait.trailinghalf.inset.filled", "rectangle.portrait.trailingthird.inset.filled",
        "rectangle.trailinghalf.filled", "rectangle.trailinghalf.inset.filled",
        "rectangle.trailinghalf.inset.filled.arrow.trailing", "rectangle.trailingthird.inset.filled",
        "sidebar.leading", "sidebar.squares.leading", "sidebar.squares.trailing", "sidebar.trailing",
        "square.3.layers.3d.down.backward", "square.3.layers.3d.down.forward",
        "square.leadingthird.inset.filled", "square.stack.3d.down.forward", "square.stack.3d.down.forward.fill",
        "square.trailingthird.inset.filled", "star.leadinghalf.fill", "text.justify.leading",
        "text.justify.trailing", "wave.3.backward", "wave.3.backward.circle", "wave.3.backward.circle.fill",
        "wave.3.forward", "wave.3.forward.circle", "wave.3.forward.circle.fill",
    ]
}

extension String {
    /// Whether the string is one of `cores`, optionally after one of `prefixes` and before one
    /// of `suffixes` (`bottomrightquarter`: `right` after `bottom`, before `quarter`).
    fileprivate func isCompound(of cores: [String], after prefixes: [String], before suffixes: [String]) -> Bool {
        for prefix in [""] + prefixes where hasPrefix(prefix) {
            let rest = dropFirst(prefix.count)
            for core in cores where rest.hasPrefix(core) {
                let tail = rest.dropFirst(core.count)
                if tail.isEmpty || suffixes.contains(String(tail)) { return true }
            }
        }
        return false
    }
}
