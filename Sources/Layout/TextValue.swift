import Foundation

/// The text of a label, a button's title, a text field's text or placeholder.
public enum TextValue: Hashable, Sendable {
    /// Shown as it is, not localized.
    case plain(String)
    /// Looked up in a strings table and formatted.
    case localized(LocalizedText)
}

/// A key to look up, where, and what to fill its format string with.
///
/// `"[Name]"` in a layout is `LocalizedText(key: "Name")`: the key in the layout's table,
/// and, without a translation, the key itself is shown.
public struct LocalizedText: Hashable, Sendable {
    public var key: String
    /// The table to look the key up in; nil means the layout's table.
    public var table: String?
    public var comment: String?
    /// Shown when no language has a translation (before falling back to the key).
    public var defaultValue: String?
    public var args: [TextArgument]
    /// The default value is the development language's own text, as a storyboard's texts are
    /// under Base internationalization: the development language shows it with no table, so
    /// showing it there is no missing translation.
    public var defaultIsDevelopmentText: Bool

    public init(
        key: String, table: String? = nil, comment: String? = nil, defaultValue: String? = nil,
        args: [TextArgument] = [], defaultIsDevelopmentText: Bool = false
    ) {
        self.key = key
        self.table = table
        self.comment = comment
        self.defaultValue = defaultValue
        self.args = args
        self.defaultIsDevelopmentText = defaultIsDevelopmentText
    }
}

/// One argument of a format string.
public enum TextArgument: Hashable, Sendable {
    case string(String)
    case number(Double)
    /// A number formatted for the locale, as NumberFormatter does.
    case formattedNumber(Double, style: NumberStyle, currency: String?)
    /// A date formatted for the locale, as DateFormatter does.
    case date(Date, style: DateStyle)
    /// An integer that also selects a plural form.
    case count(Int)
}

public enum NumberStyle: String, CaseIterable, Sendable {
    case decimal, currency, percent
}

public enum DateStyle: String, CaseIterable, Sendable {
    case short, medium, long, full
}
