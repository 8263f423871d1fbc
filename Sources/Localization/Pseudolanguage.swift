/// Xcode's pseudolanguages, plus *longest*: usable wherever a language is.
/// Each changes the development language's text; format specifiers and
/// `%#@variables@` are kept as they are so that arguments still fill them.
public enum Pseudolanguage: String, CaseIterable, Sendable {
    /// Every text twice: "Save" → "Save Save".
    case double = "x-pseudo-double"
    /// Latin letters with accents: "Save" → "Šáṽé".
    case accented = "x-pseudo-accented"
    /// Brackets that show truncation: "Save" → "[# Save #]".
    case bounded = "x-pseudo-bounded"
    /// The development language's text, laid out right to left.
    case rightToLeft = "x-pseudo-rtl"
    /// For every key, the widest translation among all languages.
    case longest = "x-pseudo-longest"

    /// The pseudolanguage a language identifier names, if any. Every one starts `x-`: another
    /// language is told apart by its first two bytes (a raw value's lookup compared the
    /// identifier with each name, which every run's every text asked for).
    public init?(language: String) {
        var bytes = language.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "x"), bytes.next() == UInt8(ascii: "-") else { return nil }
        self.init(rawValue: language)
    }

    /// Whether views are laid out right to left in this pseudolanguage.
    public var isRightToLeft: Bool { self == .rightToLeft }

    private static let accents: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let accented = Array("áƀçðéƒĝĥíĵķļḿñöþǫŕšţüṽŵẋýžÅƁÇÐÉƑĜĤÍĴĶĻṀÑÖÞǪŔŠŢÜṼŴẊÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, accented))
    }()

    /// The pseudolanguage's version of a format. `positional` first numbers the
    /// specifiers that have no position, so that a doubled format takes the same
    /// arguments twice; leave it false for the variants of a variable, whose
    /// unnumbered specifiers all stand for the variable's argument.
    public func transform(_ format: String, positional: Bool = true) -> String {
        switch self {
        case .rightToLeft, .longest:
            return format
        case .bounded:
            return "[# " + format + " #]"
        case .double:
            let numbered = positional ? Self.numberingSpecifiers(format) : format
            return numbered + " " + numbered
        case .accented:
            return FormatToken.tokens(format).map { token in
                switch token {
                case .literal(let text): return String(text.map { Self.accents[$0] ?? $0 })
                case .specifier(let spec): return spec.text
                }
            }.joined()
        }
    }

    /// `%@ and %d` → `%1$@ and %2$d`, as String(format:) assigns the arguments.
    static func numberingSpecifiers(_ format: String) -> String {
        var next = 1
        return FormatToken.tokens(format).map { token in
            switch token {
            case .literal(let text):
                return text
            case .specifier(let spec):
                if case .percent = spec.conversion { return spec.text }
                guard spec.position == nil, spec.width != -1, spec.precision != -1 else { return spec.text }
                defer { next += 1 }
                return "%\(next)$" + spec.conversionText
            }
        }.joined()
    }

    /// A translation in the pseudolanguage, made from the development
    /// language's (`longest` is chosen by the caller, who can measure).
    public func apply(to translation: Translation) -> Translation {
        var result = translation
        result.message = translation.message.mapTexts { transform($0) }
        result.substitutions = translation.substitutions.mapValues { substitution in
            var changed = substitution
            changed.message = substitution.message.mapTexts { transform($0, positional: false) }
            return changed
        }
        return result
    }
}
