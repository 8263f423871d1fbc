import Foundation
import Layout
import XCTest

/// A fixture file of this test target.
func fixtureURL(_ name: String) throws -> URL {
    try XCTUnwrap(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"),
                  "missing fixture \(name)")
}

final class DecodingTests: XCTestCase {
    func testTheSpecExample() throws {
        let url = try fixtureURL("ItemDetail.json")
        let layout = try LayoutDocument.load(path: url.path)
        XCTAssertEqual(layout.name, "ItemDetail")
        XCTAssertEqual(layout.table, "Localizable")
        XCTAssertEqual(layout.allViews.map(\.id), ["root", "nameLabel", "nameField", "valueLabel", "next", "counter"])
        XCTAssertEqual(layout.constraints.count, 8)
        XCTAssertEqual(layout.constraints[1].description, "nameLabel.top == root.safeTop + 20")
        XCTAssertEqual(layout.constraints[6].priority, 750)
        guard case .label(let name) = layout.view("nameLabel")?.kind else { return XCTFail("nameLabel is not a label") }
        XCTAssertEqual(name.text, .localized(LocalizedText(key: "Name")))
        XCTAssertEqual(name.font, .family("Noto Sans", size: 17, weight: .regular))
        XCTAssertEqual(name.lines, 1)
        XCTAssertEqual(name.lineBreak, .truncateTail)
        XCTAssertEqual(name.alignment, .natural)
        XCTAssertEqual(layout.view("nameLabel")?.hugging, AxisPriorities(251))
        XCTAssertEqual(layout.view("nameField")?.hugging, AxisPriorities(250))
        XCTAssertEqual(layout.view("nameField")?.compressionResistance, AxisPriorities(750))
        guard case .label(let value) = layout.view("valueLabel")?.kind else { return XCTFail("valueLabel is not a label") }
        XCTAssertEqual(value.text, .localized(LocalizedText(key: "Value: %@", args: [.formattedNumber(1234.5, style: .currency, currency: nil)])))
        guard case .image(let next) = layout.view("next")?.kind else { return XCTFail("next is not an image") }
        XCTAssertEqual(next.size, Size(width: 24, height: 24))
        XCTAssertTrue(next.mirrorsInRTL)
        XCTAssertEqual(next.source, "arrow-right.png")
        guard case .label(let counter) = layout.view("counter")?.kind else { return XCTFail("counter is not a label") }
        XCTAssertEqual(counter.lines, 2)
        XCTAssertEqual(counter.text, .localized(LocalizedText(key: "items.count", args: [.count(3)])))
        XCTAssertNil(layout.environment)
        XCTAssertEqual(layout.devices, [])
    }

    /// `forEachView` lends each view in the order of `allViews`: depth first, each view before
    /// its subviews, subviews in z-order.
    func testEachViewIsVisitedInTheOrderOfAllViews() throws {
        let layout = try LayoutDocument.decode("""
        { "format": 1, "name": "Nested",
          "root": { "id": "root", "type": "view", "subviews": [
            { "id": "header", "type": "stack", "axis": "vertical", "subviews": [
              { "id": "title", "type": "label", "text": "Title" },
              { "id": "row", "type": "stack", "axis": "horizontal", "subviews": [
                { "id": "icon", "type": "image", "size": [20, 20] },
                { "id": "subtitle", "type": "label", "text": "Subtitle" } ] } ] },
            { "id": "footer", "type": "label", "text": "Footer" } ] },
          "constraints": [] }
        """, file: "Nested.json")
        var visited: [String] = []
        layout.root.forEachView { visited.append($0.id) }
        XCTAssertEqual(visited, ["root", "header", "title", "row", "icon", "subtitle", "footer"])
        XCTAssertEqual(visited, layout.allViews.map(\.id))
        XCTAssertEqual(visited.count, 7)
    }

