import Foundation
import Layout
import XCTest

final class ImageFileTests: XCTestCase {
    func testSizesFromPNGAndJPEGHeadersAndScaleSuffixes() throws {
        let url = try fixtureURL("Images/Images.json")
        let layout = try LayoutDocument.load(path: url.path)
        let sizes = layout.imageSizes(relativeTo: url.deletingLastPathComponent().path)
        XCTAssertEqual(sizes, [
            "arrow": Size(width: 24, height: 20), "badge": Size(width: 24, height: 15),
            "photo": Size(width: 11, height: 5), "go": Size(width: 24, height: 20),
        ])
        XCTAssertNil(ImageFile.size(path: url.path), "a JSON file is not an image")
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let result = try LayoutEngine(measurer: FixedAdvanceMeasurer()).layout(
                layout, in: LayoutContext(device: testDevice, direction: direction, imageSizes: sizes))
            let ltr = direction == .leftToRight
            XCTAssertEqual(result.frame("arrow"), ltr ? rect(0, 0, 24, 20) : rect(351, 0, 24, 20))
            XCTAssertEqual(result.frame("badge"), ltr ? rect(24, 0, 24, 15) : rect(327, 0, 24, 15))
            XCTAssertEqual(result.frame("photo"), ltr ? rect(48, 0, 11, 5) : rect(316, 0, 11, 5))
            XCTAssertEqual(result.frame("sized"), ltr ? rect(0, 21, 10, 10) : rect(365, 21, 10, 10))
            // A button with an image and no title: 24 wide, 6 + 20 + 6 high.
            XCTAssertEqual(result.frame("go"), ltr ? rect(0, 31, 24, 32) : rect(351, 31, 24, 32))
            XCTAssertEqual(result.view("arrow")?.flipped, !ltr)
            XCTAssertEqual(result.diagnostics, [])
        }
    }
}
