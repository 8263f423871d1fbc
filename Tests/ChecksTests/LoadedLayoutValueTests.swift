import Checks
import Foundation
import Layout
import TestSupport
import XCTest

/// A loaded layout keeps its parts in one object its copies share (`SharedParts`): it stays a
/// value, so a copy changed leaves the original, and the project's layout, as they were.
final class LoadedLayoutValueTests: XCTestCase {
    func testACopyChangedLeavesTheOriginalAsItWas() throws {
        let root = PackageRoot.path
        let project = try Project(layouts: ["\(root)/Layouts/ItemDetail.json", "\(root)/Layouts/Toolbar.json"],
                                  strings: ["\(root)/Layouts"], fontsFolder: PackageRoot.fonts)
        XCTAssertEqual(project.layouts.count, 2)
        for original in project.layouts {
            let file = original.file, name = original.document.name, images = original.imageSizes
            var copy = original
            copy.file = "elsewhere/\(file)"
            copy.document.name = "renamed"
            copy.imageSizes["added"] = Size(width: 1, height: 2)
            XCTAssertEqual(copy.file, "elsewhere/\(file)")
            XCTAssertEqual(copy.document.name, "renamed")
            XCTAssertEqual(copy.imageSizes["added"], Size(width: 1, height: 2))
            XCTAssertEqual(original.file, file)
            XCTAssertEqual(original.document.name, name)
            XCTAssertEqual(original.imageSizes, images)
            XCTAssertNil(original.imageSizes["added"])
            XCTAssertEqual(copy.localization, original.localization, "the parts not changed stay")
        }
        XCTAssertEqual(project.layouts.map(\.document.name).sorted(), ["ItemDetail", "Toolbar"])
    }
}
