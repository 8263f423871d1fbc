import Foundation
import Localization
import XCTest

final class StringsFileTests: XCTestCase {
    private let sample = """
    /* Title of the main screen */
    "title" = "Welcome";
    // Button that saves
    "save" = "Save";
    "greeting" = "Hello, %@!";
    """

    func testEveryUnicodeEncodingReadsTheSame() throws {
        let encodings: [(String.Encoding, Bool, TextEncoding)] = [
            (.utf8, false, .utf8), (.utf8, true, .utf8),
            (.utf16LittleEndian, true, .utf16LittleEndian), (.utf16LittleEndian, false, .utf16LittleEndian),
            (.utf16BigEndian, true, .utf16BigEndian), (.utf16BigEndian, false, .utf16BigEndian),
        ]
        for (encoding, bom, expected) in encodings {
            let file = try StringsFile(bytes: encoded(sample, encoding, bom: bom), path: "Localizable.strings")
            XCTAssertEqual(file.encoding, expected, "\(encoding) bom: \(bom)")
            XCTAssertEqual(file.entries.map(\.key), ["title", "save", "greeting"])
            XCTAssertEqual(file.values["greeting"], "Hello, %@!")
            XCTAssertEqual(file.entries[1].location, SourceLocation(file: "Localizable.strings", line: 4, column: 1))
        }
    }

    func testUTF16WithoutByteOrderMarkOfNonLatinText() throws {
        let chinese = "\"msg\" = \"设置已保存。请重新启动应用以使更改生效，然后再次登录您的账户。\";\n\"ok\" = \"好\";\n"
        for (encoding, expected) in [(String.Encoding.utf16BigEndian, TextEncoding.utf16BigEndian),
                                     (.utf16LittleEndian, .utf16LittleEndian)] {
            let file = try StringsFile(bytes: encoded(chinese, encoding, bom: false), path: "zh.strings")
            XCTAssertEqual(file.encoding, expected, "\(encoding)")
            XCTAssertEqual(file.values["ok"], "好")
            XCTAssertEqual(file.values["msg"]?.hasPrefix("设置已保存"), true)
        }
    }

    func testCommentsAreKeptAsContext() throws {
        let file = try StringsFile(bytes: Array(sample.utf8), path: "x.strings")
        XCTAssertEqual(file.entries.map(\.comment), ["Title of the main screen", "Button that saves", nil])
    }

    func testEscapes() throws {
        let text = #""k" = "q\"b\\s\nn\tt\rr\U00e9\u0041\UD83D\UDE00\/\101";"#
        let file = try StringsFile(bytes: Array(text.utf8), path: "e.strings")
        XCTAssertEqual(file.values["k"], "q\"b\\s\nn\tt\rréA😀/A")
    }

    func testUnquotedTokensAndKeyOnlyEntries() throws {
        let text = "plain_key = some.value;\n\"Only a key\";\nnumber = 42;\npath = a/b// a comment\n;"
        let file = try StringsFile(bytes: Array(text.utf8), path: "u.strings")
        XCTAssertEqual(file.values["plain_key"], "some.value")
        XCTAssertEqual(file.values["Only a key"], "Only a key")
        XCTAssertEqual(file.values["number"], "42")
        XCTAssertEqual(file.values["path"], "a/b")
    }

    func testDuplicateKeysLastWins() throws {
        let text = "\"a\" = \"first\";\n\"b\" = \"x\";\n\"a\" = \"second\";\n"
        let file = try StringsFile(bytes: Array(text.utf8), path: "d.strings")
        XCTAssertEqual(file.values["a"], "second")
        XCTAssertEqual(file.duplicates.count, 1)
        XCTAssertEqual(file.duplicates.first?.entry.location.line, 3)
        XCTAssertEqual(file.duplicates.first?.first.line, 1)
    }

    private func error(_ text: String, encoding: String.Encoding = .utf8) -> LocalizationError? {
        do {
            _ = try StringsFile(bytes: encoded(text, encoding, bom: false), path: "bad.strings")
            return nil
        } catch let error as LocalizationError {
            return error
        } catch {
            return nil
        }
    }

    func testUnterminatedStringPointsAtItsQuote() throws {
        let failure = try XCTUnwrap(error("\"ok\" = \"fine\";\n  \"broken\" = \"no end;\n"))
        XCTAssertEqual(failure.file, "bad.strings")
        XCTAssertEqual(failure.line, 2)
        XCTAssertEqual(failure.column, 14)
        XCTAssertTrue(failure.message.contains("unterminated string"), failure.message)
    }

    func testBadEscapePointsAtTheBackslash() throws {
        let failure = try XCTUnwrap(error("\"a\" = \"b\";\n\"é\" = \"x\\U12G4\";\n", encoding: .utf16LittleEndian))
        XCTAssertEqual(failure.line, 2)
        XCTAssertEqual(failure.column, 9)
        XCTAssertTrue(failure.message.contains("four hexadecimal digits"), failure.message)
    }

    func testMissingSemicolonAndUnterminatedComment() throws {
        let semicolon = try XCTUnwrap(error("\"a\" = \"b\"\n\"c\" = \"d\";"))
        XCTAssertEqual([semicolon.line, semicolon.column], [2, 1])
        XCTAssertTrue(semicolon.message.contains("expected ';'"), semicolon.message)
        let comment = try XCTUnwrap(error("\"a\" = \"b\";\n   /* never closed\n"))
        XCTAssertEqual([comment.line, comment.column], [2, 4])
        let stray = try XCTUnwrap(error("\"a\" = = \"b\";"))
        XCTAssertEqual([stray.line, stray.column], [1, 7])
    }

    /// Well-formed UTF-8 reads as it is, up to four bytes a scalar; an overlong form, an
    /// encoded surrogate, a scalar past U+10FFFF or a truncated sequence is an error at its place.
    func testUTF8IsReadAsItIsUnlessIllFormed() throws {
        let text = "\"k\" = \"é 名 😀 \u{10FFFF}\";\n"
        XCTAssertEqual(try TextDecoding.utf8(Array(text.utf8), file: "a.strings").bytes, Array(text.utf8))
        XCTAssertEqual(try TextDecoding.utf8([0xEF, 0xBB, 0xBF] + Array(text.utf8), file: "a.strings").bytes, Array(text.utf8))
        for bad: [UInt8] in [[0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x98]] {
            let bytes = Array("\"k\" = \"".utf8) + bad + Array("\";".utf8)
            XCTAssertFalse(TextDecoding.isValidUTF8(bytes), "\(bad)")
            XCTAssertThrowsError(try StringsFile(bytes: bytes, path: "u8.strings"), "\(bad)") { error in
                XCTAssertEqual((error as? LocalizationError)?.column, 8, "\(bad)")
            }
        }
    }

    func testInvalidUTF8IsAnErrorWithItsPlace() throws {
        let bytes = Array("\"a\" = \"b\";\n\"c\" = \"".utf8) + [0xC3, 0x28] + Array("\";".utf8)
        XCTAssertThrowsError(try StringsFile(bytes: bytes, path: "u8.strings")) { error in
            let failure = error as? LocalizationError
            XCTAssertEqual(failure?.line, 2)
            XCTAssertEqual(failure?.column, 8)
        }
    }
}
