import Foundation
import TestSupport
import XCTest

/// Runs the built `babelfit` executable, as users do.
enum Binary {
    static let root: URL = PackageRoot.url

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
        try run(executable: try url, arguments, in: directory, environment: environment)
    }

    /// Runs an executable and reads its stdout and its stderr at once: read one after the
    /// other, a child that fills the pipe not being read (64 KiB) would wait forever.
    static func run(executable: URL, _ arguments: [String], in directory: URL? = nil,
                    environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = executable
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
        let stderrRead = BackgroundRead(err.fileHandleForReading)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = stderrRead.data()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}

/// A file handle read to its end on a thread of its own.
final class BackgroundRead: @unchecked Sendable {
    private var bytes = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread { [self] in
            bytes = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    /// All the bytes, once the handle is at its end.
    func data() -> Data {
        done.wait()
        return bytes
    }
}

extension Binary {
    /// A new folder below the temporary folder, with copies of the example files `names` (layouts,
    /// `.lproj` folders) in its `Layouts/`; a test removes it when done.
    static func exampleFolder(_ prefix: String, copying names: [String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-\(prefix)-\(UUID().uuidString)")
        let layouts = folder.appendingPathComponent("Layouts")
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        let source = root.appendingPathComponent("Layouts")
        for name in names {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: layouts.appendingPathComponent(name))
        }
        return folder
    }
}
