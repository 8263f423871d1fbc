import Checks
import Foundation
import Reports
import TestSupport
import XCTest

/// `Project.check(_:inOrder:)`: each run's report handed over in plan order as the runs finish on
/// several threads, a run that could not be checked passed over; what the hook leaves is what
/// the check keeps. And `CheckOptions.reportsViews`.
final class InOrderRunsTests: XCTestCase {
    /// Three layouts, the middle one naming a font family the catalog lacks, so that its runs fail.
    func project() throws -> Project {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("in-order-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        func layout(_ name: String, family: String, text: String) throws {
            let json = """
                { "format": 1, "root": { "id": "root", "type": "view", "subviews": [
                  { "id": "title", "type": "label", "text": "\(text)", "font": { "family": "\(family)", "size": 17 } } ] },
                  "constraints": ["title.leading == root.leading + 16", "title.top == root.top + 80", "title.width <= 60"] }
                """
            try json.write(to: url.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        }
        try layout("A", family: "Noto Sans", text: "Serial number of the device")
        try layout("B", family: "Noto Snas", text: "Serial")
        try layout("C", family: "Noto Sans", text: "Name")
        return try Project(layouts: [url.path], strings: [url.path], fontsFolder: PackageRoot.fonts)
    }

    final class Handed: @unchecked Sendable {
        private let lock = NSLock()
        private var indices: [Int] = []
        func add(_ index: Int) { lock.lock(); indices.append(index); lock.unlock() }
        var all: [Int] { lock.lock(); defer { lock.unlock() }; return indices }
    }

    func testRunsAreHandedOverInPlanOrderAndTheCheckKeepsWhatIsLeft() throws {
        let project = try project()
        let whole = project.check(CheckOptions(jobs: 2))
        XCTAssertEqual(whole.runs.count, 8, "A and C on the four standard devices; B's runs fail")
        XCTAssertEqual(whole.inputErrors.count, 1)
        XCTAssertTrue(whole.inputErrors[0].message.contains("unknown font family 'Noto Snas'"), "\(whole.inputErrors)")
        XCTAssertTrue(whole.runs.contains { !$0.findings.isEmpty }, "A's title is truncated")
        XCTAssertTrue(whole.runs.allSatisfy { !$0.views.isEmpty })
        for _ in 0..<3 {
            let handed = Handed()
            let kept = project.check(CheckOptions(jobs: 2), inOrder: { run in
                handed.add(run.index)
                run.views = []
            })
            XCTAssertEqual(handed.all, whole.runs.map(\.index), "every run checked, in plan order, once")
            XCTAssertEqual(handed.all, handed.all.sorted())
            XCTAssertEqual(kept.inputErrors, whole.inputErrors)
            XCTAssertEqual(kept.runs.map(\.views), Array(repeating: [], count: 8), "the check keeps what the hook left")
            XCTAssertEqual(kept.runs.map(\.findings), whole.runs.map(\.findings))
        }
    }

    func testAReportWithoutViewsHasTheSameFindings() throws {
        let project = try project()
        let whole = project.check(CheckOptions(jobs: 2))
        var options = CheckOptions(jobs: 2)
        options.reportsViews = false
        let light = project.check(options)
        XCTAssertTrue(light.runs.allSatisfy(\.views.isEmpty))
        var stripped = whole
        for index in stripped.runs.indices { stripped.runs[index].views = [] }
        XCTAssertEqual(light, stripped)
    }

    /// Marking each run as it comes gives the findings that applying the baseline to the
    /// whole report marks.
    func testABaselineMarksRunByRunAsItMarksAReport() throws {
        let project = try project()
        let report = project.check(CheckOptions(jobs: 2))
        var old = report
        old.runs = Array(old.runs.prefix(3))
        let baseline = Baseline(report: old)
        var applied = report
        baseline.apply(to: &applied)
        var marked = report
        var fingerprints: [String] = []
        for index in marked.runs.indices { fingerprints += baseline.mark(&marked.runs[index]) }
        XCTAssertEqual(marked.runs, applied.runs)
        XCTAssertEqual(Set(fingerprints), Set(baseline.entries.keys))
        XCTAssertGreaterThan(applied.runs.flatMap(\.findings).filter(\.baselined).count, 0)
        XCTAssertTrue(applied.runs.dropFirst(3).flatMap(\.findings).allSatisfy { !$0.baselined })
    }
}
