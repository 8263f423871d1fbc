import Foundation
import XCTest

/// Where `--output` points: a regular file is replaced whole, a link's target is replaced and the
/// link kept, a FIFO or a device is written in place and never replaced, and an input of the run
/// is refused (exit 2) and left as it was.
final class OutputSafetyTests: XCTestCase {
    var folder: URL!
    var layouts: URL { folder.appendingPathComponent("Layouts") }

    override func setUpWithError() throws {
        folder = try Binary.exampleFolder("output", copying: ["ItemDetail.json", "en.lproj", "es.lproj"])
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private func check(_ arguments: [String]) throws -> Binary.Output {
        try Binary.run(["check", layouts.path, "--devices", "iPhone 15", "--languages", "en", "--format", "json"] + arguments,
                       in: folder)
    }

    private func type(_ path: String) -> mode_t {
        var status = stat()
        XCTAssertEqual(lstat(path, &status), 0, path)
        return status.st_mode & S_IFMT
    }

    func testARegularFileIsReplacedWholeKeepingItsPermissions() throws {
        try Data("old".utf8).write(to: URL(fileURLWithPath: path("report.json")))
        XCTAssertEqual(chmod(path("report.json"), 0o640), 0)
        let output = try check(["--output", "report.json"])
        XCTAssertEqual(output.status, 0, output.stderr)
        let text = try String(contentsOfFile: path("report.json"), encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("{\n  \"format\": 1,"))
        XCTAssertTrue(text.hasSuffix("}\n"))
        var status = stat()
        XCTAssertEqual(stat(path("report.json"), &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o640)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(left, [], "no temporary file is left")
    }

    func testALinkStaysALinkAndItsTargetIsReplaced() throws {
        try FileManager.default.createDirectory(atPath: path("reports"), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: path("reports/target.json")))
        XCTAssertEqual(symlink("reports/target.json", path("link.json")), 0)
        let output = try check(["--output", "link.json"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(type(path("link.json")), S_IFLNK)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path("link.json")), "reports/target.json")
        XCTAssertTrue(try String(contentsOfFile: path("reports/target.json"), encoding: .utf8).hasPrefix("{\n  \"format\": 1,"))
        // A link to a file that does not exist yet makes the file, not a new link.
        XCTAssertEqual(symlink("reports/new.json", path("dangling.json")), 0)
        XCTAssertEqual(try check(["--output", "dangling.json"]).status, 0)
        XCTAssertEqual(type(path("dangling.json")), S_IFLNK)
        XCTAssertEqual(type(path("reports/new.json")), S_IFREG)
    }

    func testAFIFOIsWrittenInPlaceAndStaysAFIFO() throws {
        XCTAssertEqual(mkfifo(path("pipe"), 0o644), 0)
        // Opening a FIFO waits for the other end: the reader opens it on a thread of its own.
        let fifo = path("pipe")
        let received = Received()
        let done = DispatchSemaphore(value: 0)
        Thread {
            received.data = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data()
            done.signal()
        }.start()
        let output = try check(["--output", "pipe"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
        XCTAssertTrue(String(decoding: received.data, as: UTF8.self).hasPrefix("{\n  \"format\": 1,"))
        XCTAssertEqual(type(path("pipe")), S_IFIFO)
    }

    private final class Received: @unchecked Sendable { var data = Data() }

    func testACharacterDeviceIsWrittenThroughNotReplaced() throws {
        let output = try check(["--output", "/dev/null"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(type("/dev/null"), S_IFCHR)
        // A full device says so, and stays the device it was.
        let full = try check(["--output", "/dev/full"])
        XCTAssertEqual(full.status, 2)
        XCTAssertEqual(full.stderr, "babelfit check: cannot write /dev/full: No space left on device\n")
        XCTAssertEqual(type("/dev/full"), S_IFCHR)
    }

    func testDevStdoutIsStandardOutput() throws {
        let output = try check(["--output", "/dev/stdout"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertTrue(output.stdout.hasPrefix("{\n  \"format\": 1,"))
    }

    func testAnInputOfTheRunIsRefusedAndLeftAsItWas() throws {
        let layout = layouts.appendingPathComponent("ItemDetail.json").path
        let before = try Data(contentsOf: URL(fileURLWithPath: layout))
        let output = try check(["--output", "Layouts/ItemDetail.json"])
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "babelfit check: Layouts/ItemDetail.json is one of the inputs: "
            + "babelfit does not write over what it reads; choose another output\n")
        XCTAssertEqual(output.stdout, "")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: layout)), before)

        // The same file by a link, or a translation file, or the baseline read.
        XCTAssertEqual(symlink(layout, path("alias.json")), 0)
        let alias = try check(["--output", "alias.json"])
        XCTAssertEqual(alias.status, 2)
        XCTAssertTrue(alias.stderr.hasPrefix("babelfit check: alias.json is one of the inputs ("), alias.stderr)
        let strings = try check(["--write-baseline", "Layouts/es.lproj/Localizable.strings"])
        XCTAssertEqual(strings.status, 2)
        XCTAssertTrue(strings.stderr.contains("Layouts/es.lproj/Localizable.strings is one of the inputs"), strings.stderr)
        XCTAssertEqual(try check(["--write-baseline", "baseline.json"]).status, 0)
        let baseline = try check(["--baseline", "baseline.json", "--output", "baseline.json"])
        XCTAssertEqual(baseline.status, 2)
        XCTAssertEqual(baseline.stderr, "babelfit check: baseline.json is one of the inputs: "
            + "babelfit does not write over what it reads; choose another output\n")
        // A baseline may be recorded again over the one it was read from.
        XCTAssertEqual(try check(["--baseline", "baseline.json", "--write-baseline", "baseline.json"]).status, 0)
    }

    func testOtherCommandsRefuseTheirInputsToo() throws {
        let strings = layouts.appendingPathComponent("en.lproj/Localizable.strings").path
        let before = try Data(contentsOf: URL(fileURLWithPath: strings))
        let generate = try Binary.run(["generate", "swift", "Layouts", "-o", "Layouts/en.lproj/Localizable.strings"], in: folder)
        XCTAssertEqual(generate.status, 2)
        XCTAssertTrue(generate.stderr.hasPrefix("babelfit generate swift: Layouts/en.lproj/Localizable.strings is one of the inputs"),
                      generate.stderr)
        let lint = try Binary.run(["strings", "lint", "Layouts", "--output", "Layouts/en.lproj/Localizable.strings"], in: folder)
        XCTAssertEqual(lint.status, 2)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: strings)), before)

        XCTAssertEqual(try check(["--output", "shard.json"]).status, 0)
        let shard = try Data(contentsOf: URL(fileURLWithPath: path("shard.json")))
        let merge = try Binary.run(["merge", "shard.json", "-o", "shard.json"], in: folder)
        XCTAssertEqual(merge.status, 2)
        XCTAssertEqual(merge.stderr, "babelfit merge: shard.json is one of the inputs: babelfit does not write over what it reads; choose another output\n")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("shard.json"))), shard)
    }

    func testAFolderIsRefused() throws {
        let output = try check(["--output", "Layouts"])
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "babelfit check: cannot write Layouts: it is a folder\n")
    }
}
