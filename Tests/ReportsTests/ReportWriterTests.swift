import Foundation
import Reports
import XCTest

final class ReportWriterTests: XCTestCase {
    /// A report of two runs of one layout: Spanish with a truncated label, Arabic clean.
    static func sample(baselined: Bool = false) -> CheckReport {
        let truncated = Finding(kind: .truncated, view: "nameLabel",
                                message: "nameLabel is truncated in es: needs 61.2 pt, has 55 pt",
                                needed: 61.2344, available: 55, text: "Nombre", shown: "Nom…", line: 12, baselined: baselined)
        let missing = Finding(kind: .missingTranslation, view: "valueLabel",
                              message: "valueLabel: \"Value\" has no es translation; shows en", key: "Value", line: 20)
        let spanish = RunReport(index: 0, layout: "ItemDetail", file: "Layouts/ItemDetail.json", language: "es", direction: "ltr",
                                device: "iPhone SE (3rd generation)", contentSize: "L",
                                views: [ViewReport(id: "nameLabel", frame: [16, 40, 55, 23.1584], text: "Nombre", shown: "Nom…",
                                                   lines: 1, font: "Noto Sans 17")],
                                findings: [truncated, missing])
        let arabic = RunReport(index: 1, layout: "ItemDetail", file: "Layouts/ItemDetail.json", language: "ar", direction: "rtl",
                               device: "iPhone SE (3rd generation)", contentSize: "L",
                               views: [ViewReport(id: "arrow", frame: [335, 40, 24, 24], flipped: true)], findings: [])
        return CheckReport(toolVersion: "0.1.0", runs: [spanish, arabic])
    }

