import Foundation
import XCTest

/// `babelfit check` and `babelfit merge`, end to end through the built binary, on the example layouts.
final class CheckCommandTests: XCTestCase {
    /// One device keeps these runs short: 8 layouts (6 JSON, the Shop app's storyboard scene and
    /// XIB view) × 11 languages.
    let scope = ["Layouts", "--devices", "iPhone SE (3rd generation)"]

    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func json(_ file: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testTextReportAndExitStatusOne() throws {
        let output = try Binary.run(["check"] + scope)
        XCTAssertEqual(output.status, 1, output.stderr)
        XCTAssertTrue(output.stdout.contains("ItemDetail (Layouts/ItemDetail.json): 11 runs, 12 findings"), output.stdout)
        XCTAssertTrue(output.stdout.contains("Layouts/ItemDetail.json:12: error: serialLabel is truncated in es: needs 133.5 pt, has 55 pt [truncated]"),
                      output.stdout)
        XCTAssertTrue(output.stdout.contains("Layouts/Shop/Base.lproj/Product.storyboard:37: error: Dlv-Lb-001 (\"Delivery\") is truncated in de: needs 302.5 pt, has 277 pt [truncated]"),
                      output.stdout)
        XCTAssertTrue(output.stdout.hasSuffix("88 runs: 28 errors, 3 warnings, 1 reader note\n"), output.stdout)
        XCTAssertFalse(output.stdout.contains("\u{1B}["), "no colour when not on a terminal")
    }

    /// A JSON report's runs go to a spool as they are done (beside the report, or in the
    /// temporary folder for standard output): with one worker or two, to a file or to standard
    /// output, the same bytes, and no file left behind.
    func testJSONReportIsTheSameWhateverTheWorkersAndLeavesNothingBehind() throws {
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let one = try Binary.run(["check"] + scope + ["--format", "json", "--jobs", "1", "--output", path("one.json")])
        let two = try Binary.run(["check"] + scope + ["--format", "json", "--jobs", "2", "--output", path("two.json")])
        let standard = try Binary.run(["check"] + scope + ["--format", "json", "--jobs", "2"],
                                      environment: ["TMPDIR": temporary.path])
        XCTAssertEqual([one.status, two.status, standard.status], [1, 1, 1], one.stderr + two.stderr + standard.stderr)
        let text = try String(contentsOfFile: path("one.json"), encoding: .utf8)
        XCTAssertEqual(try String(contentsOfFile: path("two.json"), encoding: .utf8), text)
        XCTAssertEqual(standard.stdout, text)
        let runs = try XCTUnwrap(try json(path("two.json"))["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.map { $0["index"] as? Int }, (0..<88).map { $0 }, "in plan order")
        XCTAssertTrue(runs.allSatisfy { ($0["views"] as? [Any])?.isEmpty == false }, "every run lists its views")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["one.json", "tmp", "two.json"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [])
    }

    func testJSONReportFollowsTheSpec() throws {
        let output = try Binary.run(["check"] + scope + ["--format", "json", "--output", path("report.json")])
        XCTAssertEqual(output.status, 1, output.stderr)
        let report = try json(path("report.json"))
        XCTAssertEqual(report["format"] as? Int, 1)
        XCTAssertEqual((report["tool"] as? [String: Any])?["name"] as? String, "babelfit")
        let runs = try XCTUnwrap(report["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 88)
        for run in runs {
            for key in ["layout", "file", "language", "direction", "device", "contentSize", "views", "findings"] {
                XCTAssertNotNil(run[key], "every run has \(key)")
            }
            for view in try XCTUnwrap(run["views"] as? [[String: Any]]) {
                XCTAssertEqual((view["frame"] as? [Double])?.count, 4)
                XCTAssertNotNil(view["flipped"] as? Bool)
            }
            for finding in try XCTUnwrap(run["findings"] as? [[String: Any]]) {
                XCTAssertNotNil(finding["kind"] as? String)
                XCTAssertTrue(["error", "warning"].contains(finding["severity"] as? String))
                XCTAssertNotNil(finding["message"] as? String)
            }
        }
        // Runs in the order layout, language, device, content size; development language first.
        XCTAssertEqual(runs.prefix(2).map { $0["language"] as? String }, ["en", "ar"])
        XCTAssertEqual(runs.first?["layout"] as? String, "CurrencyList")
        let summary = try XCTUnwrap(report["summary"] as? [String: Any])
        XCTAssertEqual(summary["runs"] as? Int, 88)
        XCTAssertEqual(summary["findings"] as? [String: Int],
                       ["truncated": 21, "not-mirrored": 6, "format-mismatch": 1, "missing-translation": 1, "fixed-direction-symbol": 2])
        // Same inputs, same bytes.
        XCTAssertEqual(try Binary.run(["check"] + scope + ["--format", "json", "--output", path("again.json")]).status, 1)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("report.json"))),
                       try Data(contentsOf: URL(fileURLWithPath: path("again.json"))))
    }

    func testSARIFJUnitAndGitHubFormats() throws {
        XCTAssertEqual(try Binary.run(["check"] + scope + ["--format", "sarif", "--output", path("report.sarif")]).status, 1)
        let sarif = try json(path("report.sarif"))
        XCTAssertEqual(sarif["version"] as? String, "2.1.0")
        let run = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "babelfit")
        XCTAssertFalse(try XCTUnwrap(driver["rules"] as? [[String: Any]]).isEmpty)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        // 31 distinct findings and the reader's note on the Shop app's XIB.
        XCTAssertEqual(results.count, 32)
        for result in results {
            XCTAssertNotNil(result["ruleId"] as? String)
            XCTAssertNotNil((result["message"] as? [String: Any])?["text"] as? String)
            let location = try XCTUnwrap((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let uri = try XCTUnwrap((location["artifactLocation"] as? [String: Any])?["uri"] as? String)
            XCTAssertTrue(uri.hasPrefix("Layouts/") && [".json", ".storyboard", ".xib"].contains { uri.hasSuffix($0) }, uri)
            XCTAssertNotNil((location["region"] as? [String: Any])?["startLine"] as? Int)
        }

        let junit = try Binary.run(["check"] + scope + ["--format", "junit"])
        XCTAssertEqual(junit.status, 1)
        // failures counts failed test cases (runs): 28 errors in 25 runs (es has 2, ru 3), one <failure> each.
        XCTAssertTrue(junit.stdout.contains("<testsuites name=\"babelfit\" tests=\"88\" failures=\"25\" errors=\"0\">"), junit.stdout)
        XCTAssertEqual(junit.stdout.components(separatedBy: "<testcase ").count - 1, 88)
        XCTAssertEqual(junit.stdout.components(separatedBy: "<failure ").count - 1, 25)

        let github = try Binary.run(["check"] + scope + ["--format", "github"])
        XCTAssertEqual(github.status, 1)
        XCTAssertTrue(github.stdout.contains("::error file=Layouts/ItemDetail.json,line=12,title=truncated (es · iPhone SE (3rd generation) · L)::serialLabel is truncated in es"),
                      github.stdout)
        XCTAssertTrue(github.stdout.contains("::warning file=Layouts/CurrencySettings.json"), github.stdout)

        // On two devices, a finding of both is one annotation and one SARIF result, naming both.
        let two = ["Layouts/ItemDetail.json", "--devices", "iPhone SE (3rd generation),iPad (10th generation)", "--languages", "en,es"]
        let grouped = try Binary.run(["check"] + two + ["--format", "github"])
        XCTAssertEqual(grouped.status, 1)
        XCTAssertEqual(grouped.stdout, """
        ::error file=Layouts/ItemDetail.json,line=8,title=truncated (es · iPhone SE (3rd generation)%2C iPad (10th generation) · L)::nameLabel is truncated in es: needs 65.8 pt, has 55 pt%0AFixes: (1) change 'nameLabel.width == 55' to 'nameLabel.width >= 55', so nameLabel can grow to the 65.8 pt its text needs; (2) shorten the es translation of 'Name' (Localizable) to at most 55 pt: 10.8 pt shorter, about 1 character fewer; (3) set nameLabel's minimumScaleFactor to 0.83, so its text shrinks to fit 55 pt
        ::error file=Layouts/ItemDetail.json,line=12,title=truncated (es · iPhone SE (3rd generation)%2C iPad (10th generation) · L)::serialLabel is truncated in es: needs 133.5 pt, has 55 pt%0AFixes: (1) change 'serialLabel.width == 55' to 'serialLabel.width >= 55', so serialLabel can grow to the 133.5 pt its text needs; (2) shorten the es translation of 'Serial' (Localizable) to at most 55 pt: 78.5 pt shorter, about 9 characters fewer; (3) set serialLabel's minimumScaleFactor to 0.41, so its text shrinks to fit 55 pt
        babelfit: 4 runs, 4 errors (2 distinct); system font: Noto Sans

        """)
        XCTAssertEqual(try Binary.run(["check"] + two + ["--format", "sarif", "--output", path("two.sarif")]).status, 1)
        let groupedResults = try XCTUnwrap((try json(path("two.sarif"))["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        XCTAssertEqual(groupedResults.map { $0["occurrenceCount"] as? Int }, [2, 2])
    }

    func testExitStatusZeroWhenNothingFails() throws {
        let output = try Binary.run(["check", "Layouts/ItemDetailFixed.json", "--devices", "iPhone 15"])
        XCTAssertEqual(output.status, 0, output.stdout + output.stderr)
        XCTAssertTrue(output.stdout.hasSuffix("11 runs: 0 errors, 0 warnings\n"), output.stdout)
    }

    func testAnUnreadableLayoutExitsTwoAndTheOthersAreStillChecked() throws {
        let layouts = folder.appendingPathComponent("Layouts")
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        let source = Binary.root.appendingPathComponent("Layouts")
        for name in ["ItemDetail.json", "es.lproj", "en.lproj"] {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: layouts.appendingPathComponent(name))
        }
        try Data("{\n  \"format\": 1,\n  \"root\": { \"id\": \"root\", \"type\": \"view\",\n    \"subviews\": [ { \"id\": 7, \"type\": \"label\" } ] }\n}\n".utf8)
            .write(to: layouts.appendingPathComponent("Broken.json"))
        let output = try Binary.run(["check", folder.path, "--devices", "iPhone 15", "--format", "json",
                                     "--output", path("report.json")])
        XCTAssertEqual(output.status, 2, output.stderr)
        let report = try json(path("report.json"))
        let errors = try XCTUnwrap(report["inputErrors"] as? [[String: Any]])
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue((errors[0]["file"] as? String)?.hasSuffix("Layouts/Broken.json") == true)
        XCTAssertEqual(errors[0]["line"] as? Int, 4)
        XCTAssertEqual(errors[0]["column"] as? Int, 27)
        XCTAssertTrue((errors[0]["message"] as? String)?.contains("root.subviews[0].id: expected a string") == true,
                      "\(errors[0])")
        let runs = try XCTUnwrap(report["runs"] as? [[String: Any]])
        XCTAssertEqual(Set(runs.map { $0["layout"] as? String }), ["ItemDetail"], "the readable layout is still checked")
        XCTAssertEqual(runs.count, 2)
    }

    func testAnUnreadableTranslationNamesItsLineAndColumn() throws {
        let layouts = folder.appendingPathComponent("Layouts")
        try FileManager.default.createDirectory(at: layouts.appendingPathComponent("es.lproj"), withIntermediateDirectories: true)
        let source = Binary.root.appendingPathComponent("Layouts")
        for name in ["ItemDetail.json", "en.lproj"] {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: layouts.appendingPathComponent(name))
        }
        try Data("\"Name\" = \"Nombre;\n".utf8).write(to: layouts.appendingPathComponent("es.lproj/Localizable.strings"))
        let output = try Binary.run(["check", folder.path, "--devices", "iPhone 15", "--output", path("report.txt")])
        XCTAssertEqual(output.status, 2)
        let report = try String(contentsOfFile: path("report.txt"), encoding: .utf8)
        XCTAssertTrue(report.hasPrefix("\(layouts.path)/es.lproj/Localizable.strings:1:10: error: unterminated string\n"), report)
        XCTAssertTrue(report.hasSuffix("1 run: 0 errors, 0 warnings, 1 input not read\n"), "the layout is still checked: \(report)")
    }

    func testBadOptionsExitTwoWithoutWritingAFile() throws {
        for (arguments, message) in [
            (["--devices", "Nokia 3310"], "unknown device 'Nokia 3310'"),
            (["--content-sizes", "huge"], "unknown content size 'huge'"),
            (["--format", "pdf"], "--format must be text, json, junit, sarif or github"),
            (["--shard", "4/3"], "--shard expects I/N with 1 ≤ I ≤ N"),
        ] {
            let output = try Binary.run(["check", "Layouts"] + arguments + ["--output", path("never.txt")])
            XCTAssertEqual(output.status, 2, "\(arguments)")
            XCTAssertTrue(output.stderr.contains(message), "\(arguments): \(output.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("never.txt")))
        }
    }

    func testBaselineRoundTrip() throws {
        let write = try Binary.run(["check"] + scope + ["--write-baseline", path("baseline.json"), "--quiet"])
        XCTAssertEqual(write.status, 1)
        let baseline = try json(path("baseline.json"))
        XCTAssertEqual((baseline["findings"] as? [Any])?.count, 31)

        // With the whole baseline, nothing new fails.
        let again = try Binary.run(["check"] + scope + ["--baseline", path("baseline.json"), "--format", "json",
                                                        "--output", path("report.json")])
        XCTAssertEqual(again.status, 0, again.stderr)
        let report = try json(path("report.json"))
        XCTAssertEqual((report["summary"] as? [String: Any])?["failing"] as? Int, 0)
        XCTAssertEqual((report["fixed"] as? [Any])?.count, 0)

        // A baseline with one finding that no longer occurs, and without one that does:
        // the new one fails, the old one is listed as fixed.
        var findings = try XCTUnwrap(baseline["findings"] as? [[String: Any]])
        let dropped = findings.removeFirst()
        findings.append(["fingerprint": "ItemDetail|fr|iPhone SE (3rd generation)|L|truncated|oldLabel||",
                         "message": "oldLabel was truncated"])
        var edited = baseline
        edited["findings"] = findings
        try JSONSerialization.data(withJSONObject: edited).write(to: URL(fileURLWithPath: path("edited.json")))
        let partial = try Binary.run(["check"] + scope + ["--baseline", path("edited.json"), "--format", "json",
                                                          "--output", path("partial.json")])
        XCTAssertEqual(partial.status, dropped["message"].map { ($0 as? String)?.contains("missing-translation") == true ? 0 : 1 } ?? 1)
        let partialReport = try json(path("partial.json"))
        let newFindings = try XCTUnwrap(partialReport["runs"] as? [[String: Any]]).flatMap { run in
            (run["findings"] as? [[String: Any]] ?? []).filter { $0["baselined"] as? Bool != true }
        }
        XCTAssertEqual(newFindings.count, 1, "only the finding left out of the baseline is new")
        let fixed = try XCTUnwrap(partialReport["fixed"] as? [[String: Any]])
        XCTAssertEqual(fixed.map { $0["message"] as? String }, ["oldLabel was truncated"], "the finding that went away is fixed")
        let text = try Binary.run(["check"] + scope + ["--baseline", path("edited.json")])
        XCTAssertTrue(text.stdout.contains("(baseline)"), text.stdout)
    }

    /// A JSON check keeps of each run it has spooled only what is needed after the check: the
    /// baseline it writes, the fixed findings and the summary on standard error are a text check's.
    func testAJSONCheckKeepsWhatItsBaselineAndSummaryNeed() throws {
        let text = try Binary.run(["check"] + scope + ["--write-baseline", path("text-baseline.json")])
        XCTAssertEqual(text.status, 1, text.stderr)
        let json = try Binary.run(["check"] + scope + ["--format", "json", "--output", path("report.json"),
                                                       "--write-baseline", path("json-baseline.json")])
        XCTAssertEqual(json.status, 1, json.stderr)
        let textBaseline = try String(contentsOfFile: path("text-baseline.json"), encoding: .utf8)
        XCTAssertTrue(textBaseline.contains("\"message\""), textBaseline)
        XCTAssertEqual(try String(contentsOfFile: path("json-baseline.json"), encoding: .utf8), textBaseline)
        func summary(_ output: String) -> String? { output.split(separator: "\n").last.map(String.init) }
        XCTAssertEqual(summary(json.stderr), summary(text.stdout))

        // With a baseline missing one finding and holding one that went away.
        var baseline = try self.json(path("text-baseline.json"))
        var findings = try XCTUnwrap(baseline["findings"] as? [[String: Any]])
        findings.removeFirst()
        findings.append(["fingerprint": "ItemDetail|fr|iPhone SE (3rd generation)|L|truncated|oldLabel||",
                         "message": "oldLabel was truncated"])
        baseline["findings"] = findings
        try JSONSerialization.data(withJSONObject: baseline).write(to: URL(fileURLWithPath: path("edited.json")))
        let textAgain = try Binary.run(["check"] + scope + ["--baseline", path("edited.json")])
        let jsonAgain = try Binary.run(["check"] + scope + ["--baseline", path("edited.json"), "--format", "json",
                                                            "--output", path("again.json")])
        XCTAssertEqual(jsonAgain.status, textAgain.status)
        XCTAssertEqual(summary(jsonAgain.stderr), summary(textAgain.stdout))
        XCTAssertTrue(summary(jsonAgain.stderr)?.contains("in the baseline") == true, jsonAgain.stderr)
        let fixed = try XCTUnwrap(try self.json(path("again.json"))["fixed"] as? [[String: Any]])
        XCTAssertEqual(fixed.map { $0["message"] as? String }, ["oldLabel was truncated"])
    }

    func testThreeShardsMergeIntoTheUnshardedReport() throws {
        XCTAssertEqual(try Binary.run(["check"] + scope + ["--format", "json", "--output", path("all.json")]).status, 1)
        var shards: [String] = []
        for index in 1...3 {
            let file = path("shard\(index).json")
            let output = try Binary.run(["check"] + scope + ["--shard", "\(index)/3", "--format", "json", "--output", file])
            XCTAssertNotEqual(output.status, 2, output.stderr)
            let runs = try XCTUnwrap(try json(file)["runs"] as? [Any])
            XCTAssertEqual(runs.count, [30, 29, 29][index - 1], "shard \(index) holds a third of the 88 runs")
            shards.append(file)
        }
        let merge = try Binary.run(["merge"] + shards.reversed() + ["-o", path("merged.json")])
        XCTAssertEqual(merge.status, 1, merge.stderr)
        XCTAssertEqual(try String(contentsOfFile: path("merged.json"), encoding: .utf8),
                       try String(contentsOfFile: path("all.json"), encoding: .utf8),
                       "merged shards are byte for byte the unsharded report")

        let duplicate = try Binary.run(["merge", shards[0], shards[0]])
        XCTAssertEqual(duplicate.status, 2)
        XCTAssertTrue(duplicate.stderr.contains("were the shards of one check?"), duplicate.stderr)
    }

    func testConfigFile() throws {
        let config = folder.appendingPathComponent("babelfit.json")
        let layouts = Binary.root.appendingPathComponent("Layouts").path
        try Data("""
        { "layouts": ["\(layouts)/ItemDetail.json"], "strings": ["\(layouts)"], "languages": ["en", "es"],
          "devices": ["iPhone 15"], "severities": { "truncated": "warning" } }
        """.utf8).write(to: config)
        let output = try Binary.run(["check", "--config", config.path, "--format", "json"])
        XCTAssertEqual(output.status, 0, "truncation configured as a warning does not fail: \(output.stderr)")
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((report["summary"] as? [String: Any])?["warnings"] as? Int, 2)
        XCTAssertEqual((report["runs"] as? [Any])?.count, 2)

        try Data(#"{ "languages": "en" }"#.utf8).write(to: config)
        let bad = try Binary.run(["check", "--config", config.path])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("babelfit.json:1:3: error: languages: expected an array of strings"), bad.stderr)
    }

    func testLayoutCommand() throws {
        let output = try Binary.run(["layout", "Layouts/ItemDetail.json", "--language", "ar", "--device", "iPhone SE (3rd generation)"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertTrue(output.stdout.hasPrefix("ItemDetail · ar (rtl) · iPhone SE (3rd generation) · L\nroot"), output.stdout)
        XCTAssertTrue(output.stdout.contains("serialLabel is truncated in ar"), output.stdout)
        let json = try Binary.run(["layout", "Layouts/LanguageSwitch.json", "--language", "he", "--format", "json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let run = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(run["direction"] as? String, "rtl")
        XCTAssertEqual(run["device"] as? String, "iPhone 15")
        let arrow = try XCTUnwrap((run["views"] as? [[String: Any]])?.first { $0["id"] as? String == "continueArrow" })
        XCTAssertEqual(arrow["flipped"] as? Bool, true)
    }
}
