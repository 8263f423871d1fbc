import Support
/// Every translation of an app: tables by name, languages by identifier, keys.
/// Built from folders by `init(folders:developmentLanguage:)` (see Discovery.swift),
/// or entry by entry with `add(_:table:language:)`.
public struct Translations: Sendable {
    /// The language the app is written in: given, else a catalog's
    /// `sourceLanguage`, else an `.xcloc`'s development region, else an XLIFF's
    /// source language, else `en`.
    public var developmentLanguage: String
    /// Table name → the table's keys and each language's translations of them. `Base` is kept
    /// as a language of its own (Base.lproj) and consulted after the development language.
    private var storage: [String: TranslationTable] = [:]
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
        var stored = storage.removeValue(forKey: table) ?? TranslationTable()
        stored.add(contentsOf: translations, language: language)
        if !stored.languages.isEmpty { storage[table] = stored }
    }

    /// The languages found (Base excluded), development language included, sorted.
    public var languages: [String] {
        var set = Set(storage.values.flatMap { $0.languages.keys })
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
        (storage[table]?.positions.keys).map { $0.sorted() } ?? []
    }

    /// The languages that have the table, sorted (Base included when present).
    public func languages(table: String) -> [String] { (storage[table]?.languages.keys).map { $0.sorted() } ?? [] }

    /// The translation written for exactly this language, without fallback.
    public func translation(key: String, table: String, language: String) -> Translation? {
        storage[table]?.translation(key: key, language: normalizedLanguage(language))
    }

    /// How many keys the table has in the language (its notes, for a documentation language, not counted).
    func count(table: String, language: String) -> Int {
        storage[table]?.languages[normalizedLanguage(language)]?.count ?? 0
    }

    /// Every key and translation of a table in a language.
    public func entries(table: String, language: String) -> [String: Translation] {
        var entries: [String: Translation] = [:]
        forEachTranslation(table: table, language: language) { entries[$0.key] = $0 }
        return entries
    }

    /// Calls `body` with every translation of a table in a language, in no particular order:
    /// ``entries(table:language:)`` without a dictionary made of them.
    func forEachTranslation(table: String, language: String, _ body: (Translation) throws -> Void) rethrows {
        try storage[table]?.forEachTranslation(language: normalizedLanguage(language), body)
    }
}

/// One table's translations. A dictionary of key → translation for each language held every key
/// once in every language, in storage sized for the dictionary's load (64 bytes a bucket, 60 MB
/// for the 558,000 translations of a 2,000-layout project in 12 languages): here each key has one
/// position, given by the first language read that has it, and each language an array of its
/// translations at their keys' positions without their keys (32 bytes each, nil where the
/// language lacks the key; ``Translation/Entry``), so that a key is hashed once a look-up, as
/// before, and stored once a table.
private struct TranslationTable: Sendable {
    /// Each key's position in every language's translations.
    var positions: [String: Int] = [:]
    /// The key at each position, as the language that gave it its position spells it.
    var keys: [String] = []
    /// Language → its translations. A language is here when it has at least one.
    var languages: [String: LanguageTranslations] = [:]

    /// The translation of `key` in `language` (normalized), if the language has one.
    func translation(key: String, language: String) -> Translation? {
        guard let position = positions[key] else { return nil }
        return languages[language]?.translation(at: position, keys: keys)
    }

    /// Adds a language's translations, the first of each key kept (that already there, else the
    /// first in order). Plain translations of one file share their details (its name): one for
    /// the lot. A key already known is stored once: each language's file parses its own copy of
    /// every key; a language that spells a known key with other bytes (canonically equivalent,
    /// so the same key to a look-up) keeps its spelling beside its translations.
    mutating func add(contentsOf translations: some Sequence<Translation>, language: String) {
        var entries = languages.removeValue(forKey: language) ?? LanguageTranslations()
        // Sized for a language with the keys already known, or for one with as many new keys as
        // it has translations, whichever is more: reserving the known keys plus the translations
        // for each later language would double every table's storage. Grown at least twofold
        // when it grows at all, for a String Catalog adds its translations one at a time.
        let expected = translations.underestimatedCount
        positions.reserveCapacity(max(positions.count, expected))
        let wanted = max(positions.count, entries.entries.count + expected)
        if wanted > entries.entries.capacity {
            entries.entries.reserveCapacity(max(wanted, 2 * entries.entries.capacity))
        }
        var shared: TranslationDetails?
        for var translation in translations {
            translation.shareDetails(&shared)
            let position: Int
            var spelling: String?
            if let at = positions[translation.key] {
                position = at
                // The same bytes only: a key canonically equivalent but spelt otherwise keeps its own.
                if !keys[at].utf8.elementsEqual(translation.key.utf8) { spelling = translation.key }
            } else {
                position = positions.count
                positions[translation.key] = position
                keys.append(translation.key)
            }
            entries.add(translation.entry, spelling: spelling, at: position)
        }
        if entries.count > 0 { languages[language] = entries }
    }

    /// Calls `body` with every translation of `language` (normalized), in no particular order.
    func forEachTranslation(language: String, _ body: (Translation) throws -> Void) rethrows {
        guard let stored = languages[language] else { return }
        for position in stored.entries.indices {
            if let translation = stored.translation(at: position, keys: keys) { try body(translation) }
        }
    }
}

/// A language's translations of a table, at their keys' positions.
private struct LanguageTranslations: Sendable {
    /// The translation of the key at each position, nil where the language lacks it; none past
    /// the last key the language has.
    var entries: [Translation.Entry?] = []
    /// The keys this language spells with other bytes than the table (by position): rare.
    var spellings: [Int: String] = [:]
    /// How many translations are not nil.
    var count = 0

    /// The translation at a key's position, if the language has one, with the language's
    /// spelling of the key (the table's `keys` unless it spells it otherwise).
    func translation(at position: Int, keys: [String]) -> Translation? {
        guard position < entries.count, let entry = entries[position] else { return nil }
        return Translation(key: spellings.isEmpty ? keys[position] : spellings[position] ?? keys[position], entry: entry)
    }

    /// Puts `entry` at `position` unless the language already has one there.
    mutating func add(_ entry: Translation.Entry, spelling: String?, at position: Int) {
        if position < entries.count {
            guard entries[position] == nil else { return }
            entries[position] = entry
        } else {
            if position > entries.count {
                entries.append(contentsOf: repeatElement(nil, count: position - entries.count))
            }
            entries.append(entry)
        }
        if let spelling { spellings[position] = spelling }
        count += 1
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
