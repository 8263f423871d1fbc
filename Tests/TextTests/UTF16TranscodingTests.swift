import Foundation
import Support
import XCTest

/// A text's UTF-16 units are read straight from its UTF-8 (`String.utf16Units`), for paragraphs
/// and the bidi rules alike: the units `Array(text.utf16)` gives, for every scalar and for texts
/// of every script (ASCII, the BMP, astral scalars, combining marks and joiners).
final class UTF16TranscodingTests: XCTestCase {
    func testEveryScalarAndMixedTextsGiveTheStandardLibrarysUnits() {
        var scalars = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(Character(scalar)) + "b"
            XCTAssertEqual(text.utf16Units, Array(text.utf16), "U+\(String(value, radix: 16))")
            scalars += 1
        }
        XCTAssertEqual(scalars, 0x110000 - 0x800, "every scalar but the surrogates")
        let texts = ["", "Save", "Änderungen speichern", "حفظ التغييرات", "שמירת השינויים", "परिवर्तन सहेजें",
                     "บันทึก", "変更を保存", "👩🏽‍💻 1️⃣ 🇯🇵", "e\u{301}\u{200D}\u{FEFF}", String(repeating: "𝒜b", count: 300)]
        for text in texts {
            XCTAssertEqual(text.utf16Units, Array(text.utf16), text)
            // A string that shares another's storage, or bridged from NSString, reads the same.
            let bridged = NSString(string: text) as String
            XCTAssertEqual(bridged.utf16Units, Array(text.utf16), text)
            XCTAssertEqual(String(text.dropFirst()).utf16Units, Array(text.dropFirst().utf16), text)
        }
    }
}
