import Foundation
import TestSupport
import XCTest

/// Where the shared corpus of real translation files lives: `../shared/corpus`
/// beside the package (or `BABELFIT_CORPUS` when set). A test that needs it
/// fails, loudly, when it is missing.
struct CorpusMissing: Error, CustomStringConvertible {
    let path: String
    var description: String { "the corpus is missing at \(path): it is needed by this test" }
}

enum Paths {
    static let packageRoot: String = PackageRoot.path

    static var corpus: String {
        ProcessInfo.processInfo.environment["BABELFIT_CORPUS"]
            ?? (packageRoot as NSString).appendingPathComponent("../shared/corpus")
    }

    static func corpus(_ relative: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let path = (corpus as NSString).appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail(CorpusMissing(path: path).description, file: file, line: line)
            throw CorpusMissing(path: path)
        }
        return path
    }

    static func fixture(_ relative: String) -> String {
        (packageRoot as NSString).appendingPathComponent("Tests/LocalizationTests/Fixtures/" + relative)
    }
}

/// Bytes of text in an encoding, with or without a byte-order mark.
func encoded(_ text: String, _ encoding: String.Encoding, bom: Bool) -> [UInt8] {
    var bytes = [UInt8](text.data(using: encoding)!)
    // Foundation adds a mark for .utf16 only; the explicit-endian encodings have none.
    if bom {
        switch encoding {
        case .utf16LittleEndian: bytes = [0xFF, 0xFE] + bytes
        case .utf16BigEndian: bytes = [0xFE, 0xFF] + bytes
        case .utf8: bytes = [0xEF, 0xBB, 0xBF] + bytes
        default: break
        }
    }
    return bytes
}
