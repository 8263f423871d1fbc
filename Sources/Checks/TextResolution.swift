import Foundation
import Layout
import Localization
import Support

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
///
/// An immutable object, not a structure: a run's texts are read for every view by every
/// pass, rule and fix trial, and each copy of a structure of these parts retained every string
/// and array in them (a dozen) and released them again. A view that shows another text has
/// another object (``showing(_:)``).
final class ViewText: Sendable {
    /// The value the layout gives (a label's text, a button's title, a text field's text, else its placeholder).
    let value: TextValue
    let resolved: ResolvedText

    init(value: TextValue, resolved: ResolvedText) {
        self.value = value
        self.resolved = resolved
    }

    /// The same value and look-up showing `text` instead; with `variants`, those are its
    /// variants too.
    func showing(_ text: String, variants: [String]? = nil) -> ViewText {
        var resolved = resolved
        resolved.text = text
        if let variants { resolved.variants = variants }
        return ViewText(value: value, resolved: resolved)
    }
}

/// The texts a layout's views show in a language, as ``RunChecker/resolveTexts`` looks them up,
/// kept for the next runs of the same layout and language: a run on each device and content
/// size looks up the same texts (device variations differ only between an iPhone and an iPad,
/// and the texts of a layout none of whose translations has them are the same on both;
/// only `x-pseudo-longest`, which compares widths in the views' fonts, depends on the content
/// size, and is not kept). The runs of a layout in a language come one after another
/// (``RunPlan``), so the recent ones are enough: a few dozen lists of a layout's texts.
/// Shared by a project and its copies, a fix's shorter translation is put in after the look-up.
typealias LookedUpTexts = LockedRecentCache<LookedUpTextsKey, [String: ViewText]>

/// What a layout's looked-up texts are kept by (``LookedUpTexts``).
struct LookedUpTextsKey: Hashable {
    var document: DocumentKey
    var part: Int
    var language: String
    /// The kind of device (``Device/variationName``) for texts of which one varies by device;
    /// nil for texts that are the same on every device.
    var device: String?
    var ownCopy: Bool
}

extension Device {
    /// The device a translation's device variations name for this one (`ResolveOptions.device`):
    /// an iPad's `ipad`, every other's `iphone`. A layout's texts are looked up once for each.
    var variationName: String { isPad ? "ipad" : "iphone" }
}
