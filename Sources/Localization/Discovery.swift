import Foundation

extension Translations {
    /// Finds and reads every table below the folders: `*.lproj/*.strings` and
    /// `*.stringsdict` (with `Base.lproj`), String Catalogs (`*.xcstrings`), and
    /// XLIFF files (alone or in `.xcloc` bundles). A folder may also be a single
    /// file. Nothing stops at a bad file: it is recorded in `problems` and the
    /// rest is read.
    ///
    /// Where two sources give the same key in the same table and language, the
    /// first in this order wins: `.stringsdict` (as NSBundle prefers it),
    /// `.strings`, `.xcstrings`, XLIFF; within a kind, paths in sorted order.
    public init(folders: [String], developmentLanguage: String? = nil,
                documentationLanguages: Set<String> = Translations.defaultDocumentationLanguages) {
        self.init(developmentLanguage: developmentLanguage ?? "en", documentationLanguages: documentationLanguages)
        var found: [LoadedFile.Kind: [String]] = [:]
        var xclocContents: [String] = []
        var named = Set<String>()
        for folder in folders {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
                problems.append(LocalizationError("no such file or folder", at: SourceLocation(file: folder, line: 1, column: 1)))
                continue
            }
            // A folder named as a translation file is no translation: the reading below says so.
            let isFile = !isDirectory.boolValue || LoadedFile.Kind(rawValue: (folder as NSString).pathExtension) != nil
            if isFile { named.insert(folder) }
            let paths = isFile ? [folder] : Self.files(below: folder)
            for path in paths {
                let name = (path as NSString).lastPathComponent
                if name == "contents.json", path.contains(".xcloc/") {
                    xclocContents.append(path)
                } else if let kind = LoadedFile.Kind(rawValue: (name as NSString).pathExtension) {
                    found[kind, default: []].append(path)
                }
            }
        }

        var catalogs: [StringCatalogFile] = []
        for path in found[.xcstrings, default: []].sorted() {
            do { catalogs.append(try StringCatalogFile(path: Self.readable(path, kind: .xcstrings))) } catch { record(error, path: path) }
        }
        var xliffs: [(String, XLIFFDocument)] = []
        for path in found[.xliff, default: []].sorted() {
            do { xliffs.append((path, try XLIFFDocument(path: Self.readable(path, kind: .xliff)))) } catch { record(error, path: path) }
        }
        // .xcloc bundle → (development region, target locale) from its contents.json.
        var xclocs: [String: (development: String?, target: String?)] = [:]
        for path in xclocContents.sorted() {
            do {
                let root = try JSONReader.parse(bytes: try TextDecoding.readRaw(path: Self.readable(path, kind: nil)), file: path)
                xclocs[(path as NSString).deletingLastPathComponent] =
                    (try root.member("developmentRegion")?.string(), try root.member("targetLocale")?.string())
            } catch {
                record(error, path: path)
            }
        }
        if developmentLanguage == nil {
            let candidates = catalogs.map(\.sourceLanguage)
                + xclocs.keys.sorted().compactMap { xclocs[$0]?.development }
                + xliffs.compactMap { $0.1.files.first?.sourceLanguage }
            if let first = candidates.first { self.developmentLanguage = normalizedLanguage(first) }
        }

