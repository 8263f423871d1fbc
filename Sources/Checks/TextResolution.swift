import Foundation
import Layout
import Localization
import Reports
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
final class ViewText: @unchecked Sendable {
    /// The value the layout gives (a label's text, a button's title, a text field's text, else its placeholder).
    let value: TextValue
    let resolved: ResolvedText
    /// What the rules that read a view's text alone (``FindingRule/readsTextsAlone``) found of
    /// this text, and in which view and language (``textRuleFindings(place:language:policy:_:)``).
    /// Read and written under the lock ``lock(for:)`` picks.
    private var ruleFindings: (place: Int, language: String, findings: [[Finding]])?

    init(value: TextValue, resolved: ResolvedText) {
        self.value = value
        self.resolved = resolved
    }

    /// The findings `find` makes of this text, from the rules that read a view's text alone,
    /// kept for the next run that shows it in the same view and language, their severities
    /// as `policy` gives them. Those rules' findings follow from the view's node and its text as
    /// resolved; the text is looked up once for a layout in a language (``LookedUpTexts``) and
    /// shown by its runs on every device and content size, each of which found them anew: a
    /// translation's format compared with the development language's and its first strong
    /// character read, about 5,000 instructions a view. A text's views are the place of its id
    /// in one layout, or in a layout with a fix, whose views are the layout's, with the same ids
    /// and lines; its language is the run's but for the development language's texts that a
    /// width budget's run shows in another language's.
    func textRuleFindings(place: Int, language: String, policy: SeverityPolicy, _ find: () -> [[Finding]]) -> [[Finding]] {
        let lock = Self.lock(for: self)
        lock.lock()
        if let kept = ruleFindings, kept.place == place, kept.language == language {
            lock.unlock()
            // Made under another policy only if the project is checked again with other severities.
            guard kept.findings.contains(where: { $0.contains { $0.severity != policy.severity(of: $0.kind) } }) else {
                return kept.findings
            }
            return kept.findings.map { found in
                found.map { finding in
                    var finding = finding
                    finding.severity = policy.severity(of: finding.kind)
                    return finding
                }
            }
        }
        lock.unlock()
        let found = find()
        lock.lock()
        let replaced = ruleFindings
        ruleFindings = (place, language, found)
        lock.unlock(freeing: replaced)
        return found
    }

    /// Locks for the texts' kept findings, one picked by a text's address: a lock of each
    /// text's own would be an allocation for every text looked up.
    private static let locks = (0..<32).map { _ in BriefLock() }

    private static func lock(for text: ViewText) -> BriefLock {
        locks[Int((UInt(bitPattern: ObjectIdentifier(text)) >> 4) % UInt(locks.count))]
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
