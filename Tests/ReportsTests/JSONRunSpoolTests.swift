import Foundation
import Reports
import XCTest

/// A JSON report whose runs were written to a spool as they came (`check --format json`), then
/// the report without its runs' views: the same bytes as the whole report written at once.
final class JSONRunSpoolTests: XCTestCase {
    /// Runs of a long report: Spanish texts with non-ASCII letters, findings, views.
    static func runs(_ count: Int) -> [RunReport] {
        let sample = ReportWriterTests.sample().runs[0]
        let views = (0..<40).map { index in
            ViewReport(id: "label\(index)", frame: [16, Double(index) * 30, 343, 21.5], text: "Número de serie \(index)",
                       shown: "Número de serie \(index)", lines: 1, font: "Noto Sans 17")
        }
        return (0..<count).map { index in
            RunReport(index: index, layout: "Form\(index / 12)", file: "Layouts/Form\(index / 12).json", language: "es",
                      direction: "ltr", device: "iPhone 15", contentSize: "L", views: views, findings: sample.findings)
        }
    }

    func spooled(_ report: CheckReport, in directory: String) throws -> (pieces: [String], text: String) {
        let spool = try JSONRunSpool(directory: directory)
        for run in report.runs { try spool.append(run) }
        XCTAssertEqual(spool.count, report.runs.count)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [],
                       "the spool's file has no name in its folder: nothing is left, however the process ends")
        var light = report
        for index in light.runs.indices { light.runs[index].views = [] }
        var pieces: [String] = []
        try JSONReport.write(light, spooled: spool, to: { pieces.append($0) })
        return (pieces, pieces.joined())
    }

    func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    func testASpooledReportIsTheWholeReportByteForByte() throws {
        let directory = try folder()
        var report = CheckReport(toolVersion: "0.1.0", runs: Self.runs(600))
        report.inputErrors = [InputError(file: "Layouts/Broken.json", line: 3, message: "expected ':'")]
        report.shard = "1/2"
        report.plannedRuns = 1200
        let whole = JSONReport.render(report)
        XCTAssertGreaterThan(whole.utf8.count, 3 << 20, "several megabytes: the spool is read back in pieces")
        let (pieces, text) = try spooled(report, in: directory)
        XCTAssertEqual(text, whole)
        XCTAssertGreaterThanOrEqual(pieces.count, 5, "the header, at least three pieces of runs, the rest")
        for piece in pieces.dropLast() {
            XCTAssertLessThanOrEqual(piece.utf8.count, (1 << 20) + 64, "no piece is much over a megabyte")
        }
    }

    /// The UTF-8 of a spooled report, handed out as the spool is read (what `check` writes to
    /// its output): the whole report's text, byte for byte, large, small or empty.
    func testASpooledReportsBytesAreItsText() throws {
        let directory = try folder()
        var large = CheckReport(toolVersion: "0.1.0", runs: Self.runs(300))
        large.shard = "2/2"
        for report in [large, ReportWriterTests.sample(), CheckReport(toolVersion: "0.1.0", runs: [])] {
            let spool = try JSONRunSpool(directory: directory)
            for run in report.runs { try spool.append(run) }
            var light = report
            for index in light.runs.indices { light.runs[index].views = [] }
            var bytes: [UInt8] = []
            try JSONReport.write(light, spooled: spool, bytes: { bytes += $0 })
            XCTAssertEqual(bytes, Array(JSONReport.render(report).utf8))
        }
    }

    /// A spooled report written to a descriptor (how `check` writes its report file): the
    /// runs copied there by the system, the rest written around them, give the whole report's
    /// text, byte for byte. A file opened to append is one the system does not copy to: its
    /// runs are read and written instead, to the same bytes, after what the file held.
    func testASpooledReportWrittenToADescriptorIsTheWholeReport() throws {
        let directory = try folder()
        var large = CheckReport(toolVersion: "0.1.0", runs: Self.runs(300))
        large.shard = "2/2"
        for report in [large, ReportWriterTests.sample(), CheckReport(toolVersion: "0.1.0", runs: [])] {
            let whole = Array(JSONReport.render(report).utf8)
            for appending in [false, true] {
                let spool = try JSONRunSpool(directory: directory)
                for run in report.runs { try spool.append(run) }
                var light = report
                for index in light.runs.indices { light.runs[index].views = [] }
                let path = directory + "/report-\(appending).json"
                let before = Array("before\n".utf8)
                XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(appending ? before : [])))
                let descriptor = open(path, O_WRONLY | (appending ? O_APPEND : O_TRUNC))
                XCTAssertGreaterThanOrEqual(descriptor, 0)
                var emitted = 0
                try JSONReport.write(light, spooled: spool, to: descriptor, bytes: { bytes in
                    emitted += bytes.count
                    XCTAssertEqual(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }, bytes.count)
                })
                close(descriptor)
                let written = try XCTUnwrap(FileManager.default.contents(atPath: path))
                XCTAssertEqual(Array(written), (appending ? before : []) + whole, "\(report.runs.count) runs, appending: \(appending)")
                if appending || report.runs.isEmpty {
                    XCTAssertEqual(emitted, whole.count, "every byte written by `emit`")
                } else {
                    XCTAssertLessThan(emitted, whole.count - 1000, "the runs were copied by the system, not handed to `emit`")
                }
            }
        }
    }

    /// To a pipe, the system copies the runs too (what `check` does with standard output).
    func testASpooledReportWrittenToAPipeIsTheWholeReport() throws {
        let directory = try folder()
        let report = CheckReport(toolVersion: "0.1.0", runs: Self.runs(40))
        let spool = try JSONRunSpool(directory: directory)
        for run in report.runs { try spool.append(run) }
        var light = report
        for index in light.runs.indices { light.runs[index].views = [] }
        let pipe = Pipe()
        // Read as it is written: the report is larger than a pipe holds.
        final class Received: @unchecked Sendable { var data = Data() }
        let received = Received()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue(label: "pipe").async {
            received.data = pipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let descriptor = pipe.fileHandleForWriting.fileDescriptor
        try JSONReport.write(light, spooled: spool, to: descriptor, bytes: { bytes in
            XCTAssertEqual(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }, bytes.count)
        })
        try pipe.fileHandleForWriting.close()
        group.wait()
        XCTAssertEqual(Array(received.data), Array(JSONReport.render(report).utf8))
    }

    func testSmallAndEmptyReportsAreTheSameSpooled() throws {
        let directory = try folder()
        for report in [ReportWriterTests.sample(), ReportWriterTests.sample(baselined: true),
                       CheckReport(toolVersion: "0.1.0", runs: [])] {
            XCTAssertEqual(try spooled(report, in: directory).text, JSONReport.render(report))
        }
        XCTAssertTrue(try spooled(CheckReport(toolVersion: "0.1.0", runs: []), in: directory).text.contains("\"runs\": [],"))
    }

    func testASpoolThatCannotBeMadeSaysWhere() throws {
        let missing = try folder() + "/not/there"
        XCTAssertThrowsError(try JSONRunSpool(directory: missing)) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot make a temporary file in \(missing) for the report's runs: "), "\(error)")
        }
    }
}
