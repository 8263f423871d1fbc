import Foundation
import Localization
import XCTest

final class LookupTests: XCTestCase {
    private var app: Translations { Translations(folders: [Paths.fixture("App")]) }

    func testDiscoveryFindsLanguagesTablesAndDevelopmentLanguage() {
        let translations = app
        XCTAssertEqual(translations.problems, [])
        XCTAssertEqual(translations.developmentLanguage, "en")
        XCTAssertEqual(translations.languages, ["ar", "de", "en", "pt", "pt-BR"])
        XCTAssertEqual(translations.tables, ["Localizable", "Main"])
        XCTAssertEqual(translations.files.count, 7)
        XCTAssertEqual(Translations(folders: [Paths.fixture("App")], developmentLanguage: "de").developmentLanguage, "de")

        let single = Translations(folders: [Paths.fixture("App/de.lproj/Main.strings")])
        XCTAssertEqual(single.problems, [])
        XCTAssertEqual(single.lookup(key: "abc-12-xyz.text", table: "Main", language: "de").text, "Anmelden")
        let missing = Translations(folders: [Paths.fixture("App/nowhere")])
        XCTAssertEqual(missing.problems.map(\.message), ["no such file or folder"])

        let loose = NSTemporaryDirectory() + "babelfit-loose-\(getpid()).strings"
        FileManager.default.createFile(atPath: loose, contents: Data("\"a\" = \"b\";".utf8))
        defer { try? FileManager.default.removeItem(atPath: loose) }
        XCTAssertEqual(Translations(folders: [loose]).problems.map(\.message),
                       ["not inside a <language>.lproj folder: its language is unknown"])
    }

    func testFallbackFollowsNSBundleAndRecordsEveryStep() {
        let translations = app
        let exact = translations.lookup(key: "greeting", language: "pt-BR")
        XCTAssertEqual(exact.text, "Oi")
        XCTAssertEqual(exact.fallbacks, [])
        XCTAssertFalse(exact.isFallback)

        let language = translations.lookup(key: "Value: %@", language: "pt-BR")
        XCTAssertEqual(language.text, "Valor: %@")
        XCTAssertEqual(language.foundIn, "pt")
        XCTAssertEqual(language.fallbacks, ["pt-BR"])

        let development = translations.lookup(key: "only.en", language: "pt-BR")
        XCTAssertEqual(development.foundIn, "en")
        XCTAssertEqual(development.fallbacks, ["pt-BR", "pt"])

        let base = translations.lookup(key: "base.only", language: "de")
        XCTAssertEqual(base.foundIn, "Base")
        XCTAssertEqual(base.text, "From Base")

        let defaulted = translations.lookup(key: "missing", language: "pt-BR", default: "Fallback text")
        XCTAssertTrue(defaulted.isMissing)
        XCTAssertTrue(defaulted.usedDefault)
        XCTAssertEqual(defaulted.text, "Fallback text")
        XCTAssertEqual(defaulted.fallbacks, ["pt-BR", "pt", "en", "Base"])

        let key = translations.lookup(key: "missing", language: "de")
        XCTAssertFalse(key.usedDefault)
        XCTAssertEqual(key.text, "missing")
    }

    func testScriptAndRegionChainsAndLegacyFolderNames() {
        var translations = Translations(developmentLanguage: "en-GB")
        let location = SourceLocation(file: "f", line: 1, column: 1)
        translations.add(Translation(key: "k", message: .text("汉"), location: location), table: "T", language: "zh-Hans")
        translations.add(Translation(key: "k", message: .text("Colour"), location: location), table: "T", language: "en")
        translations.add(Translation(key: "b", message: .text("Brasil"), location: location), table: "T", language: "pt_BR")
        translations.add(Translation(key: "e", message: .text("Old"), location: location), table: "T", language: "English")
        XCTAssertEqual(translations.fallbackChain(for: "zh-Hans-CN"), ["zh-Hans-CN", "zh-Hans", "zh", "en-GB", "en", "Base"])
        let chinese = translations.lookup(key: "k", table: "T", language: "zh-Hans-CN")
        XCTAssertEqual(chinese.text, "汉")
        XCTAssertEqual(chinese.fallbacks, ["zh-Hans-CN"])
        let french = translations.lookup(key: "k", table: "T", language: "fr-CA")
        XCTAssertEqual(french.foundIn, "en")
        XCTAssertEqual(french.fallbacks, ["fr-CA", "fr", "en-GB"])
        XCTAssertEqual(translations.lookup(key: "b", table: "T", language: "pt-BR").foundIn, "pt-BR")
        XCTAssertEqual(translations.translation(key: "e", table: "T", language: "en")?.message, .text("Old"))
        XCTAssertEqual(translations.languages, ["en", "en-GB", "pt-BR", "zh-Hans"])
    }

