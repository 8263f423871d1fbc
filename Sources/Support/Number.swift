import Foundation

/// Numbers as babelfit writes them. The three forms differ on purpose:
/// - `format`, for reports and JSON: at most three decimals, so the same inputs give the
///   same bytes whatever the last bits of a computed length;
/// - `points`, for lengths in findings' messages: one decimal, as people read a width;
/// - `exact`, for numbers a user wrote (a layout's constants, sizes, limits) quoted back:
///   nothing rounded, so a message shows the number the file holds.
public enum Number {
    /// At most three decimals, trailing zeros and a trailing point dropped; no "-0".
    /// Not finite: `null`.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let scaled = (value * 1000).rounded()
        // Below a billion, written from the thousandths as integers (`JSONWriter.writeNumber`):
        // the double nearest thousandths/1000 prints as those thousandths at three decimals,
        // what "%.3f" gives, without the formatter, which a report calls for most of its numbers.
        if abs(scaled) < 1e12 {
            let thousandths = Int64(scaled)
            return decimal(thousandths, places: 3)
        }
        let rounded = scaled / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 {
            return String(Int64(rounded))
        }
        var text = String(format: "%.3f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// A length as messages show it: one decimal (`120`, `87.5`), a whole number without
    /// one; beyond ±1e12, or not finite, as `%g` writes it (`1e+20`, `inf`).
    public static func points(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return String(format: "%g", value) }
        // Written from the tenths as integers: the double nearest tenths/10 prints as those
        // tenths at one decimal, what "%.1f" gives (a whole number without its ".0").
        let tenths = Int64((value * 10).rounded())
        return decimal(tenths, places: 1)
    }

    /// `units` of 10^-`places` as `JSONWriter.writeDecimal` writes them, written on the stack:
    /// an array of the bytes, then a string decoded from it, cost two allocations and about
    /// 800 instructions for a string as short as "17", which is held in place.
    private static func decimal(_ units: Int64, places: Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in  // Int64's 19 digits, a sign and a point
            let count = JSONWriter.writeDecimal(units, places: places, at: buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    /// A number as the layout format writes it: `8`, `0.5`, `-12.25`; a whole number
    /// without a point, any other as Swift writes a Double (`1e+20`, `inf`, `nan`).
    public static func exact(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
