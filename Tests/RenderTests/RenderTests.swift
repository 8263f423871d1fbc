import CCairo
import Checks
import Foundation
import Render
import TestSupport
import XCTest

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `RunRenderer` through its public API: the example screens drawn and compared with golden
/// pictures, SVG and PDF, determinism, and how a glyph cut by a line break is drawn.
///
/// The goldens are made by one command, `scripts/render-goldens` (the built binary, with the
/// same defaults as here), and reviewed by eye; these tests never write them.
final class RenderTests: XCTestCase {
    /// The example screens, read as `babelfit render` reads them from the checkout.
    static func inspector(_ layout: String) throws -> RunInspector {
        let root = PackageRoot.path
        let file = "\(root)/Layouts/\(layout).json"
        guard FileManager.default.fileExists(atPath: file) else {
            XCTFail("\(file) is missing: these tests draw the checkout's example layouts")
            throw CocoaError(.fileNoSuchFile)
        }
        let project = try Project(layouts: [file], strings: ["\(root)/Layouts"], fontsFolder: PackageRoot.fonts)
        XCTAssertEqual(project.inputErrors, [])
        return RunInspector(project: project)
    }

    func render(_ layout: String, _ language: String, format: RenderFormat = .png, scale: Double? = nil,
                device: String = "iPhone 15") throws -> Data {
        let inspector = try Self.inspector(layout)
        let run = try inspector.check(layout: layout, language: language, device: device)
        return try RunRenderer(engine: inspector.project.engine).render(run, format: format, scale: scale)
    }

    // MARK: - Goldens

    func testLanguageSwitchInEnglishMatchesItsGolden() throws {
        try assertMatchesGolden(try render("LanguageSwitch", "en"), "render-LanguageSwitch-en")
    }

    func testLanguageSwitchInArabicMatchesItsGolden() throws {
        try assertMatchesGolden(try render("LanguageSwitch", "ar"), "render-LanguageSwitch-ar")
    }

    func testItemDetailInSpanishMatchesItsGolden() throws {
        try assertMatchesGolden(try render("ItemDetail", "es"), "render-ItemDetail-es")
    }

    /// The tolerance: a pixel matches when each of its channels is within 32/255 of the
    /// golden's, and at most 200 pixels (0.005% of these 4-million-pixel pictures) may not
    /// match. Another version of cairo, pixman or FreeType may antialias the edges of glyphs and
    /// lines a little differently, which moves edge pixels by a few levels; a glyph, image,
    /// outline or mark that is missing or moved changes thousands of pixels by far more.
    static let channelTolerance = 32
    static let mismatchedPixelsAllowed = 200

    func assertMatchesGolden(_ png: Data, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let golden = try XCTUnwrap(Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Fixtures"),
                                   "the golden \(name).png is missing; make it with scripts/render-goldens",
                                   file: file, line: line)
        let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-\(name)-\(getpid()).png")
        try png.write(to: fresh)
        let expected = try Pixels(png: golden.path), actual = try Pixels(png: fresh.path)
        XCTAssertEqual(actual.width, expected.width, "width of \(name)", file: file, line: line)
        XCTAssertEqual(actual.height, expected.height, "height of \(name)", file: file, line: line)
        guard actual.width == expected.width, actual.height == expected.height else { return }
        let mismatched = actual.mismatches(expected, tolerance: Self.channelTolerance)
        XCTAssertLessThanOrEqual(mismatched, Self.mismatchedPixelsAllowed,
                                 "\(name): \(mismatched) pixels differ from the golden by more than \(Self.channelTolerance)/255; "
                                     + "the render is at \(fresh.path) (regenerate with scripts/render-goldens if the change is right)",
                                 file: file, line: line)
        if mismatched <= Self.mismatchedPixelsAllowed { try? FileManager.default.removeItem(at: fresh) }
    }

    // MARK: - What is drawn

