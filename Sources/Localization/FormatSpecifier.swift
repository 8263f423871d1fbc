import Foundation

/// One conversion of a printf-style format as Apple's String(format:) reads it:
/// `%[position$][flags][width][.precision][length]conversion`, plus `%%` and the
/// `.stringsdict` variable `%#@name@`.
public struct FormatSpecifier: Hashable, Sendable {
    public enum Conversion: Hashable, Sendable {
        /// `%@`: an object, shown by its description.
        case object
        /// `%d %i`
        case signed
        /// `%u %x %X %o`
        case unsigned(Character)
        /// `%f %F %e %E %g %G %a %A`
        case floating(Character)
        /// `%c %C`
        case character(Character)
        /// `%s %S`
        case cString
        /// `%p`
        case pointer
        /// `%%`: a literal percent sign; takes no argument.
        case percent
        /// `%#@name@`: a variable whose text comes from the entry's variables.
        case variable(String)
    }

    /// The coarse type of the argument, the level at which String(format:)
    /// crashes or prints garbage when a translation disagrees with its source.
    public enum ArgumentType: String, Hashable, Sendable, Comparable {
        case object, integer, floating, character, cString, pointer

        public static func < (a: ArgumentType, b: ArgumentType) -> Bool { a.rawValue < b.rawValue }
    }

    /// The explicit argument number (`%2$@` → 2), or nil.
    public var position: Int?
    public var flags: String
    /// The width; `-1` when it is `*` (taken from an argument).
    public var width: Int?
    /// The precision; `-1` when it is `.*`.
    public var precision: Int?
    /// Length modifier: `""`, `h`, `hh`, `l`, `ll`, `q`, `L`, `z`, `t`, `j`.
    public var length: String
    public var conversion: Conversion
    /// The specifier as written, `%` included.
    public var text: String

    /// The conversion without `%` and position (`ld`, `.1f`), as catalogs write it.
    public var conversionText: String {
        guard let dollar = text.firstIndex(of: "$"), position != nil else { return String(text.dropFirst()) }
        return String(text[text.index(after: dollar)...])
    }

    public var argumentType: ArgumentType? {
        switch conversion {
        case .object: return .object
        case .signed, .unsigned: return .integer
        case .floating: return .floating
        case .character: return .character
        case .cString: return .cString
        case .pointer: return .pointer
        case .percent, .variable: return nil
        }
    }

    /// The argument type a catalog's `formatSpecifier` or a `.stringsdict`'s
    /// `NSStringFormatValueTypeKey` (`ld`, `.1f`, `@`) names.
    public static func argumentType(ofConversion text: String) -> ArgumentType? {
        parse("%" + text).first?.argumentType
    }

    /// The specifiers of a format, in order (`%%` included).
    public static func parse(_ format: String) -> [FormatSpecifier] {
        FormatToken.tokens(format).compactMap { if case .specifier(let spec) = $0 { return spec } else { return nil } }
    }
}

/// A format split into literal text and specifiers. A `%` that starts no valid
/// specifier stays literal text, as String(format:) prints it.
public enum FormatToken: Hashable, Sendable {
    case literal(String)
    case specifier(FormatSpecifier)

