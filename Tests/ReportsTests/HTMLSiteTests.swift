import Reports
import XCTest

final class HTMLSiteTests: XCTestCase {
    /// Two layouts: ItemDetail in en, es and ar on two devices, the Spanish runs with a truncated
    /// label; Toolbar in en and es on one device, with a warning in Spanish.
    static func report(layoutName: String = "ItemDetail", view: String = "nameLabel", key: String = "item.name") -> CheckReport {
        var runs: [RunReport] = []
        func add(_ layout: String, _ file: String, _ language: String, _ device: String, _ findings: [Finding]) {
            let width: Double = device == "iPhone 15" ? 393 : 375
            runs.append(RunReport(index: runs.count, layout: layout, file: file, language: language,
                                  direction: language == "ar" ? "rtl" : "ltr", device: device, contentSize: "L",
                                  views: [ViewReport(id: "root", frame: [0, 0, width, 800])], findings: findings))
        }
        let truncated = Finding(kind: .truncated, view: view, message: "\(view) is truncated in es: needs 65.8 pt, has 55 pt",
                                needed: 65.8, available: 55, text: "Nombre", shown: "Nom…", line: 8)
        let missing = Finding(kind: .missingTranslation, view: "saveButton", message: "saveButton: \"\(key)\" has no es translation; shows en",
                              key: key, line: 31)
        for language in ["en", "es", "ar"] {
            for device in ["iPhone SE (3rd generation)", "iPhone 15"] {
                add(layoutName, "Layouts/ItemDetail.json", language, device, language == "es" ? [truncated] : [])
            }
        }
        add("Toolbar", "Layouts/Toolbar.json", "en", "iPhone 15", [])
        add("Toolbar", "Layouts/Toolbar.json", "es", "iPhone 15", [missing])
        return CheckReport(toolVersion: "0.1.0", runs: runs)
    }

    /// A small PNG per run (drawn at 2 pixels a point), its colour from its position.
    static func pictures(for report: CheckReport) -> (RunIdentity) throws -> [UInt8] {
        { run in
            let position = report.runs.firstIndex { RunIdentity($0) == run }!
            let width = run.device == "iPhone 15" ? 80 : 76
            return TestPNG.solid(width: width, height: 160, red: UInt8(position * 20), green: 100, blue: 200)
        }
    }

    static func site(_ report: CheckReport, options: HTMLSite.Options = HTMLSite.Options(developmentLanguage: "en", linkPrefix: "../../", pictureScale: 2))
    throws -> [String: String] {
        var pages: [String: String] = [:]
        for file in try HTMLSite.files(for: report, options: options, pictures: pictures(for: report)) {
            pages[file.path] = file.path.hasSuffix(".html") ? String(decoding: file.bytes, as: UTF8.self) : "<\(file.bytes.count) bytes>"
        }
        return pages
    }

