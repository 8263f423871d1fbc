/// A translation as a tree: a text, or variants of it chosen by the plural
/// category of a number, by the device, or by the width available.
///
/// Not `indirect`: the tree recurses through its dictionaries' storage, so it needs no box.
/// An indirect enum of several payloads keeps its case in the top bits of the box's pointer,
/// where LeakSanitizer does not see a pointer and reports every box still alive at exit.
public enum Message: Hashable, Sendable {
    case text(String)
    case plural([PluralCategory: Message])
    /// Keyed by device: `iphone`, `ipad`, `mac`, `applevision`, `appletv`, `watch`, `other`.
    case device([String: Message])
    /// NSStringVariableWidthRuleType: keyed by the width (in ems) each variant is written for.
    case width([Int: Message])

    /// Every text the message can show, in a stable order (that of ``forEachText(_:)``).
    public var texts: [String] {
        var result: [String] = []
        forEachText { result.append($0) }
        return result
    }

    /// Calls `body` with every text the message can show, in the order of ``texts``, without
    /// building an array of them: a lone text is handed over as it is; variants in the order
    /// of their keys.
    @inline(__always)
    public func forEachText(_ body: (String) throws -> Void) rethrows {
        // The lone text (nearly every message) handed over where the call is, no call made.
        if case .text(let text) = self { return try body(text) }
        try forEachVariantText(body)
    }

    /// ``forEachText(_:)`` of a message of variants.
    private func forEachVariantText(_ body: (String) throws -> Void) rethrows {
        switch self {
        case .text(let text): try body(text)
        case .plural(let forms): for key in forms.keys.sorted() { try forms[key]!.forEachText(body) }
        case .device(let forms): for key in forms.keys.sorted() { try forms[key]!.forEachText(body) }
        case .width(let forms): for key in forms.keys.sorted() { try forms[key]!.forEachText(body) }
        }
    }

    /// Whether the message has variants by device anywhere in its tree: only then does the
    /// text it shows depend on the device (``ResolveOptions/device``).
    public var variesByDevice: Bool {
        switch self {
        case .text: return false
        case .device: return true
        case .plural(let forms): return forms.values.contains { $0.variesByDevice }
        case .width(let forms): return forms.values.contains { $0.variesByDevice }
        }
    }

    /// The text that stands for the message where one must: the `other` plural
    /// form, the iPhone's variant, the widest variant.
    public var representativeText: String {
        switch self {
        case .text(let text): return text
        case .plural(let forms): return (forms[.other] ?? forms.keys.sorted().first.flatMap { forms[$0] })?.representativeText ?? ""
        case .device(let forms):
            return (forms["iphone"] ?? forms["other"] ?? forms.keys.sorted().first.flatMap { forms[$0] })?.representativeText ?? ""
        case .width(let forms): return forms.keys.max().flatMap { forms[$0] }?.representativeText ?? ""
        }
    }

    /// The same tree with every text changed by `transform`.
    public func mapTexts(_ transform: (String) -> String) -> Message {
        switch self {
        case .text(let text): return .text(transform(text))
        case .plural(let forms): return .plural(forms.mapValues { $0.mapTexts(transform) })
        case .device(let forms): return .device(forms.mapValues { $0.mapTexts(transform) })
        case .width(let forms): return .width(forms.mapValues { $0.mapTexts(transform) })
        }
    }

    /// Plural-variation nodes of the tree, for lint.
    var pluralNodes: [[PluralCategory: Message]] {
        switch self {
        case .text: return []
        case .plural(let forms): return [forms] + forms.keys.sorted().flatMap { forms[$0]!.pluralNodes }
        case .device(let forms): return forms.keys.sorted().flatMap { forms[$0]!.pluralNodes }
        case .width(let forms): return forms.keys.sorted().flatMap { forms[$0]!.pluralNodes }
        }
    }
}

