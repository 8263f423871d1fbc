import Checks
import Foundation
import Layout
import Reports
import TestSupport
import XCTest

/// `check --limits` on the example layouts, held against checks run at each content size and
/// on each device of the table.
final class LimitsTests: XCTestCase {
    func testTheLimitsOfTheExamplesAreWhereChecksAtEachSizeAndDeviceStartToFail() throws {
        let project = try BudgetTests.project.get()
        XCTAssertEqual(project.inputErrors, [])
        let checked = [Device.standard[0], Device.standard[1]]
        let options = CheckOptions(languages: ["en", "es"], devices: checked)
        let table = Device.limitsTable
        XCTAssertEqual(table.map(\.width), table.map(\.width).sorted(), "the table runs from the narrowest device")
        XCTAssertEqual(table.first?.name, "iPhone 4s")
        let limits = project.limits(options)
        XCTAssertEqual(limits.count, 8 * 2, "every layout in each language")
        let inspector = RunInspector(project: project)
        func hasError(_ limit: ScreenLimit, _ device: Device, _ size: ContentSize) throws -> Bool {
            let run = try inspector.check(layout: limit.file, language: limit.language, device: device.name, contentSize: size)
            return run.findings.contains { $0.severity == .error }
        }
        let sizes = ContentSize.allCases
        for limit in limits {
            let what = "\(limit.layout) \(limit.language)"
            // The content size: none of the checked devices has an error at it, and one has at the next.
            if let name = limit.contentSize {
                let size = try XCTUnwrap(ContentSize(rawValue: name))
                for device in checked { XCTAssertFalse(try hasError(limit, device, size), "\(what) at \(name) on \(device.name)") }
                if let next = sizes.firstIndex(of: size).map({ $0 + 1 }), next < sizes.count {
                    XCTAssertTrue(try checked.contains { try hasError(limit, $0, sizes[next]) }, "\(what) at \(sizes[next])")
                }
            } else {
                XCTAssertTrue(try checked.contains { try hasError(limit, $0, .XS) }, "\(what) fails at XS already")
            }
            // The device: no error on it at L, an error on the next narrower one.
            if let name = limit.device {
                let position = try XCTUnwrap(table.firstIndex { $0.name == name })
                XCTAssertEqual(limit.deviceWidth, table[position].width)
                XCTAssertFalse(try hasError(limit, table[position], .L), "\(what) on \(name)")
                if position > 0 { XCTAssertTrue(try hasError(limit, table[position - 1], .L), "\(what) on \(table[position - 1].name)") }
            } else {
                XCTAssertTrue(try hasError(limit, try XCTUnwrap(table.last), .L), "\(what) fails on the widest device")
            }
        }
        // Layouts/EXPECTED.md: English has no error on the standard devices, Spanish truncates
        // ItemDetail's labels on every device and the Toolbar's moveButton below the iPhone 15 Pro Max.
        for limit in limits where limit.language == "en" {
            XCTAssertEqual(limit.contentSize, "AX5", limit.layout)
            // The Toolbar's four English titles and gaps need 329.5 pt: more than the iPhone 4s's 288.
            XCTAssertEqual(limit.device, limit.layout == "Toolbar" ? "iPhone SE (3rd generation)" : "iPhone 4s", limit.layout)
        }
        let itemDetail = try XCTUnwrap(limits.first { $0.layout == "ItemDetail" && $0.language == "es" })
        XCTAssertNil(itemDetail.contentSize)
        XCTAssertNil(itemDetail.device)
        let toolbar = try XCTUnwrap(limits.first { $0.layout == "Toolbar" && $0.language == "es" })
        XCTAssertNil(toolbar.contentSize, "moveButton truncates on both checked devices at every size")
        XCTAssertEqual(toolbar.deviceWidth.map { $0 > 393 && $0 <= 430 }, true)
    }
}
