import Layout
import XCTest

final class DeviceTests: XCTestCase {
    func testTheFourDevices() throws {
        XCTAssertEqual(Device.standard.map(\.name), ["iPhone SE (3rd generation)", "iPhone 15", "iPhone 15 Pro Max", "iPad (10th generation)"])
        let se = try XCTUnwrap(Device.named("iPhone SE (3rd generation)"))
        XCTAssertEqual([se.width, se.height, se.safeArea.top, se.safeArea.bottom, se.scale], [375, 667, 20, 0, 2])
        let pro = try XCTUnwrap(Device.named("iPhone 15 Pro Max"))
        XCTAssertEqual([pro.width, pro.height, pro.safeArea.top, pro.safeArea.bottom, pro.scale], [430, 932, 59, 34, 3])
        let pad = try XCTUnwrap(Device.named("iPad (10th generation)"))
        XCTAssertEqual([pad.width, pad.height, pad.safeArea.top, pad.safeArea.bottom, pad.scale], [820, 1180, 24, 20, 2])
        XCTAssertNil(Device.named("iPhone 3G"))
    }

    func testRootMarginsDependOnWidth() throws {
        XCTAssertEqual(Device.named("iPhone 15")!.defaultRootMargins, DirectionalInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
        XCTAssertEqual(Device.named("iPhone 15 Pro Max")!.defaultRootMargins, DirectionalInsets(top: 8, leading: 20, bottom: 8, trailing: 20))
    }

    func testPixelRounding() throws {
        let se = Device.named("iPhone SE (3rd generation)")!
        XCTAssertEqual(se.roundUpToPixels(23.158), 23.5)
        XCTAssertEqual(se.roundUpToPixels(17), 17)
        let fifteen = Device.named("iPhone 15")!
        XCTAssertEqual(fifteen.roundUpToPixels(20.1), 61.0 / 3)
        XCTAssertEqual(fifteen.roundUpToPixels(20.0000000001), 20)
    }

    func testEnvironmentOverrides() {
        let environment = LayoutEnvironment(width: 320, safeArea: PartialEdgeInsets(top: 44))
        let device = environment.applied(to: Device.named("iPhone 15")!)
        XCTAssertEqual(device.width, 320)
        XCTAssertEqual(device.height, 852)
        XCTAssertEqual(device.safeArea, EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
    }

    func testContentSizesAndTextStyles() {
        XCTAssertEqual(ContentSize.allCases.map(\.rawValue), ["XS", "S", "M", "L", "XL", "XXL", "XXXL", "AX1", "AX2", "AX3", "AX4", "AX5"])
        XCTAssertEqual(ContentSize.allCases.map { TextStyle.body.pointSize($0) }, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        XCTAssertEqual(ContentSize(name: "ax1"), .AX1)
        XCTAssertNil(ContentSize(name: "huge"))
        XCTAssertEqual(ContentSize.default, .L)
        XCTAssertEqual(FontSpec.default.resolved(for: .L), ResolvedFont(family: nil, size: 17))
        XCTAssertEqual(FontSpec.textStyle(.headline).resolved(for: .XL).description, "System 19 semibold")
        XCTAssertEqual(FontSpec.family("Noto Sans", size: 17, weight: .regular).resolved(for: .AX5).description, "Noto Sans 17")
    }
}
