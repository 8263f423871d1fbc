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

/// How a text's paragraph direction is chosen (NSWritingDirection): `natural` as UIKit lays a
/// label's text out, from its first strong character, or forced either way.
public enum WritingDirection: String, Codable, Sendable, CaseIterable {
    /// The first strong character decides (rules P2–P3 of UAX #9, isolates skipped); a text
    /// without one takes the view's direction.
    case natural
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

extension TextDirection {
    /// The direction of the first strong character of `text`'s first paragraph (rules P2–P3 of
    /// UAX #9: characters inside isolates are skipped), or nil when it has none (digits,
    /// punctuation, an empty text).
    public static func firstStrong(of text: String) -> TextDirection? {
        let utf16 = Array(text.utf16)
        let found = utf16.withUnsafeBufferPointer { cu_bidi_first_strong($0.baseAddress, Int32(utf16.count)) }
        switch found {
        case Int32(CU_DIRECTION_LTR): return .leftToRight
        case Int32(CU_DIRECTION_RTL): return .rightToLeft
        default: return nil
        }
    }

    /// The paragraph direction of `text` shown in a view whose effective direction is `view`,
    /// as `writing` chooses it: `natural` takes the first strong character, else the view's.
    public static func paragraph(of text: String, writing: WritingDirection, view: TextDirection) -> TextDirection {
        switch writing {
        case .leftToRight: return .leftToRight
        case .rightToLeft: return .rightToLeft
        case .natural: return firstStrong(of: text) ?? view
        }
    }
}
