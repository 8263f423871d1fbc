import Support
import XCTest

/// `icuLocale` returns a tag that does not start with "x" or "X" as it is, without lowercasing
/// it: the same locale as lowercasing every tag and looking for the private-use prefix.
final class ICULocaleTests: XCTestCase {
    func testLocaleIsThatOfTheLowercasedTag() {
        let tags = ["en", "es", "ar", "zh-Hans", "x-pseudo", "X-Pseudo-RTL", "x-pseudo-rtl", "xh", "XH", "x", "X",
                    "", "Ｘ-pseudo", "x\u{301}-a", "-x", "İx-", "de-x-private"]
        for tag in tags {
            XCTAssertEqual(icuLocale(tag), tag.lowercased().hasPrefix("x-") ? "en" : tag, tag)
        }
    }
}