    /// The picture's content, not only its likeness to the golden: Spanish ItemDetail has its two
    /// truncated labels marked in red, Arabic LanguageSwitch its continue arrow flipped.
    func testTruncatedLabelsAreOutlinedInRedAndTheArrowIsFlipped() throws {
        let spanish = try pixels(try render("ItemDetail", "es", scale: 1))
        let inspector = try Self.inspector("ItemDetail")
        let run = try inspector.check(layout: "ItemDetail", language: "es", device: "iPhone 15")
        XCTAssertEqual(run.findings.map(\.kind), [.truncated, .truncated])
        // The red outline lies 0.75 pt outside each truncated label's frame; the date label is not marked.
        let origin = try RunRenderer(engine: inspector.project.engine).geometry(run).screenOrigin
        for id in ["nameLabel", "serialLabel"] {
            let frame = try XCTUnwrap(run.result.frame(id))
            let (r, g, b) = spanish.pixel(Int(origin.x + frame.x + frame.width / 2), Int(origin.y + frame.y - 0.75))
            XCTAssertTrue(r > 180 && g < 80 && b < 80, "\(id)'s outline is red: \(r), \(g), \(b)")
        }
        let date = try XCTUnwrap(run.result.frame("dateLabel"))
        let (r, g, b) = spanish.pixel(Int(origin.x + date.x + date.width / 2), Int(origin.y + date.y - 0.75))
        XCTAssertFalse(r > 180 && g < 80 && b < 80, "dateLabel is not marked: \(r), \(g), \(b)")

        // continueArrow's PNG points right; in Arabic the view is flipped and so is the drawing.
        let english = try pixels(try render("LanguageSwitch", "en", scale: 1))
        let arabic = try pixels(try render("LanguageSwitch", "ar", scale: 1))
        let enRun = try Self.inspector("LanguageSwitch").check(layout: "LanguageSwitch", language: "en", device: "iPhone 15")
        let arRun = try Self.inspector("LanguageSwitch").check(layout: "LanguageSwitch", language: "ar", device: "iPhone 15")
        XCTAssertEqual(arRun.result.view("continueArrow")?.flipped, true)
        XCTAssertEqual(enRun.result.view("continueArrow")?.flipped, false)
        let renderer = RunRenderer(engine: try Self.inspector("LanguageSwitch").project.engine)
        let enOrigin = try renderer.geometry(enRun).screenOrigin, arOrigin = try renderer.geometry(arRun).screenOrigin
        let enFrame = try XCTUnwrap(enRun.result.frame("continueArrow")), arFrame = try XCTUnwrap(arRun.result.frame("continueArrow"))
        // Column by column, the Arabic arrow is the English one read from the other side.
        var compared = 0, alike = 0
        for dy in 2..<Int(enFrame.height) - 2 {
            for dx in 2..<Int(enFrame.width) - 2 {
                let a = english.pixel(Int(enOrigin.x + enFrame.x) + dx, Int(enOrigin.y + enFrame.y) + dy)
                let b = arabic.pixel(Int(arOrigin.x + arFrame.x + arFrame.width) - 1 - dx, Int(arOrigin.y + arFrame.y) + dy)
                compared += 1
                if abs(Int(a.0) - Int(b.0)) + abs(Int(a.1) - Int(b.1)) + abs(Int(a.2) - Int(b.2)) < 60 { alike += 1 }
            }
        }
        XCTAssertGreaterThan(Double(alike) / Double(compared), 0.9, "the Arabic arrow mirrors the English one")
        // And it is not symmetric: unflipped, the two would differ.
        var unflippedAlike = 0
        for dy in 2..<Int(enFrame.height) - 2 {
            for dx in 2..<Int(enFrame.width) - 2 {
                let a = english.pixel(Int(enOrigin.x + enFrame.x) + dx, Int(enOrigin.y + enFrame.y) + dy)
                let b = arabic.pixel(Int(arOrigin.x + arFrame.x) + dx, Int(arOrigin.y + arFrame.y) + dy)
                if abs(Int(a.0) - Int(b.0)) + abs(Int(a.1) - Int(b.1)) + abs(Int(a.2) - Int(b.2)) < 60 { unflippedAlike += 1 }
            }
        }
        XCTAssertLessThan(unflippedAlike, alike)
    }

    func pixels(_ png: Data) throws -> Pixels {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-render-\(UUID().uuidString).png")
        try png.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try Pixels(png: url.path)
    }

    // MARK: - Formats and determinism

