import Foundation
import Layout
import Localization

extension TextArgument {
    /// The argument as the formatter takes it.
    var formatArgument: FormatArgument {
        switch self {
        case .string(let text): return .string(text)
        case .number(let value):
            return value == value.rounded() && abs(value) < 1e15 ? .integer(Int(value)) : .double(value)
        case .formattedNumber(let value, let style, let currency):
            return .number(value, style: FormatArgument.NumberStyle(rawValue: style.rawValue) ?? .decimal, currency: currency)
        case .date(let date, let style):
            return .date(date, style: FormatArgument.DateStyle(rawValue: style.rawValue) ?? .medium)
        case .count(let count): return .count(count)
        }
    }
}

extension TextValue {
    /// The value as the localization layer resolves it.
    var localizable: LocalizableText {
        switch self {
        case .plain(let text): return .plain(text)
        case .localized(let text):
            return .localized(key: text.key, table: text.table, comment: text.comment, defaultValue: text.defaultValue,
                              arguments: text.args.map(\.formatArgument))
        }
    }

    var localizedKey: LocalizedText? {
        if case .localized(let text) = self { return text }
        return nil
    }
}

/// The texts of one view: what it shows, and where each came from.
struct ViewText {
    /// The value the layout gives (a label's text, a button's title, a text field's text, else its placeholder).
    var value: TextValue
    var resolved: ResolvedText
}
