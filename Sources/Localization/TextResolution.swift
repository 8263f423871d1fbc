import Foundation

/// A text value of a layout: a plain string (shown as it is), a bracketed key
/// (`"[Name]"`: the key `Name`, showing `Name` where no translation exists), or
/// a key with table, comment, default and arguments.
public enum LocalizableText: Hashable, Sendable {
    case plain(String)
    case localized(key: String, table: String?, comment: String?, defaultValue: String?, arguments: [FormatArgument])

    /// A key with its table, default and arguments.
    public static func key(_ key: String, table: String? = nil, default defaultValue: String? = nil,
                           arguments: [FormatArgument] = []) -> LocalizableText {
        .localized(key: key, table: table, comment: nil, defaultValue: defaultValue, arguments: arguments)
    }

    /// A string from a layout: `"[Name]"` is a key, anything else plain text.
    public init(string: String) {
        if string.count >= 2, string.hasPrefix("["), string.hasSuffix("]") {
            let key = String(string.dropFirst().dropLast())
            self = .localized(key: key, table: nil, comment: nil, defaultValue: key, arguments: [])
        } else {
            self = .plain(string)
        }
    }
}

extension LocalizableText: Decodable {
    private enum Keys: String, CodingKey { case key, table, comment, `default`, args }

    public init(from decoder: Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            self.init(string: text)
            return
        }
        let object = try decoder.container(keyedBy: Keys.self)
        self = .localized(key: try object.decode(String.self, forKey: .key),
                          table: try object.decodeIfPresent(String.self, forKey: .table),
                          comment: try object.decodeIfPresent(String.self, forKey: .comment),
                          defaultValue: try object.decodeIfPresent(String.self, forKey: .default),
                          arguments: try object.decodeIfPresent([FormatArgument].self, forKey: .args) ?? [])
    }
}

/// How to choose among variants that depend on the view.
public struct ResolveOptions {
    /// The device for device variations: `iphone`, `ipad`, `mac`, `applevision`…
    /// A device without a variant of its own shows `other`, else the iPhone's.
    public var device: String
    /// Whether a text fits the view; chooses among NSStringVariableWidthRuleType
    /// variants (the widest that fits, else the narrowest). Without it the
    /// widest variant is shown.
    public var fits: ((String) -> Bool)?
    /// The width of a text, for `x-pseudo-longest`; without it, characters are counted.
    public var measure: ((String) -> Double)?

    public init(device: String = "iphone", fits: ((String) -> Bool)? = nil, measure: ((String) -> Double)? = nil) {
        self.device = device
        self.fits = fits
        self.measure = measure
    }
}

/// A text value resolved for a language: the text shown, and how it was found.
public struct ResolvedText: Sendable {
    public var text: String
    /// Every variable-width variant, widest first (only `text` when there are none).
    public var variants: [String]
    /// The lookup, for localized values (nil for plain text).
    public var lookup: LookupResult?
    /// Argument numbers the format names but the value does not give.
    public var missingArguments: [Int]
}

extension Translations {
    /// The text a view shows for `value` in `language`: looked up with
    /// fallback, variants chosen (plural by the count, device, width), format
    /// filled with the arguments, numbers and dates written for the language.
    public func resolve(_ value: LocalizableText, table defaultTable: String = "Localizable", language: String,
                        options: ResolveOptions = ResolveOptions()) -> ResolvedText {
        guard case .localized(let key, let table, _, let defaultValue, let arguments) = value else {
            if case .plain(let text) = value { return ResolvedText(text: text, variants: [text], lookup: nil, missingArguments: []) }
            return ResolvedText(text: "", variants: [""], lookup: nil, missingArguments: [])
        }
        let tableName = table ?? defaultTable
        if Pseudolanguage(language: language) == .longest {
            let measure = options.measure ?? { Double($0.count) }
            var best: ResolvedText?
            var bestWidth = -Double.infinity
            for candidate in languages {
                var resolved = resolve(value, table: tableName, language: candidate, options: options)
                guard resolved.lookup?.foundIn == candidate else { continue }
                let width = measure(resolved.text)
                if width > bestWidth {
                    bestWidth = width
                    resolved.lookup?.language = language
                    best = resolved
                }
            }
            if let best { return best }
        }
        let lookup = self.lookup(key: key, table: tableName, language: language, default: defaultValue)
        let pseudo = Pseudolanguage(language: language)
        let locale = pseudo == nil ? normalizedLanguage(language) : developmentLanguage
        let formatter = StringFormatter(locale: locale)
        guard let translation = lookup.translation else {
            let filled = formatter.formatReportingMissing(lookup.text, arguments)
            return ResolvedText(text: filled.text, variants: [filled.text], lookup: lookup, missingArguments: filled.missingArguments)
        }
        let pluralLanguage = pseudo == nil ? (lookup.foundIn ?? locale) : developmentLanguage
        let rendered = MessageRenderer(translation: translation, arguments: arguments, pluralLanguage: pluralLanguage,
                                       formatter: formatter, device: options.device).render()
        var chosen = rendered.last ?? (text: "", missingArguments: [])
        if let fits = options.fits {
            chosen = rendered.first { fits($0.text) } ?? chosen
        } else if let first = rendered.first {
            chosen = first
        }
        return ResolvedText(text: chosen.text, variants: rendered.map(\.text), lookup: lookup,
                            missingArguments: chosen.missingArguments)
    }
}

