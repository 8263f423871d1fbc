import Foundation
import XCTest

/// The checkout the tests run in, found from this file's path (`Tests/TestSupport/`), so a
/// test reads the example layouts and the bundled fonts wherever the package is.
public enum PackageRoot {
    public static let url: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static var path: String { url.path }

    /// The bundled fonts, `Fonts/`.
    public static var fonts: String { url.appendingPathComponent("Fonts").path }

    /// The shared corpus of real app files: `../shared/corpus` beside the package, or
    /// `BABELFIT_CORPUS` when set (see its SOURCES.md).
    public static var corpus: String {
        ProcessInfo.processInfo.environment["BABELFIT_CORPUS"]
            ?? url.deletingLastPathComponent().appendingPathComponent("shared/corpus").path
    }

    /// A corpus file by its path below the corpus (or below `folder` of it): the test that
    /// needs it fails, loudly, when it is missing, and this throws.
    public static func corpusFile(_ relative: String, below folder: String = "", file: StaticString = #filePath,
                                  line: UInt = #line) throws -> String {
        let base = folder.isEmpty ? corpus : (corpus as NSString).appendingPathComponent(folder)
        let path = relative.isEmpty ? base : (base as NSString).appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail(CorpusMissing(path: path).description, file: file, line: line)
            throw CorpusMissing(path: path)
        }
        return path
    }
}

/// A corpus file a test needs is missing.
public struct CorpusMissing: Error, CustomStringConvertible {
    public let path: String
    public init(path: String) { self.path = path }
    public var description: String { "the corpus is missing at \(path): it is needed by this test" }
}
