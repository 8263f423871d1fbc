import Foundation
import Localization
import XCTest

/// Lint given the sources (unused-key, undefined-key) and untranslated text.
final class KeyUseLintTests: XCTestCase {
    private func folder(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let path = Paths.fixture("SourceLint")
        guard FileManager.default.fileExists(atPath: path + "/Sources/App.swift") else {
            XCTFail("the fixture \(path) is missing", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        return path
    }

    private func swiftKeys(_ folder: String) -> SourceKeys {
        var keys = SourceKeys()
        for path in SourceKeys.files(below: folder) where path.hasSuffix(".swift") { keys.addSwiftFile(path: path) }
        return keys
    }

    private func summary(_ findings: [LintFinding], in folder: String) -> [String] {
        findings.map {
            "\($0.file.dropFirst(folder.count + 1)):\($0.line):\($0.column) \($0.severity.rawValue) \($0.kind.rawValue) "
                + "\($0.table ?? "-") \($0.language ?? "-") \($0.key ?? "-")"
        }
    }

    func testFindsUnusedUndefinedAndUntranslatedKeysEachOnce() throws {
        let folder = try folder()
        let keys = swiftKeys(folder)
        XCTAssertEqual(keys.uses.count, 9)
        XCTAssertEqual(keys.warnings.map(\.location.line), [17], "the key extraction cannot see")
        let findings = Translations(folders: [folder]).lint(sources: keys)
        XCTAssertEqual(summary(findings, in: folder), [
            "Catalog.xcstrings:15:16 warning stale Catalog - catalog.stale",
            "Sources/App.swift:12:31 error undefined-key Localizable - missing.key",
            "Sources/App.swift:16:31 error undefined-key Other - title",
            "de.lproj/Localizable.strings:2:1 warning untranslated Localizable de OK",
            "de.lproj/Localizable.strings:5:1 warning untranslated Localizable de email",
            "en.lproj/Localizable.strings:4:1 warning unused-key Localizable - unused.key",
        ])
        XCTAssertEqual(findings.filter { $0.kind == .undefinedKey }.map(\.message), [
            "\"missing.key\" is used here (and 1 other place) but table Localizable of the development language (en) lacks it",
            "\"title\" is used here but table Other of the development language (en) lacks it",
        ])
        XCTAssertEqual(findings.first { $0.kind == .unusedKey }?.message, "\"unused.key\" (table Localizable) is used by no source or layout")
        XCTAssertEqual(findings.first { $0.kind == .untranslated }?.message,
                       "the de translation of \"OK\" is the development language's text (\"OK\")")
    }

    func testAllowedTextsAndKeysMayStayUntranslated() throws {
        let folder = try folder()
        let translations = Translations(folders: [folder])
        // "OK" is allowed as a text, "email" as a key.
        XCTAssertEqual(translations.lint(only: [.untranslated], allowUntranslated: ["OK", "email"]), [])
        XCTAssertEqual(translations.lint(only: [.untranslated], allowUntranslated: ["Email"]).map(\.key), ["OK"])
        XCTAssertEqual(translations.lint(only: [.untranslated]).map(\.key), ["OK", "email"])
    }

    func testWithoutSourcesNoKeyIsUnusedOrUndefined() throws {
        let findings = Translations(folders: [try folder()]).lint()
        XCTAssertEqual(Set(findings.map(\.kind)), [.stale, .untranslated])
    }

    func testOnlyFiltersTheNewKinds() throws {
        let folder = try folder()
        let findings = Translations(folders: [folder]).lint(only: [.unusedKey], sources: swiftKeys(folder))
        XCTAssertEqual(findings.map(\.key), ["unused.key"])
        XCTAssertEqual(findings.map(\.severity), [.warning])
    }

    func testASourceThatCannotBeReadIsUnreadable() throws {
        var keys = SourceKeys()
        keys.addSwiftFile(path: "/nonexistent/App.swift")
        XCTAssertEqual(keys.problems.count, 1)
        let findings = Translations(folders: [try folder()]).lint(only: [.unreadable], sources: keys)
        XCTAssertEqual(findings.map(\.file), ["/nonexistent/App.swift"])
        XCTAssertEqual(findings.map(\.severity), [.error])
    }

    /// What is not untranslated: numbers and placeholders alone, keys not to translate, a
    /// variant of the development language, a translation marked new (reported as such), a
    /// plural whose forms are all the development language's is.
    func testWhatIsNotUntranslated() {
        var translations = Translations(developmentLanguage: "en")
        func add(_ key: String, _ message: Message, _ language: String, state: TranslationState? = nil, shouldTranslate: Bool = true,
                 line: Int) {
            translations.add(Translation(key: key, message: message, state: state, shouldTranslate: shouldTranslate,
                                         location: SourceLocation(file: "\(language).strings", line: line, column: 1)),
                             table: "Localizable", language: language)
        }
        let plural = Message.plural([.one: .text("%d file"), .other: .text("%d files")])
        for (line, language) in ["en", "fr", "en-GB"].enumerated() {
            add("number", .text("%d / %@ – 100%%"), language, line: line * 10 + 1)
            add("brand", .text("Babelfit"), language, shouldTranslate: language != "en", line: line * 10 + 2)
            add("title", .text("Title"), language, line: line * 10 + 3)
            add("new", .text("New"), language, state: language == "en" ? nil : .new, line: line * 10 + 4)
            add("files", plural, language, line: line * 10 + 5)
        }
        let findings = translations.lint(only: [.untranslated])
        XCTAssertEqual(findings.map { "\($0.file):\($0.line) \($0.key ?? "-")" }, ["fr.strings:13 title", "fr.strings:15 files"])
        XCTAssertEqual(translations.lint(only: [.stateNew]).map(\.language), ["en-GB", "fr"])
    }

    /// Interface Builder's tables in the development language (the corpus has lockwise's, with
    /// their ObjectID comments) are used by their storyboards: never unused, even when no
    /// source is given.
    func testInterfaceBuilderKeysOfARealAppAreNotUnused() throws {
        let folder = try Paths.corpus("ib/mozilla-lockwise__lockwise-ios/lockbox-ios/Storyboard")
        let translations = Translations(folders: [folder])
        XCTAssertFalse(translations.entries(table: "Welcome", language: "en").isEmpty)
        XCTAssertEqual(translations.lint(only: [.unusedKey, .undefinedKey], sources: SourceKeys()), [])
    }

    /// A real app's table and nothing that uses it: every key is unused, each once, at its line.
    func testEveryKeyOfARealTableIsUnusedWhenNoSourceUsesIt() throws {
        let path = try Paths.corpus("strings/Automattic__simplenote-ios/Simplenote")
        let translations = Translations(folders: [path])
        let findings = translations.lint(only: [.unusedKey], sources: SourceKeys())
        let keys = translations.entries(table: "Localizable", language: "en")
        XCTAssertEqual(findings.count, keys.count)
        XCTAssertEqual(Set(findings.compactMap(\.key)), Set(keys.keys))
        XCTAssertTrue(findings.allSatisfy { $0.file.hasSuffix("en.lproj/Localizable.strings") && $0.line == keys[$0.key!]?.location.line })
    }
}