        for kind in [LoadedFile.Kind.stringsdict, .strings] {
            for path in found[kind, default: []].sorted() {
                guard let (table, language) = Self.lprojTable(path) else {
                    // Found in a folder, it is not a table; named on its own, it is one whose language is unknown.
                    if named.contains(path) {
                        problems.append(LocalizationError("not inside a <language>.lproj folder: its language is unknown",
                                                          at: SourceLocation(file: path, line: 1, column: 1)))
                    }
                    continue
                }
                do {
                    if kind == .stringsdict {
                        add(try StringsdictFile(path: Self.readable(path, kind: kind)), table: table, language: language)
                    } else {
                        add(try StringsFile(path: Self.readable(path, kind: kind)), table: table, language: language)
                    }
                } catch {
                    record(error, path: path)
                }
            }
        }
        for catalog in catalogs { add(catalog) }
        for (path, document) in xliffs {
            add(document, targetLanguage: Self.xclocBundle(of: path).flatMap { xclocs[$0]?.target } ?? Self.languageFromPath(path))
        }
        problems += limitProblems()
    }

    /// `path` when it is a regular file (or a link to one) within `TranslationLimits.fileSize`;
    /// else an error naming it: a folder where a file is expected, a FIFO or device (reading
    /// one would wait forever), a file too large.
    static func readable(_ path: String, kind: LoadedFile.Kind?) throws -> String {
        try InputFile.checked(path, expected: kind.map { "a .\($0.rawValue) file" } ?? "a file",
                              kind: "a translation file", limit: TranslationLimits.fileSize)
    }

    /// The translations that cost more than `TranslationLimits` allows, or whose format is never
    /// valid (`%n`, `%0$@`): each named with its key, language and specifier, at the translation.
    func limitProblems() -> [LocalizationError] {
        var result: [LocalizationError] = []
        for table in tables {
            for language in languages(table: table) {
                // Nearly every table has none: looked for in any order first (no message made, no
                // dictionary of the language's translations), the keys sorted only to report them.
                var failing: [Translation] = []
                forEachTranslation(table: table, language: language) { translation in
                    if !Self.limitProblems(of: translation, subject: { "" }).isEmpty { failing.append(translation) }
                }
                for translation in failing.sorted(by: { $0.key < $1.key }) {
                    result += Self.limitProblems(of: translation,
                                                 subject: { "\"\(translation.key)\" (\(language), table \(table))" })
                }
            }
        }
        return result.sorted { $0.location < $1.location }
    }

    /// A translation's texts past babelfit's length limit or with a refused format, each an
    /// error that names `subject()`.
    private static func limitProblems(of translation: Translation, subject: () -> String) -> [LocalizationError] {
        var messages: [String] = []
        // Visited, not gathered: no array of texts made for any translation.
        translation.forEachText { text in limitProblems(of: text, subject: subject, into: &messages) }
        return messages.map { LocalizationError($0, at: translation.location) }
    }

    /// One text's problems for ``limitProblems(of:subject:)``, in words, appended to `messages`.
    private static func limitProblems(of text: String, subject: () -> String, into messages: inout [String]) {
        // A text's length in UTF-16 is at most its length in UTF-8, which a string knows.
        if text.utf8.count > TranslationLimits.textLength, text.utf16.count > TranslationLimits.textLength {
            messages.append(
                "the text of \(subject()) is \(text.utf16.count) characters long, past babelfit's limit of \(TranslationLimits.textLength)")
            return
        }
        for problem in FormatToken.problems(text) where problem.kind == .refused {
            messages.append("\(subject()) has \(problem.specifier): \(problem.message)")
        }
    }

    private mutating func record(_ error: Error, path: String) {
        if let error = error as? LocalizationError {
            problems.append(error)
        } else {
            problems.append(LocalizationError(String(describing: error), at: SourceLocation(file: path, line: 1, column: 1)))
        }
    }

    /// Adds a `.strings` file of a table in a language; the last of repeated keys wins.
    public mutating func add(_ file: StringsFile, table: String, language: String) {
        files.append(LoadedFile(path: file.path, kind: .strings))
        let before = count(table: table, language: language)
        // The entries without a comment share one record of the file's name (no copy made for each).
        let plain = TranslationDetails(file: file.path, comment: nil, substitutions: [:], extractionState: nil, wide: nil)
        add(contentsOf: file.entries.reversed().lazy.map {
            Translation(key: $0.key, message: .text($0.value), comment: $0.comment, location: $0.location, plain: plain)
        }, table: table, language: language)
        // A file whose every entry was added has no key twice: its duplicates are looked for
        // (a second dictionary of every key) only when some entry was not.
        guard count(table: table, language: language) - before != file.entries.count else { return }
        duplicates += file.duplicates.map {
            DuplicateKey(key: $0.entry.key, table: table, language: language, location: $0.entry.location)
        }
    }

    /// Adds a `.stringsdict` file of a table in a language.
    public mutating func add(_ file: StringsdictFile, table: String, language: String) {
        files.append(LoadedFile(path: file.path, kind: .stringsdict))
        add(contentsOf: file.translations.reversed(), table: table, language: language)
        duplicates += file.duplicateKeys.map { DuplicateKey(key: $0.key, table: table, language: language, location: $0.location) }
    }

    /// Adds a String Catalog: its table is its file name. A key without a
    /// translation in the source language shows the key itself there, as Xcode does.
    public mutating func add(_ catalog: StringCatalogFile) {
        files.append(LoadedFile(path: catalog.path, kind: .xcstrings))
        let table = catalog.tableName
        for entry in catalog.entries.reversed() {
            for language in entry.localizations.keys.sorted() {
                add(entry.localizations[language]!, table: table, language: language)
            }
            if entry.localizations[catalog.sourceLanguage] == nil {
                add(Translation(key: entry.key, message: .text(entry.key), comment: entry.comment,
                                shouldTranslate: entry.shouldTranslate, extractionState: entry.extractionState,
                                location: entry.location),
                    table: table, language: catalog.sourceLanguage)
            }
        }
        duplicates += catalog.duplicateKeys.map {
            DuplicateKey(key: $0.key, table: table, language: catalog.sourceLanguage, location: $0.location)
        }
    }

    /// Adds an XLIFF document: each `<file>`'s sources in its source language and
    /// its targets in its target language, else in `targetLanguage`.
    public mutating func add(_ document: XLIFFDocument, targetLanguage: String? = nil) {
        files.append(LoadedFile(path: document.path, kind: .xliff))
        for file in document.files {
            for translation in file.translations(target: false) {
                add(translation, table: file.tableName, language: file.sourceLanguage)
            }
            let target = file.targetLanguage ?? targetLanguage
            if let target, normalizedLanguage(target) != normalizedLanguage(file.sourceLanguage) {
                for translation in file.translations(target: true) {
                    add(translation, table: file.tableName, language: target)
                }
            }
        }
    }

    /// Every file below a folder, sorted, skipping hidden files and folders.
    static func files(below folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var result: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            let path = (folder as NSString).appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                if !isDirectory.boolValue {
                    result.append(path)
                } else if LoadedFile.Kind(rawValue: (name as NSString).pathExtension) != nil {
                    // A folder named Localizable.strings: reading it says it is no file.
                    result.append(path)
                    enumerator.skipDescendants()
                }
            }
        }
        return result.sorted()
    }

    /// `…/pt-BR.lproj/Main.strings` → (`Main`, `pt-BR`); nil outside an `.lproj`.
    static func lprojTable(_ path: String) -> (table: String, language: String)? {
        let folder = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
        guard folder.hasSuffix(".lproj") else { return nil }
        return (tableNameOf(path), normalizedLanguage(String(folder.dropLast(6))))
    }

    static func xclocBundle(of path: String) -> String? {
        guard let range = path.range(of: ".xcloc/") else { return nil }
        return String(path[..<range.lowerBound]) + ".xcloc"
    }

    /// A language named by the file (`he.xliff`) or its folder (`he/app.xliff`).
    static func languageFromPath(_ path: String) -> String? {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if looksLikeLanguage(name) { return name }
        let folder = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
        return looksLikeLanguage(folder) ? folder : nil
    }
}
