import Layout
import XCTest

/// The devices babelfit knows by name, in portrait and in landscape.
final class DeviceTests: XCTestCase {
    func testCurrentModelsAreKnown() throws {
        let pro = try XCTUnwrap(Device.named("iPhone 16 Pro"))
        XCTAssertEqual([pro.width, pro.height, pro.scale], [402, 874, 3])
        XCTAssertEqual(pro.safeArea, EdgeInsets(top: 62, left: 0, bottom: 34, right: 0))
        XCTAssertEqual(Device.named("iPhone 16")?.width, 393)
        XCTAssertEqual(Device.named("iPhone 16 Pro Max")?.height, 956)
        XCTAssertEqual(Device.named("iPad Pro 13-inch (M4)")?.width, 1032)
        XCTAssertEqual(Device.named("iPhone 15"), Device.standard[1], "the standard devices keep their metrics")
        XCTAssertNil(Device.named("iPhone 99"))
        XCTAssertNil(Device.named("iPhone 15 sideways"))
        XCTAssertEqual(Set(Device.known.map(\.name)).count, Device.known.count, "each name once")
        XCTAssertTrue(Device.knownDescription.hasPrefix("iPhone SE (3rd generation), iPhone 15, iPhone 15 Pro Max, iPad (10th generation) and "))
    }

    func testLandscapeTurnsTheScreenAndItsSafeArea() throws {
        let notched = try XCTUnwrap(Device.named("iPhone 15 landscape"))
        XCTAssertEqual(notched.name, "iPhone 15 landscape")
        XCTAssertEqual([notched.width, notched.height], [852, 393])
        XCTAssertEqual(notched.safeArea, EdgeInsets(top: 0, left: 59, bottom: 21, right: 59))
        let homeButton = try XCTUnwrap(Device.named("iPhone SE (3rd generation) landscape"))
        XCTAssertEqual([homeButton.width, homeButton.height], [667, 375])
        XCTAssertEqual(homeButton.safeArea, EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        let pad = try XCTUnwrap(Device.named("iPad (10th generation) landscape"))
        XCTAssertEqual([pad.width, pad.height], [1180, 820])
        XCTAssertEqual(pad.safeArea, EdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
        XCTAssertTrue(pad.isPad)
        XCTAssertEqual(notched.landscape, notched, "already in landscape")
    }

    func testALayoutInLandscapeKeepsClearOfTheSensorHousingOnBothSides() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [ { "id": "bar", "type": "view" } ] },
              "constraints": [ "bar.leading == root.safeLeading", "bar.trailing == root.safeTrailing",
                               "bar.top == root.safeTop", "bar.height == 44" ] }
            """)
        let device = try XCTUnwrap(Device.named("iPhone 15 landscape"))
        // 852 wide, 59 pt kept clear at each side: 734 pt of bar, the same in both directions.
        assertFrames(layout, device: device, ltr: ["bar": rect(59, 0, 734, 44)], rtl: ["bar": rect(59, 0, 734, 44)])
    }
}