    func testEveryField() throws {
        let layout = try LayoutDocument.load(path: try fixtureURL("EveryField.json").path)
        XCTAssertEqual(layout.name, "EveryField", "the name defaults to the file name")
        XCTAssertEqual(layout.table, "Main")
        XCTAssertEqual(layout.devices, ["iPhone 15", "iPad (10th generation)"])
        XCTAssertEqual(layout.environment, LayoutEnvironment(
            width: 320, height: 568, scale: 2, safeArea: PartialEdgeInsets(top: 20),
            margins: DirectionalInsets(top: 4, leading: 10, bottom: 4, trailing: 12)))
        XCTAssertEqual(layout.root.semantic, .forceRightToLeft)
        XCTAssertEqual(layout.root.margins, DirectionalInsets(top: 1, leading: 2, bottom: 3, trailing: 4))

        let title = try XCTUnwrap(layout.view("title"))
        guard case .label(let label) = title.kind else { return XCTFail("title is not a label") }
        XCTAssertEqual(label.text, .plain("Plain title"))
        XCTAssertEqual(label.lines, 0)
        XCTAssertEqual(label.lineBreak, .wordWrap)
        XCTAssertEqual(label.alignment, .center)
        XCTAssertEqual(label.minimumScaleFactor, 0.5)
        XCTAssertEqual(label.font, .textStyle(.headline))
        XCTAssertEqual(title.hugging, AxisPriorities(horizontal: 300, vertical: 251))
        XCTAssertEqual(title.compressionResistance, AxisPriorities(750))
        XCTAssertTrue(title.hidden)

        let go = try XCTUnwrap(layout.view("go"))
        XCTAssertEqual(go.semantic, .playback)
        guard case .button(let button) = go.kind else { return XCTFail("go is not a button") }
        let date = try XCTUnwrap(ISO8601DateFormatter().date(from: "2014-03-02T10:00:00Z"))
        XCTAssertEqual(button.title, .localized(LocalizedText(
            key: "go", table: "Buttons", comment: "Starts", defaultValue: "Go",
            args: [.string("x"), .number(2.5), .formattedNumber(0.25, style: .percent, currency: nil),
                   .formattedNumber(3, style: .currency, currency: "EUR"), .date(date, style: .long), .count(7)])))
        XCTAssertEqual(button.font, .family("Noto Sans", size: 15, weight: .bold))
        XCTAssertEqual(button.contentInsets, DirectionalInsets(top: 6, leading: 12, bottom: 6, trailing: 12))
        XCTAssertEqual(button.image?.size, Size(width: 16, height: 16))
        XCTAssertEqual(button.image?.mirrorsInRTL, true)

        guard case .textField(let field) = layout.view("field")?.kind else { return XCTFail("field is not a text field") }
        XCTAssertEqual(field.text, .localized(LocalizedText(key: "Field")))
        XCTAssertNil(field.placeholder)
        XCTAssertEqual(field.alignment, .right)
        XCTAssertEqual(field.font, .default)

        let stackView = try XCTUnwrap(layout.view("stack"))
        guard case .stack(let stack) = stackView.kind else { return XCTFail("stack is not a stack") }
        XCTAssertEqual(stack.axis, .vertical)
        XCTAssertEqual(stack.spacing, 8)
        XCTAssertEqual(stack.alignment, .firstBaseline)
        XCTAssertEqual(stack.distribution, .equalCentering)
        XCTAssertEqual(stackView.hugging, AxisPriorities(1))
        XCTAssertEqual(stackView.subviews.map(\.id), ["photo"])

        XCTAssertEqual(layout.constraints.map(\.description), ["go.leading >= title.trailing * 2 - 8 @250", "go.height == 44"])
    }

    /// Decodes `text` and returns the error's description, failing when it decodes.
    private func decodingError(_ text: String, line: UInt = #line) -> LayoutDecodingError? {
        do {
            _ = try LayoutDocument.decode(text, file: "Layouts/Bad.json")
            XCTFail("decoded", line: line)
            return nil
        } catch {
            return error
        }
    }

    private func layout(views: String, constraints: String = "[]") -> String {
        "{ \"root\": { \"id\": \"root\", \"type\": \"view\", \"subviews\": [\(views)] }, \"constraints\": \(constraints) }"
    }