    public static func tokens(_ format: String) -> [FormatToken] {
        // Most texts have no `%`: they are one literal, as the loop below would find one scalar
        // at a time (about 40 instructions a character, most of a translation's format check).
        guard format.hasPercentSign else { return format.isEmpty ? [] : [.literal(format)] }
        let scalars = Array(format.unicodeScalars)
        var tokens: [FormatToken] = []
        var literal = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "%", let (spec, end) = specifier(scalars, at: index) {
                if !literal.isEmpty {
                    tokens.append(.literal(String(literal)))
                    literal = String.UnicodeScalarView()
                }
                tokens.append(.specifier(spec))
                index = end
            } else {
                literal.append(scalars[index])
                index += 1
            }
        }
        if !literal.isEmpty { tokens.append(.literal(String(literal))) }
        return tokens
    }

    /// A number as written (saturating at `Int.max`), so that messages name the real number:
    /// readers refuse positions, widths and precisions past `TranslationLimits`, and the
    /// formatter and the accessor generator never act on one.
    private static func digits(_ scalars: [Unicode.Scalar], _ index: inout Int) -> Int? {
        var value: Int?
        while index < scalars.count, ("0"..."9").contains(scalars[index]) {
            let (times, overflow) = (value ?? 0).multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = times.addingReportingOverflow(Int(scalars[index].value - 48))
            value = overflow || overflowAgain ? Int.max : sum
            index += 1
        }
        return value
    }

    private static func specifier(_ scalars: [Unicode.Scalar], at start: Int) -> (FormatSpecifier, Int)? {
        var index = start + 1
        guard index < scalars.count else { return nil }
        func make(_ conversion: FormatSpecifier.Conversion, position: Int?, flags: String, width: Int?, precision: Int?,
                  length: String) -> (FormatSpecifier, Int) {
            let text = String(String.UnicodeScalarView(scalars[start..<index]))
            return (FormatSpecifier(position: position, flags: flags, width: width, precision: precision, length: length,
                                    conversion: conversion, text: text), index)
        }
        if scalars[index] == "%" {
            index += 1
            return make(.percent, position: nil, flags: "", width: nil, precision: nil, length: "")
        }
        var position: Int?
        let afterPercent = index
        if let number = digits(scalars, &index), index < scalars.count, scalars[index] == "$", number > 0 {
            position = number
            index += 1
        } else {
            index = afterPercent
        }
        var flags = ""
        while index < scalars.count, "-+ #0'".unicodeScalars.contains(scalars[index]) {
            flags.unicodeScalars.append(scalars[index])
            index += 1
        }
        if flags.contains("#"), index < scalars.count, scalars[index] == "@" {
            // %#@name@
            let nameStart = index + 1
            var end = nameStart
            while end < scalars.count, scalars[end] != "@" { end += 1 }
            guard end < scalars.count, end > nameStart else { return nil }
            let name = String(String.UnicodeScalarView(scalars[nameStart..<end]))
            index = end + 1
            return make(.variable(name), position: position, flags: "", width: nil, precision: nil, length: "")
        }
        var width: Int?
        if index < scalars.count, scalars[index] == "*" {
            width = -1
            index += 1
        } else {
            width = digits(scalars, &index)
        }
        var precision: Int?
        if index < scalars.count, scalars[index] == "." {
            index += 1
            if index < scalars.count, scalars[index] == "*" {
                precision = -1
                index += 1
            } else {
                precision = digits(scalars, &index) ?? 0
            }
        }
        var length = ""
        // Compared in place, scalar by scalar: arrays of each candidate and of the text there
        // were built for every specifier of every translation.
        for candidate in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] {
            var end = index
            var matches = true
            for scalar in candidate.unicodeScalars {
                guard end < scalars.count, scalars[end] == scalar else {
                    matches = false
                    break
                }
                end += 1
            }
            if matches {
                length = candidate
                index = end
                break
            }
        }
        guard index < scalars.count else { return nil }
        let character = Character(scalars[index])
        let conversion: FormatSpecifier.Conversion
        switch character {
        case "@": conversion = .object
        case "d", "i", "D": conversion = .signed
        case "u", "x", "X", "o", "U", "O": conversion = .unsigned(character)
        case "f", "F", "e", "E", "g", "G", "a", "A": conversion = .floating(character)
        case "c", "C": conversion = .character(character)
        case "s", "S": conversion = .cString
        case "p": conversion = .pointer
        default: return nil
        }
        index += 1
        return make(conversion, position: position, flags: flags, width: width, precision: precision, length: length)
    }
}

/// What is wrong with a format's specifiers, each with the specifier as written.
public struct FormatProblem: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Past a limit of `TranslationLimits`, or never valid (`%n`, `%0$@`): the translation is refused.
        case refused
        /// A `%` that starts no specifier (`%` at the end, `%l`) in a text that is a format.
        case invalid
    }

    public var kind: Kind
    /// The specifier as written (`%99999999d`, `%n`, `%`).
    public var specifier: String
    public var message: String
}

