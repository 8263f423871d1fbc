import Foundation
import Localization
import XCTest

/// .stringsdict, String Catalogs and XLIFF, each with a malformed example.
final class StructuredFormatTests: XCTestCase {
    private func failure(_ read: () throws -> Void) -> LocalizationError? {
        do {
            try read()
            return nil
        } catch {
            return error as? LocalizationError
        }
    }

    // MARK: .stringsdict

    static let stringsdict = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
        <key>files.count</key>
        <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%#@files@ in %@</string>
            <key>files</key>
            <dict>
                <key>NSStringFormatSpecTypeKey</key>
                <string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key>
                <string>ld</string>
                <key>one</key>
                <string>one file</string>
                <key>few</key>
                <string>%ld files (few)</string>
                <key>other</key>
                <string>%ld files</string>
            </dict>
        </dict>
        <key>welcome</key>
        <dict>
            <key>NSStringVariableWidthRuleType</key>
            <dict>
                <key>1</key>
                <string>Hi</string>
                <key>20</key>
                <string>Welcome</string>
                <key>50</key>
                <string>Welcome to the app</string>
            </dict>
        </dict>
        <key>tap</key>
        <dict>
            <key>NSStringDeviceSpecificRuleType</key>
            <dict>
                <key>iphone</key>
                <string>Tap &amp; hold</string>
                <key>mac</key>
                <string>Click</string>
                <key>ipad</key>
                <dict>
                    <key>NSStringLocalizedFormatKey</key>
                    <string>Tap %#@fingers@</string>
                    <key>fingers</key>
                    <dict>
                        <key>NSStringFormatSpecTypeKey</key>
                        <string>NSStringPluralRuleType</string>
                        <key>NSStringFormatValueTypeKey</key>
                        <string>d</string>
                        <key>one</key>
                        <string>with one finger</string>
                        <key>other</key>
                        <string>with %d fingers</string>
                    </dict>
                </dict>
            </dict>
        </dict>
    </dict>
    </plist>
    """

    func testStringsdictPluralWidthAndDeviceRules() throws {
        let file = try StringsdictFile(bytes: Array(Self.stringsdict.utf8), path: "Localizable.stringsdict")
        XCTAssertEqual(file.translations.map(\.key), ["files.count", "welcome", "tap"])
        XCTAssertEqual(file.translations[0].location, SourceLocation(file: "Localizable.stringsdict", line: 5, column: 5))
        XCTAssertEqual(file.translations[0].message, .text("%#@files@ in %@"))
        XCTAssertEqual(file.translations[0].substitutions["files"]?.formatSpecifier, "ld")

        var translations = Translations(developmentLanguage: "en")
        translations.add(file, table: "Localizable", language: "en")
        translations.add(file, table: "Localizable", language: "ru")
        XCTAssertEqual(translations.languages, ["en", "ru"])
        func text(_ key: String, _ arguments: [FormatArgument], _ language: String = "en",
                  _ options: ResolveOptions = ResolveOptions()) -> String {
            translations.resolve(.key(key, arguments: arguments), language: language, options: options).text
        }
        XCTAssertEqual(text("files.count", [.count(1), .string("Docs")]), "one file in Docs")
        XCTAssertEqual(text("files.count", [.count(7), .string("Docs")]), "7 files in Docs")
        XCTAssertEqual(text("files.count", [.count(3), .string("Docs")], "ru"), "3 files (few) in Docs")
        XCTAssertEqual(text("tap", [], "en", ResolveOptions(device: "mac")), "Click")
        XCTAssertEqual(text("tap", [], "en", ResolveOptions(device: "iphone")), "Tap & hold")
        XCTAssertEqual(text("tap", [.count(2)], "en", ResolveOptions(device: "ipad")), "Tap with 2 fingers")
        XCTAssertEqual(text("tap", [.count(1)], "en", ResolveOptions(device: "ipad")), "Tap with one finger")
        XCTAssertEqual(text("tap", [], "en", ResolveOptions(device: "applevision")), "Tap & hold")

        let resolved = translations.resolve(.key("welcome"), language: "en", options: ResolveOptions(fits: { $0.count <= 8 }))
        XCTAssertEqual(resolved.text, "Welcome")
        XCTAssertEqual(resolved.variants, ["Welcome to the app", "Welcome", "Hi"])
        XCTAssertEqual(text("welcome", []), "Welcome to the app")
        XCTAssertEqual(text("welcome", [], "en", ResolveOptions(fits: { _ in false })), "Hi")
    }

    func testBrokenPlistNamesLineAndColumn() throws {
        let missingValue = "<plist version=\"1.0\">\n<dict>\n  <key>a</key>\n</dict>\n</plist>\n"
        let first = try XCTUnwrap(failure { _ = try StringsdictFile(bytes: Array(missingValue.utf8), path: "m.stringsdict") })
        XCTAssertEqual([first.line, first.column], [3, 3])
        XCTAssertEqual(first.file, "m.stringsdict")
        XCTAssertTrue(first.message.contains("has no value"), first.message)

        let mismatched = "<plist version=\"1.0\">\n<dict>\n  <key>a</key>\n  <string>x</dict>\n</plist>\n"
        let second = try XCTUnwrap(failure { _ = try StringsdictFile(bytes: Array(mismatched.utf8), path: "b.stringsdict") })
        XCTAssertEqual([second.line, second.column], [4, 12])
        XCTAssertTrue(second.message.contains("does not close <string>"), second.message)

        let badCategory = "<plist>\n<dict><key>k</key><dict>\n<key>NSStringLocalizedFormatKey</key><string>%#@v@</string>\n"
            + "<key>v</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\n"
            + "    <key>several</key><string>x</string></dict></dict></dict></plist>"
        let third = try XCTUnwrap(failure { _ = try StringsdictFile(bytes: Array(badCategory.utf8), path: "c.stringsdict") })
        XCTAssertEqual([third.line, third.column], [5, 5])
        XCTAssertTrue(third.message.contains("not a plural category"), third.message)
    }

    // MARK: String Catalogs

    static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "%lld items" : {
          "localizations" : {
            "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld item" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld items" } } } } },
            "de" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "needs_review", "value" : "%lld Element" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Elemente" } } } } }
          }
        },
        "Brand" : { "shouldTranslate" : false },
        "%@ has %lld photos" : {
          "localizations" : {
            "en" : {
              "stringUnit" : { "state" : "translated", "value" : "%1$@ has %#@photos@" },
              "substitutions" : { "photos" : { "argNum" : 2, "formatSpecifier" : "lld",
                "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "one photo" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg photos" } } } } } }
            }
          }
        }
      },
      "version" : "1.0"
    }
    """

