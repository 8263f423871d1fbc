import Foundation
import XCTest

/// `check` options as users combine them, and what it shows on a terminal.
final class CheckOptionsTests: XCTestCase {
    /// The executable's allocator is jemalloc (README, "Speed targets"): linked into it, it
    /// starts with the process, and says so when asked for its statistics at exit.
    func testTheExecutableRunsOnJemalloc() throws {
        let output = try Binary.run(["--version"], environment: ["MALLOC_CONF": "stats_print:true"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertTrue(output.stderr.contains("___ Begin jemalloc statistics ___"), String(output.stderr.prefix(500)))
        XCTAssertTrue(output.stderr.contains("Version: \"5."), "jemalloc 5, as Debian has it")
    }

    let scope = ["--devices", "iPhone 15", "--languages", "en,es,ar"]

    func testJobsDoNotChangeTheReport() throws {
        let one = try Binary.run(["check", "Layouts", "--jobs", "1", "--format", "json"] + scope)
        let three = try Binary.run(["check", "Layouts", "--jobs", "3", "--format", "json"] + scope)
        XCTAssertEqual(one.status, 1)
        XCTAssertEqual(one.stdout, three.stdout, "the same bytes whatever the number of jobs")
        XCTAssertFalse(one.stdout.isEmpty)
        let bad = try Binary.run(["check", "Layouts", "--jobs", "many"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--jobs expects a whole number, got 'many'"), bad.stderr)
    }

    func testVerboseAndQuiet() throws {
        let verbose = try Binary.run(["check", "Layouts/ItemDetailFixed.json", "--verbose"] + scope)
        XCTAssertEqual(verbose.status, 0, verbose.stderr)
        XCTAssertEqual(verbose.stdout, """
        ItemDetailFixed (Layouts/ItemDetailFixed.json): 3 runs, 0 findings
          en · iPhone 15 · L: ok
          es · iPhone 15 · L: ok
          ar · iPhone 15 · L: ok
        system font: Noto Sans
        3 runs: 0 errors, 0 warnings

        """)
        let quiet = try Binary.run(["check", "Layouts", "--quiet"] + scope)
        XCTAssertEqual(quiet.stdout, "24 runs: 7 errors, 1 warning, 1 reader note\n")
    }

    func testLayoutsStringsAndFontsOptions() throws {
        let root = Binary.root.path
        let elsewhere = FileManager.default.temporaryDirectory
        let output = try Binary.run(["check", "--layouts", "\(root)/Layouts/ItemDetail.json", "--strings", "\(root)/Layouts",
                                     "--fonts", "\(root)/Fonts", "--quiet"] + scope, in: elsewhere)
        XCTAssertEqual(output.status, 1, output.stderr)
        XCTAssertEqual(output.stdout, "3 runs: 3 errors, 0 warnings\n")
        let environment = try Binary.run(["check", "\(root)/Layouts/ItemDetail.json", "--quiet"] + scope, in: elsewhere,
                                         environment: ["BABELFIT_FONTS": "\(root)/Fonts"])
        XCTAssertEqual(environment.stdout, output.stdout)
        let missingFonts = try Binary.run(["check", "\(root)/Layouts/ItemDetail.json"] + scope, in: elsewhere,
                                          environment: ["BABELFIT_FONTS": "\(root)/nowhere"])
        XCTAssertEqual(missingFonts.status, 2)
        XCTAssertTrue(missingFonts.stderr.contains("nowhere/catalog.json: font catalog not found"), missingFonts.stderr)
    }

    /// Runs the check under a pseudo-terminal (util-linux `script`), as a person at a terminal sees it.
    func onTerminal(colour: Bool) throws -> String {
        let script = "/usr/bin/script"
        guard FileManager.default.isExecutableFile(atPath: script) else {
            XCTFail("\(script) (util-linux) is needed to test terminal output")
            return ""
        }
        let binary = try Binary.url.path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["-qec", "'\(binary)' check Layouts --devices 'iPhone 15' --languages en,es", "/dev/null"]
        process.currentDirectoryURL = Binary.root
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = colour ? nil : "1"
        environment["TERM"] = "xterm"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func testProgressAndColourOnATerminal() throws {
        let coloured = try onTerminal(colour: true)
        XCTAssertTrue(coloured.contains("\rbabelfit: 16/16 runs, "), "a progress line: \(coloured.prefix(300))")
        XCTAssertTrue(coloured.contains(" s left"), coloured)
        XCTAssertTrue(coloured.contains("\u{1B}[31merror\u{1B}[0m"), "errors in red on a terminal")
        let plain = try onTerminal(colour: false)
        XCTAssertTrue(plain.contains("\rbabelfit: 16/16 runs, "), "progress is not colour")
        XCTAssertFalse(plain.contains("\u{1B}[31m"), "NO_COLOR turns colour off")
        XCTAssertTrue(plain.contains("error: serialLabel is truncated in es"), plain)
    }
}