extension FormatToken {
    /// The problems of a format's specifiers, in order: positions, widths and precisions past
    /// `TranslationLimits` and `%n` and `%0$` (refused), and a `%` that starts no specifier
    /// (invalid) where the text is a format: it has another specifier, or what follows the `%`
    /// began one (a position, flag, width, precision or length modifier). A lone `%` in a text
    /// without specifiers ("Save 14%") is text: String(format:) is not used on it.
    public static func problems(_ format: String) -> [FormatProblem] {
        guard format.hasPercentSign else { return [] }
        let scalars = Array(format.unicodeScalars)
        var problems: [FormatProblem] = []
        var lone: [(text: String, begun: Bool)] = []
        var isFormat = false
        var index = 0
        func written(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        while index < scalars.count {
            guard scalars[index] == "%" else {
                index += 1
                continue
            }
            if let (spec, end) = specifier(scalars, at: index) {
                if spec.conversion != .percent { isFormat = true }
                let limit = TranslationLimits.argumentPosition
                if let position = spec.position, position > limit {
                    problems.append(FormatProblem(kind: .refused, specifier: spec.text,
                        message: "argument position \(position) is past babelfit's limit of \(limit) arguments"))
                }
                for (name, value) in [("width", spec.width), ("precision", spec.precision)] {
                    if let value, value > TranslationLimits.formatWidth {
                        problems.append(FormatProblem(kind: .refused, specifier: spec.text,
                            message: "the \(name) \(value) is past babelfit's limit of \(TranslationLimits.formatWidth)"))
                    }
                }
                index = end
                continue
            }
            // What follows the % as far as a specifier would go: position, flags, width, precision, length.
            var end = index + 1
            var position: Int?
            let afterPercent = end
            if let number = digits(scalars, &end), end < scalars.count, scalars[end] == "$" {
                position = number
                end += 1
            } else {
                end = afterPercent
            }
            while end < scalars.count, "-+#0'".unicodeScalars.contains(scalars[end]) { end += 1 }
            if end < scalars.count, scalars[end] == "*" { end += 1 } else { _ = digits(scalars, &end) }
            if end < scalars.count, scalars[end] == "." {
                end += 1
                if end < scalars.count, scalars[end] == "*" { end += 1 } else { _ = digits(scalars, &end) }
            }
            while end < scalars.count, "hlqLztj".unicodeScalars.contains(scalars[end]) { end += 1 }
            let begun = end > index + 1
            let next = end < scalars.count ? scalars[end] : nil
            if position == 0 {
                let stop = next.map { $0.properties.isAlphabetic || $0 == "@" } == true ? end + 1 : end
                problems.append(FormatProblem(kind: .refused, specifier: written(index..<stop),
                                              message: "argument positions count from 1"))
                index = stop
            } else if next == "n" {
                problems.append(FormatProblem(kind: .refused, specifier: written(index..<(end + 1)),
                    message: "%n writes to memory instead of showing an argument; String(format:) refuses it"))
                index = end + 1
            } else {
                lone.append((written(index..<end), begun))
                index = max(end, index + 1)
            }
        }
        for (text, begun) in lone where isFormat || begun {
            problems.append(FormatProblem(kind: .invalid, specifier: text,
                message: text == "%" ? "a % that starts no format specifier (write %% for a percent sign)"
                    : "\(text) is not a whole format specifier: it lacks its conversion (d, @, f…)"))
        }
        return problems
    }
}

/// What one translation may cost: limits no real app reaches, past which a translation file is
/// refused with the place of the offending value (a text of a million-character width, or
/// argument 2147483648, would otherwise cost gigabytes or a generated function of a million
/// parameters).
public enum TranslationLimits {
    /// The highest argument position (`%100$@`, a catalog's `argNum`) and so the most arguments.
    public static let argumentPosition = 100
    /// The widest width and precision of a format specifier (`%1000d`, `%.1000f`).
    public static let formatWidth = 1_000
    /// The longest text of a translation, in UTF-16 code units (as NSString counts).
    public static let textLength = 100_000
    /// The largest translation file, in bytes.
    public static let fileSize = InputFile.sizeLimit
}

extension String {
    /// Whether the text has a `%`, looked for with `memchr` in its UTF-8: every translation's
    /// every text is asked when it is read, and `utf8.contains` went through a generic
    /// iterator, about 30 instructions a byte (a tenth of reading an app's translations).
    var hasPercentSign: Bool {
        var text = self
        return text.withUTF8 { bytes in
            guard let start = bytes.baseAddress, !bytes.isEmpty else { return false }
            return memchr(start, Int32(UInt8(ascii: "%")), bytes.count) != nil
        }
    }
}
