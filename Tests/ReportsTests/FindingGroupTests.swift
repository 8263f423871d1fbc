import Foundation
import Reports
import XCTest

/// A finding that repeats over devices and content sizes is one entry in the text, GitHub and
/// SARIF reports; JUnit keeps a test case a run, JSON a finding a run.
final class FindingGroupTests: XCTestCase {
    static let devices = ["iPhone SE (3rd generation)", "iPhone 15", "iPad (10th generation)"]
    static let sizes = ["L", "AX3"]

    /// ItemDetail in en and es on 3 devices × 2 content sizes (12 runs, in report order). In
    /// every es run serialLabel is truncated: 55 pt wide, or `iPadWidth` on the iPad. nameLabel
    /// is truncated only on the iPhone SE at AX3. Runs whose index is in `baselined` have their
    /// serialLabel finding in the baseline.
    static func report(iPadWidth: Double = 55, baselined: Set<Int> = []) -> CheckReport {
        var runs: [RunReport] = []
        for language in ["en", "es"] {
            for device in devices {
                for size in sizes {
                    let index = runs.count
                    var findings: [Finding] = []
                    if language == "es" {
                        if device == devices[0] && size == "AX3" {
                            findings.append(Finding(kind: .truncated, view: "nameLabel",
                                                    message: "nameLabel is truncated in es: needs 65.8 pt, has 55 pt",
                                                    needed: 65.8, available: 55, line: 8))
                        }
                        let width = device == devices[2] ? iPadWidth : 55
                        findings.append(Finding(kind: .truncated, view: "serialLabel",
                                                message: "serialLabel is truncated in es: needs 133.5 pt, has \(Number.points(width)) pt",
                                                needed: 133.5, available: width, line: 12, baselined: baselined.contains(index)))
                    }
                    runs.append(RunReport(index: index, layout: "ItemDetail", file: "Layouts/ItemDetail.json", language: language,
                                          direction: "ltr", device: device, contentSize: size, views: [], findings: findings))
                }
            }
        }
        return CheckReport(toolVersion: "0.1.0", runs: runs)
    }

    static let everywhere = "iPhone SE (3rd generation), iPhone 15, iPad (10th generation) · L, AX3"

