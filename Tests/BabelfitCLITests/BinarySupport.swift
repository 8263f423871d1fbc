import Foundation
import XCTest

/// Runs the built `babelfit` executable, as users do.
enum Binary {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The executable beside the test bundle, in the build's products folder.
    static var url: URL {
        get throws {
            var folder = Bundle.main.bundleURL
            if folder.pathExtension == "xctest" { folder.deleteLastPathComponent() }
            for candidate in [Bundle.main.bundleURL.deletingLastPathComponent(), folder,
                              URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()] {
                let binary = candidate.appendingPathComponent("babelfit")
                if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
            }
            XCTFail("the babelfit executable is not built next to the tests (run: swift build --product babelfit)")
            throw CocoaError(.fileNoSuchFile)
        }
    }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = try url
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? root
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}
