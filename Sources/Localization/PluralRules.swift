import CUnicode

/// A CLDR plural category.
public enum PluralCategory: String, CaseIterable, Sendable, Comparable {
    case zero, one, two, few, many, other

    public static func < (a: PluralCategory, b: PluralCategory) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The CLDR plural rules of a language, through ICU.
public struct PluralRules: Sendable {
    public let language: String

    public init(language: String) { self.language = language }

    /// The category of `value` shown with `fractionDigits` visible decimals.
    public func category(for value: Double, fractionDigits: Int = 0) -> PluralCategory {
        var buffer = [CChar](repeating: 0, count: 16)
        let status = cu_plural_category(language, value, Int32(fractionDigits), &buffer, 16)
        guard status == 0 else { return .other }
        let keyword = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return PluralCategory(rawValue: keyword) ?? .other
    }

    /// The categories the language uses, in CLDR order.
    public var categories: [PluralCategory] {
        var buffer = [CChar](repeating: 0, count: 64)
        guard cu_plural_categories(language, &buffer, 64) >= 0 else { return [.other] }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: " ").compactMap { PluralCategory(rawValue: String($0)) }
    }
}
