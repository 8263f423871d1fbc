import Foundation

/// Fills a format the way Apple's String(format:) does: positional arguments,
/// flags, width, precision and every conversion of `FormatSpecifier`. `%@`
/// shows an argument as text: numbers with a style and dates are written for
/// the locale; plain integers and numeric conversions are not localized, as
/// String(format:) does not localize them.
public struct StringFormatter: Sendable {
    public var locale: String

    public init(locale: String) { self.locale = locale }

    /// A specifier that names an argument not given is written as the empty
    /// string for `%@` and as zero for numbers.
    public func format(_ format: String, _ arguments: [FormatArgument]) -> String {
        formatReportingMissing(format, arguments).text
    }

    /// Whether `format` is all literal text: every specifier, `%%` included, starts with `%`,
    /// so a format without one is what formatting it gives.
    static func hasNoSpecifier(_ format: String) -> Bool {
        !format.hasPercentSign
    }

    /// The filled format and the argument numbers (1-based) it named but that were not given.
    public func formatReportingMissing(_ format: String, _ arguments: [FormatArgument]) -> (text: String, missingArguments: [Int]) {
        // Most translations name no argument: they show as written, without being taken apart.
        if Self.hasNoSpecifier(format) { return (format, []) }
        var output = ""
        var next = 0
        var missing: [Int] = []
        func argument(_ index: Int) -> FormatArgument? {
            guard index >= 0, index < arguments.count else {
                missing.append(index + 1)
                return nil
            }
            return arguments[index]
        }
        for token in FormatToken.tokens(format) {
            switch token {
            case .literal(let text):
                output += text
            case .specifier(var spec):
                if case .percent = spec.conversion {
                    output += "%"
                    continue
                }
                // Readers refuse widths and precisions past the limit; the formatter never pads past it.
                if let width = spec.width { spec.width = min(width, TranslationLimits.formatWidth) }
                if let precision = spec.precision { spec.precision = min(precision, TranslationLimits.formatWidth) }
                // `*` takes the width or precision from the next argument, as printf does.
                if spec.width == -1 {
                    let value = integerValue(argument(next))
                    next += 1
                    spec.width = min(value.magnitude, 10_000).asInt
                    if value < 0 { spec.flags += "-" }
                }
                if spec.precision == -1 {
                    let value = integerValue(argument(next))
                    next += 1
                    spec.precision = value < 0 ? nil : min(value, 10_000)
                }
                let index: Int
                if let position = spec.position {
                    index = position - 1
                } else {
                    index = next
                    next += 1
                }
                output += render(spec, argument(index))
            }
        }
        return (output, missing)
    }

    private func render(_ spec: FormatSpecifier, _ argument: FormatArgument?) -> String {
        switch spec.conversion {
        case .object, .variable:
            return pad(argument.map(describe) ?? "", spec)
        case .cString:
            var text = argument.map(describe) ?? ""
            if let precision = spec.precision { text = String(text.prefix(precision)) }
            return pad(text, spec)
        case .character:
            let text: String
            switch argument {
            case .string(let value): text = value.first.map(String.init) ?? ""
            case let other?:
                let code = UInt32(truncatingIfNeeded: integerValue(other))
                text = Unicode.Scalar(code).map { String(Character($0)) } ?? ""
            case nil: text = ""
            }
            return pad(text, spec)
        case .signed:
            // Without a length modifier (`%d`) the argument is read as 32 bits, as on Apple systems.
            let wide = Int64(integerValue(argument))
            return String(format: cFormat(spec, conversion: "lld"), spec.length.isEmpty ? Int64(Int32(truncatingIfNeeded: wide)) : wide)
        case .unsigned(let character):
            let wide = UInt64(bitPattern: Int64(integerValue(argument)))
            let value = spec.length.isEmpty && character.isLowercase ? UInt64(UInt32(truncatingIfNeeded: wide)) : wide
            let conversion: String
            switch character {
            case "U": conversion = "llu"
            case "O": conversion = "llo"
            default: conversion = "ll" + String(character)
            }
            return String(format: cFormat(spec, conversion: conversion), value)
        case .floating(let character):
            return String(format: cFormat(spec, conversion: String(character)), argument?.numericValue ?? 0)
        case .pointer:
            return String(format: cFormat(spec, conversion: "llx", flags: "#"), UInt64(integerValue(argument).magnitude))
        case .percent:
            return "%"
        }
    }

    private func integerValue(_ argument: FormatArgument?) -> Int {
        guard let value = argument?.numericValue, value.isFinite else { return 0 }
        if value >= 9.2e18 { return Int.max }
        if value <= -9.2e18 { return Int.min }
        return Int(value.rounded(.towardZero))
    }

    /// A one-specifier C format with the flags, width and precision of `spec`.
    private func cFormat(_ spec: FormatSpecifier, conversion: String, flags extra: String = "") -> String {
        var text = "%" + spec.flags.filter { $0 != "'" } + extra
        if let width = spec.width, width >= 0 { text += String(width) }
        if let precision = spec.precision, precision >= 0 { text += "." + String(precision) }
        return text + conversion
    }

    /// Width and the `-` flag for text conversions, counted in characters.
    private func pad(_ text: String, _ spec: FormatSpecifier) -> String {
        guard let width = spec.width, width > text.count else { return text }
        let padding = String(repeating: " ", count: width - text.count)
        return spec.flags.contains("-") ? text + padding : padding + text
    }

    /// How `%@` shows an argument.
    public func describe(_ argument: FormatArgument) -> String {
        switch argument {
        case .string(let text): return text
        case .integer(let value), .count(let value): return String(value)
        case .double(let value): return Number.exact(value)
        case .number(let value, let style, let currency):
            return LocaleFormatting.number(value, style: style, currency: currency, locale: locale)
        case .date(let date, let style):
            return LocaleFormatting.date(date, style: style, locale: locale)
        }
    }
}

private extension UInt {
    var asInt: Int { Int(self) }
}
