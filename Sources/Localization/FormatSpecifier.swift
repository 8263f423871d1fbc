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

    private static func digits(_ scalars: [Unicode.Scalar], _ index: inout Int) -> Int? {
        var value: Int?
        while index < scalars.count, ("0"..."9").contains(scalars[index]) {
            value = min((value ?? 0) * 10 + Int(scalars[index].value - 48), 100_000)
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
        for candidate in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] {
            let candidateScalars = Array(candidate.unicodeScalars)
            if index + candidateScalars.count <= scalars.count,
               Array(scalars[index..<(index + candidateScalars.count)]) == candidateScalars {
                length = candidate
                index += candidateScalars.count
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
