import Foundation
import Support

/// A translation whose first strong character goes against its language's direction: UIKit lays
/// a label's text out in the direction of its first strong character (`NSWritingDirection.natural`),
/// so an Arabic text that starts with "iPhone", a URL or a placeholder's Latin value is laid out
/// left to right on the phone, its punctuation and line ends on the wrong side. Shared by the
/// `bidi-direction` finding of `check` and by `strings lint`.
public struct BidiDirectionMismatch: Equatable, Sendable {
    /// The language's direction.
    public var language: TextDirection
    /// The direction the text is laid out in (its first strong character's).
    public var text: TextDirection
    /// The start of the text up to the end of the word holding the first strong character.
    public var start: String

    /// A mismatch when `text`'s first strong character (UAX #9 P2–P3, isolates skipped) has
    /// the other direction than `language`'s, and the text also has a strong character of the
    /// language's direction (a text wholly in the other direction, "OK" or "iPhone 15" in
    /// Hebrew, looks the same either way); nil otherwise.
    public init?(text: String, language: String) {
        let expected = TextDirection(language: language)
        guard let found = TextDirection.firstStrong(of: text), found != expected else { return nil }
        let scalars = Array(text.unicodeScalars)
        let strong = scalars.map { TextDirection.firstStrong(of: String($0)) }
        guard strong.contains(expected) else { return nil }
        self.language = expected
        self.text = found
        let first = strong.firstIndex(of: found) ?? 0
        let end = scalars[first...].firstIndex { $0.properties.isWhitespace } ?? scalars.endIndex
        let word = String(String.UnicodeScalarView(scalars[..<end])).trimmingCharacters(in: .whitespaces)
        start = word.count > 24 ? String(word.prefix(24)) + "…" : word
    }

    /// As `init(text:language:)` for a translation as written, its format specifiers (`%d`,
    /// `%@`, `%#@count@`) and App Intents placeholders (`${name}`) left out: their values are
    /// not known here (`check` sees them filled in).
    public init?(format: String, language: String) {
        var literal = ""
        for case .literal(let part) in FormatToken.tokens(format) { literal += part }
        while let open = literal.range(of: "${"), let close = literal[open.upperBound...].firstIndex(of: "}") {
            literal.removeSubrange(open.lowerBound...close)
        }
        self.init(text: literal, language: language)
    }

    /// "right-to-left" or "left-to-right".
    static func name(_ direction: TextDirection) -> String {
        direction == .rightToLeft ? "right-to-left" : "left-to-right"
    }

    /// The mark to start the text with so that it takes its language's direction.
    public var mark: String {
        language == .rightToLeft ? "U+200F RIGHT-TO-LEFT MARK" : "U+200E LEFT-TO-RIGHT MARK"
    }

    /// "starts with left-to-right “iPhone”, so iOS lays it out left to right: start it with U+200F RIGHT-TO-LEFT MARK"
    public var explanation: String {
        "starts with \(Self.name(text)) “\(start)”, so iOS lays it out \(text == .rightToLeft ? "right to left" : "left to right")"
            + " (its first strong character decides): start it with \(mark)"
    }
}