    func testErrorsNameFileAndJSONPath() {
        let cases: [(String, String)] = [
            (layout(views: #"{"id":"a","type":"label"},{"id":"b","type":"label"},{"id":"c","type":"label","font":{"family":"X","size":"17"}}"#),
             "Layouts/Bad.json:1:161: root.subviews[2].font.size: expected a number, found a string"),
            (layout(views: #"{"id":"a","type":"picker"}"#),
             "Layouts/Bad.json:1:73: root.subviews[0].type: unknown view type 'picker'; expected one of view, label, button, image, textField, stack, scroll, switch, activityIndicator, progress, slider, stepper, segmentedControl, searchBar"),
            (layout(views: #"{"id":"a","type":"label","colour":"red"}"#),
             "Layouts/Bad.json:1:81: root.subviews[0].colour: unknown field 'colour' for a label; expected one of id, type, subviews, semantic, hugging, compressionResistance, margins, hidden, userLabel, text, font, lines, lineBreak, alignment, minimumScaleFactor"),
            (layout(views: #"{"id":"a","type":"view"},{"id":"a","type":"view"}"#),
             "Layouts/Bad.json:1:87: root.subviews[1].id: duplicate view id 'a' (first used at root.subviews[0])"),
            (layout(views: #"{"id":"a","type":"stack","alignment":"middle"}"#),
             "Layouts/Bad.json:1:93: root.subviews[0].alignment: unknown value 'middle'; expected one of fill, leading, center, trailing, firstBaseline, lastBaseline"),
            (layout(views: #"{"id":"a","type":"label","lines":1.5}"#),
             "Layouts/Bad.json:1:89: root.subviews[0].lines: expected a whole number, found 1.5"),
            (layout(views: #"{"id":"a","type":"label","text":{"key":"k","args":[{"count":"3"}]}}"#),
             "Layouts/Bad.json:1:116: root.subviews[0].text.args[0].count: expected a number, found a string"),
            (layout(views: #"{"id":"a","type":"label","font":{"textStyle":"body","size":3}}"#),
             "Layouts/Bad.json:1:115: root.subviews[0].font.size: a font has either 'textStyle' or 'family' and 'size', not both"),
            (layout(views: #"{"id":"a","type":"view","margins":{"top":1}}"#),
             "Layouts/Bad.json:1:90: root.subviews[0].margins: missing field 'leading'"),
            (layout(views: #"{"type":"view"}"#),
             "Layouts/Bad.json:1:56: root.subviews[0]: missing field 'id'"),
            ("{\"root\": 3}", "Layouts/Bad.json:1:10: root: expected a view object, found a number"),
            ("{\"format\": 2, \"root\": {}}", "Layouts/Bad.json:1:12: format: unsupported format 2; this tool reads format 1"),
            ("{\"root\": {\"id\":\"r\",\"type\":\"view\"}, \"root\": {}}", "Layouts/Bad.json:1:36: root: duplicate field 'root'"),
            ("{\"root\": {\"id\":\"r\",\"type\":\"view\"},\n \"constraints\": [\"r.width == 1\", {\"first\": \"r.width\", \"relation\": \"=\"}]}",
             "Layouts/Bad.json:2:67: constraints[1].relation: unknown relation '='; expected ==, >= or <="),
            ("{\"root\": {\"id\":\"r\",\"type\":\"view\"},\n \"constraints\": [{\"first\": \"r.leading\", \"relation\": \"==\", \"second\": \"r.right\"}]}",
             "Layouts/Bad.json:2:69: constraints[0].second: cannot mix left/right with leading/trailing ('leading' and 'right')"),
            ("{\"root\": [1,}", "Layouts/Bad.json:1:13: unexpected character '}', expected a value"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(decodingError(text)?.description, expected, text)
        }
    }

    /// An object of many members (more than are compared one by one) finds a repeated or
    /// unknown field all the same, at the member.
    func testLargeObjectsFindRepeatedAndUnknownFields() throws {
        let filler = (0..<20).map { "\"x\($0)\":1" }.joined(separator: ",")
        let repeated = try XCTUnwrap(decodingError(layout(views: "{\"id\":\"a\",\"type\":\"view\",\"type\":\"label\",\(filler)}")))
        XCTAssertEqual(repeated.path, "root.subviews[0].type")
        XCTAssertEqual(repeated.message, "duplicate field 'type'")
        let unknown = try XCTUnwrap(decodingError(layout(views: "{\"id\":\"a\",\"type\":\"view\",\(filler)}")))
        XCTAssertEqual(unknown.path, "root.subviews[0].x0")
        XCTAssertTrue(unknown.message.hasPrefix("unknown field 'x0' for a view"), unknown.message)
    }

    func testConstraintErrorsPointAtTheCharacter() throws {
        let text = layout(views: #"{"id":"nameLabel","type":"label"}"#, constraints: "[\n  \"nameLabel.leadin == root.leadingMargin\"\n]")
        let error = try XCTUnwrap(decodingError(text))
        XCTAssertEqual(error.path, "constraints[0]")
        XCTAssertEqual(error.line, 2)
        XCTAssertEqual(error.column, 14)
        XCTAssertEqual(error.description, """
            Layouts/Bad.json:2:14: constraints[0]: column 11: unknown attribute 'leadin'
              nameLabel.leadin == root.leadingMargin
                        ^
            """)
    }

    func testUnknownViewInAConstraint() throws {
        let text = layout(views: #"{"id":"a","type":"label"}"#, constraints: #"["a.leading == b.trailing + 8"]"#)
        let error = try XCTUnwrap(decodingError(text))
        XCTAssertEqual(error.message, "column 14: unknown view 'b'")
        XCTAssertEqual(error.path, "constraints[0]")
        let objectForm = layout(views: #"{"id":"a","type":"label"}"#, constraints: #"[{"first":"zz.width","relation":"==","constant":3}]"#)
        let objectError = try XCTUnwrap(decodingError(objectForm))
        XCTAssertEqual(objectError.path, "constraints[0].first")
        XCTAssertEqual(objectError.message, "unknown view 'zz'")
    }

    func testTextValueForms() throws {
        let layout = try LayoutDocument.decode("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "a", "type": "label", "text": "[Greeting]" }, { "id": "b", "type": "label", "text": "[]" },
                { "id": "c", "type": "label", "text": "Plain [text]" }, { "id": "d", "type": "label", "text": "" } ] } }
            """, file: "Texts.json")
        let texts = layout.allViews.dropFirst().map { view -> TextValue? in
            guard case .label(let label) = view.kind else { return nil }
            return label.text
        }
        XCTAssertEqual(texts, [.localized(LocalizedText(key: "Greeting")), .plain("[]"), .plain("Plain [text]"), .plain("")])
    }

    func testUnreadableFile() {
        XCTAssertThrowsError(try LayoutDocument.load(path: "/nonexistent/None.json")) { error in
            XCTAssertEqual("\(error)", "/nonexistent/None.json: cannot read the file")
        }
    }
}
