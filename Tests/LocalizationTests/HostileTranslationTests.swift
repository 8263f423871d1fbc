import Foundation
import Localization
import XCTest

/// Translations that would crash, hang or be taken silently: each is refused (or reported)
/// with its file, line and column and the real numbers, and the other files are still read.
final class HostileTranslationTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "babelfit-hostile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    @discardableResult
    private func write(_ relative: String, _ text: String) throws -> String {
        let path = (folder as NSString).appendingPathComponent(relative)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    private func problems() -> [String] {
        Translations(folders: [folder]).problems.map { error in
            "\(error.file.replacingOccurrences(of: folder + "/", with: "")):\(error.line):\(error.column): \(error.message)"
        }
    }

    func testWidthsPrecisionsAndPositionsPastTheLimitsAreRefusedWithTheirRealNumbers() throws {
        try write("en.lproj/Localizable.strings", """
            "ok" = "%1000d %.1000f %100$@";
            "width" = "%99999999d";
            "precision" = "%.1001f";
            "position" = "%2147483648$@";
            "never" = "%n";
            "zero" = "%0$@";
            """)
        XCTAssertEqual(problems(), [
            "en.lproj/Localizable.strings:2:1: \"width\" (en, table Localizable) has %99999999d: the width 99999999 is past babelfit's limit of 1000",
            "en.lproj/Localizable.strings:3:1: \"precision\" (en, table Localizable) has %.1001f: the precision 1001 is past babelfit's limit of 1000",
            "en.lproj/Localizable.strings:4:1: \"position\" (en, table Localizable) has %2147483648$@: argument position 2147483648 is past babelfit's limit of 100 arguments",
            "en.lproj/Localizable.strings:5:1: \"never\" (en, table Localizable) has %n: %n writes to memory instead of showing an argument; String(format:) refuses it",
            "en.lproj/Localizable.strings:6:1: \"zero\" (en, table Localizable) has %0$@: argument positions count from 1",
        ])
        // The lint message names the real argument number, not a clamped one.
        let translations = Translations(folders: [folder])
        let signature = FormatSignature(translations.translation(key: "position", table: "Localizable", language: "en")!)
        XCTAssertEqual(signature.count, 0, "a position past the limit is no argument of an accessor")
        // The formatter never pads past the limit.
        XCTAssertEqual(StringFormatter(locale: "en").format("%99999999d", [.integer(5)]).count, 1_000)
        XCTAssertEqual(FormatSpecifier.parse("%2147483648$@").first?.position, 2_147_483_648)
    }

    func testACatalogArgNumPastTheLimitIsRefusedAtItsPlace() throws {
        try write("Big.xcstrings", """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "count" : {
                  "localizations" : {
                    "en" : {
                      "stringUnit" : { "state" : "translated", "value" : "%#@items@" },
                      "substitutions" : {
                        "items" : {
                          "argNum" : 2147483648,
                          "formatSpecifier" : "lld",
                          "variations" : { "plural" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg items" } } } }
                        }
                      }
                    }
                  }
                }
              }
            }
            """)
        XCTAssertEqual(problems(), [
            "Big.xcstrings:10:26: argNum 2147483648 is past babelfit's limit of 100 arguments (at strings.count.localizations.en.substitutions.items.argNum)",
        ])
    }

    func testATextLongerThanTheLimitIsRefused() throws {
        try write("en.lproj/Localizable.strings", "\"fits\" = \"\(String(repeating: "a", count: 100_000))\";\n"
            + "\"long\" = \"\(String(repeating: " ", count: 100_001))\";\n")
        XCTAssertEqual(problems(), [
            "en.lproj/Localizable.strings:2:1: the text of \"long\" (en, table Localizable) is 100001 characters long, past babelfit's limit of 100000",
        ])
    }

    func testMalformedSpecifiersInAFormatAreLintErrorsAtTheirPlace() throws {
        try write("en.lproj/Localizable.strings", """
            "end" = "%d and %";
            "length" = "%l";
            "text" = "Save 14%";
            "percent" = "100%% of %d";
            """)
        let findings = Translations(folders: [folder]).lint().filter { $0.kind == .invalidFormat }
        XCTAssertEqual(findings.map { "\($0.line):\($0.column): \($0.message)" }, [
            "1:1: the en text of \"end\" has %: a % that starts no format specifier (write %% for a percent sign)",
            "2:1: the en text of \"length\" has %l: %l is not a whole format specifier: it lacks its conversion (d, @, f…)",
        ])
        XCTAssertEqual(findings.map(\.severity), [.error, .error])
        XCTAssertEqual(problems(), [])
        // A check shows them as the format-mismatch of a translation.
        try write("fr.lproj/Localizable.strings", "\"end\" = \"%d et %\";\n")
        XCTAssertEqual(Translations(folders: [folder]).formatDifferences(key: "end", language: "fr"),
                       ["has %: a % that starts no format specifier (write %% for a percent sign)"])
    }

    func testAStringsdictVariableThatRefersToItselfIsRefused() throws {
        try write("en.lproj/Localizable.stringsdict", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
              <key>files</key>
              <dict>
                <key>NSStringLocalizedFormatKey</key>
                <string>%#@count@</string>
                <key>count</key>
                <dict>
                  <key>NSStringFormatSpecTypeKey</key>
                  <string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key>
                  <string>d</string>
                  <key>other</key>
                  <string>%d files and %#@count@</string>
                </dict>
              </dict>
            </dict>
            </plist>
            """)
        XCTAssertEqual(problems(), [
            "en.lproj/Localizable.stringsdict:8:5: the variable %#@count@ of \"files\" refers to itself, so it has no text",
        ])
        let through = Substitution(argumentNumber: nil, formatSpecifier: "d", message: .plural([.other: .text("%#@b@")]))
        let back = Substitution(argumentNumber: nil, formatSpecifier: "d", message: .plural([.other: .text("%#@a@")]))
        XCTAssertEqual(Substitution.selfReferring(["a": through, "b": back]), "a")
        XCTAssertNil(Substitution.selfReferring(["a": through]))
    }

    func testARepeatedTransUnitIdWithinAFileIsRefused() throws {
        try write("fr.xliff", """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="en.lproj/Localizable.strings" source-language="en" target-language="fr" datatype="plaintext">
                <body>
                  <trans-unit id="Save"><source>Save</source><target>Enregistrer</target></trans-unit>
                  <trans-unit id="Save"><source>Save</source><target>Sauver</target></trans-unit>
                </body>
              </file>
              <file original="en.lproj/Other.strings" source-language="en" target-language="fr" datatype="plaintext">
                <body><trans-unit id="Save"><source>Save</source><target>Enregistrer</target></trans-unit></body>
              </file>
            </xliff>
            """)
        XCTAssertEqual(problems(), [
            "fr.xliff:6:7: <trans-unit id=\"Save\"> repeats the id of line 5 in the same <file>",
        ])
    }

    func testAFolderOrAFIFOWhereATranslationFileIsExpected() throws {
        try FileManager.default.createDirectory(atPath: folder + "/en.lproj/Localizable.strings", withIntermediateDirectories: true)
        try write("en.lproj/Localizable.strings/inside.strings", "\"a\" = \"b\";\n")
        XCTAssertEqual(mkfifo(folder + "/en.lproj/Main.strings", 0o644), 0)
        try write("fr.lproj/Localizable.strings", "\"a\" = \"b\";\n")
        XCTAssertEqual(problems(), [
            "en.lproj/Localizable.strings:1:1: is a folder, where a .strings file is expected",
            "en.lproj/Main.strings:1:1: is not a regular file (a FIFO, socket or device), where a .strings file is expected",
        ])
        // Named on its own, too.
        XCTAssertEqual(Translations(folders: [folder + "/en.lproj/Localizable.strings"]).problems.map(\.message),
                       ["is a folder, where a .strings file is expected"])
        XCTAssertEqual(Translations(folders: [folder]).translation(key: "a", table: "Localizable", language: "fr")?.message, .text("b"))
    }

    func testAFileLargerThanTheLimitIsRefusedUnread() throws {
        let path = try write("en.lproj/Localizable.strings", "\"a\" = \"b\";\n")
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(TranslationLimits.fileSize + 1))
        try handle.close()
        XCTAssertEqual(problems(), [
            "en.lproj/Localizable.strings:1:1: is 50000001 bytes, past babelfit's limit of 50000000 bytes for a translation file",
        ])
    }
}
