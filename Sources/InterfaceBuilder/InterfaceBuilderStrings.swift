import Foundation
import Layout

/// One localizable text of an Interface Builder file: what `ibtool --export-strings-file`
/// writes for it, and what a `<lang>.lproj/File.strings` translates (key `ObjectID.property`).
public struct InterfaceBuilderString: Hashable, Sendable {
    public var objectID: String
    /// `text`, `normalTitle`, `placeholder`, `title`, `segmentTitles[0]`, `accessibilityLabel`…
    public var property: String
    /// The UIKit class, as the comment names it (`UILabel`, `UITableViewSection`).
    public var className: String
    public var value: String
    /// The object's comment for localizers (IB's `userComments`).
    public var note: String?
    public var line: Int

    public var key: String { "\(objectID).\(property)" }
}

/// The localizable texts of a storyboard or XIB, as Interface Builder exports them.
///
/// Each object gives the texts of its class: a label's `text`; a text field's `text` and
/// `placeholder`; a text view's `text`; a button's title per state (`normalTitle`,
/// `selectedTitle`, …) or its configuration's `configuration.title` and
/// `configuration.subtitle`; a segmented control's `segmentTitles[i]`; a search bar's
/// `placeholder`, `prompt` and `text`; a navigation item's `title`, `prompt` and
/// `backButtonTitle`; a bar button or tab bar item's and a view controller's `title`; a table
/// section's `headerTitle` and `footerTitle`; and any object's accessibility `label` and `hint`
/// (`accessibilityLabel`, `accessibilityHint`). Attributed texts are not exported, nor empty ones.
public enum InterfaceBuilderStrings {
    /// The texts of a file, sorted by key.
    public static func strings(path: String) throws(LayoutDecodingError) -> [InterfaceBuilderString] {
        strings(in: try MarkupElement.read(path: path))
    }

    /// The texts of a parsed file, sorted by key (byte order, as ibtool sorts them).
    public static func strings(in document: MarkupElement) -> [InterfaceBuilderString] {
        var found: [InterfaceBuilderString] = []
        for element in document.descendants {
            guard let id = element.id else { continue }
            let className = "UI" + element.name.prefix(1).uppercased() + element.name.dropFirst()
            let note = element.attributedText(key: "userComments")
            func add(_ property: String, _ value: String?) {
                guard let value, !value.isEmpty else { return }
                found.append(InterfaceBuilderString(objectID: id, property: property, className: className, value: value,
                                                    note: note, line: element.line))
            }
            let attributes = element.attributes
            switch element.name {
            case "label", "textView":
                if !element.flag("usesAttributedText") {
                    add("text", attributes["text"] ?? element.child(key: "text", named: "string")?.text)
                }
            case "textField":
                add("text", attributes["text"])
                add("placeholder", attributes["placeholder"])
            case "button":
                for state in element.children(named: "state") {
                    add("\(state.attributes["key"] ?? "normal")Title", state.attributes["title"])
                }
                if let configuration = element.child(key: "configuration", named: "buttonConfiguration") {
                    add("configuration.title", configuration.attributes["title"])
                    add("configuration.subtitle", configuration.attributes["subtitle"])
                }
            case "segmentedControl":
                for (index, segment) in (element.firstChild(named: "segments")?.children(named: "segment") ?? []).enumerated() {
                    add("segmentTitles[\(index)]", segment.attributes["title"])
                }
            case "searchBar":
                for property in ["placeholder", "prompt", "text"] { add(property, attributes[property]) }
            case "navigationItem":
                for property in ["title", "prompt", "backButtonTitle"] { add(property, attributes[property]) }
            case "tableViewSection":
                add("headerTitle", attributes["headerTitle"])
                add("footerTitle", attributes["footerTitle"])
            default:
                if element.name.hasSuffix("Controller") || element.name.hasSuffix("Item") { add("title", attributes["title"]) }
            }
            if let accessibility = element.child(key: "accessibilityConfiguration", named: "accessibility") {
                add("accessibilityLabel", accessibility.attributes["label"])
                add("accessibilityHint", accessibility.attributes["hint"])
            }
        }
        return found.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
    }

    /// The `.strings` text `ibtool --export-strings-file` writes: for each text, a blank line,
    /// a comment naming its class, property, value, object and note, and the entry.
    public static func exportStringsFile(_ strings: [InterfaceBuilderString]) -> String {
        strings.map { string in
            // A segment's property is written with its object id in the comment, as ibtool does.
            let property = string.property.hasPrefix("segmentTitles[") ? string.key : string.property
            var comment = "Class = \"\(string.className)\"; \(property) = \"\(escaped(string.value))\"; ObjectID = \"\(string.objectID)\";"
            if let note = string.note { comment += " Note = \"\(escaped(note))\";" }
            return "\n/* \(comment) */\n\"\(escaped(string.key))\" = \"\(escaped(string.value))\";\n"
        }.joined()
    }

    /// A text as a `.strings` literal's content.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result
    }
}