    func testSiteHasAnOverviewAPagePerLayoutAndAPicturePerRun() throws {
        let report = Self.report()
        let files = try HTMLSite.files(for: report, options: HTMLSite.Options(developmentLanguage: "en"),
                                       pictures: Self.pictures(for: report))
        XCTAssertEqual(files.map(\.path), ["index.html", "layout-1.html", "layout-2.html"]
            + (1...8).map { "pictures/run-\($0).png" }.sorted())
        let picture = try XCTUnwrap(files.first { $0.path == "pictures/run-3.png" })
        XCTAssertEqual(picture.bytes, try Self.pictures(for: report)(RunIdentity(report.runs[2])), "pictures are the source's bytes")

        let pages = try Self.site(report)
        let overview = try XCTUnwrap(pages["index.html"])
        for layout in ["ItemDetail", "Toolbar"] { XCTAssertTrue(overview.contains(">\(layout)</a>"), layout) }
        XCTAssertTrue(overview.contains("<th scope=\"col\">en</th><th scope=\"col\">es</th><th scope=\"col\">ar</th></tr>"),
                      "a column per language, in report order")
        XCTAssertTrue(overview.contains("<td class=\"err\" title=\"2 errors, 0 warnings in 2 runs\"><a href=\"layout-1.html#language=es\">2</a></td>"),
                      "ItemDetail in es: one error on each of two devices")
        XCTAssertTrue(overview.contains("<td class=\"warn\" title=\"0 errors, 1 warning in 1 run\"><a href=\"layout-2.html#language=es\">0</a></td>"))
        XCTAssertTrue(overview.contains("<td class=\"none\" title=\"not checked\">–</td>"), "Toolbar was not checked in ar")
        XCTAssertTrue(overview.contains("8 runs: 2 errors, 1 warning (2 distinct findings)"))
        XCTAssertEqual(overview.components(separatedBy: "<li class=\"finding").count - 1, 2, "each finding once over its runs")
        XCTAssertTrue(overview.contains("href=\"layout-1.html#language=es&amp;device=iPhone%20SE%20%283rd%20generation%29&amp;size=L\""))

        let page = try XCTUnwrap(pages["layout-1.html"])
        XCTAssertEqual(page.components(separatedBy: "<section class=\"run\"").count - 1, 6, "every run of the layout is on its page")
        for language in ["en", "es", "ar"] { XCTAssertTrue(page.contains("<button type=\"button\" data-language=\"\(language)\"")) }
        XCTAssertTrue(page.contains("<body data-development=\"en\" data-language=\"es\">"), "Spanish beside English first")
        XCTAssertTrue(page.contains("<img id=\"development-picture\" src=\"pictures/run-1.png\" width=\"38\" height=\"80\""),
                      "shown at its size in points")
        XCTAssertTrue(page.contains("<img id=\"chosen-picture\" src=\"pictures/run-3.png\""))
        XCTAssertTrue(page.contains("<a class=\"place\" href=\"../../Layouts/ItemDetail.json#L8\">Layouts/ItemDetail.json:8</a>"),
                      "a finding links to its line in the layout file")
        XCTAssertTrue(page.contains("<select id=\"device\"><option value=\"iPhone SE (3rd generation)\" selected>"))
        XCTAssertTrue(page.contains("<input type=\"checkbox\" data-filter=\"kind\" value=\"truncated\" checked>"))
        XCTAssertTrue(page.contains("<input type=\"search\" id=\"search\""))
        XCTAssertTrue(page.contains("data-search=\"namelabel\""), "the search finds a finding by its view")
        XCTAssertTrue(try XCTUnwrap(pages["layout-2.html"]).contains("data-search=\"savebutton item.name\""), "and by its key")
    }

