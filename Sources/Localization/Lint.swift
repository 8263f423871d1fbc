/// A problem in the translations, as a value: lint returns them, the CLI prints them.
public struct LintFinding: Hashable, Sendable, Codable, Comparable {
    public enum Severity: String, Hashable, Sendable, Codable { case error, warning, note }

    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// A file that could not be read.
        case unreadable = "unreadable"
        /// A key of the development language that a language lacks.
        case missingTranslation = "missing-translation"
        /// A key that a language has and the development language does not.
        case notInDevelopmentLanguage = "not-in-development-language"
        case emptyValue = "empty-value"
        case duplicateKey = "duplicate-key"
        /// Format specifiers differing in count, type or position from the development language's.
        case formatMismatch = "format-mismatch"
        case stateNew = "state-new"
        case stateNeedsReview = "state-needs-review"
        /// A key that the source no longer uses (`extractionState: stale`, or a stale state).
        case stale = "stale"
        /// A plural variation lacking a category that the language's CLDR rules use.
        case missingPluralCategory = "missing-plural-category"
        /// A key of the development language that no source or layout uses (lint given the sources).
        case unusedKey = "unused-key"
        /// A key that a source or layout uses and the development language lacks (lint given the sources).
        case undefinedKey = "undefined-key"
        /// A translation identical to the development language's text.
        case untranslated = "untranslated"
        /// A `%` in a format that starts no whole specifier (`%` at the end, `%l`).
        case invalidFormat = "invalid-format"
        /// A translation whose first strong character goes against its language's direction
        /// (an Arabic text starting with "iPhone"): iOS lays it out in that character's direction.
        case bidiDirection = "bidi-direction"
        /// A translation wider than the room a layout gives its key (lint given layouts: `--budgets`).
        case budget = "budget"

        public var summary: String {
            switch self {
            case .unreadable: return "A translation file could not be read"
            case .missingTranslation: return "A key has no translation in a language"
            case .notInDevelopmentLanguage: return "A translated key is absent from the development language"
            case .emptyValue: return "A translation is empty"
            case .duplicateKey: return "A key is written twice in one file"
            case .formatMismatch: return "Format specifiers differ from the development language's"
            case .stateNew: return "A translation is marked new"
            case .stateNeedsReview: return "A translation needs review"
            case .stale: return "A key is stale"
            case .missingPluralCategory: return "A plural variation lacks a category the language needs"
            case .unusedKey: return "A key of the development language is used by no source or layout"
            case .undefinedKey: return "A key used by a source or layout is absent from the development language"
            case .untranslated: return "A translation is the development language's text"
            case .invalidFormat: return "A format has a % that starts no whole format specifier"
            case .bidiDirection: return "A translation starts with a character of the other direction, so iOS lays it out in that direction"
            case .budget: return "A translation is wider than the room a layout gives its key"
            }
        }

        public var severity: Severity {
            switch self {
            case .unreadable, .formatMismatch, .undefinedKey, .invalidFormat, .budget: return .error
            default: return .warning
            }
        }
    }

    public var file: String
    public var line: Int
    public var column: Int
    public var severity: Severity
    public var kind: Kind
    public var message: String
    public var table: String?
    public var key: String?
    public var language: String?
    /// The key's note for translators, from a documentation language (`qqq`), when it has one.
    public var translatorNote: String?

    public init(kind: Kind, message: String, location: SourceLocation, table: String? = nil, key: String? = nil,
                language: String? = nil) {
        self.file = location.file
        self.line = location.line
        self.column = location.column
        self.severity = kind.severity
        self.kind = kind
        self.message = message
        self.table = table
        self.key = key
        self.language = language
    }

    public static func < (a: LintFinding, b: LintFinding) -> Bool {
        (a.file, a.line, a.column, a.kind.rawValue, a.language ?? "", a.message)
            < (b.file, b.line, b.column, b.kind.rawValue, b.language ?? "", b.message)
    }
}

