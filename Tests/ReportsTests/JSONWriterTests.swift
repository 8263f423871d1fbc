import Foundation
import Reports
import Support
import XCTest

/// The JSON text babelfit writes, held to the bytes its writer gave before it wrote straight to
/// UTF-8 (`expected…`, recorded from that writer): key order, escapes, numbers, nesting.
final class JSONWriterTests: XCTestCase {
    static let value: JSONValue = .object([
        "b": .string("quote \" backslash \\ newline \n return \r tab \t bell \u{7} unit \u{1F} delete \u{7F}"),
        "a": .array([.number(0), .number(-0.0), .number(1.5), .number(-1234.5678), .number(0.0005), .number(0.0004),
                     .number(1e20), .number(123456789012.3456), .number(.nan), .number(-.infinity), .number(2.675)]),
        "B": .object(["z": .null, "y": .bool(true), "x": .bool(false), "\u{E9}": .string("N\u{FA}mero \u{FC} \u{1F600} \u{2028} \u{639}\u{631}\u{628}\u{64A}"),
                      "e": .string("")]),
        "aa": .array([]),
        "_": .object([:]),
        "nested": .array([.array([.object(["k": .array([.number(1), .object(["deep": .array([.string("x")])])])])])]),
    ])

    static let expectedCompact =
        "{\"B\":{\"e\":\"\",\"x\":false,\"y\":true,\"z\":null,\"\u{E9}\":\"N\u{FA}mero \u{FC} \u{1F600} \u{2028} \u{639}\u{631}\u{628}\u{64A}\"},\"_\":{},\"a\":[0,0,1.5,-1234.568,0.001,0,99999999999999983616,123456789012.346,null,null,2.675],\"aa\":[],\"b\":\"quote \\\" backslash \\\\ newline \\n return \\r tab \\t bell \\u0007 unit \\u001f delete \u{7F}\",\"nested\":[[{\"k\":[1,{\"deep\":[\"x\"]}]}]]}"
    static let expectedPretty =
        "{\n  \"B\": {\n    \"e\": \"\",\n    \"x\": false,\n    \"y\": true,\n    \"z\": null,\n    \"\u{E9}\": \"N\u{FA}mero \u{FC} \u{1F600} \u{2028} \u{639}\u{631}\u{628}\u{64A}\"\n  },\n  \"_\": {},\n  \"a\": [\n    0,\n    0,\n    1.5,\n    -1234.568,\n    0.001,\n    0,\n    99999999999999983616,\n    123456789012.346,\n    null,\n    null,\n    2.675\n  ],\n  \"aa\": [],\n  \"b\": \"quote \\\" backslash \\\\ newline \\n return \\r tab \\t bell \\u0007 unit \\u001f delete \u{7F}\",\n  \"nested\": [\n    [\n      {\n        \"k\": [\n          1,\n          {\n            \"deep\": [\n              \"x\"\n            ]\n          }\n        ]\n      }\n    ]\n  ]\n}"
    /// Written after "prefix" at indentation 2.
    static let expectedIndented =
        "prefix{\n      \"B\": {\n        \"e\": \"\",\n        \"x\": false,\n        \"y\": true,\n        \"z\": null,\n        \"\u{E9}\": \"N\u{FA}mero \u{FC} \u{1F600} \u{2028} \u{639}\u{631}\u{628}\u{64A}\"\n      },\n      \"_\": {},\n      \"a\": [\n        0,\n        0,\n        1.5,\n        -1234.568,\n        0.001,\n        0,\n        99999999999999983616,\n        123456789012.346,\n        null,\n        null,\n        2.675\n      ],\n      \"aa\": [],\n      \"b\": \"quote \\\" backslash \\\\ newline \\n return \\r tab \\t bell \\u0007 unit \\u001f delete \u{7F}\",\n      \"nested\": [\n        [\n          {\n            \"k\": [\n              1,\n              {\n                \"deep\": [\n                  \"x\"\n                ]\n              }\n            ]\n          }\n        ]\n      ]\n    }"

