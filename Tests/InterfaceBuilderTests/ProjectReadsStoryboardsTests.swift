import Checks
import Foundation
import TestSupport
import XCTest

/// A check finds layouts through the project's readers, storyboards and XIBs among them.
final class ProjectReadsStoryboardsTests: XCTestCase {
    /// A check reads storyboards through the project's readers: the layout and its texts in
    /// each language, with findings at the storyboard's lines.
    func testAProjectChecksAStoryboard() throws {
        let folder = try Corpus.path(InterfaceBuilderStringsTests.lockwise)
        let project = try Project(layouts: [try Corpus.path("\(InterfaceBuilderStringsTests.lockwise)/Base.lproj/Welcome.storyboard")],
                                  strings: [folder], fontsFolder: PackageRoot.fonts, developmentLanguage: "en")
        XCTAssertEqual(project.inputErrors, [])
        XCTAssertEqual(project.layouts.map(\.document.name), ["Welcome/welcome"])
        let french = try project.run(layout: "Welcome/welcome", language: "fr", device: "iPhone 15")
        XCTAssertEqual(french.views.first { $0.id == "cuz-yd-F4J" }?.text, "Lancez-vous")
        let hebrew = try project.run(layout: "Welcome/welcome", language: "he", device: "iPhone 15")
        XCTAssertEqual(hebrew.direction, "rtl")
        let missing = try XCTUnwrap(hebrew.findings.first { $0.kind == .missingTranslation && $0.view == "xyY-bk-Xw8" })
        XCTAssertEqual(missing.line, 118)
        XCTAssertEqual(missing.key, "xyY-bk-Xw8.text")
    }

    /// A folder's storyboards are its layouts, besides its JSON files; without the storyboard
    /// reader they are not.
    func testAFolderOfStoryboards() throws {
        let folder = try Corpus.path("\(InterfaceBuilderStringsTests.lockwise)/Base.lproj")
        let project = try Project(layouts: [folder], strings: [], fontsFolder: PackageRoot.fonts)
        XCTAssertEqual(project.layouts.map(\.document.name), ["ItemDetail/itemdetailview", "Welcome/welcome"])
        XCTAssertEqual(project.layouts.map(\.file).map { ($0 as NSString).lastPathComponent },
                       ["ItemDetail.storyboard", "Welcome.storyboard"])
        let jsonOnly = try Project(layouts: [folder], strings: [], fontsFolder: PackageRoot.fonts, readers: [JSONLayoutReader()])
        XCTAssertEqual(jsonOnly.layouts.count, 0)
        XCTAssertEqual(jsonOnly.inputErrors.map(\.message), ["no layout files (*.json) in this folder"])
    }
}

/// Under Base internationalization a storyboard's own texts are the development language's:
/// the development language shows them without a table, so a text no table has is missing in
/// the other languages only.
final class BaseInternationalizationTests: XCTestCase {
    func testAStoryboardTextIsTheDevelopmentLanguagesOwn() throws {
        let folder = try Corpus.path("bryceco__GoMap/src/iOS/Upload")
        let project = try Project(layouts: [try Corpus.path("bryceco__GoMap/src/iOS/Upload/Base.lproj/Changeset.storyboard")],
                                  strings: [folder], fontsFolder: PackageRoot.fonts, developmentLanguage: "en")
        XCTAssertEqual(project.inputErrors, [])
        let name = try XCTUnwrap(project.layouts.first?.document.name)
        // Idd-0q-a3f's title is in no Changeset.strings table, English included.
        let english = try project.run(layout: name, language: "en", device: "iPhone 15")
        XCTAssertEqual(english.findings.filter { $0.kind == .missingTranslation }.map(\.key), [],
                       "the storyboard's text is the development language's")
        let button = try XCTUnwrap(english.views.first { $0.id == "Idd-0q-a3f" })
        XCTAssertNotNil(button.text)
        let russian = try project.run(layout: name, language: "ru", device: "iPhone 15")
        XCTAssertEqual(russian.findings.filter { $0.kind == .missingTranslation }.map(\.key), ["Idd-0q-a3f.normalTitle"])
    }
}

/// An Xcode project folder: its storyboards and XIBs are found wherever they lie below it.
final class ProjectFolderTests: XCTestCase {
    func testStoryboardsAreFoundBelowAProjectFolder() throws {
        let storyboard = try Corpus.path("bryceco__GoMap/src/iOS/Upload/Base.lproj/Changeset.storyboard")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-app-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["App/Upload/Base.lproj", "App/Upload/fr.lproj", "build/Intermediates", ".hidden", "App/Assets.xcassets"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for copy in ["App/Upload/Base.lproj/Changeset.storyboard", "App/Upload/fr.lproj/Changeset.storyboard",
                     "build/Intermediates/Changeset.storyboard", ".hidden/Changeset.storyboard",
                     "App/Assets.xcassets/Changeset.storyboard"] {
            try FileManager.default.copyItem(atPath: storyboard, toPath: root.appendingPathComponent(copy).path)
        }
        let project = try Project(layouts: [root.path], strings: [], fontsFolder: PackageRoot.fonts)
        XCTAssertEqual(project.inputErrors, [])
        XCTAssertEqual(project.layouts.map(\.file).map { $0.components(separatedBy: "/App/").last ?? $0 },
                       ["Upload/Base.lproj/Changeset.storyboard", "Upload/fr.lproj/Changeset.storyboard"],
                       "the Base storyboard and the French copy; not a build product, a hidden folder or a bundle")
        XCTAssertEqual(project.layouts.map(\.localization), [nil, "fr"])
        let jsonOnly = try Project(layouts: [root.path], strings: [], fontsFolder: PackageRoot.fonts, readers: [JSONLayoutReader()])
        XCTAssertEqual(jsonOnly.layouts.count, 0, "JSON layouts are not searched for below a folder")
    }
}