extension Translations {
    /// Every problem of the translations (or only those of the given kinds), sorted by file,
    /// line and column. Given the keys that the sources use, also the keys they do not use
    /// and the keys they use that the development language lacks (and the sources that
    /// cannot be read). A translation identical to the development language's text is
    /// reported unless that text (or the key) is in `allowUntranslated`.
    public func lint(only kinds: Set<LintFinding.Kind>? = nil, sources: SourceKeys? = nil,
                     allowUntranslated: Set<String> = []) -> [LintFinding] {
        var findings: [LintFinding] = (problems + (sources?.problems ?? [])).map {
            LintFinding(kind: .unreadable, message: $0.message, location: $0.location)
        }
        if let kinds, kinds.isSubset(of: [.unreadable]) {
            return findings.filter { kinds.contains($0.kind) }.sorted()
        }
        for duplicate in duplicates where !isDocumentation(duplicate.language) {
            findings.append(LintFinding(kind: .duplicateKey,
                                        message: "\"\(duplicate.key)\" is written more than once; the last value wins",
                                        location: duplicate.location, table: duplicate.table, key: duplicate.key,
                                        language: duplicate.language))
        }
        let development = developmentLanguage
        let allLanguages = languages
        for table in tables {
            let source = developmentEntries(table: table)
            let tableLanguages = languages(table: table).filter { $0 != "Base" }
            for key in keys(table: table) {
                let sourceTranslation = source[key]
                let stale = sourceTranslation?.extractionState == "stale"
                if stale, let sourceTranslation {
                    findings.append(LintFinding(kind: .stale, message: "\"\(key)\" is stale: the source no longer uses it",
                                                location: sourceTranslation.location, table: table, key: key))
                }
                for language in allLanguages where language != development {
                    guard let translation = translation(key: key, table: table, language: language) else {
                        // A regional language (pt-BR) that inherits a key from its language (pt)
                        // is complete: NSBundle finds the key there.
                        let inherited = languageChain(normalizedLanguage(language)).dropFirst()
                            .contains { self.translation(key: key, table: table, language: $0) != nil }
                        if let sourceTranslation, sourceTranslation.shouldTranslate, !stale, !inherited {
                            findings.append(LintFinding(kind: .missingTranslation,
                                                        message: "\"\(key)\" has no \(language) translation in table \(table)",
                                                        location: sourceTranslation.location, table: table, key: key,
                                                        language: language))
                        }
                        continue
                    }
                    guard let sourceTranslation else {
                        // A table the development language lacks altogether has its source
                        // elsewhere (an Interface Builder document): nothing to compare with.
                        if source.isEmpty { continue }
                        findings.append(LintFinding(kind: .notInDevelopmentLanguage,
                                                    message: "\"\(key)\" is translated into \(language) but absent from the development language (\(development))",
                                                    location: translation.location, table: table, key: key, language: language))
                        continue
                    }
                    let differences = FormatSignature(translation).differences(from: FormatSignature(sourceTranslation))
                    if !differences.isEmpty {
                        findings.append(LintFinding(kind: .formatMismatch,
                                                    message: "the \(language) translation of \"\(key)\" " + differences.joined(separator: "; "),
                                                    location: translation.location, table: table, key: key, language: language))
                    }
                    if isUntranslated(translation, language: language, source: sourceTranslation, allowed: allowUntranslated) {
                        findings.append(LintFinding(kind: .untranslated,
                                                    message: "the \(language) translation of \"\(key)\" is the development language's text (\"\(sourceTranslation.message.representativeText)\")",
                                                    location: translation.location, table: table, key: key, language: language))
                    }
                }
                for language in tableLanguages {
                    guard let translation = translation(key: key, table: table, language: language) else { continue }
                    findings += lintTranslation(translation, table: table, language: language)
                }
            }
        }
        if let sources { findings += keyUseFindings(sources) }
        if let kinds { findings = findings.filter { kinds.contains($0.kind) } }
        for index in findings.indices {
            if let key = findings[index].key, let table = findings[index].table {
                findings[index].translatorNote = note(key: key, table: table)
            }
        }
        return findings.sorted()
    }

    /// How the format specifiers of a key's translation in `language` differ from
    /// the development language's, in words (empty when they agree, or when either
    /// is missing): what the layout check reports as `format-mismatch`.
    public func formatDifferences(key: String, table: String = "Localizable", language: String) -> [String] {
        formatDifferences(key: key, table: table, language: language,
                          from: developmentFormatSignature(key: key, table: table))
    }

    /// The format signature of a key's translation in the development language (else in
    /// `Base`), nil when neither has the key: what every language's translation of the key is
    /// compared with, made once to ask ``formatDifferences(key:table:language:from:)`` about
    /// each language.
    public func developmentFormatSignature(key: String, table: String = "Localizable") -> FormatSignature? {
        guard let source = translation(key: key, table: table, language: developmentLanguage)
                ?? translation(key: key, table: table, language: "Base")
        else { return nil }
        return FormatSignature(source)
    }