    func testTheSameRunGivesTheSameBytesAndThreadsDoNotMatter() throws {
        let inspector = try Self.inspector("LanguageSwitch")
        let run = try inspector.check(layout: "LanguageSwitch", language: "ar", device: "iPhone 15")
        let renderer = RunRenderer(engine: inspector.project.engine)
        let first = try renderer.render(run, format: .png)
        XCTAssertEqual(try renderer.render(run, format: .png), first)
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            results.add(Result { try renderer.render(run, format: .png) })
        }
        for result in results.all { XCTAssertEqual(try result.get(), first) }
        XCTAssertEqual(Array(first.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    func testScaleIsPixelsPerPoint() throws {
        let one = try pixels(try render("ItemDetail", "es", scale: 1))
        let three = try pixels(try render("ItemDetail", "es"))   // iPhone 15's own scale, 3
        XCTAssertEqual(three.width, one.width * 3, accuracy: 1)
        XCTAssertEqual(three.height, one.height * 3, accuracy: 1)
        // The screen is 393 pt wide: the picture holds it with the margins and bezel around it.
        XCTAssertGreaterThan(one.width, 393)
        XCTAssertThrowsError(try render("ItemDetail", "es", scale: 4)) { error in
            XCTAssertEqual(error as? RenderError, .scale(4))
        }
    }

    func testSVGIsXMLWithTheGlyphOutlinesItDraws() throws {
        let svg = try render("ItemDetail", "es", format: .svg)
        XCTAssertEqual(try render("ItemDetail", "es", format: .svg), svg, "the same SVG twice")
        // With images too (cairo numbers them by process-wide counters, which babelfit renumbers).
        let images = try render("LanguageSwitch", "ar", format: .svg)
        XCTAssertEqual(try render("LanguageSwitch", "ar", format: .svg), images)
        XCTAssertTrue(String(decoding: images, as: UTF8.self).contains("<image id=\"image1\""))
        let collector = SVGCollector()
        let parser = XMLParser(data: svg)
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "the SVG is well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        XCTAssertEqual(collector.root, "svg")
        XCTAssertEqual(collector.width, "461pt")
        // Each glyph drawn is a symbol with an outline path, used where it is drawn.
        XCTAssertGreaterThan(collector.glyphSymbolsWithPaths, 20)
        XCTAssertGreaterThan(collector.glyphUses, collector.glyphSymbolsWithPaths)
    }

    func testPDFIsAPDFAndTheSameTwice() throws {
        let pdf = try render("LanguageSwitch", "ar", format: .pdf)
        XCTAssertEqual(String(decoding: pdf.prefix(5), as: UTF8.self), "%PDF-")
        XCTAssertTrue(String(decoding: pdf.suffix(6), as: UTF8.self).contains("%%EOF"))
        XCTAssertEqual(try render("LanguageSwitch", "ar", format: .pdf), pdf)
        let text = String(decoding: pdf, as: UTF8.self)
        XCTAssertTrue(text.contains("/CreationDate (20000101000000Z)"), "a fixed creation date")
        XCTAssertTrue(text.contains("/FontFile"), "the fonts are embedded")
    }

    // MARK: - Glyphs

    /// "office" at 17 pt in 24 pt, wrapping between characters: Noto Sans shapes "ffi" as one
    /// ligature glyph, which the line break cuts ("off" | "ice"). Each line keeps the glyph with
    /// its share of the advance; the renderer shows on each line only its part, placed so that
    /// the two parts make one ligature, instead of drawing it whole twice.
    func testALigatureCutByALineBreakIsDrawnInTwoPartsThatJoin() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let layout = """
        { "format": 1, "name": "Ligature", "root": { "id": "root", "type": "view", "subviews": [
            { "id": "word", "type": "label", "text": "office", "font": { "family": "Noto Sans", "size": 17 },
              "lines": 0, "lineBreak": "charWrap" },
            { "id": "words", "type": "label", "text": "banana apple", "font": { "family": "Noto Sans", "size": 17 },
              "lines": 0, "lineBreak": "wordWrap" } ] },
          "constraints": [ "word.top == root.safeTop", "word.leading == root.leadingMargin", "word.width == 24",
                           "words.top == word.bottom + 8", "words.leading == root.leadingMargin", "words.width == 70" ] }
        """
        let file = folder.appendingPathComponent("Ligature.json").path
        try layout.write(toFile: file, atomically: true, encoding: .utf8)
        let project = try Project(layouts: [file], strings: [folder.path], fontsFolder: PackageRoot.fonts)
        XCTAssertEqual(project.inputErrors, [])
        let run = try RunInspector(project: project).check(layout: "Ligature", language: "en", device: "iPhone 15")
        let fitted = try XCTUnwrap(run.result.view("word")?.fitted)
        XCTAssertEqual(fitted.layout.lines.map(\.text), ["off", "ice"])
        let ligature = try XCTUnwrap(fitted.layout.lines[0].runs.last?.glyphs.last)
        XCTAssertEqual(fitted.layout.lines[1].runs.first?.glyphs.first, ligature, "the ligature is on both lines")

        let glyphs = try RunRenderer(engine: project.engine).placedGlyphs(run, view: "word")
        let parts = glyphs.filter { $0.glyph == ligature }
        XCTAssertEqual(parts.count, 2)
        let before = try XCTUnwrap(parts.first?.band), after = try XCTUnwrap(parts.last?.band)
        let firstShare = fitted.layout.lines[0].runs.last!.advances.last!
        let secondShare = fitted.layout.lines[1].runs.first!.advances.first!
        XCTAssertEqual(before.upperBound - before.lowerBound, firstShare, accuracy: 1e-9)
        XCTAssertEqual(after.upperBound - after.lowerBound, secondShare, accuracy: 1e-9)
        // Line 1 shows the glyph from its origin on; line 2 shows the rest: its band starts where,
        // within the glyph, line 1's ended.
        XCTAssertEqual(before.lowerBound - parts[0].x, 0, accuracy: 1e-9)
        XCTAssertEqual(after.lowerBound - parts[1].x, before.upperBound - parts[0].x, accuracy: 0.05)
        // Whole glyphs elsewhere.
        XCTAssertEqual(glyphs.filter { $0.band != nil }.count, 2)

        // A word wrap between two words cuts no glyph, even where a line ends and the next
        // begins with the same letter.
        let words = try RunRenderer(engine: project.engine).placedGlyphs(run, view: "words")
        XCTAssertEqual(run.result.view("words")?.fitted?.layout.lines.map(\.text), ["banana", "apple"])
        XCTAssertFalse(words.isEmpty)
        XCTAssertTrue(words.allSatisfy { $0.band == nil })
    }

    /// Arabic glyphs are placed right to left from the view's right edge (natural alignment),
    /// from the same glyph runs the layout measured.
    func testArabicTextIsPlacedFromTheGlyphRunsItWasMeasuredWith() throws {
        let inspector = try Self.inspector("LanguageSwitch")
        let run = try inspector.check(layout: "LanguageSwitch", language: "ar", device: "iPhone 15")
        let view = try XCTUnwrap(run.result.view("greetingLabel"))
        let fitted = try XCTUnwrap(view.fitted)
        let glyphs = try RunRenderer(engine: inspector.project.engine).placedGlyphs(run, view: "greetingLabel")
        XCTAssertEqual(glyphs.map(\.glyph), fitted.layout.lines.flatMap { $0.runs.flatMap(\.glyphs) })
        XCTAssertTrue(glyphs.allSatisfy { $0.face.name.hasPrefix("Noto Sans Arabic") || $0.face.name.hasPrefix("Noto Sans") })
        // Each line ends at the frame's right edge.
        var index = 0
        for line in fitted.layout.lines {
            let count = line.runs.reduce(0) { $0 + $1.glyphs.count }
            let last = line.runs.last!
            let lineGlyphs = glyphs[index..<index + count]
            let end = lineGlyphs.last!.x - last.xOffsets.last! + last.advances.last!
            XCTAssertEqual(end, view.frame.x + view.frame.width, accuracy: 1e-6)
            index += count
        }
    }
}

/// A PNG's pixels, decoded by cairo.
struct Pixels {
    let width: Int
    let height: Int
    private let stride: Int
    private let bytes: [UInt8]

