import Foundation
import Support

/// An argument of a text value, as the layout format writes it: a string, a
/// number, `{ "number", "style", "currency" }`, `{ "date", "style" }` or
/// `{ "count" }`.
public enum FormatArgument: Hashable, Sendable {
    public enum NumberStyle: String, Hashable, Sendable, Codable { case decimal, currency, percent }
    public enum DateStyle: String, Hashable, Sendable, Codable { case short, medium, long, full }

    case string(String)
    case integer(Int)
    case double(Double)
    case number(Double, style: NumberStyle, currency: String?)
    case date(Date, style: DateStyle)
    /// An integer that also selects plural forms.
    case count(Int)

    /// The numeric value, for numeric conversions and plural choice.
    public var numericValue: Double? {
        switch self {
        case .string(let text): return Double(text.trimmingCharacters(in: .whitespaces))
        case .integer(let value), .count(let value): return Double(value)
        case .double(let value), .number(let value, _, _): return value
        case .date(let date, _): return date.timeIntervalSince1970
        }
    }
}

extension FormatArgument: Decodable {
    private enum Keys: String, CodingKey { case number, style, currency, date, count }

    public init(from decoder: Decoder) throws {
        if let single = try? decoder.singleValueContainer() {
            if let integer = try? single.decode(Int.self) { self = .integer(integer); return }
            if let double = try? single.decode(Double.self) { self = .double(double); return }
            if let text = try? single.decode(String.self) { self = .string(text); return }
        }
        let object = try decoder.container(keyedBy: Keys.self)
        if object.contains(.count) {
            self = .count(try object.decode(Int.self, forKey: .count))
        } else if object.contains(.number) {
            self = .number(try object.decode(Double.self, forKey: .number),
                           style: try object.decodeIfPresent(NumberStyle.self, forKey: .style) ?? .decimal,
                           currency: try object.decodeIfPresent(String.self, forKey: .currency))
        } else if object.contains(.date) {
            let text = try object.decode(String.self, forKey: .date)
            guard let date = FormatArgument.parseDate(text) else {
                throw DecodingError.dataCorruptedError(forKey: .date, in: object,
                                                       debugDescription: "'\(text)' is not an ISO 8601 date")
            }
            self = .date(date, style: try object.decodeIfPresent(DateStyle.self, forKey: .style) ?? .medium)
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "an argument is a string, a number, or an object with number, date or count"))
        }
    }

    /// `2014-03-02T10:00:00Z`, with or without fractional seconds, or a plain `2014-03-02`.
    public static func parseDate(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        for options in [ISO8601DateFormatter.Options.withInternetDateTime, [.withInternetDateTime, .withFractionalSeconds],
                        [.withFullDate]] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}

/// Numbers, currencies, percentages and dates written for a language and
/// region, as NumberFormatter and DateFormatter write them; dates in UTC so
/// the output is the same on every machine.
public enum LocaleFormatting {
    /// What a formatting is asked for: the value's bits, its style, currency and locale.
    private struct Key: Hashable {
        var bits: UInt64, isDate: Bool, style: String, currency: String?, locale: String
    }
    /// The strings recently formatted. A formatter made for each number or date, and its ICU
    /// formatter opened for it, cost half a million instructions; each run of a layout asks
    /// for the same arguments in its language again. The same key gives the same string, so
    /// a string kept is the one formatting would make.
    private static let formatted = LockedRecentCache<Key, String>(limit: 4096)

    public static func number(_ value: Double, style: FormatArgument.NumberStyle, currency: String?, locale: String) -> String {
        formatted.value(for: Key(bits: value.bitPattern, isDate: false, style: style.rawValue, currency: currency, locale: locale)) {
            formatNumber(value, style: style, currency: currency, locale: locale)
        }
    }

    public static func date(_ date: Date, style: FormatArgument.DateStyle, locale: String) -> String {
        formatted.value(for: Key(bits: date.timeIntervalSinceReferenceDate.bitPattern, isDate: true, style: style.rawValue, currency: nil,
                           locale: locale)) {
            formatDate(date, style: style, locale: locale)
        }
    }

    private static func formatNumber(_ value: Double, style: FormatArgument.NumberStyle, currency: String?, locale: String) -> String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale)
        switch style {
        case .decimal: formatter.numberStyle = .decimal
        case .currency: formatter.numberStyle = .currency
        case .percent: formatter.numberStyle = .percent
        }
        if let currency { formatter.currencyCode = currency }
        return formatter.string(from: NSNumber(value: value)) ?? String(value)
    }

    private static func formatDate(_ date: Date, style: FormatArgument.DateStyle, locale: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.timeZone = TimeZone(identifier: "UTC")
        switch style {
        case .short: formatter.dateStyle = .short
        case .medium: formatter.dateStyle = .medium
        case .long: formatter.dateStyle = .long
        case .full: formatter.dateStyle = .full
        }
        formatter.timeStyle = .none
        return formatter.string(from: date)
    }
}
