import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Reports
import XCTest

/// Characters XML 1.0 forbids (a NUL, other control characters, U+FFFE and U+FFFF) cannot be
/// written into JUnit even as character references (`&#0;` makes XML parsers stop): they are
/// written as visible text (`\u{0}`), and the report stays XML that a parser reads whole.
final class JUnitCharacterTests: XCTestCase {
    /// The attributes of every element an XML parser reads, in document order.
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var text = ""
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String]) {
            elements.append((name, attributes))
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    }

    static func report() -> CheckReport {
        let finding = Finding(kind: .truncated, view: "name\u{0}Label",
                              message: "name\u{0}Label is truncated in es\u{1}: needs 61.2 pt\u{FFFF}, has 55 pt\u{B}\r\t",
                              needed: 61.2, available: 55, text: "Nombre", shown: "Nom…", line: 12)
        let run = RunReport(index: 0, layout: "Item\u{0}Detail", file: "Layouts/Item\u{0}Detail.json", language: "es",
                            direction: "ltr", device: "iPhone SE (3rd generation)", contentSize: "L",
                            views: [], findings: [finding])
        var report = CheckReport(toolVersion: "0.1.0", runs: [run])
        report.inputErrors = [InputError(file: "Layouts/Bro\u{0}ken.json", line: 3, message: "root.id\u{1F}: expected a string\u{FFFE}")]
        return report
    }

    func testForbiddenCharactersAreVisibleAndTheReportParses() throws {
        let xml = JUnitReport.render(Self.report())
        XCTAssertFalse(xml.contains("&#0;"), xml)
        XCTAssertFalse(xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control character but line feeds between elements")
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = Collector()
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "XMLParser stops: \(String(describing: parser.parserError)) in\n\(xml)")
        let testcases = collector.elements.filter { $0.name == "testcase" }.map { $0.attributes["name"] ?? "" }
        XCTAssertEqual(testcases, ["Layouts/Bro\\u{0}ken.json", "es · iPhone SE (3rd generation) · L"])
        let suites = collector.elements.filter { $0.name == "testsuite" }.map { $0.attributes["name"] ?? "" }
        XCTAssertEqual(suites, ["inputs", "Item\\u{0}Detail"])
        let error = try XCTUnwrap(collector.elements.first { $0.name == "error" }?.attributes["message"])
        XCTAssertEqual(error, "root.id\\u{1F}: expected a string\\u{FFFE}")
        let failure = try XCTUnwrap(collector.elements.first { $0.name == "failure" }?.attributes["message"])
        XCTAssertEqual(failure, "name\\u{0}Label is truncated in es\\u{1}: needs 61.2 pt\\u{FFFF}, has 55 pt\\u{B}\r\t")
        XCTAssertTrue(collector.text.contains("Layouts/Item\\u{0}Detail.json:12: name\\u{0}Label is truncated"), collector.text)
    }
}
