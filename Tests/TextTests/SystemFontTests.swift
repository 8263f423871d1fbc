import Foundation
import Support
import Text
import XCTest

/// San Francisco's set-up, on the test fonts of scripts/make-test-font (San Francisco itself
/// cannot be committed): the `opsz` axis from the point size, weights at the `wght` named
/// instances, the static Text and Display cuts, and the `trak` table's tracking. Widths are
/// checked against `hb-shape --variations … --font-ptem …` on the same fonts
/// (scripts/system-font-reference, Fixtures/SystemFont/reference.json).
final class SystemFontTests: XCTestCase {
    static func font(_ name: String) throws -> String {
        let path = Repository.fixture("SystemFont").appendingPathComponent(name).path
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail("test font \(path) is missing (scripts/make-test-font writes it)")
            throw CocoaError(.fileNoSuchFile)
        }
        return path
    }

    static func engine(_ files: [String]) throws -> TextEngine {
        try TextEngine(fontsFolder: Repository.fonts, systemFonts: files.map(font))
    }

    struct Reference: Decodable {
        struct Case: Decodable {
            var font: String
            var text: String
            var size: Double
            var weight: String
            var width: Double
        }
        var cases: [Case]
    }

    static func reference() throws -> [Reference.Case] {
        try JSONDecoder().decode(Reference.self, from: Repository.fixtureData("SystemFont/reference.json")).cases
    }

    func width(_ engine: TextEngine, _ text: String, size: Double, weight: FontWeight = .regular) throws -> Double {
        try engine.width(of: text, font: FontRequest(family: SystemFont.name, size: size, weight: weight), language: "en")
    }

    func testVariableFontFollowsOpticalSizeWeightAndTrackingAsHarfBuzzDoes() throws {
        let engine = try Self.engine(["TestSans-VF.ttf"])
        XCTAssertEqual(engine.catalog.systemFamily, "Test Sans")
        XCTAssertTrue(engine.catalog.sizeDependent)
        let cases = try Self.reference().filter { $0.font == "variable" }
        XCTAssertEqual(cases.count, 48)
        for item in cases {
            let weight = try XCTUnwrap(FontWeight(rawValue: item.weight))
            XCTAssertEqual(try width(engine, item.text, size: item.size, weight: weight), item.width, accuracy: 1e-9,
                           "\(item.text) at \(item.size) pt, \(item.weight)")
        }
        // The sizes give different widths per point: 12 pt is at opsz 17 (the axis's minimum)
        // without tracking, 17 pt tracked tighter, 20 pt interpolated, 34 pt at opsz 28.
        let perPoint = try [12.0, 17, 20, 34].map { try width(engine, "Settings", size: $0) / $0 }
        XCTAssertEqual(Set(perPoint.map { ($0 * 1e6).rounded() }).count, 4, "\(perPoint)")
    }

    func testStaticTextCutBelowTwentyPointsAndDisplayFromTwenty() throws {
        let engine = try Self.engine(["TestSans-Text.ttf", "TestSans-Display.ttf"])
        XCTAssertEqual(engine.catalog.systemFamily, "Test Sans")
        let cases = try Self.reference().filter { $0.font == "static" }
        XCTAssertEqual(cases.count, 12)
        for item in cases {
            XCTAssertEqual(try width(engine, item.text, size: item.size), item.width, accuracy: 1e-9, "\(item.text) at \(item.size) pt")
        }
        // The Display cut is 10 % narrower: at 19.99 pt the Text cut is used, at 20 the Display.
        let text = try width(engine, "Settings", size: 19.99) / 19.99, display = try width(engine, "Settings", size: 20) / 20
        XCTAssertLessThan(display, text * 0.95)
    }

    /// The tracking at the sizes where Apple's Human Interface Guidelines publish SF Pro's (in
    /// 1/1000 em): the test font's `trak` holds those values (units per em 1000), so the
    /// engine's tracking per glyph must be exactly them. Widths at one optical size (opsz 17,
    /// the axis's minimum, for every size up to 17) differ by the tracking alone.
    func testTrackingIsTheTableValueThatTheHIGPublishes() throws {
        let engine = try Self.engine(["TestSans-VF.ttf"])
        let published: [(size: Double, thousandths: Double)] = [(10, 12), (12, 0), (13, -6), (17, -26)]
        let text = "Settings"   // 8 glyphs, no marks
        let untracked = try width(engine, text, size: 12) / 12   // 12 pt: tracking 0
        for entry in published {
            let tracking = (try width(engine, text, size: entry.size) - untracked * entry.size) / Double(text.count)
            XCTAssertEqual(tracking, entry.thousandths / 1000 * entry.size, accuracy: 1e-9, "at \(entry.size) pt")
        }
        // Between the table's sizes the value is interpolated: 11 pt lies halfway between 10 (+12) and 12 (0).
        let eleven = (try width(engine, text, size: 11) - untracked * 11) / Double(text.count)
        XCTAssertEqual(eleven, 6.0 / 1000 * 11, accuracy: 1e-9)
    }

    func testWeightsUseTheNamedInstances() throws {
        let engine = try Self.engine(["TestSans-VF.ttf"])
        let medium = try engine.catalog.font(family: SystemFont.name, weight: .medium, size: 17)
        XCTAssertEqual(medium.variations, [FontVariation(tag: "opsz", value: 17), FontVariation(tag: "wght", value: 510)])
        XCTAssertEqual(medium.name, "Test Sans Medium")
        let title = try engine.catalog.font(family: SystemFont.name, weight: .bold, size: 34)
        XCTAssertEqual(title.variations, [FontVariation(tag: "opsz", value: 28), FontVariation(tag: "wght", value: 700)])
        // A layout's glyph runs carry the coordinates, for the renderer.
        let layout = try engine.layout("Settings", font: FontRequest(family: SystemFont.name, size: 20, weight: .semibold),
                                       language: "en")
        XCTAssertEqual(layout.lines[0].runs.map(\.face.variations), [["wght": 590, "opsz": 20]])
    }

    func testWithoutSanFranciscoTheSystemFontIsNotoSansAsBefore() throws {
        let engine = try SharedEngine.get()
        XCTAssertEqual(engine.catalog.systemFamily, "Noto Sans")
        XCTAssertFalse(engine.catalog.sizeDependent)
        XCTAssertEqual(engine.catalog.systemFontDescription(language: "ar"), "Noto Sans")
        XCTAssertEqual(try width(engine, "Settings", size: 17),
                       try engine.width(of: "Settings", font: .noto(17), language: "en"))
        let noto = try engine.catalog.font(family: SystemFont.name, weight: .regular, size: 17)
        XCTAssertTrue(noto.variations.isEmpty)
        XCTAssertFalse(noto.isSizeDependent)
    }

    func testSystemFontsThatCannotBeUsedFailNamingTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-sf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("SF-Pro.ttf").path
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: broken))
        XCTAssertThrowsError(try TextEngine(fontsFolder: Repository.fonts, systemFonts: [broken])) { error in
            XCTAssertEqual("\(error)", "\(broken): not a font file (it does not start with an OpenType or TrueType signature)")
        }
        let missing = folder.appendingPathComponent("nowhere").path
        XCTAssertThrowsError(try TextEngine(fontsFolder: Repository.fonts, systemFonts: [missing])) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(missing): font file for the system font is missing"), "\(error)")
        }
        // Two families given as the system font.
        XCTAssertThrowsError(try Self.engine(["TestSans-VF.ttf", "../../../../Fonts/NotoSans-Regular.ttf"])) { error in
            XCTAssertTrue("\(error)".contains("the system font is given as two families, 'Test Sans' and 'Noto Sans'"), "\(error)")
        }
    }

    func testAppFontsAreKnownByFamilyAndPostScriptName() throws {
        let path = try Self.font("BrandSerif-Bold.ttf")
        let engine = try TextEngine(fontsFolder: Repository.fonts, appFonts: [path])
        XCTAssertEqual(engine.catalog.appFontFiles, [path])
        let byFamily = try engine.width(of: "Settings", font: FontRequest(family: "Brand Serif", size: 17, weight: .bold), language: "en")
        let byName = try engine.width(of: "Settings", font: FontRequest(family: "BrandSerif-Bold", size: 17), language: "en")
        XCTAssertEqual(byFamily, byName)
        // Its advances are 1.26 times (rounded) those of the test font's regular text cut
        // (scripts/make-test-font): S e t t i n g s.
        XCTAssertEqual(byFamily, 17.0 * Double([857, 655, 680, 680, 580, 706, 706, 655].reduce(0, +)) / 1000, accuracy: 1e-9)
        // The catalog overrides: an app font of a family the catalog lists is not used for it.
        let noto = try TextEngine(fontsFolder: Repository.fonts, appFonts: [Repository.fonts + "/NotoSansHebrew-Bold.ttf"])
        XCTAssertEqual(try noto.catalog.face(family: "Noto Sans Hebrew", weight: .bold).path, Repository.fonts + "/NotoSansHebrew-Bold.ttf")
        XCTAssertEqual(try noto.catalog.face(family: "NotoSansHebrew-Bold", weight: .regular).weight, .bold)
    }
}
