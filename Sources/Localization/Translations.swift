import Support
/// Every translation of an app: tables by name, languages by identifier, keys.
/// Built from folders by `init(folders:developmentLanguage:)` (see Discovery.swift),
/// or entry by entry with `add(_:table:language:)`.
public struct Translations: Sendable {
    /// The language the app is written in: given, else a catalog's
    /// `sourceLanguage`, else an `.xcloc`'s development region, else an XLIFF's
    /// source language, else `en`.
    public var developmentLanguage: String
    /// Table name → language → key → translation. `Base` is kept as a language
    /// of its own (Base.lproj) and consulted after the development language.
    private var storage: [String: [String: [String: Translation]]] = [:]
    /// Files that could not be read, or not completely.
    public internal(set) var problems: [LocalizationError] = []
    /// Keys written twice in one file.
    public internal(set) var duplicates: [DuplicateKey] = []
    /// Every file read, in the order read.
    public internal(set) var files: [LoadedFile] = []
    /// Languages that hold notes for translators, not translations (`qqq`, translatewiki.net's
    /// message documentation): read as each key's note, never checked, laid out or counted.
    public let documentationLanguages: Set<String>
    /// Table name → key → the note a documentation language gives it.
    private var notes: [String: [String: String]] = [:]

    /// The documentation languages unless configured otherwise.
    public static let defaultDocumentationLanguages: Set<String> = ["qqq"]

    public init(developmentLanguage: String = "en",
                documentationLanguages: Set<String> = Translations.defaultDocumentationLanguages) {
        self.developmentLanguage = developmentLanguage
        self.documentationLanguages = Set(documentationLanguages.map(normalizedLanguage))
    }

    /// Adds a translation unless the table already has one for the key in the
    /// language (the first source read wins; see Discovery.swift for the order).
    /// A documentation language's text is kept as the key's note instead.
    public mutating func add(_ translation: Translation, table: String, language: String) {
        add(contentsOf: CollectionOfOne(translation), table: table, language: language)
    }

    /// Adds translations of one table and language, in order, as ``add(_:table:language:)``
    /// adds each: the language named once, the table's entries taken out, added to and put
    /// back (a file's translations).
    public mutating func add(contentsOf translations: some Sequence<Translation>, table: String, language: String) {
        let language = normalizedLanguage(language)
        if documentationLanguages.contains(language) {
            var tableNotes = notes.removeValue(forKey: table) ?? [:]
            for translation in translations where tableNotes[translation.key] == nil {
                tableNotes[translation.key] = translation.message.representativeText
            }
            if !tableNotes.isEmpty { notes[table] = tableNotes }
            return
        }
        var languages = storage.removeValue(forKey: table) ?? [:]
        var entries = languages.removeValue(forKey: language) ?? [:]
        entries.reserveCapacity(entries.count + translations.underestimatedCount)
        // Merged, the earlier translation kept: each key hashed once, where asking whether the
        // key is there and then storing it hashed every key twice.
        // Plain translations of one file share their details (its name): one for the lot.
        entries.merge(SharingDetails(base: translations.makeIterator()), uniquingKeysWith: { earlier, _ in earlier })
        if !entries.isEmpty { languages[language] = entries }
        if !languages.isEmpty { storage[table] = languages }
    }

    /// The languages found (Base excluded), development language included, sorted.
    public var languages: [String] {
        var set = Set(storage.values.flatMap { $0.keys })
        set.remove("Base")
        set.insert(developmentLanguage)
        return set.sorted()
    }

    /// The note for translators a documentation language (`qqq`) gives the key, if any.
    public func note(key: String, table: String) -> String? {
        notes[table]?[key]
    }

    /// Whether `language` holds notes for translators rather than translations.
    public func isDocumentation(_ language: String) -> Bool {
        documentationLanguages.contains(normalizedLanguage(language))
    }

    /// The table names, sorted.
    public var tables: [String] { storage.keys.sorted() }

    /// The keys of a table in any language, sorted.
    public func keys(table: String) -> [String] {
        Set((storage[table] ?? [:]).values.flatMap { $0.keys }).sorted()
    }

    /// The languages that have the table, sorted (Base included when present).
    public func languages(table: String) -> [String] { (storage[table] ?? [:]).keys.sorted() }

    /// The translation written for exactly this language, without fallback.
    public func translation(key: String, table: String, language: String) -> Translation? {
        storage[table]?[normalizedLanguage(language)]?[key]
    }

    /// How many keys the table has in the language (its notes, for a documentation language, not counted).
    func count(table: String, language: String) -> Int {
        storage[table]?[normalizedLanguage(language)]?.count ?? 0
    }

    /// Every key and translation of a table in a language.
    public func entries(table: String, language: String) -> [String: Translation] {
        storage[table]?[normalizedLanguage(language)] ?? [:]
    }
}

/// Translations by key, each plain one given the details of the plain one before it when they
/// are of the same file (``Translation/shareDetails(_:)``). The shared details are the iterator's
/// own, not a variable a closure captures (which every access would check at run time).
private struct SharingDetails<Base: IteratorProtocol<Translation>>: IteratorProtocol, Sequence {
    var base: Base
    var shared: TranslationDetails?

    init(base: Base) { self.base = base }

    mutating func next() -> (String, Translation)? {
        guard var translation = base.next() else { return nil }
        translation.shareDetails(&shared)
        return (translation.key, translation)
    }
}

/// A key written twice in one file: the later value wins.
public struct DuplicateKey: Hashable, Sendable {
    public var key: String
    public var table: String
    public var language: String
    public var location: SourceLocation
}

/// A file read into `Translations`.
public struct LoadedFile: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable { case strings, stringsdict, xcstrings, xliff }
    public var path: String
    public var kind: Kind
}

/// `pt_BR` → `pt-BR`; the legacy English-name folders (`English.lproj`) → codes. Every look-up
/// of every run asks: a tag that needs neither is handed back as it is.
func normalizedLanguage(_ language: String) -> String {
    if let code = legacyLanguageFolders[language] { return code }
    return language.replacingUnderscores()
}

/// The legacy English-name folders (`English.lproj`) and their codes.
private let legacyLanguageFolders = ["English": "en", "French": "fr", "German": "de", "Japanese": "ja", "Spanish": "es",
                                     "Italian": "it", "Dutch": "nl"]

extension String {
    func replacingUnderscores() -> String {
        utf8.contains(UInt8(ascii: "_")) ? String(map { $0 == "_" ? "-" : $0 }) : self
    }
}

/// `zh-Hans-CN` → [`zh-Hans-CN`, `zh-Hans`, `zh`].
func languageChain(_ language: String) -> [String] {
    var parts = language.split(separator: "-").map(String.init)
    var chain: [String] = []
    while !parts.isEmpty {
        chain.append(parts.joined(separator: "-"))
        parts.removeLast()
    }
    return chain
}

/// Whether a string looks like a language identifier (`he`, `pt-BR`, `zh-Hans`).
func looksLikeLanguage(_ text: String) -> Bool {
    let parts = text.replacingUnderscores().split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
        return false
    }
    return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
}

/// The languages written right to left (by their script), and `x-pseudo-rtl`.
public func isRightToLeft(language: String) -> Bool {
    TextDirection(language: language.replacingUnderscores()).isRightToLeft
}
