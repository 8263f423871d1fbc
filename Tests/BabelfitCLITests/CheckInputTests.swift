import Foundation
import XCTest

/// Inputs `check`, `layout` and `merge` cannot use: each is named with its file and place, exits 2,
/// and leaves the other inputs checked.
final class CheckInputTests: XCTestCase {
    var folder: URL!
    var layouts: URL { folder.appendingPathComponent("Layouts") }

    override func setUpWithError() throws {
        folder = try Binary.exampleFolder("inputs", copying: ["ItemDetail.json", "en.lproj", "ja.lproj"])
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: layouts.appendingPathComponent(name))
    }

    func label(_ extra: String) -> String {
        """
        { "format": 1, "root": { "id": "root", "type": "view", "subviews": [
          \(extra)
        ] }, "constraints": [] }
        """
    }

    func check(_ arguments: [String] = []) throws -> (status: Int32, report: [String: Any], stderr: String) {
        let output = try Binary.run(["check", folder.path, "--devices", "iPhone 15", "--languages", "en", "--format", "json"]
                                    + arguments)
        let report = (try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))) as? [String: Any] ?? [:]
        return (output.status, report, output.stderr)
    }

    func inputErrors(_ report: [String: Any]) -> [String] {
        (report["inputErrors"] as? [[String: Any]] ?? []).map { error in
            let file = (error["file"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } ?? "?"
            let line = (error["line"] as? Int).map { ":\($0)" } ?? ""
            return "\(file)\(line): \(error["message"] as? String ?? "")"
        }
    }

    func layoutsChecked(_ report: [String: Any]) -> Set<String> {
        Set((report["runs"] as? [[String: Any]] ?? []).compactMap { $0["layout"] as? String })
    }

    func testUnknownFontFamilyImageAndDeviceAreInputErrors() throws {
        try write("Font.json", label(#"{ "id": "title", "type": "label", "text": "Hi", "font": { "family": "Noto Snas", "size": 17 } }"#))
        try write("Image.json", label(#"{ "id": "icon", "type": "image", "source": "nope.png" }"#))
        try write("Device.json", """
        { "format": 1, "devices": ["iPhone 99"], "root": { "id": "root", "type": "view" }, "constraints": [] }
        """)
        let result = try check()
        XCTAssertEqual(result.status, 2)
        let errors = inputErrors(result.report)
        XCTAssertEqual(errors.count, 3, "\(errors)")
        XCTAssertTrue(errors.contains { $0.hasPrefix("Font.json:2: title: unknown font family 'Noto Snas'; the font catalog") }, "\(errors)")
        XCTAssertTrue(errors.contains { $0.hasPrefix("Image.json:2: icon: the image 'nope.png' is not found") }, "\(errors)")
        XCTAssertTrue(errors.contains { $0.hasPrefix("Device.json: devices: unknown device 'iPhone 99'") }, "\(errors)")
        XCTAssertEqual(layoutsChecked(result.report), ["ItemDetail"], "the readable layout is still checked, the others are not")
    }

    func testHugeNumbersAreErrorsNotCrashes() throws {
        try write("Huge.json", """
        { "format": 1, "root": { "id": "root", "type": "view", "subviews": [
          { "id": "a", "type": "label", "text": "Hi" } ] },
          "constraints": ["a.width == 100000000000000000000"] }
        """)
        try write("HugeImage.json", label(#"{ "id": "i", "type": "image", "source": "x.png", "size": [1e30, 10] }"#))
        let result = try check()
        XCTAssertEqual(result.status, 2, result.stderr)
        let errors = inputErrors(result.report)
        XCTAssertTrue(errors.contains { $0.contains("Huge.json:3: constraints[0]") && $0.contains("out of range") }, "\(errors)")
        XCTAssertTrue(errors.contains { $0.contains("HugeImage.json:2: root.subviews[0].size[0]: 1e+30 is out of range") }, "\(errors)")
        XCTAssertEqual(layoutsChecked(result.report), ["ItemDetail"])
    }

    func testAMissingFontFileKeepsItsRunsOutOfTheReport() throws {
        // A catalog whose CJK faces point at a file that is not there.
        let fonts = folder.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        var catalog = try String(contentsOf: Binary.root.appendingPathComponent("Fonts/catalog.json"), encoding: .utf8)
        catalog = catalog.replacingOccurrences(of: "/usr/share/fonts/opentype/noto/NotoSansCJK", with: "/nonexistent/NotoSansCJK")
            .replacingOccurrences(of: "\"file\": \"Noto", with: "\"file\": \"\(Binary.root.path)/Fonts/Noto")
        try Data(catalog.utf8).write(to: fonts.appendingPathComponent("catalog.json"))
        let output = try Binary.run(["check", folder.path, "--devices", "iPhone 15", "--languages", "en,ja", "--fonts", fonts.path,
                                     "--format", "json"])
        XCTAssertEqual(output.status, 2, output.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let errors = inputErrors(report)
        XCTAssertEqual(errors.count, 1, "\(errors)")
        XCTAssertTrue(errors[0].contains("/nonexistent/NotoSansCJK-Regular.ttc: font file for Noto Sans CJK JP is missing; install it with: apt-get install fonts-noto-cjk"),
                      errors[0])
        XCTAssertTrue(errors[0].contains("(needed by"), errors[0])
        let languages = (report["runs"] as? [[String: Any]] ?? []).compactMap { $0["language"] as? String }
        XCTAssertEqual(languages, ["en"], "the Japanese run, which needs the missing font, is not reported with made-up frames")

        let layout = try Binary.run(["layout", layouts.appendingPathComponent("ItemDetail.json").path, "--language", "ja",
                                     "--fonts", fonts.path])
        XCTAssertEqual(layout.status, 2)
        XCTAssertTrue(layout.stderr.contains("font file for Noto Sans CJK JP is missing"), layout.stderr)
        XCTAssertEqual(layout.stdout, "")
    }

    func testAnEmptyFolderAndUnknownPseudolanguage() throws {
        let empty = folder.appendingPathComponent("Empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let none = try Binary.run(["check", empty.path])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stdout.contains("Empty: error: no layout files (*.json, *.storyboard, *.xib) in this folder"), none.stdout)

        let pseudo = try Binary.run(["check", folder.path, "--languages", "x-pseudo-foo"])
        XCTAssertEqual(pseudo.status, 2)
        XCTAssertTrue(pseudo.stderr.contains("unknown pseudolanguage 'x-pseudo-foo'"), pseudo.stderr)

        let folderAsLayout = try Binary.run(["layout", layouts.path])
        XCTAssertEqual(folderAsLayout.status, 2)
        XCTAssertTrue(folderAsLayout.stderr.contains("is a folder; layout takes one layout file"), folderAsLayout.stderr)
    }

    func testDevelopmentLanguageOption() throws {
        // With Japanese as the development language, English is the language that lacks nothing
        // only where it has its own text; the ja runs report nothing missing.
        let output = try Binary.run(["check", folder.path, "--devices", "iPhone 15", "--languages", "ja",
                                     "--development-language", "ja", "--format", "json"])
        XCTAssertEqual(output.status, 1, output.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let runs = try XCTUnwrap(report["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.compactMap { $0["language"] as? String }, ["ja"])
        let kinds = runs.flatMap { ($0["findings"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String } }
        XCTAssertFalse(kinds.contains("missing-translation"), "\(kinds)")
        let bad = try Binary.run(["check", folder.path, "--development-language"])
        XCTAssertEqual(bad.status, 2)
    }

    func testNoBaselineIsWrittenFromUnreadableInputs() throws {
        try write("Broken.json", "{ \"format\": 1, ")
        let baseline = folder.appendingPathComponent("baseline.json").path
        let output = try Binary.run(["check", folder.path, "--devices", "iPhone 15", "--write-baseline", baseline, "--quiet"])
        XCTAssertEqual(output.status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: baseline))
        XCTAssertTrue(output.stderr.contains("baseline.json not written: inputs could not be read"), output.stderr)
    }

    func testMergeNeedsEveryShardOfOneCheck() throws {
        var shards: [String] = []
        for index in 1...3 {
            let file = folder.appendingPathComponent("s\(index).json").path
            _ = try Binary.run(["check", folder.path, "--devices", "iPhone 15", "--shard", "\(index)/3", "--format", "json",
                                "--output", file])
            shards.append(file)
        }
        let missing = try Binary.run(["merge", shards[0], shards[1]])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("shard 3/3 missing: a merge needs every shard"), missing.stderr)

        let other = folder.appendingPathComponent("other.json").path
        _ = try Binary.run(["check", folder.path, "--devices", "iPhone 15", "--languages", "en", "--shard", "3/3",
                            "--format", "json", "--output", other])
        let mixed = try Binary.run(["merge", shards[0], shards[1], other])
        XCTAssertEqual(mixed.status, 2)
        XCTAssertTrue(mixed.stderr.contains("does not belong with"), mixed.stderr)

        try Data(#"{"format":1,"runs":[{"index":1e300}]}"#.utf8).write(to: URL(fileURLWithPath: other))
        let huge = try Binary.run(["merge", other])
        XCTAssertEqual(huge.status, 2)
        XCTAssertTrue(huge.stderr.contains("runs[0].index: expected a whole number"), huge.stderr)
    }
}
