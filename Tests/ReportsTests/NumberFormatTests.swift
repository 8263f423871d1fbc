import Foundation
import Support
import XCTest

/// `Number.format`, which writes most numbers of every report, against C's "%.3f" with the
/// trailing zeros and point dropped: the same text for every value, whichever way it is made.
final class NumberFormatTests: XCTestCase {
    /// The reference: "%.3f" of the value rounded to thousandths, trimmed; whole numbers as integers.
    private func reference(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var text = String(format: "%.3f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    func testChosenValuesMatchTheFormatter() {
        let values: [Double] = [
            0, -0.0, 0.0004, 0.0005, -0.0005, 0.0015, 0.001, -0.001, 0.01, 0.1, 0.5, -0.5, 2.675, 1.005, 58.333333,
            27.205, 115, -12.25, 999_999_999.9994, -999_999_999.9994, 999_999_999.9996, 1e9 + 0.25, 123_456_789.123456,
            4.5e12 + 0.5, 1e15 + 0.5, .infinity, -.infinity, .nan, Double.leastNonzeroMagnitude, 0.0995, 0.9995, 9.9999,
        ]
        for value in values {
            XCTAssertEqual(Number.format(value), reference(value), "\(value)")
        }
        XCTAssertEqual(Number.format(0.05), "0.05")
        XCTAssertEqual(Number.format(-0.005), "-0.005")
        XCTAssertEqual(Number.format(58.333333), "58.333")
    }

    /// 20,000 values a scale, from a fixed-seed generator (the same values on every run).
    private func randomValues(scales: [Double]) -> [Double] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        return scales.flatMap { scale in
            (0..<20_000).map { _ in (Double(next()) / Double(1 << 53) * 2 - 1) * scale }
        }
    }

    func testRandomValuesMatchTheFormatter() {
        let values = randomValues(scales: [1e-3, 1, 100, 1e4, 1e6, 1e8, 1e9, 1e11])
        for value in values {
            XCTAssertEqual(Number.format(value), reference(value), "\(value)")
        }
        XCTAssertEqual(values.count, 160_000)
    }

    /// `Number.points`, a length in a message, against "%.1f" of the value rounded to tenths
    /// (a whole number as an integer), and "%g" past ±1e12.
    func testPointsMatchTheFormatter() {
        func reference(_ value: Double) -> String {
            guard value.isFinite, abs(value) < 1e12 else { return String(format: "%g", value) }
            let rounded = (value * 10).rounded() / 10
            return rounded == rounded.rounded() ? String(Int64(rounded)) : String(format: "%.1f", rounded)
        }
        let chosen: [Double] = [0, -0.0, 0.04, 0.05, -0.05, -0.04, 0.15, 0.25, 2.675, 87.5, 120, -12.25, 133.45, 142.205,
                                999_999_999_999.9, -999_999_999_999.94, 999_999_999_999.97, -999_999_999_999.99, 1e12, 2e20, .infinity, -.infinity, .nan]
        for value in chosen + randomValues(scales: [1e-2, 1, 100, 1e4, 1e8, 1e11]) {
            XCTAssertEqual(Number.points(value), reference(value), "\(value)")
        }
        XCTAssertEqual(Number.points(87.5), "87.5")
        XCTAssertEqual(Number.points(-0.04), "0")
        XCTAssertEqual(Number.points(142.205), "142.2")
    }
}