/// A `%#@name@` variable of a format: `.stringsdict` variables and String
/// Catalog substitutions. Its message usually varies by plural.
public struct Substitution: Hashable, Sendable {
    /// Which argument (1-based) the variable formats; nil means its place in
    /// the sequence of specifiers of the format.
    public var argumentNumber: Int?
    /// The printf conversion of the argument without `%`: `ld`, `d`, `.1f`, `@`.
    public var formatSpecifier: String
    /// The variants. A specifier without position in them formats the
    /// variable's own argument (String Catalogs' `%arg` is read as such).
    public var message: Message

    public init(argumentNumber: Int?, formatSpecifier: String, message: Message) {
        self.argumentNumber = argumentNumber
        self.formatSpecifier = formatSpecifier
        self.message = message
    }

    /// The first variable (by name) whose forms lead back to it, directly (`%#@count@` in
    /// count's own forms) or through others; nil when none does.
    public static func selfReferring(_ substitutions: [String: Substitution]) -> String? {
        func references(_ name: String) -> [String] {
            guard let substitution = substitutions[name] else { return [] }
            return substitution.message.texts.flatMap { text in
                FormatSpecifier.parse(text).compactMap { spec -> String? in
                    if case .variable(let other) = spec.conversion { return other }
                    return nil
                }
            }
        }
        for name in substitutions.keys.sorted() {
            var seen: Set<String> = []
            var pending = references(name)
            while let next = pending.popLast() {
                if next == name { return name }
                if seen.insert(next).inserted { pending += references(next) }
            }
        }
        return nil
    }
}

/// The review state of a translation, as String Catalogs and XLIFF record it.
public enum TranslationState: String, Hashable, Sendable {
    case translated, new, needsReview = "needs_review", stale

    /// XLIFF 1.2 target states mapped to catalog states.
    init?(xliff: String) {
        switch xliff {
        case "translated", "final", "signed-off": self = .translated
        case "new", "needs-translation": self = .new
        case "needs-review-l10n", "needs-review-translation", "needs-adaptation", "needs-l10n",
             "needs-review-adaptation":
            self = .needsReview
        default: return nil
        }
    }
}

/// One key's value in one language of one table, wherever it came from.
///
/// Kept small, for an app's translations are hundreds of thousands of them: the key, the
/// message, the state and the position in the file are the value's own; the file, the comment,
/// the variables and the extraction state (rare but for the file) are in one immutable
/// ``TranslationDetails`` that translations share when theirs agree (every plain translation of
/// a `.strings` file shares its file's). Every property reads and writes as a stored one would;
/// equality and hashing are those of the properties.
public struct Translation: Hashable, Sendable {
    public var key: String
    public var message: Message {
        get { entry.message }
        set { entry.message = newValue }
    }
    public var state: TranslationState? {
        get { entry.state }
        set { entry.state = newValue }
    }
    /// False where a String Catalog says `shouldTranslate: false`.
    public var shouldTranslate: Bool {
        get { entry.shouldTranslate }
        set { entry.shouldTranslate = newValue }
    }
    /// All but the key: what a table keeps at the key's position, which gives the key
    /// (``Entry``).
    private(set) var entry: Entry

    /// A translation without its key, 32 bytes: a table keeps each key once, not once a language.
    struct Entry: Sendable {
        var message: Message
        var state: TranslationState?
        var shouldTranslate: Bool
        /// The location's line, in two parts (its top 8 bits and its low 16), and its column: a
        /// line below `TranslationDetails.outOfRange` and a column below 2^16, else the line is
        /// `outOfRange` (and the column 0) and the details hold the two. Three small fields where
        /// the enum's tag leaves room, not two Int32s after it: 32 bytes, not 40.
        var lineHigh: UInt8
        var lineLow: UInt16
        var column: UInt16
        var details: TranslationDetails
    }

    /// The translation of `key` that `entry` is.
    init(key: String, entry: Entry) {
        self.key = key
        self.entry = entry
    }

    private var details: TranslationDetails {
        get { entry.details }
        set { entry.details = newValue }
    }

