import Layout
import XCTest

final class ConstraintParserTests: XCTestCase {
    /// Names take letters, digits and `_`, and spaces separate tokens, as Unicode's properties
    /// say, for every ASCII character and for some beyond it.
    func testNameAndSpaceCharactersFollowUnicode() throws {
        var characters: [Character] = (0..<128).compactMap { Unicode.Scalar($0).map(Character.init) }
        characters += ["é", "ß", "名", "٣", "\u{00A0}", "\u{2003}", "\u{0085}", "-", "\r\n"]
        for c in characters {
            let name = (try? ConstraintParser.parse("v\(c)w.top == x.top"))?.first.view
            XCTAssertEqual(name, c.isLetter || c.isNumber || c == "_" ? "v\(c)w" : nil, "\(c.unicodeScalars.map(\.value))")
            let spaced = (try? ConstraintParser.parse("v.top\(c)== x.top")) != nil
            XCTAssertEqual(spaced, c.isWhitespace, "\(c.unicodeScalars.map(\.value))")
        }
    }

    func testFullForm() throws {
        let c = try ConstraintParser.parse("nameField.leading == nameLabel.trailing * 0.5 + 8 @750")
        XCTAssertEqual(c.first, ConstraintItem(view: "nameField", attribute: .leading))
        XCTAssertEqual(c.relation, .equal)
        XCTAssertEqual(c.second, ConstraintItem(view: "nameLabel", attribute: .trailing))
        XCTAssertEqual(c.multiplier, 0.5)
        XCTAssertEqual(c.constant, 8)
        XCTAssertEqual(c.priority, 750)
        XCTAssertEqual(c.firstColumn, 1)
        XCTAssertEqual(c.secondColumn, 22)
    }

    func testConstantFormsAndNamedPriorities() throws {
        let width = try ConstraintParser.parse("nameLabel.width >= 55 @low")
        XCTAssertNil(width.second)
        XCTAssertEqual(width.relation, .greaterThanOrEqual)
        XCTAssertEqual(width.constant, 55)
        XCTAssertEqual(width.priority, 250)
        XCTAssertEqual(try ConstraintParser.parse("a.height<=-2.5@required").constant, -2.5)
        XCTAssertEqual(try ConstraintParser.parse("a.top == b.bottom - 12 @high").constant, -12)
        XCTAssertEqual(try ConstraintParser.parse("a.top == b.bottom - 12 @high").priority, 750)
        XCTAssertEqual(try ConstraintParser.parse("  a.top==b.bottom  ").priority, 1000)
    }

    func testDescriptionRoundTrips() throws {
        for text in ["a.leading == b.trailing + 8", "a.width >= b.width * 0.5 - 3 @750", "a.height == 44"] {
            XCTAssertEqual(try ConstraintParser.parse(text).description, text)
        }
    }

    private func assertError(_ text: String, column: Int, contains fragment: String, line: UInt = #line) {
        do {
            let parsed = try ConstraintParser.parse(text)
            XCTFail("parsed \(parsed)", line: line)
        } catch {
            XCTAssertEqual(error.column, column, "\(error)", line: line)
            XCTAssertTrue(error.message.contains(fragment), error.message, line: line)
            XCTAssertEqual(error.caretLine, String(repeating: " ", count: column - 1) + "^", line: line)
        }
    }

    func testErrorsPointAtTheCharacter() {
        assertError("nameLabel.leadin == root.leading", column: 11, contains: "unknown attribute 'leadin'")
        assertError("a.Leading == b.leading", column: 3, contains: "did you mean 'leading'")
        assertError("a.leading = b.leading", column: 11, contains: "'=='")
        assertError("a.leading == b.trailing + ", column: 27, contains: "expected a constant")
        assertError("a.leading == b.trailing + 8 @2000", column: 30, contains: "1 to 1000")
        assertError("a.leading == b.trailing @urgent", column: 26, contains: "unknown priority 'urgent'")
        assertError("a.leading == b.trailing 8", column: 25, contains: "unexpected '8'")
        assertError("a leading == b.leading", column: 2, contains: "expected '.'")
        assertError("a.leading == b.top", column: 14, contains: "horizontal")
        assertError("a.leading == b.left", column: 14, contains: "cannot mix left/right with leading/trailing")
        assertError("a.width == b.leading", column: 12, contains: "size")
        assertError("a.top == 20", column: 1, contains: "position")
        assertError("a.top == b.top * 0", column: 18, contains: "multiplier of 0")
        assertError("", column: 1, contains: "expected a view id")
        // Columns count characters whether the text is ASCII or not.
        assertError("nämeLabel.leadin == root.leading", column: 11, contains: "unknown attribute 'leadin'")
        assertError("名前.leadin == root.leading", column: 4, contains: "unknown attribute 'leadin'")
        assertError("a.leading == b.trailing +\r\n x", column: 28, contains: "expected a constant")
        assertError("e\u{301}.top == b.top 8", column: 16, contains: "unexpected '8'")
    }

    func testBracketedIdsAndNumbers() throws {
        let ascii = try ConstraintParser.parse("[8bC-Xf-vdC].top == [a b].bottom * 1.5 + 12.25 @999")
        XCTAssertEqual(ascii.first.view, "8bC-Xf-vdC")
        XCTAssertEqual(ascii.second?.view, "a b")
        XCTAssertEqual(ascii.multiplier, 1.5)
        XCTAssertEqual(ascii.constant, 12.25)
        XCTAssertEqual(ascii.priority, 999)
        let other = try ConstraintParser.parse("[ü-1].top == [名].bottom + 3")
        XCTAssertEqual(other.first.view, "ü-1")
        XCTAssertEqual(other.second?.view, "名")
        XCTAssertEqual(other.secondColumn, 14)
    }

    func testErrorDescriptionHasCaretLine() {
        XCTAssertThrowsError(try ConstraintParser.parse("a.top == b.middle")) { error in
            XCTAssertEqual("\(error)", "column 12: unknown attribute 'middle'\n  a.top == b.middle\n             ^")
        }
    }

    func testParseItem() throws {
        XCTAssertEqual(try ConstraintParser.parseItem(" root.safeTop "), ConstraintItem(view: "root", attribute: .safeTop))
        XCTAssertThrowsError(try ConstraintParser.parseItem("root.safeTop + 1"))
    }
}