    func sarifResults(_ report: CheckReport) throws -> [[String: Any]] {
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(SARIF.render(report).utf8)) as? [String: Any])
        return try XCTUnwrap((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    }

    func testAFindingOnThreeDevicesAtTwoSizesIsOneEntry() throws {
        let report = Self.report()
        XCTAssertEqual(report.findingGroups.map(\.occurrences.count), [6, 1], "serialLabel on 6 runs, nameLabel on 1")
        XCTAssertEqual(report.findingGroups.map(\.title), ["es · \(Self.everywhere)", "es · iPhone SE (3rd generation) · AX3"])

        XCTAssertEqual(TextReport.render(report), """
        ItemDetail (Layouts/ItemDetail.json): 12 runs, 7 findings (2 distinct)
          es · \(Self.everywhere)
            Layouts/ItemDetail.json:12: error: serialLabel is truncated in es: needs 133.5 pt, has 55 pt [truncated]
          es · iPhone SE (3rd generation) · AX3
            Layouts/ItemDetail.json:8: error: nameLabel is truncated in es: needs 65.8 pt, has 55 pt [truncated]
        12 runs: 7 errors, 0 warnings (2 distinct findings)

        """)

        XCTAssertEqual(GitHubReport.render(report), """
        ::error file=Layouts/ItemDetail.json,line=12,title=truncated (es · iPhone SE (3rd generation)%2C iPhone 15%2C iPad (10th generation) · L%2C AX3)::serialLabel is truncated in es: needs 133.5 pt, has 55 pt
        ::error file=Layouts/ItemDetail.json,line=8,title=truncated (es · iPhone SE (3rd generation) · AX3)::nameLabel is truncated in es: needs 65.8 pt, has 55 pt
        babelfit: 12 runs, 7 errors (2 distinct)

        """)

        let results = try sarifResults(report)
        XCTAssertEqual(results.count, 2, "one result a finding, not one a run")
        let serial = results[0]
        XCTAssertEqual((serial["message"] as? [String: Any])?["text"] as? String,
                       "serialLabel is truncated in es: needs 133.5 pt, has 55 pt — in es, on \(Self.everywhere)")
        XCTAssertEqual(serial["occurrenceCount"] as? Int, 6)
        XCTAssertEqual((serial["locations"] as? [Any])?.count, 1, "one location: the runs are not places to fix")
        let related = try XCTUnwrap(serial["relatedLocations"] as? [[String: Any]])
        XCTAssertEqual(related.map { $0["id"] as? Int }, [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(related.map { ($0["message"] as? [String: Any])?["text"] as? String }, Self.devices.flatMap { device in
            Self.sizes.map { "es · \(device) · \($0): serialLabel is truncated in es: needs 133.5 pt, has 55 pt" }
        })
        for location in related {
            let physical = try XCTUnwrap(location["physicalLocation"] as? [String: Any])
            XCTAssertEqual((physical["region"] as? [String: Any])?["startLine"] as? Int, 12)
        }
        let properties = try XCTUnwrap(serial["properties"] as? [String: Any])
        XCTAssertEqual(properties["language"] as? String, "es")
        XCTAssertEqual(properties["view"] as? String, "serialLabel")
        XCTAssertEqual((properties["runs"] as? [[String: String]])?.map { "\($0["device"]!) · \($0["contentSize"]!)" },
                       Self.devices.flatMap { device in Self.sizes.map { "\(device) · \($0)" } })
        XCTAssertEqual(results[1]["occurrenceCount"] as? Int, 1)

        // JSON keeps a finding a run.
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(JSONReport.render(report).utf8)) as? [String: Any])
        let findings = (json["runs"] as? [[String: Any]])?.map { ($0["findings"] as? [Any])?.count ?? -1 }
        XCTAssertEqual(findings, [0, 0, 0, 0, 0, 0, 1, 2, 1, 1, 1, 1])
    }

    func testNumbersThatDifferByDeviceAreSaidToDiffer() throws {
        let report = Self.report(iPadWidth: 80)
        let note = "(numbers differ on iPad (10th generation) · L, AX3; see the JSON report)"
        XCTAssertEqual(report.findingGroups.count, 2, "other numbers, the same finding")
        XCTAssertTrue(TextReport.render(report).contains("""
          es · \(Self.everywhere)
            Layouts/ItemDetail.json:12: error: serialLabel is truncated in es: needs 133.5 pt, has 55 pt \(note) [truncated]

        """), TextReport.render(report))
        XCTAssertTrue(GitHubReport.render(report).contains("::serialLabel is truncated in es: needs 133.5 pt, has 55 pt \(note)\n"))
        let serial = try XCTUnwrap(sarifResults(report).first)
        XCTAssertEqual((serial["message"] as? [String: Any])?["text"] as? String,
                       "serialLabel is truncated in es: needs 133.5 pt, has 55 pt — in es, on \(Self.everywhere) \(note)")
        let related = try XCTUnwrap(serial["relatedLocations"] as? [[String: Any]])
        XCTAssertEqual(related.map { ($0["message"] as? [String: Any])?["text"] as? String }.last,
                       "es · iPad (10th generation) · AX3: serialLabel is truncated in es: needs 133.5 pt, has 80 pt",
                       "each run's own numbers")
    }

    func testDevicesThatDoNotShareTheirSizesAreListedApart() {
        var report = Self.report()
        // serialLabel fits on the iPad at L.
        report.runs[10].findings = []
        XCTAssertEqual(report.findingGroups.first?.places,
                       "iPhone SE (3rd generation), iPhone 15 · L, AX3; iPad (10th generation) · AX3")
        XCTAssertTrue(TextReport.render(report, options: .init(verbose: true)).contains("""
          en · \(Self.everywhere): ok
          es · iPhone SE (3rd generation), iPhone 15 · L, AX3; iPad (10th generation) · AX3
            Layouts/ItemDetail.json:12: error: serialLabel is truncated in es: needs 133.5 pt, has 55 pt [truncated]
          es · iPhone SE (3rd generation) · AX3
            Layouts/ItemDetail.json:8: error: nameLabel is truncated in es: needs 65.8 pt, has 55 pt [truncated]
          es · iPad (10th generation) · L: ok

        """), TextReport.render(report, options: .init(verbose: true)))
    }

    func testBaselinedRunsStayMarkedAndApart() throws {
        // serialLabel is in the baseline for the iPhone SE and iPhone 15 runs, new on the iPad.
        let report = Self.report(baselined: [6, 7, 8, 9])
        XCTAssertEqual(report.findingGroups.map(\.title), [
            "es · iPhone SE (3rd generation), iPhone 15 · L, AX3", "es · iPhone SE (3rd generation) · AX3",
            "es · iPad (10th generation) · L, AX3",
        ], "in order of their first run")
        XCTAssertEqual(TextReport.render(report), """
        ItemDetail (Layouts/ItemDetail.json): 12 runs, 7 findings (3 distinct)
          es · iPhone SE (3rd generation), iPhone 15 · L, AX3
            Layouts/ItemDetail.json:12: error (baseline): serialLabel is truncated in es: needs 133.5 pt, has 55 pt [truncated]
          es · iPhone SE (3rd generation) · AX3
            Layouts/ItemDetail.json:8: error: nameLabel is truncated in es: needs 65.8 pt, has 55 pt [truncated]
          es · iPad (10th generation) · L, AX3
            Layouts/ItemDetail.json:12: error: serialLabel is truncated in es: needs 133.5 pt, has 55 pt [truncated]
        12 runs: 7 errors, 0 warnings (3 distinct findings; 4 in the baseline)

        """)
        XCTAssertEqual(GitHubReport.render(report).components(separatedBy: "\n").filter { $0.hasPrefix("::") }.count, 2,
                       "the baselined group is left out")
        XCTAssertTrue(GitHubReport.render(report).hasSuffix("babelfit: 12 runs, 3 errors (2 distinct)\n"))
        XCTAssertEqual(try sarifResults(report).map { $0["occurrenceCount"] as? Int }, [1, 2])
    }

    func testJUnitCountsFailedTestCases() throws {
        var report = Self.report()
        report.runs[0].findings = [Finding(kind: .missingTranslation, view: "valueLabel", message: "valueLabel: \"Value\" has no en translation",
                                           key: "Value", line: 20)]
        let xml = JUnitReport.render(report)
        let root = try XMLReader.parse(bytes: Array(xml.utf8), file: "report.xml")
        XCTAssertEqual(root.name, "testsuites")
        XCTAssertEqual(root.attributes["tests"], "12", "a test case a run")
        XCTAssertEqual(root.attributes["failures"], "6", "the six es runs fail, however many errors each has")
        let suite = try XCTUnwrap(root.firstChild(named: "testsuite"))
        XCTAssertEqual(suite.attributes["tests"], "12")
        XCTAssertEqual(suite.attributes["failures"], "6")
        let cases = suite.children(named: "testcase")
        XCTAssertEqual(cases.count, 12)
        XCTAssertEqual(cases.filter { !$0.children(named: "failure").isEmpty }.count, 6)
        XCTAssertEqual(cases.map { $0.children(named: "failure").count }.max(), 1, "at most one failure a test case")
        XCTAssertEqual(cases[0].children(named: "failure").count, 0, "a warning does not fail")
        XCTAssertEqual(cases[0].firstChild(named: "system-out")?.text, "warning: valueLabel: \"Value\" has no en translation [missing-translation]")

        // The iPhone SE at AX3 has two errors: one failure that holds both.
        let twice = try XCTUnwrap(cases[7].firstChild(named: "failure"))
        XCTAssertEqual(cases[7].attributes["name"], "es · iPhone SE (3rd generation) · AX3")
        XCTAssertEqual(twice.attributes["type"], "truncated")
        XCTAssertEqual(twice.attributes["message"],
                       "2 errors: nameLabel is truncated in es: needs 65.8 pt, has 55 pt; serialLabel is truncated in es: needs 133.5 pt, has 55 pt")
        XCTAssertEqual(twice.text, """
        Layouts/ItemDetail.json:8: nameLabel is truncated in es: needs 65.8 pt, has 55 pt
        Layouts/ItemDetail.json:12: serialLabel is truncated in es: needs 133.5 pt, has 55 pt
        """)
        let once = try XCTUnwrap(cases[6].firstChild(named: "failure"))
        XCTAssertEqual(once.attributes["message"], "serialLabel is truncated in es: needs 133.5 pt, has 55 pt")
        XCTAssertEqual(once.text, "Layouts/ItemDetail.json:12: serialLabel is truncated in es: needs 133.5 pt, has 55 pt")

        // Baselined errors do not fail their test case: the iPhone SE at AX3 (nameLabel) and the iPad at AX3 fail.
        let baselined = JUnitReport.render(Self.report(baselined: [6, 8, 9, 10]))
        XCTAssertTrue(baselined.contains("<testsuites name=\"babelfit\" tests=\"12\" failures=\"2\" errors=\"0\">"), baselined)
    }

    /// `merge` of the shards' JSON gives the unsharded JSON, from which the other formats follow.
    func testShardsMergeIntoTheUnshardedReport() throws {
        let whole = Self.report(iPadWidth: 80)
        var shards: [(file: String, text: String)] = []
        for shard in 1...3 {
            var part = whole
            part.runs = whole.runs.filter { $0.index % 3 == shard - 1 }
            part.shard = "\(shard)/3"
            part.plannedRuns = whole.runs.count
            shards.append(("shard\(shard).json", JSONReport.render(part)))
        }
        XCTAssertEqual(try ReportMerge.merge(shards.reversed()).json, JSONReport.render(whole))
        XCTAssertEqual(SARIF.render(whole), SARIF.render(Self.report(iPadWidth: 80)), "same report, same bytes")
        XCTAssertEqual(TextReport.render(whole), TextReport.render(Self.report(iPadWidth: 80)))
    }
}
