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
            var bytes: [UInt8] = []
            JSONWriter.writeNumber(value, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
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
        var bytes: [UInt8] = []
        JSONWriter.writeDecimal(Int64((value * 10).rounded()), places: 1, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A number as the layout format writes it: `8`, `0.5`, `-12.25`; a whole number
    /// without a point, any other as Swift writes a Double (`1e+20`, `inf`, `nan`).
    public static func exact(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