    public init(key: String, message: Message, substitutions: [String: Substitution] = [:], comment: String? = nil,
                state: TranslationState? = nil, shouldTranslate: Bool = true, extractionState: String? = nil,
                location: SourceLocation) {
        let (packed, wide) = Self.position(location)
        self.init(key: key, message: message, state: state, shouldTranslate: shouldTranslate, packed: packed,
                  details: TranslationDetails(file: location.file, comment: comment, substitutions: substitutions,
                                              extractionState: extractionState, wide: wide))
    }

    /// A translation whose details (file, comment, variables, extraction state) are `plain`
    /// (just a file's) when its own would be the same, else its own: how a `.strings` file's
    /// plain translations come to share one without making one each.
    init(key: String, message: Message, comment: String? = nil, location: SourceLocation, plain: TranslationDetails) {
        let (packed, wide) = Self.position(location)
        let fields = TranslationDetails.Fields(file: location.file, comment: comment, substitutions: [:], extractionState: nil,
                                               wide: wide)
        self.init(key: key, message: message, state: nil, shouldTranslate: true, packed: packed,
                  details: plain.standsFor(fields) ? plain : TranslationDetails(fields))
    }

    private init(key: String, message: Message, state: TranslationState?, shouldTranslate: Bool, packed: Packed,
                 details: TranslationDetails) {
        self.key = key
        entry = Entry(message: message, state: state, shouldTranslate: shouldTranslate, lineHigh: packed.lineHigh,
                      lineLow: packed.lineLow, column: packed.column, details: details)
    }

    /// A line's two parts and a column, as a translation stores them.
    private typealias Packed = (lineHigh: UInt8, lineLow: UInt16, column: UInt16)

    /// A location's line and column as stored inline, or the out-of-range mark and the two as they are.
    private static func position(_ location: SourceLocation) -> (Packed, wide: (line: Int, column: Int)?) {
        let line = location.line
        if (0..<TranslationDetails.outOfRange).contains(line), let column = UInt16(exactly: location.column) {
            return ((UInt8(truncatingIfNeeded: line >> 16), UInt16(truncatingIfNeeded: line), column), nil)
        }
        let mark = TranslationDetails.outOfRange
        return ((UInt8(truncatingIfNeeded: mark >> 16), UInt16(truncatingIfNeeded: mark), 0), (location.line, location.column))
    }

    /// The line as stored inline (`TranslationDetails.outOfRange` when the details hold it).
    private var line: Int { Int(entry.lineHigh) << 16 | Int(entry.lineLow) }

    public var substitutions: [String: Substitution] {
        get { details.substitutions }
        set { changeDetails { $0.substitutions = newValue } }
    }

    public var comment: String? {
        get { details.comment }
        set { changeDetails { $0.comment = newValue } }
    }

    /// A String Catalog's `extractionState` (`manual`, `stale`, `extracted_with_value`…).
    public var extractionState: String? {
        get { details.extractionState }
        set { changeDetails { $0.extractionState = newValue } }
    }

    public var location: SourceLocation {
        get {
            if line == TranslationDetails.outOfRange, let wide = details.wide {
                return SourceLocation(file: details.file, line: wide.line, column: wide.column)
            }
            return SourceLocation(file: details.file, line: line, column: Int(entry.column))
        }
        set {
            let (packed, wide) = Self.position(newValue)
            (entry.lineHigh, entry.lineLow, entry.column) = packed
            if details.file != newValue.file || details.wide?.line != wide?.line || details.wide?.column != wide?.column {
                changeDetails {
                    $0.file = newValue.file
                    $0.wide = wide
                }
            }
        }
    }

    /// Takes `shared`'s details when its own are as plain and of the same file (freeing its own);
    /// else, when its own are plain, makes them the ones to share from now on.
    mutating func shareDetails(_ shared: inout TranslationDetails?) {
        guard details !== shared, details.isPlain else { return }
        if let shared, shared.standsFor(details.fields) {
            details = shared
        } else {
            shared = details
        }
    }

    /// Replaces the details (shared, so never changed in place) by a changed copy.
    private mutating func changeDetails(_ change: (inout TranslationDetails.Fields) -> Void) {
        var fields = details.fields
        change(&fields)
        details = TranslationDetails(fields)
    }

