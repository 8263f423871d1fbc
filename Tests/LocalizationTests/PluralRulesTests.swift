import XCTest
import Localization

final class PluralRulesTests: XCTestCase {
    func testRussianUsesThreeFormsForIntegers() {
        let ru = PluralRules(language: "ru")
        XCTAssertEqual(ru.category(for: 1), .one)
        XCTAssertEqual(ru.category(for: 3), .few)
        XCTAssertEqual(ru.category(for: 5), .many)
        XCTAssertEqual(ru.category(for: 21), .one)
        XCTAssertEqual(ru.category(for: 1.5, fractionDigits: 1), .other)
    }

    func testArabicHasSixCategories() {
        let ar = PluralRules(language: "ar")
        XCTAssertEqual(ar.categories, [.zero, .one, .two, .few, .many, .other])
        XCTAssertEqual(ar.category(for: 0), .zero)
        XCTAssertEqual(ar.category(for: 2), .two)
        XCTAssertEqual(ar.category(for: 3), .few)
        XCTAssertEqual(ar.category(for: 11), .many)
        XCTAssertEqual(ar.category(for: 100), .other)
    }

    func testEnglishVisibleDecimalsChooseOther() {
        let en = PluralRules(language: "en")
        XCTAssertEqual(en.category(for: 1), .one)
        XCTAssertEqual(en.category(for: 1, fractionDigits: 1), .other)
    }
}
