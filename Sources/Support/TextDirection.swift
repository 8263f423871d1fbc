import CUnicode

/// The direction text and layouts run in.
public enum TextDirection: String, Codable, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// The direction of a language: right-to-left for languages written in a
    /// right-to-left script (Arabic, Hebrew, Persian, Urdu, …) and for the
    /// pseudolanguage `x-pseudo-rtl`; left-to-right otherwise.
    public init(language: String) {
        if language.lowercased() == "x-pseudo-rtl" {
            self = .rightToLeft
        } else if language.lowercased().hasPrefix("x-") {
            self = .leftToRight
        } else {
            self = cu_locale_is_rtl(language) == 1 ? .rightToLeft : .leftToRight
        }
    }

    public var isRightToLeft: Bool { self == .rightToLeft }
}

/// ICU expects locale identifiers; a BCP 47 tag ("zh-Hans") is accepted as it is,
/// and private-use tags (the pseudolanguages) count as English.
public func icuLocale(_ language: String) -> String {
    language.lowercased().hasPrefix("x-") ? "en" : language
}
