import Foundation
import XCTest

/// `check --html DIR` and `report REPORT.json`, through the built binary: the site's files,
/// the same bytes twice and from a saved report, and inputs that cannot be used (exit 2, no
/// site or an earlier one left as it was).
final class HTMLReportCommandTests: XCTestCase {
    var folder: URL!
    var layouts: URL { folder.appendingPathComponent("Layouts") }

    override func setUpWithError() throws {
        folder = try Binary.exampleFolder("html", copying: ["ItemDetail.json", "en.lproj", "es.lproj"])
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private func check(_ arguments: [String]) throws -> Binary.Output {
        try Binary.run(["check", "Layouts", "--devices", "iPhone 15", "--languages", "en,es"] + arguments, in: folder)
    }

    /// Every file below `folder`, by relative path, with its bytes.
    private func files(_ name: String) throws -> [String: Data] {
        let root = folder.appendingPathComponent(name)
        var result: [String: Data] = [:]
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: root.path))
        while let relative = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            let full = root.appendingPathComponent(relative).path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                result[relative] = FileManager.default.contents(atPath: full)
            }
        }
        return result
    }

    private func page(_ site: String, _ name: String) throws -> String {
        String(decoding: try XCTUnwrap(try files(site)[name], "\(site)/\(name)"), as: UTF8.self)
    }

    func testCheckWritesTheSiteWithAPicturePerRunTheSameBytesEachTime() throws {
        let output = try check(["--html", "out/html", "--format", "json", "--output", "check.json"])
        XCTAssertEqual(output.status, 1, output.stderr)
        let site = try files("out/html")
        XCTAssertEqual(site.keys.sorted(), ["index.html", "layout-1.html", "pictures/run-1.png", "pictures/run-2.png"])
        for name in ["pictures/run-1.png", "pictures/run-2.png"] {
            XCTAssertEqual(Array(try XCTUnwrap(site[name]).prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], name)
        }
        XCTAssertNotEqual(site["pictures/run-1.png"], site["pictures/run-2.png"], "English and Spanish are drawn apart")
        let page = try self.page("out/html", "layout-1.html")
        XCTAssertTrue(page.contains("<a class=\"place\" href=\"../../Layouts/ItemDetail.json#L8\">Layouts/ItemDetail.json:8</a>"),
                      "a finding links to its line, from the site's folder")
        XCTAssertTrue(page.contains("<body data-development=\"en\" data-language=\"es\">"))
        XCTAssertTrue(try self.page("out/html", "index.html").contains("2 runs: 2 errors, 0 warnings"))

        // Each file written where it stays, as a new file is made: read and write for its
        // owner, and for the others as the umask allows (0644 under the usual 022).
        let mask = umask(0)
        umask(mask)
        for name in site.keys {
            let attributes = try FileManager.default.attributesOfItem(atPath: path("out/html/\(name)"))
            XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.uint16Value, 0o666 & ~UInt16(mask), name)
        }

        XCTAssertEqual(try check(["--html", "out/html", "--quiet"]).status, 1, "an earlier site is replaced")
        XCTAssertEqual(try files("out/html"), site, "same inputs, same bytes")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("out")), ["html"], "nothing left beside it")

        // The same site from the saved report, and its text as check prints it.
        let report = try Binary.run(["report", "check.json", "--html", "again/html"], in: folder)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertEqual(report.stdout, "", "with --html alone, only the site")
        XCTAssertEqual(try files("again/html"), site, "babelfit report draws the site check drew")
        let text = try Binary.run(["report", "check.json"], in: folder)
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertEqual(text.stdout, try check([]).stdout, "the saved report as text is check's text report")
        // Without --html the texts keep no glyphs (nothing is drawn), and the report is the same.
        XCTAssertEqual(try check(["--format", "json", "--output", "plain.json"]).status, 1)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("plain.json"))),
                       try Data(contentsOf: URL(fileURLWithPath: path("check.json"))), "the report is the one check --html wrote")
    }

    /// The pictures' pixels a point: 1 by default, `--html-scale 2` twice as wide and high, and the
    /// page shows both at the run's size in points; a bad scale is refused before any work.
    func testHTMLScaleSetsThePicturesPixelsAPoint() throws {
        XCTAssertEqual(try check(["--html", "one", "--format", "json", "--output", "check.json"]).status, 1)
        XCTAssertEqual(try check(["--html", "two", "--html-scale", "2"]).status, 1)
        func size(_ png: Data) -> (Int, Int) {
            let bytes = [UInt8](png)
            func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            return (word(16), word(20))
        }
        let one = size(try XCTUnwrap(try files("one")["pictures/run-2.png"]))
        let two = size(try XCTUnwrap(try files("two")["pictures/run-2.png"]))
        XCTAssertGreaterThan(one.0, 393, "iPhone 15 with its margins, at 1 pixel a point")
        XCTAssertLessThan(one.0, 600)
        XCTAssertTrue(abs(two.0 - 2 * one.0) <= 1 && abs(two.1 - 2 * one.1) <= 1, "\(one) at 1x, \(two) at 2x")
        // Both pages show the picture at the same size in points.
        let widthOne = try page("one", "layout-1.html"), widthTwo = try page("two", "layout-1.html")
        XCTAssertTrue(widthOne.contains("width=\"\(one.0)\""), "the 1x picture at its own width")
        XCTAssertTrue(widthTwo.contains("width=\"\((two.0 + 1) / 2)\""), "the 2x picture at half its width")
        // From a saved report too.
        let report = try Binary.run(["report", "check.json", "--html", "again", "--html-scale", "2"], in: folder)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertEqual(try files("again"), try files("two"), "the same site as check --html --html-scale 2")

        for bad in ["4", "0", "1.5", "two"] {
            let output = try check(["--html", "bad", "--html-scale", bad])
            XCTAssertEqual(output.status, 2)
            XCTAssertEqual(output.stderr, "babelfit check: --html-scale must be 1, 2 or 3, got '\(bad)'\n")
        }
        let alone = try check(["--html-scale", "2"])
        XCTAssertEqual(alone.status, 2)
        XCTAssertEqual(alone.stderr, "babelfit check: --html-scale sets the scale of the pictures of --html DIR; give --html too\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("bad")))
    }

    func testAReportWhoseLayoutIsGoneSaysSoAndWritesNothing() throws {
        XCTAssertEqual(try check(["--format", "json", "--output", "check.json", "--html", "site"]).status, 1)
        let before = try files("site")
        try FileManager.default.moveItem(at: layouts.appendingPathComponent("ItemDetail.json"),
                                        to: folder.appendingPathComponent("ItemDetail.json"))
        for target in ["site", "new"] {
            let output = try Binary.run(["report", "check.json", "--html", target], in: folder)
            XCTAssertEqual(output.status, 2)
            XCTAssertEqual(output.stderr, "check.json: error: the report names the layout Layouts/ItemDetail.json, which is not there "
                + "(the HTML report draws every run from its layout; run babelfit report where the check ran)\n")
        }
        XCTAssertEqual(try files("site"), before, "the earlier site is left as it was")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("new")), "no site is begun")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }, [])
    }

    func testAFolderThatIsNotAnHTMLReportIsNotReplaced() throws {
        try FileManager.default.createDirectory(atPath: path("docs"), withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: path("docs/notes.txt")))
        let output = try check(["--html", "docs", "--format", "json", "--output", "check.json"])
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "babelfit check: --html docs: the folder holds files that are not an HTML report of babelfit; "
            + "choose an empty or new folder\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("docs")), ["notes.txt"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("check.json")), "refused before any work")

        XCTAssertEqual(try check(["--html", "Layouts/ItemDetail.json"]).stderr,
                       "babelfit check: --html Layouts/ItemDetail.json: it is a file; the HTML report is a folder\n")
        XCTAssertEqual(try check(["--html", "."]).status, 2, "the folder of the inputs is not replaced")
    }

    func testASavedReportThatCannotBeReadNamesItsPlace() throws {
        try Data("{\n  \"format\": 1,\n  \"runs\": [ { \"index\": \"one\" } ]\n}\n".utf8).write(to: URL(fileURLWithPath: path("broken.json")))
        let output = try Binary.run(["report", "broken.json", "--html", "site"], in: folder)
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "broken.json:3:24: error: runs[0].index: expected a number, found a string\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("site")))
        let missing = try Binary.run(["report", "nowhere.json"], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "nowhere.json: error: the report cannot be read (no such file, or not readable)\n")
        XCTAssertEqual(try Binary.run(["report"], in: folder).status, 2)
    }
}
