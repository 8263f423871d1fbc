import Layout
import XCTest

final class JSONParserTests: XCTestCase {
    func testValuesAndPositions() throws {
        let node = try JSONParser.parse("{\n  \"a\": [1, -2.5e1, true, null],\n  \"b\": \"x\\u00e9\\ud83d\\ude00\\n\"\n}")
        guard case .object(let members) = node.value else { return XCTFail("not an object") }
        XCTAssertEqual(members.map(\.key), ["a", "b"])
        XCTAssertEqual(members[0].line, 2)
        XCTAssertEqual(members[0].column, 3)
        XCTAssertEqual(members[0].value.column, 8)
        guard case .array(let elements) = members[0].value.value else { return XCTFail("not an array") }
        guard case .number(let number) = elements[1].value else { return XCTFail("not a number") }
        XCTAssertEqual(number, -25)
        XCTAssertEqual(elements[1].column, 12)
        guard case .string(let text) = members[1].value.value else { return XCTFail("not a string") }
        XCTAssertEqual(text, "xé😀\n")
        XCTAssertEqual(members[1].value.line, 3)
    }

    /// Each text fails to parse at its line and column, with a message that has the fragment.
    private func assertErrors(_ cases: [(text: String, line: Int, column: Int, fragment: String)], file: StaticString = #filePath,
                              line: UInt = #line) {
        for (text, errorLine, column, fragment) in cases {
            XCTAssertThrowsError(try JSONParser.parse(text), text, file: file, line: line) { error in
                guard let error = error as? JSONSyntaxError else { return XCTFail("\(error)", file: file, line: line) }
                XCTAssertEqual(error.line, errorLine, text, file: file, line: line)
                XCTAssertEqual(error.column, column, text, file: file, line: line)
                XCTAssertTrue(error.message.contains(fragment), "\(text): \(error.message)", file: file, line: line)
            }
        }
    }

    func testSyntaxErrorsHaveLineAndColumn() {
        let cases: [(String, Int, Int, String)] = [
            ("{\"a\": 1,}", 1, 9, "string key"),
            ("[1 2]", 1, 4, "',' or ']'"),
            ("{\n \"a\" 1}", 2, 6, "':'"),
            ("[01]", 1, 3, "leading zero"),
            ("\"abc", 1, 5, "unterminated"),
            ("[tru]", 1, 5, "'true'"),
            ("{} x", 1, 4, "after the JSON value"),
            ("", 1, 1, "end of file"),
            // Columns count scalars, whatever their length in UTF-8.
            ("{\"é\": x}", 1, 7, "unexpected character 'x'"),
            ("[\"😀\", ü]", 1, 7, "unexpected character 'ü'"),
            ("[\"名\",\n \"\\q\"]", 2, 4, "invalid escape '\\q'"),
            ("[\"é\\u12x4\"]", 1, 8, "four hexadecimal digits"),
            ("[\"é\u{01}\"]", 1, 4, "control character"),
        ]
        assertErrors(cases)
    }

    /// Columns count Unicode scalars, whatever their length in UTF-8 (a byte-order mark is
    /// one); strings with and without escapes keep every scalar.
    func testColumnsCountScalarsAndStringsKeepThem() throws {
        let node = try JSONParser.parse("\u{FEFF} {\"é😀\": \"a\\u00e9b😀\\n\\\"\", \"ß\": [\"名\", 1e2]}")
        guard case .object(let members) = node.value else { return XCTFail("not an object") }
        XCTAssertEqual(node.column, 3)
        XCTAssertEqual(members.map(\.key), ["é😀", "ß"])
        XCTAssertEqual(members[0].value.column, 10)
        guard case .string(let text) = members[0].value.value else { return XCTFail("not a string") }
        XCTAssertEqual(text, "aéb😀\n\"")
        XCTAssertEqual(members[1].column, 27)
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        XCTAssertThrowsError(try JSONParser.parse(text))
    }
}
