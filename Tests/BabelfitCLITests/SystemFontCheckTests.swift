import Foundation
import TestSupport
import XCTest

/// `check` with San Francisco given (the test font of scripts/make-test-font stands in for
/// it) and with an app's bundled fonts: what the reports say, and the bad inputs.
final class SystemFontCheckTests: FolderTestCase {
    static func testFont(_ name: String) throws -> URL {
        let url = PackageRoot.url.appendingPathComponent("Tests/TextTests/Fixtures/SystemFont").appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            XCTFail("test font \(url.path) is missing (scripts/make-test-font writes it)")
            throw CocoaError(.fileNoSuchFile)
        }
        return url
    }

    func copy(_ font: String, to path: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try Self.testFont(font), to: url)
    }

    /// A label in the body text style and one in a family, side by side.
    static func layout(family: String) -> String {
        """
        { "root": { "id": "root", "type": "view", "subviews": [
            { "id": "body", "type": "label", "text": "Settings", "font": { "textStyle": "body" } },
            { "id": "brand", "type": "label", "text": "Settings", "font": { "family": "\(family)", "size": 17 } } ] },
          "constraints": [ "body.leading == root.leadingMargin", "body.top == root.safeTop",
                           "brand.leading == root.leadingMargin", "brand.top == body.bottom + 8" ] }
        """
    }

    func viewsOf(_ output: Binary.Output) throws -> [String: [String: Any]] {
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any],
                                   output.stderr + output.stdout)
        let run = try XCTUnwrap((report["runs"] as? [[String: Any]])?.first)
        return Dictionary(uniqueKeysWithValues: ((run["views"] as? [[String: Any]]) ?? []).map { ($0["id"] as! String, $0) })
    }

    func testTheConfigsSystemFontsMeasureTheSystemFontAndEveryReportSaysSo() throws {
        try write("App/Screen.json", Self.layout(family: "Noto Sans"))
        try write("babelfit.json", #"{ "layouts": ["App"], "systemFonts": ["\#(try Self.testFont("TestSans-VF.ttf").path)"] }"#)
        let json = try Binary.run(["check", "--devices", "iPhone 15", "--languages", "en", "--format", "json"], in: folder)
        XCTAssertEqual(json.status, 0, json.stderr + json.stdout)
        XCTAssertTrue(json.stdout.contains(#""systemFont": "Test Sans""#), json.stdout)
        let views = try viewsOf(json)
        XCTAssertEqual(views["body"]?["font"] as? String, "Test Sans 17")
        XCTAssertEqual(views["brand"]?["font"] as? String, "Noto Sans 17")
        // "Settings" at 17 pt: hb-shape's 70.924 pt (reference.json), rounded up to the 1/3 pt grid.
        XCTAssertEqual((views["body"]?["frame"] as? [Double])?[2] ?? 0, 71, accuracy: 1e-9)

        let text = try Binary.run(["check", "--devices", "iPhone 15", "--languages", "en", "--verbose"], in: folder)
        XCTAssertTrue(text.stdout.contains("system font: Test Sans\n"), text.stdout)
        let sarif = try Binary.run(["check", "--devices", "iPhone 15", "--languages", "en", "--format", "sarif"], in: folder)
        XCTAssertEqual(sarif.status, 0, sarif.stderr)

        // --system-fonts wins over the config; without either, Noto Sans stands in.
        try write("babelfit.json", #"{ "layouts": ["App"] }"#)
        let noto = try Binary.run(["check", "--devices", "iPhone 15", "--languages", "en", "--format", "json"], in: folder)
        XCTAssertTrue(noto.stdout.contains(#""systemFont": "Noto Sans""#), noto.stdout)
        let notoViews = try viewsOf(noto)
        XCTAssertEqual(notoViews["body"]?["font"] as? String, "Noto Sans 17")
        let given = try Binary.run(["check", "--devices", "iPhone 15", "--languages", "en", "--format", "json",
                                    "--system-fonts", try Self.testFont("TestSans-Text.ttf").path], in: folder)
        let givenViews = try viewsOf(given)
        XCTAssertEqual(givenViews["body"]?["font"] as? String, "Test Sans 17")
    }

    func testBadSystemFontsStopTheCheckNamingThem() throws {
        try write("App/Screen.json", Self.layout(family: "Noto Sans"))
        try write("babelfit.json", #"{ "layouts": ["App"], "systemFonts": ["SF"] }"#)
        let missing = try Binary.run(["check"], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("babelfit.json:1:") && missing.stderr.contains("error: systemFonts: ") && missing.stderr.contains("SF is not found"), missing.stderr)
        try write("SF/SF-Pro.ttf", "not a font")
        let broken = try Binary.run(["check", "--system-fonts", "SF/SF-Pro.ttf"], in: folder)
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.contains("SF/SF-Pro.ttf: not a font file"), broken.stderr)
    }

    func testAnAppsBundledFontsAreUsedByFamilyAndPostScriptName() throws {
        try write("App/Screen.json", Self.layout(family: "Brand Serif"))
        try write("App/Other.json", Self.layout(family: "BrandSerif-Bold"))
        try copy("BrandSerif-Bold.ttf", to: "App/Resources/Fonts/BrandSerif-Bold.ttf")
        let output = try Binary.run(["check", "App", "--devices", "iPhone 15", "--languages", "en", "--format", "json"], in: folder)
        XCTAssertEqual(output.status, 0, output.stderr + output.stdout)
        // Other.json (the PostScript name) is the first run, Screen.json (the family) the second.
        let brand = try viewsOf(output)["brand"]
        XCTAssertEqual(brand?["font"] as? String, "BrandSerif-Bold 17")
        XCTAssertTrue(output.stdout.contains(#""font": "Brand Serif 17""#), output.stdout)

        // An Info.plist's UIAppFonts names the fonts; a name no file has is an input error at its line.
        try write("App/Info.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>UIAppFonts</key>
                <array>
                    <string>Fonts/BrandSerif-Bold.ttf</string>
                    <string>Missing.otf</string>
                </array>
            </dict>
            </plist>
            """)
        let named = try Binary.run(["check", "App", "--devices", "iPhone 15", "--languages", "en"], in: folder)
        XCTAssertEqual(named.status, 2, named.stdout)
        XCTAssertTrue(named.stdout.contains("App/Info.plist:7:"), named.stdout + named.stderr)
        XCTAssertTrue(named.stdout.contains("UIAppFonts names 'Missing.otf', which is not found below App"), named.stdout)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("App/Info.plist"))

        // A font file that is not one stops the check, naming it.
        try write("App/Resources/Fonts/Broken.ttf", "not a font")
        let broken = try Binary.run(["check", "App", "--devices", "iPhone 15", "--languages", "en"], in: folder)
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.contains("App/Resources/Fonts/Broken.ttf: not a font file"), broken.stderr)
    }
}