    /// ``formatDifferences(key:table:language:)`` given the key's
    /// ``developmentFormatSignature(key:table:)`` (the same results, the development language's
    /// format not parsed again).
    public func formatDifferences(key: String, table: String = "Localizable", language: String,
                                  from source: FormatSignature?) -> [String] {
        guard let source, let translated = translation(key: key, table: table, language: language) else { return [] }
        // Most texts have no `%`: no specifier, valid or not, so their signature is empty, which
        // differs from a source's only in the arguments the source takes.
        if source.types.isEmpty, !Self.hasSpecifier(translated) { return [] }
        return Self.invalidSpecifiers(translated).map { "has \($0)" } + FormatSignature(translated).differences(from: source)
    }

    /// Whether any text of a translation (its message's and its substitutions') has a `%`
    /// (``Swift/String/hasPercentSign``).
    private static func hasSpecifier(_ translation: Translation) -> Bool {
        var found = false
        translation.forEachText { text in
            if !found, text.hasPercentSign { found = true }
        }
        return found
    }

    /// The specifiers of a translation's texts that start with % and are no whole specifier
    /// (`FormatProblem.Kind.invalid`), each as "%l: what is wrong", once each.
    static func invalidSpecifiers(_ translation: Translation) -> [String] {
        var result: [String] = []
        translation.forEachText { text in
            for problem in FormatToken.problems(text) where problem.kind == .invalid {
                let described = "\(problem.specifier): \(problem.message)"
                if !result.contains(described) { result.append(described) }
            }
        }
        return result
    }

    /// The problems one translation has by itself: empty, state, plural categories.
    private func lintTranslation(_ translation: Translation, table: String, language: String) -> [LintFinding] {
        var findings: [LintFinding] = []
        let key = translation.key
        func finding(_ kind: LintFinding.Kind, _ message: String) {
            findings.append(LintFinding(kind: kind, message: message, location: translation.location, table: table, key: key,
                                        language: language))
        }
        if translation.substitutions.isEmpty, translation.message.texts.allSatisfy({ $0.isEmpty }) {
            finding(.emptyValue, "the \(language) value of \"\(key)\" is empty")
        }
        // A %#@variable@ with no definition shows nothing where the variable stands.
        var undefined: [String] = []
        translation.forEachText { text in
            for case .specifier(let spec) in FormatToken.tokens(text) {
                if case .variable(let name) = spec.conversion, translation.substitutions[name] == nil, !undefined.contains(name) {
                    undefined.append(name)
                }
            }
        }
        for name in undefined {
            finding(.formatMismatch, "the \(language) text of \"\(key)\" names the variable %#@\(name)@, which it does not define")
        }
        for problem in Self.invalidSpecifiers(translation) {
            finding(.invalidFormat, "the \(language) text of \"\(key)\" has \(problem)")
        }
        // A copy of the development language's text is `untranslated`'s.
        let source = self.translation(key: key, table: table, language: developmentLanguage)
        let copied = language != developmentLanguage && source.map { $0.allTexts == translation.allTexts } == true
        let textLanguage = language == "Base" ? developmentLanguage : language
        if !copied, Pseudolanguage(language: textLanguage) == nil,
           let mismatch = translation.allTexts.lazy.compactMap({ BidiDirectionMismatch(format: $0, language: textLanguage) }).first {
            finding(.bidiDirection, "the \(language) translation of \"\(key)\" \(mismatch.explanation)")
        }
        switch translation.state {
        case .new?: finding(.stateNew, "the \(language) translation of \"\(key)\" is marked new")
        case .needsReview?: finding(.stateNeedsReview, "the \(language) translation of \"\(key)\" needs review")
        case .stale?: finding(.stale, "the \(language) translation of \"\(key)\" is marked stale")
        default: break
        }
        let rules = PluralRules(language: language.replacingUnderscores().split(separator: "-").first.map(String.init) ?? language)
        let required = Set(rules.categories)
        let nodes = translation.message.pluralNodes
            + translation.substitutions.keys.sorted().flatMap { translation.substitutions[$0]!.message.pluralNodes }
        for forms in nodes {
            let missing = required.subtracting(forms.keys).sorted()
            if !missing.isEmpty {
                finding(.missingPluralCategory,
                        "the \(language) plural forms of \"\(key)\" lack \(missing.map(\.rawValue).joined(separator: ", "))")
            }
        }
        return findings
    }
}
