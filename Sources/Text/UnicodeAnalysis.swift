import CUnicode

/// Swift faces of the ICU services in CUnicode. Offsets are UTF-16 offsets.
enum UnicodeAnalysis {
    enum BreakKind: Int32 {
        case line = 0, character = 1, word = 2
    }

    /// Boundaries of the given kind (excluding 0, including the end), and for
    /// line breaks whether each is mandatory.
    static func breaks(_ kind: BreakKind, in text: [UInt16], locale: String) -> (offsets: [Int], hard: [Bool]) {
        guard !text.isEmpty else { return ([], []) }
        var offsets = [Int32](repeating: 0, count: text.count + 1)
        var hard = [UInt8](repeating: 0, count: text.count + 1)
        let count = text.withUnsafeBufferPointer { buffer in
            cu_breaks(kind.rawValue, icuLocale(locale), buffer.baseAddress, Int32(text.count), &offsets, &hard, Int32(offsets.count))
        }
        guard count > 0 else { return ([text.count], [false]) }
        let n = min(Int(count), offsets.count)
        return (offsets[0..<n].map(Int.init), hard[0..<n].map { $0 != 0 })
    }

    /// Bidi embedding levels per UTF-16 unit, for a paragraph in `direction`.
    static func levels(_ text: [UInt16], direction: TextDirection) -> [UInt8] {
        var levels = [UInt8](repeating: direction.isRightToLeft ? 1 : 0, count: text.count)
        guard !text.isEmpty else { return levels }
        let result = text.withUnsafeBufferPointer { buffer in
            cu_bidi_levels(buffer.baseAddress, Int32(text.count),
                           direction.isRightToLeft ? Int32(CU_DIRECTION_RTL) : Int32(CU_DIRECTION_LTR), &levels)
        }
        precondition(result >= 0, "ICU bidi failed on a paragraph of \(text.count) units")
        return levels
    }

    /// Bidi embedding levels per UTF-16 unit of a text of several paragraphs, each resolved in
    /// its own direction (`directions[i]` for the i-th of `TextDirection.paragraphRanges`; the
    /// first for all when the counts differ).
    static func levels(_ text: [UInt16], directions: [TextDirection]) -> [UInt8] {
        let ranges = TextDirection.paragraphRanges(text)
        guard ranges.count > 1, ranges.count == directions.count else { return levels(text, direction: directions[0]) }
        var levels: [UInt8] = []
        levels.reserveCapacity(text.count)
        for (range, direction) in zip(ranges, directions) { levels += self.levels(Array(text[range]), direction: direction) }
        return levels
    }

    /// The visual order of runs, given their levels in logical order.
    static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = [Int32](repeating: 0, count: levels.count)
        guard !levels.isEmpty else { return [] }
        _ = cu_bidi_reorder(levels, Int32(levels.count), &order)
        return order.map(Int.init)
    }

    /// ISO 15924 script code of a scalar. Every cluster of every text measured is asked: the
    /// codes are named once (`scriptNames`), and a scalar's script is looked up by number.
    static func script(_ scalar: UInt32) -> String {
        let script = Int(cu_script(scalar))
        return scriptNames.indices.contains(script) ? scriptNames[script] : scriptName(Int32(script))
    }

    /// The code of each of ICU's script numbers.
    private static let scriptNames = (0..<cu_script_count()).map(scriptName)

    private static func scriptName(_ script: Int32) -> String {
        var code: (CChar, CChar, CChar, CChar, CChar) = (0, 0, 0, 0, 0)
        withUnsafeMutablePointer(to: &code) { pointer in
            pointer.withMemoryRebound(to: CChar.self, capacity: 5) { cu_script_name(script, $0) }
        }
        return withUnsafeBytes(of: code) { String(decoding: $0.prefix(4), as: UTF8.self) }
    }

    /// The ISO 15924 script a language is most likely written in ("Arab" for "ar"), nil when
    /// ICU knows none.
    static func likelyScript(of language: String) -> String? {
        var code: (CChar, CChar, CChar, CChar, CChar) = (0, 0, 0, 0, 0)
        withUnsafeMutablePointer(to: &code) { pointer in
            pointer.withMemoryRebound(to: CChar.self, capacity: 5) { cu_locale_likely_script(language, $0) }
        }
        let script = withUnsafeBytes(of: code) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
        return script.count == 4 ? script : nil
    }

    static func mirror(_ scalar: UInt32) -> UInt32 { cu_mirror(scalar) }

    /// Unicode's White_Space property; in ASCII, tab to carriage return and the space, found
    /// without looking the property up.
    static func isWhitespace(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return scalar == 0x20 || (0x09...0x0D).contains(scalar) }
        return Unicode.Scalar(scalar).map { $0.properties.isWhitespace } ?? false
    }

    /// No ASCII character is default-ignorable: those skip the call to ICU.
    static func isDefaultIgnorable(_ scalar: UInt32) -> Bool { scalar >= 0x80 && cu_is_default_ignorable(scalar) != 0 }
}

/// How a grapheme cluster with emoji is drawn, for choosing its font (Unicode TR #51).
public enum EmojiStyle: Sendable, Equatable {
    /// No emoji character (ASCII digits, `#` and `*` alone count as text).
    case none
    /// An emoji character in text presentation: one without Emoji_Presentation (☺, ↔, ©),
    /// or any emoji followed by U+FE0E.
    case text
    /// Emoji presentation: a character with Emoji_Presentation (👋, 🇯🇵, 🏻), or one
    /// followed by U+FE0F or U+20E3 (❤️, 1️⃣), and so every ZWJ sequence of them (👩‍💻).
    case emoji

    public init(_ scalars: [UInt32]) {
        self.init(scalars: scalars)
    }

    /// The style of a cluster's scalars, read in one pass without copying them: every cluster
    /// of every text measured is asked.
    init<Scalars: Sequence<UInt32>>(scalars: Scalars) {
        var anyEmoji = false, allEmojiASCII = true, presentation = false
        var textSelector = false, emojiSelector = false
        for value in scalars {
            if value == 0xFE0E { textSelector = true }
            if value == 0xFE0F || value == 0x20E3 { emojiSelector = true }
            // In ASCII only the digits, `#` and `*` are emoji characters (none has Emoji_Presentation).
            if value < 0x80 {
                if value == 0x23 || value == 0x2A || (0x30...0x39).contains(value) { anyEmoji = true }
                continue
            }
            guard let scalar = Unicode.Scalar(value), scalar.properties.isEmoji else { continue }
            anyEmoji = true
            allEmojiASCII = false
            if scalar.properties.isEmojiPresentation { presentation = true }
        }
        guard anyEmoji else { self = .none; return }
        if textSelector {
            self = allEmojiASCII ? .none : .text
        } else if emojiSelector || presentation {
            self = .emoji
        } else {
            self = allEmojiASCII ? .none : .text
        }
    }
}
