import Foundation
import XCTest

/// `babelfit render` through the built binary: a picture per extension, the device's scale or
/// `--scale`, the same bytes twice, and exit status 2 with a clear message (and no file) for an
/// unknown extension, an output that cannot be written, an unknown device, a bad scale, a layout
/// that cannot be read and an output that is the layout.
final class RenderCommandTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Renders an example layout from the checkout (as the README shows).
    private func render(_ layout: String, _ arguments: [String]) throws -> Binary.Output {
        try Binary.run(["render", "Layouts/\(layout).json"] + arguments)
    }

    /// Width and height from a PNG's IHDR chunk.
    private func pngSize(_ data: Data) -> (Int, Int)? {
        let bytes = [UInt8](data)
        guard bytes.count > 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
              bytes[12..<16] == [0x49, 0x48, 0x44, 0x52] else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    func testAPNGAtTheDevicesScaleOrTheOneAsked() throws {
        let output = try render("ItemDetail", ["--language", "es", "--device", "iPhone 15", "-o", path("es.png")])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, "")
        XCTAssertTrue(output.stderr.contains("ItemDetail · es · iPhone 15 · L, 2 findings"), output.stderr)
        let three = try XCTUnwrap(pngSize(try Data(contentsOf: URL(fileURLWithPath: path("es.png")))))
        let one = try render("ItemDetail", ["--language", "es", "--device", "iPhone 15", "--scale", "1", "--output", path("es1.png")])
        XCTAssertEqual(one.status, 0, one.stderr)
        let single = try XCTUnwrap(pngSize(try Data(contentsOf: URL(fileURLWithPath: path("es1.png")))))
        // iPhone 15 draws at 3 pixels a point; the picture is the 393-pt screen with room around it.
        XCTAssertEqual(three.0, single.0 * 3, accuracy: 1)
        XCTAssertEqual(three.1, single.1 * 3, accuracy: 1)
        XCTAssertGreaterThan(single.0, 393)
        XCTAssertGreaterThan(single.1, 852)
        // The same run again: the same bytes.
        XCTAssertEqual(try render("ItemDetail", ["--language", "es", "--device", "iPhone 15", "-o", path("again.png")]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("again.png"))),
                       try Data(contentsOf: URL(fileURLWithPath: path("es.png"))))
    }

    func testSVGAndPDFByTheExtension() throws {
        for name in ["ar.svg", "AR.SVG", "ar.pdf", "again.pdf"] {
            let output = try render("LanguageSwitch", ["--language", "ar", "-o", path(name)])
            XCTAssertEqual(output.status, 0, "\(name): \(output.stderr)")
        }
        let svg = try String(contentsOfFile: path("ar.svg"), encoding: .utf8)
        XCTAssertTrue(svg.hasPrefix("<?xml"))
        XCTAssertTrue(svg.contains("<svg "))
        XCTAssertTrue(svg.contains("<symbol overflow=\"visible\" id=\"glyph0-1\">"), "glyphs as outlines")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("AR.SVG"))), Data(svg.utf8))
        let pdf = try Data(contentsOf: URL(fileURLWithPath: path("ar.pdf")))
        XCTAssertEqual(String(decoding: pdf.prefix(5), as: UTF8.self), "%PDF-")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("again.pdf"))), pdf, "a PDF has no changing date")
    }

    func testAnUnknownExtensionIsAUsageErrorAndWritesNothing() throws {
        for name in ["out.gif", "out"] {
            let output = try render("ItemDetail", ["--language", "es", "-o", path(name)])
            XCTAssertEqual(output.status, 2)
            XCTAssertTrue(output.stderr.contains("babelfit render: \(path(name)): cannot tell the picture's format"), output.stderr)
            XCTAssertTrue(output.stderr.contains("use .png, .svg or .pdf"), output.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path(name)))
        }
        let missing = try render("ItemDetail", ["--language", "es"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("render needs -o FILE"), missing.stderr)
    }

    func testAnOutputThatCannotBeWrittenIsAnErrorAndLeavesNothing() throws {
        let unwritable = path("no-such-folder/out.png")
        let output = try render("ItemDetail", ["--language", "es", "-o", unwritable])
        XCTAssertEqual(output.status, 2)
        XCTAssertTrue(output.stderr.contains("babelfit render: cannot write \(unwritable): No such file or directory"), output.stderr)
        let folderOutput = try render("ItemDetail", ["--language", "es", "-o", folder.path + "/"])
        XCTAssertEqual(folderOutput.status, 2, folderOutput.stderr)
        // An existing picture stays as it was when the new one cannot be made.
        try Data("old".utf8).write(to: URL(fileURLWithPath: path("keep.png")))
        let bad = try render("ItemDetail", ["--language", "es", "--device", "iPhone 99", "-o", path("keep.png")])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(try String(contentsOfFile: path("keep.png"), encoding: .utf8), "old")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(left, [])
    }

    func testUnknownDeviceScaleAndLayoutAreErrors() throws {
        let device = try render("ItemDetail", ["--device", "iPhone 99", "-o", path("d.png")])
        XCTAssertEqual(device.status, 2)
        XCTAssertTrue(device.stderr.hasPrefix("babelfit render: unknown device 'iPhone 99'; babelfit knows iPhone SE (3rd generation)"),
                      device.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("d.png")))

        let scale = try render("ItemDetail", ["--scale", "4", "-o", path("s.png")])
        XCTAssertEqual(scale.status, 2)
        XCTAssertTrue(scale.stderr.contains("--scale must be 1, 2 or 3"), scale.stderr)

        try Data("{ \"format\": 1, \"name\": 3 }".utf8).write(to: URL(fileURLWithPath: path("Broken.json")))
        let broken = try Binary.run(["render", path("Broken.json"), "-o", path("b.png")])
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.contains("Broken.json:1:"), "the file and place: \(broken.stderr)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("b.png")))

        let itself = try Binary.run(["render", "Layouts/ItemDetail.json", "-o", "Layouts/ItemDetail.json"])
        XCTAssertEqual(itself.status, 2)
        XCTAssertTrue(itself.stderr.contains("cannot tell the picture's format"), itself.stderr)
    }

    func testTheOutputIsNeverTheLayout() throws {
        let layout = path("Screen.png")
        try FileManager.default.copyItem(atPath: Binary.root.appendingPathComponent("Layouts/ItemDetail.json").path, toPath: layout)
        // The output is checked before anything is read: the layout itself is refused as the
        // output, and stays as it was.
        let before = try Data(contentsOf: URL(fileURLWithPath: layout))
        let output = try Binary.run(["render", layout, "-o", layout])
        XCTAssertEqual(output.status, 2)
        XCTAssertTrue(output.stderr.contains("is one of the inputs"), output.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: layout)), before)
    }
}