    func testJSONFollowsTheReportFormat() throws {
        let text = JSONReport.render(Self.sample())
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(object["format"] as? Int, 1)
        XCTAssertEqual((object["tool"] as? [String: Any])?["name"] as? String, "babelfit")
        let runs = try XCTUnwrap(object["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 2)
        for key in ["layout", "file", "language", "direction", "device", "contentSize", "views", "findings"] {
            XCTAssertNotNil(runs[0][key], "run field \(key)")
        }
        let view = try XCTUnwrap((runs[0]["views"] as? [[String: Any]])?.first)
        XCTAssertEqual(view["frame"] as? [Double], [16, 40, 55, 23.158], "numbers have at most three decimals")
        XCTAssertEqual(view["flipped"] as? Bool, false)
        let finding = try XCTUnwrap((runs[0]["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(finding["kind"] as? String, "truncated")
        XCTAssertEqual(finding["severity"] as? String, "error")
        XCTAssertEqual(finding["needed"] as? Double, 61.234)
        XCTAssertEqual(finding["available"] as? Double, 55)
        XCTAssertEqual(finding["shown"] as? String, "Nom…")
        let summary = try XCTUnwrap(object["summary"] as? [String: Any])
        XCTAssertEqual(summary["runs"] as? Int, 2)
        XCTAssertEqual(summary["findings"] as? [String: Int], ["truncated": 1, "missing-translation": 1])
        XCTAssertEqual(text, JSONReport.render(Self.sample()), "same report, same bytes")
        XCTAssertTrue(text.contains("\"contentSize\": \"L\",\n"), "keys are sorted and pretty-printed")
    }

    /// The report written run by run is the report's value written whole, byte for byte: with
    /// the optional top-level fields, whose keys sort on both sides of `runs`, and without runs.
    func testJSONWrittenRunByRunIsTheWholeValue() {
        var report = Self.sample()
        report.inputErrors = [InputError(file: "Layouts/Broken.json", line: 3, message: "expected ':'")]
        report.shard = "1/2"
        report.plannedRuns = 4
        XCTAssertEqual(JSONReport.render(report), JSONReport.value(report).serialized(pretty: true) + "\n")
        XCTAssertTrue(JSONReport.render(report).contains("\"plannedRuns\": 4,\n  \"runs\": [\n    {"))
        let empty = CheckReport(toolVersion: "0.1.0", runs: [])
        XCTAssertEqual(JSONReport.render(empty), JSONReport.value(empty).serialized(pretty: true) + "\n")
        XCTAssertTrue(JSONReport.render(empty).contains("\"runs\": [],"))
    }

    /// A report of more than a megabyte is handed out in pieces, each ending after a run, that
    /// together are the report's text byte for byte.
    func testJSONIsHandedOutInPiecesThatMakeTheWholeReport() {
        let sample = Self.sample().runs[0]
        let views = (0..<40).map { index in
            ViewReport(id: "label\(index)", frame: [16, Double(index) * 30, 343, 21.5], text: "Número de serie \(index)",
                       shown: "Número de serie \(index)", lines: 1, font: "Noto Sans 17")
        }
        let runs = (0..<600).map { index in
            RunReport(index: index, layout: "Form\(index / 12)", file: "Layouts/Form\(index / 12).json", language: "es",
                      direction: "ltr", device: "iPhone 15", contentSize: "L", views: views, findings: sample.findings)
        }
        let report = CheckReport(toolVersion: "0.1.0", runs: runs)
        var pieces: [String] = []
        JSONReport.write(report) { pieces.append($0) }
        let whole = JSONReport.render(report)
        XCTAssertGreaterThan(whole.utf8.count, 3 << 20, "the report is several megabytes")
        XCTAssertGreaterThanOrEqual(pieces.count, 3)
        XCTAssertEqual(pieces.joined(), whole)
        XCTAssertEqual(whole, JSONReport.value(report).serialized(pretty: true) + "\n")
        for piece in pieces.dropLast() {
            XCTAssertTrue(piece.hasSuffix("\n    }"), "a piece ends after a run")
            XCTAssertGreaterThanOrEqual(piece.utf8.count, 1 << 20)
        }
        XCTAssertTrue(pieces.last!.hasSuffix("}\n"))
    }

    func testTextReportHasEditorLocationsAndNoColourUnlessAsked() {
        let text = TextReport.render(Self.sample())
        XCTAssertEqual(text, """
        ItemDetail (Layouts/ItemDetail.json): 2 runs, 2 findings
          es · iPhone SE (3rd generation) · L
            Layouts/ItemDetail.json:12: error: nameLabel is truncated in es: needs 61.2 pt, has 55 pt [truncated]
            Layouts/ItemDetail.json:20: warning: valueLabel: "Value" has no es translation; shows en [missing-translation]
        2 runs: 1 error, 1 warning

        """)
        XCTAssertFalse(text.contains("\u{1B}["))
        XCTAssertTrue(TextReport.render(Self.sample(), options: .init(colour: true)).contains("\u{1B}[31m"))
        let verbose = TextReport.render(Self.sample(), options: .init(verbose: true))
        XCTAssertTrue(verbose.contains("  ar · iPhone SE (3rd generation) · L: ok\n"))
    }

    func testSARIFHasTheRequiredFields() throws {
        let text = SARIF.render(Self.sample())
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "babelfit")
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.map { $0["id"] as? String }, FindingKind.allCases.map(\.rawValue))
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 2)
        XCTAssertEqual(results[0]["ruleId"] as? String, "truncated")
        XCTAssertEqual(results[0]["ruleIndex"] as? Int, 0)
        XCTAssertEqual(results[0]["level"] as? String, "error")
        XCTAssertEqual((results[1]["level"] as? String), "warning")
        let location = try XCTUnwrap((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        XCTAssertEqual((location["artifactLocation"] as? [String: Any])?["uri"] as? String, "Layouts/ItemDetail.json")
        XCTAssertEqual((location["region"] as? [String: Any])?["startLine"] as? Int, 12)
        XCTAssertEqual(((results[0]["message"] as? [String: Any])?["text"] as? String),
                       "nameLabel is truncated in es: needs 61.2 pt, has 55 pt — in es, on iPhone SE (3rd generation) · L")
        XCTAssertEqual(results[0]["occurrenceCount"] as? Int, 1)
    }

    func testSARIFLocationsAreURIReferences() {
        let text = SARIF.render(rules: [SARIF.Rule(id: "truncated", summary: "s", level: .error)],
                                results: [SARIF.Result(ruleId: "truncated", level: .error, message: "m",
                                                       file: "Layouts/Écran, détail:1.json", line: 3)],
                                version: "0.1.0")
        XCTAssertTrue(text.contains(#""uri": "Layouts/%C3%89cran%2C%20d%C3%A9tail%3A1.json""#), text)
    }

    func testJUnitHasATestCasePerRunAndAFailurePerFailingRun() {
        let xml = JUnitReport.render(Self.sample())
        XCTAssertTrue(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"babelfit\" tests=\"2\" failures=\"1\" errors=\"0\">"))
        XCTAssertTrue(xml.contains("<testcase classname=\"ItemDetail\" name=\"ar · iPhone SE (3rd generation) · L\"/>"))
        XCTAssertTrue(xml.contains("<failure type=\"truncated\" message=\"nameLabel is truncated in es: needs 61.2 pt, has 55 pt\">"))
        XCTAssertTrue(xml.contains("<system-out>warning: valueLabel: &quot;Value&quot; has no es translation; shows en [missing-translation]</system-out>"))
        XCTAssertEqual(xml.components(separatedBy: "<failure").count - 1, 1)
    }

    func testGitHubAnnotationsAreEscaped() {
        let out = GitHubReport.render(Self.sample())
        XCTAssertEqual(out, """
        ::error file=Layouts/ItemDetail.json,line=12,title=truncated (es · iPhone SE (3rd generation) · L)::nameLabel is truncated in es: needs 61.2 pt, has 55 pt
        ::warning file=Layouts/ItemDetail.json,line=20,title=missing-translation (es · iPhone SE (3rd generation) · L)::valueLabel: "Value" has no es translation; shows en
        babelfit: 2 runs, 1 error

        """)
        XCTAssertEqual(GitHubReport.annotation("error", file: "a,b:c.json", line: nil, title: "t", message: "50%\nnext"),
                       "::error file=a%2Cb%3Ac.json,title=t::50%25%0Anext\n")
    }

    /// Every report says which font stood in for the system font: JUnit a property of each test
    /// case, the GitHub summary line, the HTML page of each run (JSON, SARIF and text have theirs).
    func testReportsSayWhichFontStoodInForTheSystemFont() throws {
        var report = Self.sample()
        report.runs[0].systemFont = "SF Pro"
        report.runs[1].systemFont = "SF Pro, SF Arabic"
        let xml = JUnitReport.render(report)
        XCTAssertTrue(xml.contains("<testcase classname=\"ItemDetail\" name=\"ar · iPhone SE (3rd generation) · L\">\n"
            + "      <properties><property name=\"systemFont\" value=\"SF Pro, SF Arabic\"/></properties>\n    </testcase>"), xml)
        XCTAssertEqual(xml.components(separatedBy: "<property name=\"systemFont\"").count - 1, 2)
        XCTAssertTrue(GitHubReport.render(report).hasSuffix("babelfit: 2 runs, 1 error; system font: SF Pro; SF Pro, SF Arabic in ar\n"),
                      GitHubReport.render(report))
        let site = try HTMLSite.files(for: report, options: HTMLSite.Options(developmentLanguage: "es"),
                                      pictures: { _ in TestPNG.solid(width: 40, height: 80, red: 200, green: 200, blue: 200) })
        let page = String(decoding: try XCTUnwrap(site.first { $0.path == "layout-1.html" }).bytes, as: UTF8.self)
        XCTAssertTrue(page.contains("<p class=\"system-font\">System font: SF Pro, SF Arabic</p>"))
        XCTAssertTrue(page.contains("<p class=\"system-font\">System font: SF Pro</p>"))
        // A report without the field (an older one) says nothing of it.
        XCTAssertFalse(JUnitReport.render(Self.sample()).contains("systemFont"))
    }

    func testExitStatusAndBaselinedFindings() {
        XCTAssertEqual(Self.sample().exitStatus, 1)
        let baselined = Self.sample(baselined: true)
        XCTAssertEqual(baselined.exitStatus, 0, "an error in the baseline does not fail the check")
        let log = try? JSONSerialization.jsonObject(with: Data(SARIF.render(baselined).utf8)) as? [String: Any]
        let results = (log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]
        XCTAssertEqual(results?.map { $0["ruleId"] as? String }, ["missing-translation"], "baselined findings are left out")
        var unreadable = Self.sample(baselined: true)
        unreadable.inputErrors = [InputError(file: "Layouts/Broken.json", line: 3, message: "root.subviews[0].id: expected a string")]
        XCTAssertEqual(unreadable.exitStatus, 2)
        XCTAssertTrue(TextReport.render(unreadable).hasPrefix("Layouts/Broken.json:3: error: root.subviews[0].id: expected a string\n"))
    }
}