    func testEveryPageLoadsNothingFromElsewhere() throws {
        for (path, page) in try Self.site(Self.report()) where path.hasSuffix(".html") {
            XCTAssertTrue(page.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'"), path)
            XCTAssertFalse(page.contains("http://") || page.contains("https://") || page.contains("//cdn"), path)
            XCTAssertFalse(page.contains("<link") || page.contains("src=\"/") || page.contains("@import"), path)
            XCTAssertEqual(page.components(separatedBy: "<script").count - 1, 1, "only the page's own inline script: \(path)")
        }
    }

    func testSameReportAndPicturesGiveTheSameBytes() throws {
        let report = Self.report()
        let first = try HTMLSite.files(for: report, options: HTMLSite.Options(developmentLanguage: "en"), pictures: Self.pictures(for: report))
        let second = try HTMLSite.files(for: report, options: HTMLSite.Options(developmentLanguage: "en"), pictures: Self.pictures(for: report))
        XCTAssertEqual(first, second)
        var asked: [RunIdentity] = []
        _ = try HTMLSite.files(for: report) { run in
            asked.append(run)
            return try Self.pictures(for: report)(run)
        }
        XCTAssertEqual(asked, report.runs.map(RunIdentity.init), "one picture a run, in report order")
    }

    func testHostileNamesAreEscaped() throws {
        let hostile = "<script>alert(1)</script>"
        let report = Self.report(layoutName: hostile, view: "\"><img src=x onerror=alert(2)>", key: "'><svg onload=alert(3)>")
        for (path, page) in try Self.site(report) where path.hasSuffix(".html") {
            XCTAssertFalse(page.contains(hostile), path)
            XCTAssertFalse(page.contains("<img src=x"), path)
            XCTAssertFalse(page.contains("<svg"), path)
            XCTAssertEqual(page.components(separatedBy: "<script").count - 1, 1, path)
        }
        let pages = try Self.site(report)
        XCTAssertTrue(try XCTUnwrap(pages["index.html"]).contains("&lt;script&gt;alert(1)&lt;/script&gt;</a>"))
        XCTAssertTrue(try XCTUnwrap(pages["layout-1.html"]).contains("<title>&lt;script&gt;alert(1)&lt;/script&gt; — babelfit report</title>"))
        XCTAssertTrue(try XCTUnwrap(pages["layout-1.html"]).contains("data-search=\"&quot;&gt;&lt;img src=x onerror=alert(2)&gt;\""))
    }

    func testAPictureThatIsNotAPNGIsRefused() throws {
        let report = Self.report()
        XCTAssertThrowsError(try HTMLSite.files(for: report) { _ in Array("GIF89a".utf8) }) { error in
            XCTAssertEqual("\(error)", "the picture of ItemDetail (Layouts/ItemDetail.json) in en · iPhone SE (3rd generation) · L is not a PNG image")
        }
        struct Failed: Error {}
        XCTAssertThrowsError(try HTMLSite.files(for: report) { _ in throw Failed() }) { XCTAssertTrue($0 is Failed, "the source's error is passed on") }
    }

    func testASavedReportReadsBackToTheSameReport() throws {
        var report = ReportWriterTests.sample(baselined: true)
        report.inputErrors = [InputError(file: "Layouts/Broken.json", line: 4, column: 27, message: "root.subviews[0].id: expected a string")]
        report.readerNotes = [InputError(file: "Main.storyboard", line: 12, message: "MKMapView is drawn as a plain view")]
        report.fixed = [FixedFinding(fingerprint: "A|es|iPhone 15|L|truncated|a|||", message: "a is truncated")]
        let text = JSONReport.render(report)
        let read = try CheckReport(json: text, file: "check.json")
        XCTAssertEqual(JSONReport.render(read), text)
        XCTAssertEqual(TextReport.render(read), TextReport.render(report))
        XCTAssertEqual(read.runs.map(\.title), report.runs.map(\.title))
        let overview = try XCTUnwrap(try Self.site(read)["index.html"])
        XCTAssertTrue(overview.contains("<li><a href=\"../../Layouts/Broken.json#L4\">Layouts/Broken.json:4:27</a>: root.subviews[0].id: expected a string</li>"))
        XCTAssertTrue(overview.contains("<li><a href=\"../../Main.storyboard#L12\">Main.storyboard:12</a>: MKMapView is drawn as a plain view</li>"))
    }

    func testASavedReportThatIsNotOneSaysWhere() {
        let broken = """
        {
          "format": 1,
          "runs": [
            { "index": 0, "layout": "A", "file": "A.json", "language": "es", "direction": "ltr",
              "device": "iPhone 15", "contentSize": "L", "views": [],
              "findings": [ { "kind": "cut", "severity": "error", "message": "m" } ] }
          ]
        }
        """
        XCTAssertThrowsError(try CheckReport(json: broken, file: "check.json")) { error in
            XCTAssertEqual("\(error)", "check.json:6:31: error: runs[0].findings[0].kind: unknown value 'cut'; expected one of truncated, clipped, overlap, not-mirrored, missing-translation, format-mismatch, unsatisfiable, ambiguous, shrunk, fixed-direction-symbol, bidi-direction")
        }
        XCTAssertThrowsError(try CheckReport(json: "{\"format\": 2, \"runs\": []}", file: "r.json")) { error in
            XCTAssertEqual("\(error)", "r.json:1:12: error: format: expected a babelfit report of format 1")
        }
        XCTAssertThrowsError(try CheckReport(json: "{\"format\": 1, \"runs\": [", file: "r.json")) { error in
            XCTAssertTrue("\(error)".hasPrefix("r.json:1:"), "\(error)")
        }
    }
}
