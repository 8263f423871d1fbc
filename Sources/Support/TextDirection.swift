import CUnicode

/// The direction text and layouts run in.
public enum TextDirection: String, Codable, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// The direction of a language: right-to-left for languages written in a
    /// right-to-left script (Arabic, Hebrew, Persian, Urdu, …) and for the
    /// pseudolanguage `x-pseudo-rtl`; left-to-right otherwise.
    public init(language: String) {
        self = languageDirections.value(for: language) {
            if language.lowercased() == "x-pseudo-rtl" { return .rightToLeft }
            if language.lowercased().hasPrefix("x-") { return .leftToRight }
            return cu_locale_is_rtl(language) == 1 ? .rightToLeft : .leftToRight
        }
    }

    public var isRightToLeft: Bool { self == .rightToLeft }
}

/// The direction of each language met so far: ICU parses the tag and looks its likely script
/// up each time it is asked, which cost more than a cached text layout does to find.
private let languageDirections = LockedCache<String, TextDirection>()

/// ICU expects locale identifiers; a BCP 47 tag ("zh-Hans") is accepted as it is,
/// and private-use tags (the pseudolanguages) count as English.
/// A tag whose first byte is not "x" or "X" is returned without being lowercased (no other
/// character lowercases to one starting with "x"): a copy lowercased for every paragraph
/// measured cost more than the rest of finding its locale.
public func icuLocale(_ language: String) -> String {
    guard let first = language.utf8.first, first | 0x20 == UInt8(ascii: "x") else { return language }
    return language.lowercased().hasPrefix("x-") ? "en" : language
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
        // Read off the string's own UTF-8 while it is ASCII, as most texts start: the letters
        // are the only strong ASCII characters (left to right), LF, CR and U+001C–U+001E end
        // the first paragraph, and nothing else ASCII decides (no isolate is ASCII). The first
        // byte past ASCII hands the text to the whole rule (its UTF-16 units made only then).
        var text = text
        switch text.withUTF8(Self.firstStrongWhileASCII) {
        case .decided(let direction): return direction
        case .undecided: return firstStrong(utf16: text.utf16Units)
        }
    }

    private enum ASCIIReading {
        case decided(TextDirection?)
        case undecided
    }

    private static func firstStrongWhileASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> ASCIIReading {
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"): return .decided(.leftToRight)
            case 0x0A, 0x0D, 0x1C...0x1E: return .decided(nil)
            case 0x80...: return .undecided
            default: continue
            }
        }
        return .decided(nil)
    }

    /// ``firstStrong(of:)`` of a text given as UTF-16 code units.
    public static func firstStrong(utf16: [UInt16]) -> TextDirection? {
        let found = utf16.withUnsafeBufferPointer { cu_bidi_first_strong($0.baseAddress, Int32(utf16.count)) }
        switch found {
        case Int32(CU_DIRECTION_LTR): return .leftToRight
        case Int32(CU_DIRECTION_RTL): return .rightToLeft
        default: return nil
        }
    }

    /// The paragraphs of a text as UTF-16 offsets (rule P1 of UAX #9): each ends after a
    /// paragraph separator (LF, CR, CR LF, NEL, U+2029, and the information separators
    /// U+001C–U+001E), the last at the text's end; an empty text is one empty paragraph.
    public static func paragraphRanges(_ utf16: [UInt16]) -> [Range<Int>] {
        var ranges: [Range<Int>] = [], start = 0, index = 0
        while index < utf16.count {
            let unit = utf16[index]
            index += 1
            if unit == 0x0D, index < utf16.count, utf16[index] == 0x0A { index += 1 }
            switch unit {
            case 0x0A, 0x0D, 0x1C, 0x1D, 0x1E, 0x85, 0x2029:
                ranges.append(start..<index)
                start = index
            default:
                break
            }
        }
        if start < utf16.count || ranges.isEmpty { ranges.append(start..<utf16.count) }
        return ranges
    }

    /// Each paragraph's direction, as `writing` chooses it: with `natural`, UIKit's default, each
    /// paragraph's own first strong character decides (UAX #9 resolves every paragraph apart),
    /// and one without takes the view's direction.
    public static func paragraphs(of text: String, writing: WritingDirection, view: TextDirection) -> [TextDirection] {
        paragraphs(utf16: text.utf16Units, writing: writing, view: view)
    }

    /// ``paragraphs(of:writing:view:)`` of a text given as UTF-16 code units (a string's: no
    /// surrogate without its other half), read in place.
    public static func paragraphs(utf16: [UInt16], writing: WritingDirection, view: TextDirection) -> [TextDirection] {
        let ranges = paragraphRanges(utf16)
        guard ranges.count > 1 else { return [paragraph(utf16: utf16, writing: writing, view: view)] }
        return ranges.map { paragraph(utf16: Array(utf16[$0]), writing: writing, view: view) }
    }

    /// ``paragraphs(utf16:writing:view:)`` where no paragraph takes the view's direction (each
    /// has a strong character, or `writing` is not natural), whatever the view's; nil otherwise.
    public static func paragraphsOfTheirOwn(utf16: [UInt16], writing: WritingDirection) -> [TextDirection]? {
        let ranges = paragraphRanges(utf16)
        guard ranges.count > 1 else { return own(utf16: utf16, writing: writing).map { [$0] } }
        var directions: [TextDirection] = []
        directions.reserveCapacity(ranges.count)
        for range in ranges {
            guard let direction = own(utf16: Array(utf16[range]), writing: writing) else { return nil }
            directions.append(direction)
        }
        return directions
    }

    /// The direction a paragraph takes without its view's: `writing`'s, or with `natural` its
    /// first strong character's; nil for a natural paragraph without one.
    private static func own(utf16: [UInt16], writing: WritingDirection) -> TextDirection? {
        switch writing {
        case .leftToRight: return .leftToRight
        case .rightToLeft: return .rightToLeft
        case .natural: return firstStrong(utf16: utf16)
        }
    }

    /// The paragraph direction of `text` shown in a view whose effective direction is `view`,
    /// as `writing` chooses it: `natural` takes the first strong character, else the view's.
    public static func paragraph(of text: String, writing: WritingDirection, view: TextDirection) -> TextDirection {
        paragraph(utf16: text.utf16Units, writing: writing, view: view)
    }

    /// ``paragraph(of:writing:view:)`` of a text given as UTF-16 code units.
    public static func paragraph(utf16: [UInt16], writing: WritingDirection, view: TextDirection) -> TextDirection {
        own(utf16: utf16, writing: writing) ?? view
    }
}