    init(png path: String) throws {
        guard let surface = cairo_image_surface_create_from_png(path), cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            XCTFail("cairo cannot read \(path)")
            throw CocoaError(.fileReadCorruptFile)
        }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        bytes = Array(UnsafeBufferPointer(start: data, count: stride * height))
    }

    /// Red, green, blue (cairo keeps native-endian 0xAARRGGBB words).
    func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let offset = y * stride + x * 4
        return (bytes[offset + 2], bytes[offset + 1], bytes[offset])
    }

    /// How many pixels differ from `other`'s by more than `tolerance` in some channel.
    func mismatches(_ other: Pixels, tolerance: Int) -> Int {
        var count = 0
        for y in 0..<height {
            let row = y * stride
            for x in 0..<width {
                let offset = row + x * 4
                for channel in 0..<4 where abs(Int(bytes[offset + channel]) - Int(other.bytes[offset + channel])) > tolerance {
                    count += 1
                    break
                }
            }
        }
        return count
    }
}

/// Renders collected from several threads.
final class Results: @unchecked Sendable {
    private var results: [Result<Data, any Error>] = []
    private let lock = NSLock()

    func add(_ result: Result<Data, any Error>) {
        lock.lock()
        results.append(result)
        lock.unlock()
    }

    var all: [Result<Data, any Error>] {
        lock.lock()
        defer { lock.unlock() }
        return results
    }
}

/// What an SVG holds: its root, width, glyph symbols with outlines and their uses.
final class SVGCollector: NSObject, XMLParserDelegate {
    var root: String?
    var width: String?
    var glyphSymbolsWithPaths = 0
    var glyphUses = 0
    private var inGlyph = false
    private var glyphHasPath = false

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if root == nil {
            root = name
            width = attributes["width"]
        }
        if name == "symbol", attributes["id"]?.hasPrefix("glyph") == true {
            inGlyph = true
            glyphHasPath = false
        }
        if name == "path", inGlyph, attributes["d"]?.isEmpty == false { glyphHasPath = true }
        if name == "use", attributes["xlink:href"]?.hasPrefix("#glyph") == true { glyphUses += 1 }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "symbol", inGlyph {
            if glyphHasPath { glyphSymbolsWithPaths += 1 }
            inGlyph = false
        }
    }
}