    func testCatalogPluralsStatesSubstitutionsAndShouldTranslate() throws {
        let file = try StringCatalogFile(bytes: Array(Self.catalog.utf8), path: "Localizable.xcstrings")
        XCTAssertEqual(file.sourceLanguage, "en")
        XCTAssertEqual(file.tableName, "Localizable")
        XCTAssertEqual(file.entries.map(\.key), ["%lld items", "Brand", "%@ has %lld photos"])
        XCTAssertEqual(file.entries[1].shouldTranslate, false)
        XCTAssertEqual(file.entries[0].localizations["de"]?.state, .needsReview)
        XCTAssertEqual(file.entries[0].location.line, 4)
        let photos = try XCTUnwrap(file.entries[2].localizations["en"]?.substitutions["photos"])
        XCTAssertEqual(photos.argumentNumber, 2)
        XCTAssertEqual(photos.message, .plural([.one: .text("one photo"), .other: .text("%lld photos")]))

        var translations = Translations(developmentLanguage: "en")
        translations.add(file)
        XCTAssertEqual(translations.lookup(key: "Brand", language: "de").text, "Brand")
        let value = LocalizableText.key("%@ has %lld photos", arguments: [.string("Ana"), .count(4)])
        XCTAssertEqual(translations.resolve(value, language: "en").text, "Ana has 4 photos")
        let single = LocalizableText.key("%@ has %lld photos", arguments: [.string("Ana"), .count(1)])
        XCTAssertEqual(translations.resolve(single, language: "en").text, "Ana has one photo")
        XCTAssertEqual(translations.resolve(.key("%lld items", arguments: [.count(1)]), language: "de").text, "1 Element")
        XCTAssertEqual(translations.resolve(.key("%lld items", arguments: [.count(2)]), language: "de").text, "2 Elemente")
    }

