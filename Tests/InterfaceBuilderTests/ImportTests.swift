import Checks
import Foundation
import InterfaceBuilder
import Layout
import TestSupport
import XCTest

/// `babelfit import`'s library side: every storyboard and XIB of the corpus, imported to JSON
/// layouts with its translations, decodes to the layouts the reader gave and checks to the
/// same findings (and frames) as the file itself.
final class ImportTests: XCTestCase {
    private func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.path
    }

    /// The reader a corpus file is read with: OnionBrowser's XIBs with its asset catalog.
    private func reader(for relative: String) -> StoryboardReader {
        StoryboardReader(assetCatalogs: relative.hasPrefix("OnionBrowser") ? [AssetCatalog(path: Corpus.onionAssets)] : [],
                         findsAssetCatalogs: false)
    }

    /// Writes an import as `babelfit import` lays it out: the layouts, and the translations copied.
    private func write(_ imported: InterfaceBuilderImport, to folder: String) throws {
        for layout in imported.layouts {
            try Data(layout.json.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(layout.fileName))
        }
        for translation in imported.translations {
            let destination = URL(fileURLWithPath: folder).appendingPathComponent(translation.destination)
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: translation.source, toPath: destination.path)
        }
    }

    /// The runs of a report in one order, without the places in files (which differ by design).
    private func comparable(_ report: CheckReport) -> [RunReport] {
        report.runs.map { run in
            var run = run
            run.index = 0
            run.file = ""
            run.findings = run.findings.map { finding in
                var finding = finding
                finding.subject.line = nil
                finding.subject.constraints = finding.subject.constraints.map { constraint in
                    var constraint = constraint
                    constraint.line = nil
                    return constraint
                }
                return finding
            }
            return run
        }.sorted { ($0.layout, $0.language, $0.device) < ($1.layout, $1.language, $1.device) }
    }

    func testEveryCorpusFileImportsToLayoutsThatDecodeAsReadAndCheckToTheSameFindings() throws {
        let files = try Corpus.interfaceFiles()
        XCTAssertEqual(files.count, 16)
        // The development language and a right-to-left one (whose texts come from the tables),
        // on a small iPhone and an iPad (other margins, other widths).
        let options = CheckOptions(languages: ["en", "ar"],
                                   devices: [Device.named("iPhone SE (3rd generation)")!, Device.named("iPad (10th generation)")!])
        var layouts = 0, runs = 0, findings = 0
        for relative in files {
            let path = try Corpus.path(relative)
            let reader = reader(for: relative)
            let imported = InterfaceBuilderImport(paths: [path], reader: reader)
            XCTAssertEqual(imported.errors, [], relative)
            let read = try reader.readFile(path: path)
            XCTAssertEqual(imported.layouts.map(\.name), read.documents.map(\.name), relative)
            XCTAssertFalse(imported.translations.isEmpty && relative.contains(".lproj/"), "\(relative): its translations are copied")
            let folder = try temporaryFolder()
            try write(imported, to: folder)

            // Each JSON layout decodes to the document the reader gave.
            for (layout, document) in zip(imported.layouts, read.documents) {
                let decoded = try LayoutDocument.load(path: (folder as NSString).appendingPathComponent(layout.fileName))
                XCTAssertEqual(decoded.withoutSourcePlaces, document.withoutSourcePlaces, "\(relative): \(layout.name)")
            }

            // Checked with the same translations, the JSON layouts give the file's findings and frames.
            let storyboard = try Project(layouts: [path], strings: [InterfaceBuilderImport.translationRoot(of: path)],
                                         fontsFolder: PackageRoot.fonts, developmentLanguage: "en",
                                         readers: [JSONLayoutReader(), reader])
            let json = try Project(layouts: [folder], strings: [folder], fontsFolder: PackageRoot.fonts, developmentLanguage: "en")
            XCTAssertEqual(storyboard.inputErrors, [], relative)
            XCTAssertEqual(json.inputErrors, [], relative)
            let expected = comparable(storyboard.check(options))
            let actual = comparable(json.check(options))
            XCTAssertEqual(actual.count, expected.count, relative)
            for (a, e) in zip(actual, expected) {
                XCTAssertEqual(a.findings, e.findings, "\(relative): \(e.layout) \(e.language) \(e.device)")
                XCTAssertEqual(a, e, "\(relative): \(e.layout) \(e.language) \(e.device)")
            }
            layouts += imported.layouts.count
            runs += expected.count
            findings += expected.reduce(0) { $0 + $1.findings.count }
        }
        // The whole corpus, so that a file that stopped giving layouts or findings shows.
        XCTAssertEqual(layouts, 55)
        XCTAssertEqual(runs, 55 * 4)
        XCTAssertGreaterThan(findings, 500, "\(findings) findings")
        print("ImportTests: \(files.count) files, \(layouts) layouts, \(runs) runs, \(findings) findings, each the same from the JSON")
    }

    /// The same files give the same bytes; names are made safe and unique ignoring case.
    func testImportIsDeterministicAndFileNamesAreSafeAndUnique() throws {
        let path = try Corpus.path("LoopKit__Loop/Loop/Base.lproj/Main.storyboard")
        let first = InterfaceBuilderImport(paths: [path]), second = InterfaceBuilderImport(paths: [path])
        XCTAssertEqual(first.layouts.map(\.json), second.layouts.map(\.json))
        XCTAssertEqual(first.layouts.map(\.fileName), ["Main-PredictionTableViewController.json",
                                                       "Main-CarbAbsorptionViewController.json", "Main-MainStatusViewController.json"])
        XCTAssertEqual(first.translations.map(\.destination), ["ar", "de", "en", "fr", "he", "ja"].map { "\($0).lproj/Main.strings" })

        var taken = Set<String>()
        XCTAssertEqual(InterfaceBuilderImport.fileName(for: "Main/Log in: step 1", taken: &taken), "Main-Log_in__step_1.json")
        XCTAssertEqual(InterfaceBuilderImport.fileName(for: "main/log in: step 1", taken: &taken), "main-log_in__step_1-2.json")
        XCTAssertEqual(InterfaceBuilderImport.fileName(for: "..hidden", taken: &taken), "hidden.json")
        XCTAssertEqual(InterfaceBuilderImport.fileName(for: "babelfit", taken: &taken), "layout-babelfit.json")
    }

    /// Two apps' tables of one name stay apart: the second is renamed in its layouts and copies.
    func testTablesOfOneNameFromTwoFoldersAreKeptApart() throws {
        let folder = try temporaryFolder()
        let source = try Corpus.path("duckduckgo__iOS/DuckDuckGo")
        for app in ["One", "Two"] {
            let base = "\(folder)/\(app)/Base.lproj", french = "\(folder)/\(app)/fr.lproj"
            try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: french, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: "\(source)/Base.lproj/Tab.storyboard", toPath: "\(base)/Tab.storyboard")
            try FileManager.default.copyItem(atPath: "\(source)/fr.lproj/Tab.strings", toPath: "\(french)/Tab.strings")
        }
        let imported = InterfaceBuilderImport(paths: [folder])
        XCTAssertEqual(imported.errors, [])
        XCTAssertEqual(imported.layouts.map(\.fileName), ["Tab-TabViewController.json", "Tab-TabViewController-2.json"])
        XCTAssertEqual(imported.translations.map(\.destination), ["fr.lproj/Tab 2.strings", "fr.lproj/Tab.strings"])
        let tables = imported.layouts.map { layout in
            Set(layout.document.allViews.flatMap(\.kind.texts).compactMap { text -> String? in
                if case .localized(let localized) = text { return localized.table }
                return nil
            })
        }
        XCTAssertEqual(tables, [["Tab"], ["Tab 2"]])
    }
}