    func testBracketAndInterfaceBuilderKeys() {
        let translations = app
        XCTAssertEqual(LocalizableText(string: "[Name]"), .key("Name", default: "Name"))
        XCTAssertEqual(LocalizableText(string: "Name"), .plain("Name"))
        XCTAssertEqual(translations.resolve(LocalizableText(string: "[Name]"), language: "de").text, "Name")
        XCTAssertEqual(translations.resolve(LocalizableText(string: "[Nickname]"), language: "de").text, "Nickname")
        XCTAssertEqual(translations.resolve(LocalizableText(string: "Not a key"), language: "de").text, "Not a key")
        let ib = translations.lookup(key: "abc-12-xyz.text", table: "Main", language: "de")
        XCTAssertEqual(ib.text, "Anmelden")
        XCTAssertEqual(ib.translation?.comment, "Class = \"UILabel\"; text = \"Sign in\"; ObjectID = \"abc-12-xyz\";")
        XCTAssertTrue(translations.lookup(key: "abc-12-xyz.text", table: "Main", language: "ar").isMissing)
    }

    func testResolveFormatsArgumentsForTheLanguageAsked() {
        let translations = app
        let value = LocalizableText.key("Value: %@", arguments: [.number(1234.5, style: .decimal, currency: nil)])
        XCTAssertEqual(translations.resolve(value, language: "pt-BR").text, "Valor: 1.234,5")
        XCTAssertEqual(translations.resolve(value, language: "en").text, "Value: 1,234.5")
        XCTAssertEqual(translations.resolve(value, language: "de").text, "Value: 1.234,5")
    }

    /// Each pseudolanguage is found by its identifier, and nothing else names one.
    func testPseudolanguageIdentifiers() {
        for pseudolanguage in Pseudolanguage.allCases {
            XCTAssertEqual(Pseudolanguage(language: pseudolanguage.rawValue), pseudolanguage)
        }
        for other in ["", "x", "x-", "en", "x-pseudo", "x-pseudo-doubled", "X-PSEUDO-DOUBLE", "xx-pseudo-double", "zh-Hans"] {
            XCTAssertNil(Pseudolanguage(language: other), other)
        }
    }

    func testPseudolanguages() {
        let translations = app
        func text(_ key: String, _ language: String, _ arguments: [FormatArgument] = [],
                  _ options: ResolveOptions = ResolveOptions()) -> String {
            translations.resolve(.key(key, arguments: arguments), language: language, options: options).text
        }
        XCTAssertEqual(text("greeting", "x-pseudo-double"), "Hello Hello")
        XCTAssertEqual(text("Value: %@", "x-pseudo-double", [.string("7")]), "Value: 7 Value: 7")
        XCTAssertEqual(text("greeting", "x-pseudo-accented"), "Ĥéļļö")
        XCTAssertEqual(text("Value: %@", "x-pseudo-accented", [.string("abc")]), "Ṽáļüé: abc")
        XCTAssertEqual(text("greeting", "x-pseudo-bounded"), "[# Hello #]")
        XCTAssertEqual(text("greeting", "x-pseudo-rtl"), "Hello")
        XCTAssertTrue(isRightToLeft(language: "x-pseudo-rtl"))
        XCTAssertTrue(isRightToLeft(language: "ar"))
        XCTAssertTrue(isRightToLeft(language: "he"))
        XCTAssertFalse(isRightToLeft(language: "pt-BR"))
        XCTAssertEqual(text("missing", "x-pseudo-bounded"), "[# missing #]")

        // Longest: by characters without a measure ("Hallo", "Hello" and "مرحبا" tie at five; the first language wins),
        // by the measure when there is one.
        XCTAssertEqual(text("greeting", "x-pseudo-longest"), "مرحبا")
        let latinWide = ResolveOptions(measure: { $0.unicodeScalars.reduce(0) { $0 + ($1.value < 0x80 ? 10 : 4) } })
        let longest = translations.resolve(.key("greeting"), language: "x-pseudo-longest", options: latinWide)
        XCTAssertEqual(longest.text, "Hallo")
        XCTAssertEqual(longest.lookup?.foundIn, "de")
        XCTAssertEqual(longest.lookup?.language, "x-pseudo-longest")
    }
}
