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
public struct Translation: Hashable, Sendable {
    public var key: String
    public var message: Message
    public var substitutions: [String: Substitution]
    public var comment: String?
    public var state: TranslationState?
    /// False where a String Catalog says `shouldTranslate: false`.
    public var shouldTranslate: Bool
    /// A String Catalog's `extractionState` (`manual`, `stale`, `extracted_with_value`…).
    public var extractionState: String?
    public var location: SourceLocation

    public init(key: String, message: Message, substitutions: [String: Substitution] = [:], comment: String? = nil,
                state: TranslationState? = nil, shouldTranslate: Bool = true, extractionState: String? = nil,
                location: SourceLocation) {
        self.key = key
        self.message = message
        self.substitutions = substitutions
        self.comment = comment
        self.state = state
        self.shouldTranslate = shouldTranslate
        self.extractionState = extractionState
        self.location = location
    }

    /// Every text of the translation, its variables' variants included (in the order of
    /// ``forEachText(_:)``).
    public var allTexts: [String] {
        var result: [String] = []
        forEachText { result.append($0) }
        return result
    }

    /// Calls `body` with every text of ``allTexts``, in the same order, without building an
    /// array: the message's texts, then each variable's (by name).
    @inline(__always)
    public func forEachText(_ body: (String) throws -> Void) rethrows {
        try message.forEachText(body)
        guard !substitutions.isEmpty else { return }
        for name in substitutions.keys.sorted() { try substitutions[name]!.message.forEachText(body) }
    }
}
