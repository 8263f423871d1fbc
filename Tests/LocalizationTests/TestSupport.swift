import Foundation
import TestSupport
import XCTest

/// Where the package's fixtures and the shared corpus of real translation files are
/// (`PackageRoot.corpus`); a test that needs a corpus file fails, loudly, when it is missing.
enum Paths {
    static let packageRoot: String = PackageRoot.path

    /// Writes `LANGUAGE.lproj/Localizable.strings` in `folder` for each (language, contents).
    static func writeLocalizableTables(_ tables: [(String, String)], in folder: URL) throws {
        for (language, table) in tables {
            let lproj = folder.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            try Data(table.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        }
    }

    static var corpus: String { PackageRoot.corpus }

    static func corpus(_ relative: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try PackageRoot.corpusFile(relative, file: file, line: line)
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
