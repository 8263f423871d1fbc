import Checks
import Foundation
import Reports
import TestSupport
import XCTest

/// `Project.check` on several threads: the runs of one layout in one language (its devices and
/// content sizes, which show the same texts) are checked by one worker, so that their texts
/// are laid out once; the report is the one a single worker gives.
final class WorkerBatchesTests: XCTestCase {
    /// Four layouts, each a label and a button, in English, German and French: twelve batches,
    /// four for each of three workers.
    func project() throws -> Project {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-batches-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let translations = [
            "en": "\"title\" = \"Serial number\";\n\"save\" = \"Save\";\n",
            "de": "\"title\" = \"Seriennummer des Geräts\";\n\"save\" = \"Speichern\";\n",
            "fr": "\"title\" = \"Numéro de série de l’appareil\";\n\"save\" = \"Enregistrer\";\n",
            "ar": "\"title\" = \"الرقم التسلسلي\";\n\"save\" = \"حفظ\";\n",
            "he": "\"title\" = \"מספר סידורי\";\n\"save\" = \"שמירה\";\n",
        ]
        for (language, strings) in translations {
            let lproj = folder.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            try Data(strings.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        }
        for (name, width) in [("Form", 120), ("Card", 90), ("Sheet", 100), ("Panel", 110)] {
            let json = """
                { "format": 1, "root": { "id": "root", "type": "view", "subviews": [
                  { "id": "title", "type": "label", "text": "[title]" },
                  { "id": "save", "type": "button", "title": "[save]" } ] },
                  "constraints": ["title.leading == root.leading + 16", "title.top == root.top + 80", "title.width <= \(width)",
                                  "save.leading == title.trailing + 8", "save.firstBaseline == title.firstBaseline"] }
                """
            try Data(json.utf8).write(to: folder.appendingPathComponent("\(name).json"))
        }
        return try Project(layouts: [folder.path], strings: [folder.path], fontsFolder: PackageRoot.fonts)
    }

    /// The batches of a check (layout and language) in the order its runs were checked.
    final class CheckedOrder: @unchecked Sendable {
        private let lock = NSLock()
        private var all: [String] = []
        func add(_ batch: String) {
            lock.lock()
            if all.last != batch { all.append(batch) }
            lock.unlock()
        }
        var batches: [String] { lock.lock(); defer { lock.unlock() }; return all }
    }

    final class Workers: @unchecked Sendable {
        private let lock = NSLock()
        private var byRun: [Int: pthread_t] = [:]
        func add(_ index: Int) { lock.lock(); byRun[index] = pthread_self(); lock.unlock() }
        var all: [Int: pthread_t] { lock.lock(); defer { lock.unlock() }; return byRun }
    }

    func testTheRunsOfALayoutInALanguageAreCheckedByOneWorker() throws {
        let project = try project()
        XCTAssertEqual(project.inputErrors, [])
        let options = { (jobs: Int) in CheckOptions(languages: ["en", "de", "fr"], contentSizes: [.L, .XXXL], jobs: jobs) }
        let alone = project.check(options(1))
        XCTAssertEqual(alone.runs.count, 4 * 3 * 4 * 2, "four layouts, three languages, four devices, two content sizes")
        XCTAssertTrue(alone.runs.contains { !$0.findings.isEmpty }, "the German and French titles are truncated")
        for _ in 0..<3 {
            let workers = Workers()
            let report = project.check(options(3), eachRun: { run in workers.add(run.report.index) })
            XCTAssertEqual(report, alone, "the report of one worker")
            let byRun = workers.all
            XCTAssertEqual(byRun.count, alone.runs.count)
            for batch in Dictionary(grouping: alone.runs, by: { "\($0.layout) \($0.language)" }) {
                XCTAssertEqual(batch.value.count, 8)
                let threads = batch.value.compactMap { byRun[$0.index] }
                XCTAssertEqual(threads.count, 8, batch.key)
                XCTAssertTrue(threads.allSatisfy { pthread_equal($0, threads[0]) != 0 }, "\(batch.key): checked by more than one worker")
            }
        }
    }

    /// Each layout's development language is checked a layout (a worker) ahead of its other
    /// languages, whose runs start from the state its texts leave: on one worker, English of
    /// the next layout comes before German and French of this one; the report keeps the plan's
    /// order.
    func testTheDevelopmentLanguageIsCheckedAheadOfTheOthers() throws {
        let project = try project()
        let order = CheckedOrder()
        let report = project.check(CheckOptions(languages: ["en", "de", "fr"], contentSizes: [.L, .XXXL], jobs: 1),
                                   eachRun: { run in order.add("\(run.report.layout) \(run.report.language)") })
        XCTAssertEqual(order.batches, [
            "Card en", "Form en", "Card de", "Card fr", "Panel en", "Form de", "Form fr", "Sheet en", "Panel de", "Panel fr",
            "Sheet de", "Sheet fr",
        ])
        XCTAssertEqual(report.runs.map(\.index), Array(0..<report.runs.count), "the plan's order")
        XCTAssertEqual(report.runs.map { "\($0.layout) \($0.language)" }.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }, [
            "Card en", "Card de", "Card fr", "Form en", "Form de", "Form fr", "Panel en", "Panel de", "Panel fr",
            "Sheet en", "Sheet de", "Sheet fr",
        ])
    }

    /// Right to left, the first language written so (`ar`, not `he`) seeds the sessions, and is
    /// checked ahead as the development language is, in the order the languages are given.
    func testTheFirstRightToLeftLanguageIsCheckedAheadOfTheOthers() throws {
        let project = try project()
        let order = CheckedOrder()
        let options = { (jobs: Int) in CheckOptions(languages: ["en", "he", "de", "ar"], jobs: jobs) }
        let report = project.check(options(1), eachRun: { run in order.add("\(run.report.layout) \(run.report.language)") })
        XCTAssertEqual(order.batches, [
            "Card en", "Card ar", "Form en", "Form ar", "Card he", "Card de", "Panel en", "Panel ar", "Form he", "Form de",
            "Sheet en", "Sheet ar", "Panel he", "Panel de", "Sheet he", "Sheet de",
        ])
        XCTAssertEqual(report.runs.map(\.language).reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }.prefix(4),
                       ["en", "he", "de", "ar"], "the plan's order")
        XCTAssertEqual(project.check(options(3)), report, "the report of one worker")
    }

    /// A check of fewer batches than four a worker (here four layouts in one language, on
    /// three workers) gives the workers one run at a time: the report is still the one a single
    /// worker gives, and every run is checked once.
    func testAFewBatchesGiveTheReportOfOneWorker() throws {
        let project = try project()
        let options = { (jobs: Int) in CheckOptions(languages: ["de"], contentSizes: [.L, .XXXL], jobs: jobs) }
        let alone = project.check(options(1))
        XCTAssertEqual(alone.runs.count, 4 * 4 * 2, "four layouts in German on four devices at two content sizes")
        let workers = Workers()
        let report = project.check(options(3), eachRun: { run in workers.add(run.report.index) })
        XCTAssertEqual(report, alone)
        XCTAssertEqual(Set(workers.all.keys), Set(alone.runs.map(\.index)))
    }
}