    public static func == (a: Translation, b: Translation) -> Bool {
        a.key == b.key && a.message == b.message && a.state == b.state && a.shouldTranslate == b.shouldTranslate
            && a.entry.lineHigh == b.entry.lineHigh && a.entry.lineLow == b.entry.lineLow && a.entry.column == b.entry.column && (a.details === b.details || a.details.fields == b.details.fields)
    }

    /// The properties hashed in the order they were declared in when all were stored.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(message)
        hasher.combine(substitutions)
        hasher.combine(comment)
        hasher.combine(state)
        hasher.combine(shouldTranslate)
        hasher.combine(extractionState)
        hasher.combine(location)
    }

    /// Every text of the translation, its variables' variants included (in the order of
    /// ``forEachText(_:)``).
    public var allTexts: [String] {
        var result: [String] = []
        forEachText { result.append($0) }
        return result
    }

    /// Whether the text the translation shows depends on the device: its message or one of its
    /// variables' has variants by device (``Message/variesByDevice``).
    public var variesByDevice: Bool {
        message.variesByDevice || substitutions.values.contains { $0.message.variesByDevice }
    }

    /// Calls `body` with every text of ``allTexts``, in the same order, without building an
    /// array: the message's texts, then each variable's (by name).
    @inline(__always)
    public func forEachText(_ body: (String) throws -> Void) rethrows {
        try message.forEachText(body)
        let substitutions = substitutions
        guard !substitutions.isEmpty else { return }
        for name in substitutions.keys.sorted() { try substitutions[name]!.message.forEachText(body) }
    }
}

/// The part of a ``Translation`` that translations share: its file, and what few translations
/// have (a comment, variables, an extraction state, a line from 2^24 - 1 or a column from 2^16
/// on, or a negative one). Immutable, so that sharing it is safe; a translation that changes one
/// of these gets a changed copy.
final class TranslationDetails: Sendable {
    struct Fields: Equatable, Sendable {
        var file: String
        var comment: String?
        var substitutions: [String: Substitution]
        var extractionState: String?
        /// The line and column when they do not fit the translation's own small fields.
        var wide: (line: Int, column: Int)?

        /// Just a file: no comment, variables, extraction state or wide position.
        var isPlain: Bool { comment == nil && substitutions.isEmpty && extractionState == nil && wide == nil }

        static func == (a: Fields, b: Fields) -> Bool {
            a.file == b.file && a.comment == b.comment && a.substitutions == b.substitutions
                && a.extractionState == b.extractionState && a.wide?.line == b.wide?.line && a.wide?.column == b.wide?.column
        }
    }

    /// The line a translation stores when the details hold its line and column.
    static let outOfRange = 0xFF_FFFF

    let fields: Fields

    init(_ fields: Fields) { self.fields = fields }

    convenience init(file: String, comment: String?, substitutions: [String: Substitution], extractionState: String?,
                     wide: (line: Int, column: Int)?) {
        self.init(Fields(file: file, comment: comment, substitutions: substitutions, extractionState: extractionState,
                         wide: wide))
    }

    var file: String { fields.file }
    var comment: String? { fields.comment }
    var substitutions: [String: Substitution] { fields.substitutions }
    var extractionState: String? { fields.extractionState }
    var wide: (line: Int, column: Int)? { fields.wide }

    /// Whether these are just a file: what the plain translations of that file may share.
    var isPlain: Bool { fields.isPlain }

    /// Whether a translation whose details would be `fields` may share these instead: both just
    /// the same file. The one rule for sharing, whether a reader hands a file's plain details to
    /// its translations as it makes them (``Translation/init(key:message:comment:location:plain:)``)
    /// or a table gives translations made with their own the first plain ones of their file
    /// (``Translation/shareDetails(_:)``).
    func standsFor(_ fields: Fields) -> Bool {
        isPlain && fields.isPlain && self.fields.file == fields.file
    }
}
