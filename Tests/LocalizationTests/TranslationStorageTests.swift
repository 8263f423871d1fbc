import Foundation
import Localization
import Support
import XCTest

/// How translations are kept: a table's keys once, each language's translations at their keys'
/// places, and a long key or value read again given the string already read (its storage shared).
final class TranslationStorageTests: XCTestCase {
    /// Where a string's UTF-8 is stored (nil for a string stored in itself, 15 bytes or fewer).
    private func storage(_ text: String) -> UnsafeRawPointer? {
        text.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }

    private func translation(_ key: String, _ text: String, line: Int) -> Translation {
        Translation(key: key, message: .text(text), location: SourceLocation(file: "t.strings", line: line, column: 1))
    }

    func testLanguagesWithDifferentKeysFirstTranslationWinning() {
        var translations = Translations()
        translations.add(contentsOf: [translation("a", "A", line: 1), translation("b", "B", line: 2)], table: "T", language: "en")
        translations.add(contentsOf: [translation("c", "C fr", line: 1), translation("a", "A fr", line: 2),
                                      translation("a", "A fr again", line: 3)], table: "T", language: "fr")
        translations.add(translation("b", "B later", line: 9), table: "T", language: "en")
        translations.add(translation("d", "D", line: 1), table: "Other", language: "fr")

        XCTAssertEqual(translations.tables, ["Other", "T"])
        XCTAssertEqual(translations.keys(table: "T"), ["a", "b", "c"])
        XCTAssertEqual(translations.keys(table: "Other"), ["d"])
        XCTAssertEqual(translations.keys(table: "None"), [])
        XCTAssertEqual(translations.languages(table: "T"), ["en", "fr"])
        XCTAssertEqual(translations.languages(table: "Other"), ["fr"])
        XCTAssertEqual(translations.languages, ["en", "fr"])
        XCTAssertEqual(translations.translation(key: "a", table: "T", language: "fr")?.message, .text("A fr"))
        XCTAssertEqual(translations.translation(key: "b", table: "T", language: "en")?.message, .text("B"))
        XCTAssertNil(translations.translation(key: "c", table: "T", language: "en"), "a key the language lacks")
        XCTAssertNil(translations.translation(key: "b", table: "T", language: "fr"))
        XCTAssertNil(translations.translation(key: "d", table: "T", language: "fr"), "a key of another table")
        XCTAssertEqual(translations.entries(table: "T", language: "fr").mapValues(\.message),
                       ["a": .text("A fr"), "c": .text("C fr")])
        XCTAssertEqual(translations.entries(table: "T", language: "en").mapValues(\.message), ["a": .text("A"), "b": .text("B")])
        XCTAssertEqual(translations.entries(table: "T", language: "de"), [:])
        XCTAssertEqual(translations.lookup(key: "c", table: "T", language: "de").text, "c")
    }

    func testAKeyReadInTwoLanguagesIsOneString() {
        let long = String(repeating: "settings.privacy.", count: 3)
        // Each made apart, as each language's file makes its own.
        let english = long + "title", french = [long, "title"].joined()
        XCTAssertNotEqual(storage(english), storage(french))
        var translations = Translations()
        translations.add(translation(english, "Privacy", line: 1), table: "T", language: "en")
        translations.add(translation(french, "Confidentialité", line: 1), table: "T", language: "fr")
        let stored = ["en", "fr"].map { translations.translation(key: english, table: "T", language: $0)?.key }
        XCTAssertEqual(stored, [english, english])
        XCTAssertNotNil(storage(stored[0]!))
        XCTAssertEqual(storage(stored[0]!), storage(stored[1]!))
    }

    func testAStringsFilesRepeatedLongValueIsOneString() throws {
        let text = "\"a\" = \"Are you sure you want to delete it?\";\n\"b\" = \"OK\";\n"
            + "\"c\" = \"Are you sure you want to delete it?\";\n\"d\" = \"OK\";\n"
        let entries = try StringsFile(bytes: Array(text.utf8), path: "v.strings").entries
        XCTAssertEqual(entries.map(\.value), ["Are you sure you want to delete it?", "OK", "Are you sure you want to delete it?", "OK"])
        XCTAssertNotNil(storage(entries[0].value))
        XCTAssertEqual(storage(entries[0].value), storage(entries[2].value))
    }

    func testAnotherSpellingOfALongKeyOrValueKeepsItsOwnBytes() throws {
        let composed = "Caf\u{E9} au lait, s'il vous pla\u{EE}t", decomposed = "Cafe\u{301} au lait, s'il vous plai\u{302}t"
        XCTAssertEqual(composed, decomposed, "canonically equivalent")
        let text = "\"a\" = \"\(composed)\";\n\"b\" = \"\(decomposed)\";\n"
        let entries = try StringsFile(bytes: Array(text.utf8), path: "v.strings").entries
        XCTAssertEqual(entries.map { Array($0.value.utf8) }, [Array(composed.utf8), Array(decomposed.utf8)])

        var translations = Translations()
        translations.add(translation(composed, "1", line: 1), table: "T", language: "en")
        translations.add(translation(decomposed, "2", line: 1), table: "T", language: "fr")
        XCTAssertEqual(translations.keys(table: "T").count, 1, "one key, as String's equality has it")
        XCTAssertEqual(translations.translation(key: composed, table: "T", language: "fr")?.key.utf8.elementsEqual(decomposed.utf8), true)
        XCTAssertEqual(translations.translation(key: decomposed, table: "T", language: "en")?.key.utf8.elementsEqual(composed.utf8), true)
        XCTAssertEqual(translations.entries(table: "T", language: "fr").values.map { Array($0.key.utf8) }, [Array(decomposed.utf8)],
                       "each language's translations keep its spelling of the key")
    }

    /// A table keeps a translation without its key (``Translation/Entry``): what comes out is the
    /// translation that went in, every property of it.
    func testATranslationStoredWithoutItsKeyComesBackWhole() {
        let detailed = Translation(key: "files", message: .plural([.one: .text("%d file"), .other: .text("%d files")]),
                                   substitutions: [:], comment: "A count", state: .needsReview, shouldTranslate: false,
                                   extractionState: "manual", location: SourceLocation(file: "a.xcstrings", line: 70_000_000, column: 3))
        let plain = translation("ok", "OK", line: 12)
        var translations = Translations()
        translations.add(contentsOf: [detailed, plain], table: "T", language: "de")
        XCTAssertEqual(translations.translation(key: "files", table: "T", language: "de"), detailed)
        XCTAssertEqual(translations.translation(key: "files", table: "T", language: "de")?.location.line, 70_000_000)
        XCTAssertEqual(translations.translation(key: "ok", table: "T", language: "de"), plain)
        XCTAssertEqual(translations.entries(table: "T", language: "de"), ["files": detailed, "ok": plain])
    }
}