/// Turns a translation into text: chooses the variant of the message (plural
/// by the count, device, every width), replaces each `%#@variable@` by its
/// plural form, numbers the specifiers so that each names its argument, and
/// fills the format.
struct MessageRenderer {
    let translation: Translation
    let arguments: [FormatArgument]
    let pluralLanguage: String
    let formatter: StringFormatter
    let device: String

    /// One rendering per width variant, widest first.
    func render() -> [(text: String, missingArguments: [Int])] {
        candidates(translation.message).map { format in
            formatter.formatReportingMissing(expand(format, boundArgument: nil, depth: 0), arguments)
        }
    }

    /// The formats a message can show here, widest first.
    private func candidates(_ message: Message) -> [String] {
        switch message {
        case .text(let text):
            return [text]
        case .plural(let forms):
            // A plural variation of the whole string follows its count, else its first number.
            let argument = arguments.first { if case .count = $0 { return true } else { return false } }
                ?? arguments.first { if case .string = $0 { return false } else { return true } }
            return candidates(choose(forms, argument: argument, fractionDigits: nil))
        case .device(let forms):
            // The device's variant, else `other`, else the iPhone's, else the first by name.
            return candidates(forms[device] ?? forms["other"] ?? forms["iphone"]
                              ?? forms.keys.sorted().first.flatMap { forms[$0] } ?? .text(""))
        case .width(let forms):
            return forms.keys.sorted(by: >).flatMap { candidates(forms[$0]!) }
        }
    }

    private func choose(_ forms: [PluralCategory: Message], argument: FormatArgument?, fractionDigits: Int?) -> Message {
        let value = argument?.numericValue ?? 0
        // Apple's rule: a `zero` form, where given, shows for 0 in any language, whether or
        // not the language's CLDR rules have the category.
        if value == 0, let zero = forms[.zero] { return zero }
        let digits = fractionDigits ?? Self.visibleFractionDigits(value)
        let category = PluralRules(language: pluralLanguage.replacingOccurrences(of: "-", with: "_"))
            .category(for: value, fractionDigits: digits)
        return forms[category] ?? forms[.other] ?? forms.keys.sorted().first.flatMap { forms[$0] } ?? .text("")
    }

    static func visibleFractionDigits(_ value: Double) -> Int {
        guard value.isFinite, value.rounded() != value else { return 0 }
        let text = String(value)
        guard let dot = text.firstIndex(of: "."), !text.contains("e") else { return 0 }
        return text.distance(from: dot, to: text.endIndex) - 1
    }

    /// Numbers every specifier of `format` and replaces its variables. In a
    /// variable's form (`boundArgument` set), specifiers without a position
    /// format the variable's own argument.
    private func expand(_ format: String, boundArgument: Int?, depth: Int) -> String {
        // Without a `%` there is nothing to number or replace (see `StringFormatter.hasNoSpecifier`).
        if StringFormatter.hasNoSpecifier(format) { return format }
        var next = 1
        var output = ""
        for token in FormatToken.tokens(format) {
            switch token {
            case .literal(let text):
                output += text.replacingOccurrences(of: "%", with: "%%")
            case .specifier(let spec):
                if case .percent = spec.conversion {
                    output += "%%"
                    continue
                }
                let index: Int
                if let position = spec.position {
                    index = position
                } else if let boundArgument {
                    index = boundArgument
                } else {
                    index = next
                    next += 1
                }
                guard case .variable(let name) = spec.conversion else {
                    output += spec.width == -1 || spec.precision == -1 ? spec.text : "%\(index)$" + spec.conversionText
                    continue
                }
                guard let substitution = translation.substitutions[name], depth < 8 else { continue }
                let argumentNumber = substitution.argumentNumber ?? index
                let argument = argumentNumber - 1 < arguments.count ? arguments[argumentNumber - 1] : nil
                let precision = FormatSpecifier.parse("%" + substitution.formatSpecifier).first?.precision
                let forms: [PluralCategory: Message]
                if case .plural(let plural) = substitution.message { forms = plural } else { forms = [.other: substitution.message] }
                let text = candidates(choose(forms, argument: argument, fractionDigits: precision)).first ?? ""
                output += expand(text, boundArgument: argumentNumber, depth: depth + 1)
            }
        }
        return output
    }
}