    func testValuesAreWrittenAsBefore() {
        XCTAssertEqual(Self.value.serialized(), Self.expectedCompact)
        XCTAssertEqual(Self.value.serialized(pretty: true), Self.expectedPretty)
        var out = "prefix"
        Self.value.write(to: &out, indent: 2)
        XCTAssertEqual(out, Self.expectedIndented)
        for pretty in [false, true] {
            var writer = JSONWriter(indent: pretty ? 0 : nil)
            writer.value(Self.value)
            XCTAssertEqual(writer.bytes, Array((pretty ? Self.expectedPretty : Self.expectedCompact).utf8))
        }
    }

    /// Numbers are written as `Number.format` writes them, the form the reports have always had:
    /// whole numbers, thousandths, rounding at half a thousandth, the edges of the fast form.
    func testNumbersAreWrittenAsNumberFormatWritesThem() {
        var values: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, 0.0005, -0.0005, 0.0004999, 0.001, 0.01, 0.1, 0.05, 0.005,
                                1.2345, 2.675, 23.1584, 38.333, 393, 852, 1e6, 999_999_999.999, 999_999_999.9994,
                                999_999_999.9995, 1e9, -1e9, 1e9 + 0.5, 123456789012.3456, 1e15, 1e20, -1e20,
                                .nan, .infinity, -.infinity, .ulpOfOne, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        var generator = SystemRandomNumberGenerator()
        for exponent in -4...13 {
            for _ in 0..<200 {
                let magnitude = Double.random(in: 0..<1, using: &generator) * pow(10, Double(exponent))
                values.append(Bool.random(using: &generator) ? magnitude : -magnitude)
                // Thousandths and halves of them, where rounding decides.
                let thousandths = (magnitude * 1000).rounded()
                values.append(thousandths / 1000)
                values.append((thousandths + 0.5) / 1000)
            }
        }
        for value in values {
            var bytes: [UInt8] = []
            JSONWriter.writeNumber(value, to: &bytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), Number.format(value), "\(value)")
        }
    }

    /// What JSONSerialization reads back from the text is the value, numbers at three decimals.
    func testTheTextReadsBackAsTheValue() throws {
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(Self.value.serialized().utf8)) as? [String: Any])
        XCTAssertEqual(object["b"] as? String, "quote \" backslash \\ newline \n return \r tab \t bell \u{7} unit \u{1F} delete \u{7F}")
        let nested = try XCTUnwrap(object["B"] as? [String: Any])
        XCTAssertEqual(nested["\u{E9}"] as? String, "N\u{FA}mero \u{FC} \u{1F600} \u{2028} \u{639}\u{631}\u{628}\u{64A}")
        XCTAssertEqual(nested["y"] as? Bool, true)
        XCTAssertTrue(nested["z"] is NSNull)
        XCTAssertEqual((object["a"] as? [Any])?.prefix(4).compactMap { $0 as? Double }, [0, 0, 1.5, -1234.568])
        XCTAssertEqual((object["aa"] as? [Any])?.count, 0)
    }

    /// Members written in key order straight to a writer give the bytes of the same object as a
    /// JSONValue, whose keys are sorted when it is written; a builder gives that JSONValue.
    func testMembersInKeyOrderAreTheSortedObject() {
        func write<Sink: JSONSink>(to sink: inout Sink) {
            sink.object { sink in
                sink.member("Zebra", 1)
                sink.member("a", "x\ty")
                sink.member("a2", 2.5)
                sink.member("ab", true)
                sink.member("absent", nil as String?)
                sink.member("b") { $0.array(["one", "two"]) }
                sink.member("c") { $0.object { _ in } }
                sink.member("d") { $0.array([] as [String]) }
                sink.key("\u{E9}t\u{E9}")
                sink.array([1.0, 2.0004]) { sink, number in sink.number(number) }
            }
        }
        let expected: JSONValue = .object([
            "a": .string("x\ty"), "ab": .bool(true), "a2": .number(2.5), "Zebra": .number(1),
            "b": .array([.string("one"), .string("two")]), "c": .object([:]), "d": .array([]),
            "\u{E9}t\u{E9}": .array([.number(1), .number(2.0004)]),
        ])
        XCTAssertEqual(JSONValueBuilder.build { write(to: &$0) }, expected)
        for indent in [nil, 0, 3] {
            var writer = JSONWriter(indent: indent)
            write(to: &writer)
            var old = ""
            expected.write(to: &old, indent: indent)
            XCTAssertEqual(writer.text, old)
        }
    }

    /// A key the program spells out, a string and a number are each written with what comes
    /// before them in one piece: the text is the one spelled out here by hand, compact and
    /// pretty, at depths from 1 to 40, for long and short strings with and without escapes
    /// (each byte JSON escapes, and bytes next to them that it does not, at every place of
    /// strings shorter and longer than the eight bytes the writer reads at a time), and
    /// numbers on both sides of the fast form's edges.
    func testKeysStringsAndNumbersAreWrittenAsSpelledOut() {
        let named: [Unicode.Scalar: String] = ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"]
        func escaped(_ text: String) -> String {
            let body = text.unicodeScalars.map { named[$0] ?? ($0.value < 0x20 ? String(format: "\\u%04x", $0.value) : String($0)) }
            return "\"" + body.joined() + "\""
        }
        var strings = ["", "a", "\u{E9}t\u{E9} \u{1F600}", "tab\there", "\u{1}", "back\\slash"]
        for length in [198, 199, 200, 201, 202, 450] {
            strings.append(String(repeating: "x", count: length))
            strings.append(String(repeating: "y", count: length - 1) + "\"")
            strings.append(String(repeating: "\u{E9}", count: length / 2))
        }
        for special in ["\"", "\\", "\u{0}", "\u{1F}", "\n", " ", "!", "#", "[", "]", "\u{7F}", "\u{E9}", "\u{5C}x"] {
            for length in 1...19 {
                for place in 0..<length {
                    strings.append(String(repeating: "a", count: place) + special + String(repeating: "b", count: length - 1 - place))
                }
            }
        }
        let numbers: [Double] = [0, -0.0, 1, -1.5, 0.0005, -0.0004, 999_999_999.9994, 999_999_999.9995, -1e9, 1e15, .nan, 42.125]
        for indent in [nil, 0, 2] {
            for depth in [1, 2, 5, 31, 32, 33, 40] {
                var writer = JSONWriter(indent: indent)
                var expected = ""
                func newline(_ level: Int) -> String { indent.map { "\n" + String(repeating: " ", count: 2 * ($0 + level)) } ?? "" }
                for level in 0..<depth {
                    writer.beginArray()
                    expected += (level > 0 ? newline(level) : "") + "["
                }
                // Each string and number as the one member of an object, then the numbers as elements.
                let colon = indent == nil ? ":" : ": "
                var count = 0
                func element(_ key: StaticString, _ text: String, write: (inout JSONWriter) -> Void) {
                    writer.beginObject()
                    writer.key(key)
                    write(&writer)
                    writer.endObject()
                    expected += (count > 0 ? "," : "") + newline(depth) + "{" + newline(depth + 1)
                        + "\"\(key)\"" + colon + text + newline(depth) + "}"
                    count += 1
                }
                for text in strings {
                    element("key", escaped(text)) { $0.string(text) }
                }
                for number in numbers {
                    element("n", Number.format(number)) { $0.number(number) }
                    writer.number(number)
                    expected += "," + newline(depth) + Number.format(number)
                }
                for level in stride(from: depth - 1, through: 0, by: -1) {
                    writer.endArray()
                    expected += newline(level) + "]"
                }
                XCTAssertEqual(writer.text, expected, "indent \(String(describing: indent)), depth \(depth)")
            }
        }
    }

    /// A key given as a string is written as the string is, quoted and escaped, then the colon.
    /// A copy of a writer goes on from where it was copied, as its own: what one writes the
    /// other does not.
    func testStringKeysAndCopiesOfAWriter() {
        for indent in [nil, 0] {
            var writer = JSONWriter(indent: indent)
            writer.beginObject()
            writer.key("plain")
            writer.number(1)
            var copy = writer
            writer.key("quote\"d")
            writer.string("x")
            writer.endObject()
            copy.key("tab\t")
            copy.null()
            copy.endObject()
            let colon = indent == nil ? ":" : ": ", newline = indent == nil ? "" : "\n  ", end = indent == nil ? "" : "\n"
            XCTAssertEqual(writer.text, "{" + newline + "\"plain\"" + colon + "1," + newline + "\"quote\\\"d\"" + colon + "\"x\"" + end + "}")
            XCTAssertEqual(copy.text, "{" + newline + "\"plain\"" + colon + "1," + newline + "\"tab\\t\"" + colon + "null" + end + "}")
            XCTAssertEqual(writer.byteCount, writer.bytes.count)
            XCTAssertEqual(writer.withUnsafeBytes { Array($0) }, Array(writer.text.utf8))
        }
    }

    /// The elements of an array written apart from its brackets, as a report's spool writes its
    /// runs: the array written whole, byte for byte.
    func testElementsWrittenApartMakeTheArray() {
        let elements: [JSONValue] = [.object(["k": .number(1)]), .string("s"), .array([.null])]
        for indent in [nil, 1] {
            var whole = ""
            JSONValue.array(elements).write(to: &whole, indent: indent)
            var outer = JSONWriter(indent: indent)
            outer.beginArray()
            var apart = JSONWriter(elementsOfArrayAt: indent, written: 0)
            apart.value(elements[0])
            var rest = JSONWriter(elementsOfArrayAt: indent, written: 1)
            for element in elements.dropFirst() { rest.value(element) }
            let opening = outer.text
            outer.removeAll()
            outer.skipElements(elements.count)
            outer.endArray()
            XCTAssertEqual(opening + apart.text + rest.text + outer.text, whole)
        }
    }

    /// The JSON values of a run, a fix and a tie are the objects the report specifies, made by
    /// writing them to a builder.
    func testReportValuesAreTheirObjects() {
        let fix = Fix(summary: "Let it wrap", removeConstraints: ["a.width == 40"], addConstraints: ["a.width >= 40"],
                      views: ["b": ViewEdit(lines: 0, hugging: AxisPriorityEdit(horizontal: 250), alignment: "natural"),
                              "a": ViewEdit(compressionResistance: AxisPriorityEdit(vertical: 751), minimumScaleFactor: 0.5)],
                      text: TextEdit(key: "Title", table: "Localizable", language: "de", maxWidth: 120.5, shorterBy: 3, characters: 12),
                      wraps: WrapOutcome(view: "a", lines: 2, height: 40.25))
        XCTAssertEqual(fix.jsonValue, .object([
            "summary": .string("Let it wrap"),
            "constraints": .object(["remove": .array([.string("a.width == 40")]), "add": .array([.string("a.width >= 40")])]),
            "views": .object([
                "b": .object(["lines": .number(0), "hugging": .object(["h": .number(250)]), "alignment": .string("natural")]),
                "a": .object(["compressionResistance": .object(["v": .number(751)]), "minimumScaleFactor": .number(0.5)]),
            ]),
            "text": .object(["key": .string("Title"), "table": .string("Localizable"), "language": .string("de"),
                             "maxWidth": .number(120.5), "shorterBy": .number(3), "characters": .number(12)]),
            "wraps": .object(["view": .string("a"), "lines": .number(2), "height": .number(40.25)]),
        ]))
        XCTAssertEqual(Fix(summary: "Nothing").jsonValue, .object(["summary": .string("Nothing")]))
        XCTAssertEqual(ViewEdit().jsonValue, .object([:]))
        let tie = PriorityTie(priority: .hugging, axis: "horizontal", value: 251, views: ["a", "b"])
        XCTAssertEqual(tie.jsonValue, .object(["priority": .string("hugging"), "axis": .string("horizontal"),
                                               "value": .number(251), "views": .array([.string("a"), .string("b")])]))
        let run = ReportWriterTests.sample().runs[0]
        guard case let .object(members) = JSONReport.value(run) else { return XCTFail("a run is an object") }
        XCTAssertEqual(Set(members.keys), ["index", "layout", "file", "language", "direction", "device", "contentSize", "views", "findings"])
        XCTAssertEqual(members["views"], .array([.object([
            "id": .string("nameLabel"), "frame": .array([.number(16), .number(40), .number(55), .number(23.1584)]),
            "flipped": .bool(false), "text": .string("Nombre"), "shown": .string("Nom\u{2026}"), "lines": .number(1),
            "font": .string("Noto Sans 17"),
        ])]))
        guard case let .array(findings)? = members["findings"], case let .object(finding)? = findings.first else {
            return XCTFail("findings")
        }
        XCTAssertEqual(finding["needed"], .number(61.2344), "the value keeps the number; the text rounds it")
        XCTAssertEqual(finding["line"], .number(12))
        XCTAssertNil(finding["baselined"])
    }

    /// A finding and a view with every field the report may give them, a fix with every part:
    /// written run by run (members in key order, straight to text) they are the report's value
    /// written whole (members sorted as it is written), byte for byte.
    func testEveryFieldIsWrittenInKeyOrder() throws {
        var finding = Finding(kind: .truncated, view: "title", message: "title is truncated", needed: 120.25, available: 80,
                              text: "Ti\u{301}tulo \"largo\"", shown: "T\u{2026}", key: "Title", constraints: ["title.width <= 80"],
                              otherView: "subtitle", line: 7, baselined: true)
        finding.subject.translatorNote = "A screen's title"
        finding.tie = PriorityTie(priority: .compressionResistance, axis: "horizontal", value: 750, views: ["title", "subtitle"])
        finding.fixes = [Fix(summary: "Wrap it", removeConstraints: ["title.width <= 80"], addConstraints: ["title.height >= 20"],
                             views: ["title": ViewEdit(lines: 2, hugging: AxisPriorityEdit(horizontal: 250, vertical: 251),
                                                       compressionResistance: AxisPriorityEdit(horizontal: 749),
                                                       minimumScaleFactor: 0.75, alignment: "natural"),
                                     "Subtitle": ViewEdit()],
                             text: TextEdit(key: "Title", table: "Main", language: "de", maxWidth: 80, shorterBy: 4.5, characters: 9),
                             wraps: WrapOutcome(view: "title", lines: 2, height: 41.5))]
        let lines = Finding(kind: .truncated, view: "body", message: "body needs 3 lines", neededLines: 3, availableLines: 2)
        var view = ViewReport(id: "title", frame: [16, 40.5, 80, 20.0004], text: "T\u{ED}tulo", shown: "T\u{2026}", lines: 1,
                              font: "Noto Sans 17", flipped: true)
        view.textLanguage = "en"
        view.alignment = "right"
        var run = RunReport(index: 3, layout: "Screen", file: "Layouts/Screen.json", language: "de", direction: "ltr",
                            device: "iPhone 15", contentSize: "AX1", views: [view], findings: [finding, lines])
        run.systemFont = "Noto Sans"
        var report = CheckReport(toolVersion: "0.1.0", runs: [run])
        report.readerNotes = [InputError(file: "Main.storyboard", line: 2, column: 5, message: "a note")]
        report.fixed = [FixedFinding(fingerprint: "abc", message: "fixed")]
        XCTAssertEqual(JSONReport.render(report), JSONReport.value(report).serialized(pretty: true) + "\n")
        var writer = JSONWriter(indent: nil)
        JSONReport.write(run, to: &writer)
        XCTAssertEqual(writer.text, JSONReport.value(run).serialized())
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any])
        let written = try XCTUnwrap((object["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(written["translatorNote"] as? String, "A screen's title")
        XCTAssertEqual((written["tie"] as? [String: Any])?["priority"] as? String, "compressionResistance")
        let fix = try XCTUnwrap((written["fixes"] as? [[String: Any]])?.first)
        XCTAssertEqual(((fix["views"] as? [String: Any])?["title"] as? [String: Any])?["hugging"] as? [String: Int], ["h": 250, "v": 251])
        XCTAssertEqual((object["views"] as? [[String: Any]])?.first?["textLanguage"] as? String, "en")
    }
}