    func testCatalogWrongTypeNamesLineColumnAndPath() throws {
        let text = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Hello" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : 3, "value" : "Hallo" } }
              }
            }
          }
        }
        """
        let error = try XCTUnwrap(failure { _ = try StringCatalogFile(bytes: Array(text.utf8), path: "w.xcstrings") })
        XCTAssertEqual([error.line, error.column], [6, 45])
        XCTAssertTrue(error.message.contains("expected a string, found a number"), error.message)
        XCTAssertTrue(error.message.contains("strings.Hello.localizations.de.stringUnit.state"), error.message)

        let syntax = "{\n  \"sourceLanguage\" : \"en\"\n  \"strings\" : {}\n}"
        let second = try XCTUnwrap(failure { _ = try StringCatalogFile(bytes: Array(syntax.utf8), path: "s.xcstrings") })
        XCTAssertEqual([second.line, second.column], [3, 3])
        XCTAssertTrue(second.message.contains("expected ',' or '}'"), second.message)

        let keyPath = "{ \"sourceLanguage\": \"en\", \"strings\": { \"a.b c\": { \"localizations\": [] } } }"
        let third = try XCTUnwrap(failure { _ = try StringCatalogFile(bytes: Array(keyPath.utf8), path: "p.xcstrings") })
        XCTAssertTrue(third.message.contains("strings[\"a.b c\"].localizations"), third.message)
        XCTAssertEqual([third.line, third.column], [1, 68])
    }

    func testCatalogUnknownVariationIsAnError() throws {
        let text = "{\"sourceLanguage\": \"en\", \"strings\": {\"k\": {\"localizations\": {\"en\":\n"
            + "  {\"variations\": {\"gender\": {}}}}}}}"
        let error = try XCTUnwrap(failure { _ = try StringCatalogFile(bytes: Array(text.utf8), path: "g.xcstrings") })
        XCTAssertEqual([error.line, error.column], [2, 29])
        XCTAssertTrue(error.message.contains("unknown variation 'gender'"), error.message)
        XCTAssertTrue(error.message.contains("strings.k.localizations.en.variations.gender"), error.message)
    }

    // MARK: XLIFF

    static let xliff = """
    <?xml version="1.0" encoding="UTF-8"?>
    <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
      <file original="App/Base.lproj/Main.storyboard" source-language="en" target-language="fr" datatype="plaintext">
        <body>
          <trans-unit id="abc-12-xyz.text" xml:space="preserve">
            <source>Sign in</source>
            <target state="translated">Se connecter</target>
            <note>Class = "UILabel"; text = "Sign in"; ObjectID = "abc-12-xyz";</note>
          </trans-unit>
        </body>
      </file>
      <file original="App/en.lproj/Localizable.stringsdict" source-language="en" target-language="fr" datatype="plaintext">
        <body>
          <trans-unit id="/songs:dict/NSStringLocalizedFormatKey:dict/:string" xml:space="preserve">
            <source>%#@n@</source>
            <target state="translated">%#@n@</target>
          </trans-unit>
          <trans-unit id="/songs:dict/n:dict/one:dict/:string" xml:space="preserve">
            <source>%d song</source>
            <target state="translated">%d chanson</target>
          </trans-unit>
          <trans-unit id="/songs:dict/n:dict/other:dict/:string" xml:space="preserve">
            <source>%d songs</source>
            <target state="needs-review-l10n">%d chansons</target>
          </trans-unit>
        </body>
      </file>
    </xliff>
    """

    func testXLIFFTargetsAndStringsdictUnits() throws {
        let document = try XLIFFDocument(bytes: Array(Self.xliff.utf8), path: "fr.xliff")
        XCTAssertEqual(document.files.map(\.tableName), ["Main", "Localizable"])
        let french = document.files[1].translations(target: true)
        XCTAssertEqual(french.count, 1)
        XCTAssertEqual(french[0].key, "songs")
        XCTAssertEqual(french[0].state, .needsReview)
        var translations = Translations(developmentLanguage: "en")
        translations.add(document)
        XCTAssertEqual(translations.languages, ["en", "fr"])
        XCTAssertEqual(translations.resolve(.key("songs", arguments: [.count(1)]), language: "fr").text, "1 chanson")
        XCTAssertEqual(translations.resolve(.key("songs", arguments: [.count(2)]), language: "fr").text, "2 chansons")
        XCTAssertEqual(translations.lookup(key: "abc-12-xyz.text", table: "Main", language: "fr").text, "Se connecter")
    }

    func testBrokenXMLNamesLineAndColumn() throws {
        let broken = Self.xliff.replacingOccurrences(of: "<target state=\"translated\">Se connecter</target>",
                                                     with: "<target state=\"translated\">Se connecter</source>")
        let error = try XCTUnwrap(failure { _ = try XLIFFDocument(bytes: Array(broken.utf8), path: "fr.xliff") })
        XCTAssertEqual(error.file, "fr.xliff")
        XCTAssertEqual([error.line, error.column], [7, 48])
        XCTAssertTrue(error.message.contains("</source> does not close <target>"), error.message)

        let entity = "<xliff version=\"1.2\">\n <file original=\"a.strings\" source-language=\"en\"><body>\n"
            + "  <trans-unit id=\"x\"><source>Fish &chips</source></trans-unit></body></file></xliff>"
        let second = try XCTUnwrap(failure { _ = try XLIFFDocument(bytes: Array(entity.utf8), path: "e.xliff") })
        XCTAssertEqual([second.line, second.column], [3, 35])

        let unclosed = "<xliff version=\"1.2\">\n  <file original=\"a.strings\" source-language=\"en\">\n"
        let third = try XCTUnwrap(failure { _ = try XLIFFDocument(bytes: Array(unclosed.utf8), path: "u.xliff") })
        XCTAssertEqual([third.line, third.column], [2, 3])
        XCTAssertTrue(third.message.contains("is not closed"), third.message)
    }
}
