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
        ]
        for (text, line, column, fragment) in cases {
            XCTAssertThrowsError(try JSONParser.parse(text), text) { error in
                guard let error = error as? JSONSyntaxError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.line, line, text)
                XCTAssertEqual(error.column, column, text)
                XCTAssertTrue(error.message.contains(fragment), "\(text): \(error.message)")
            }
        }
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        XCTAssertThrowsError(try JSONParser.parse(text))
    }
}
