import Foundation
import Localization
import XCTest

/// Every prefix of a valid file, and the file with a byte changed, either reads
/// or fails with a located error: the readers never crash.
final class DamagedInputTests: XCTestCase {
    private let samples: [(String, [UInt8])] = [
        ("a.strings", Array("/* c */\n\"k\" = \"v\\U00e9\\n\";\nbare = token;\n// end\n\"x\";\n".utf8)),
        ("a.stringsdict", Array(StructuredFormatTests.stringsdict.utf8)),
        ("a.xcstrings", Array(StructuredFormatTests.catalog.utf8)),
        ("a.xliff", Array(StructuredFormatTests.xliff.utf8)),
    ]

    private func read(_ name: String, _ bytes: [UInt8]) -> LocalizationError? {
        do {
            switch (name as NSString).pathExtension {
            case "strings": _ = try StringsFile(bytes: bytes, path: name)
            case "stringsdict": _ = try StringsdictFile(bytes: bytes, path: name)
            case "xcstrings": _ = try StringCatalogFile(bytes: bytes, path: name)
            default: _ = try XLIFFDocument(bytes: bytes, path: name)
            }
            return nil
        } catch {
            guard let located = error as? LocalizationError else {
                XCTFail("\(name): an error without a location: \(error)")
                return nil
            }
            return located
        }
    }

    func testTruncatedFilesFailWithAPlaceInsideTheFile() {
        for (name, bytes) in samples {
            XCTAssertNil(read(name, bytes), "\(name) reads whole")
            let lineCount = bytes.filter { $0 == 0x0A }.count + 1
            for length in stride(from: 0, to: bytes.count, by: 7) {
                guard let error = read(name, Array(bytes.prefix(length))) else { continue }
                XCTAssertEqual(error.file, name)
                XCTAssertTrue((1...lineCount).contains(error.line), "\(name) cut at \(length): line \(error.line)")
                XCTAssertGreaterThanOrEqual(error.column, 1)
            }
        }
    }

    func testChangedBytesNeverCrash() {
        let replacements: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: "{"), UInt8(ascii: "\\"), 0xFF, 0x00,
                                     UInt8(ascii: "%"), UInt8(ascii: ">"), UInt8(ascii: "&")]
        for (name, bytes) in samples {
            // Every third byte in turn, replaced by each troublesome byte in turn.
            for index in stride(from: 0, to: bytes.count, by: 3) {
                var damaged = bytes
                damaged[index] = replacements[index % replacements.count]
                if let error = read(name, damaged) {
                    XCTAssertGreaterThanOrEqual(error.line, 1)
                    XCTAssertGreaterThanOrEqual(error.column, 1)
                }
            }
        }
    }
}
