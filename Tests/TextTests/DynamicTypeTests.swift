import Text
import XCTest

final class DynamicTypeTests: XCTestCase {
    func testBodySizesFollowTheSpecTable() {
        let sizes = ContentSize.allCases.map { DynamicType.font(.body, $0).size }
        XCTAssertEqual(sizes, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
    }

    func testDefaultSizesAtLarge() {
        let expected: [TextStyle: Double] = [
            .largeTitle: 34, .title1: 28, .title2: 22, .title3: 20, .headline: 17, .body: 17,
            .callout: 16, .subheadline: 15, .footnote: 13, .caption1: 12, .caption2: 11,
        ]
        for style in TextStyle.allCases {
            XCTAssertEqual(DynamicType.font(style, .L).size, expected[style], "\(style)")
        }
    }

    func testEveryStyleGrowsWithContentSizeAndHeadlineIsSemibold() {
        XCTAssertEqual(TextStyle.allCases.count, 11)
        XCTAssertEqual(ContentSize.allCases.count, 12)
        for style in TextStyle.allCases {
            let sizes = ContentSize.allCases.map { DynamicType.font(style, $0).size }
            XCTAssertEqual(sizes, sizes.sorted(), "\(style) sizes must not shrink as the content size grows")
            XCTAssertEqual(DynamicType.font(style, .AX5).size > DynamicType.font(style, .L).size, true)
            for size in ContentSize.allCases {
                XCTAssertEqual(DynamicType.font(style, size).weight, style == .headline ? .semibold : .regular)
            }
        }
        XCTAssertEqual(DynamicType.font(.largeTitle, .AX5).size, 60)
        XCTAssertEqual(DynamicType.font(.caption2, .XS).size, 11)
    }

    func testContentSizeNamesAndFontRequest() {
        XCTAssertEqual(ContentSize(name: "ax1"), .AX1)
        XCTAssertEqual(ContentSize(name: "XXXL"), .XXXL)
        XCTAssertNil(ContentSize(name: "huge"))
        let font = FontRequest(textStyle: .headline, contentSize: .AX2)
        XCTAssertEqual(font, FontRequest(family: "Noto Sans", size: 33, weight: .semibold))
        XCTAssertEqual(font.description, "Noto Sans Semibold 33")
    }

    func testMeasuredWidthScalesWithTheContentSize() throws {
        let engine = try SharedEngine.get()
        let large = try engine.width(of: "Settings", font: FontRequest(textStyle: .body, contentSize: .L), language: "en")
        let ax3 = try engine.width(of: "Settings", font: FontRequest(textStyle: .body, contentSize: .AX3), language: "en")
        XCTAssertEqual(ax3 / large, 40.0 / 17.0, accuracy: 1e-9)
    }
}
