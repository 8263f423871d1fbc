import Foundation

/// The `.strings` tables that key uses make, as Apple's `genstrings` writes them: one table
/// per table name, keys sorted, each entry under its comments, the value being the default
/// value given with the key, else the key.
///
/// Keys are sorted as genstrings sorts them, ignoring case ("Copy Internal Link", "Copy link",
/// "Could not…"); keys that differ only in case are in code-point order.
public struct ExtractedStrings: Sendable {
    public struct Entry: Hashable, Sendable {
        public var key: String
        public var value: String
        /// The distinct comments given with the key, in the order of the uses (as genstrings
        /// keeps them).
        public var comments: [String]
    }

    /// Table name → its entries, in key order.
    public private(set) var tables: [String: [Entry]] = [:]
    /// A key given two different default values: the first (in the order of the uses) is kept.
    public private(set) var warnings: [ExtractionWarning] = []

    /// What genstrings writes for a key without a comment.
    public static let noComment = "No comment provided by engineer."

    public init(uses: [KeyUse]) {
        struct Collected {
            var value: (text: String, location: SourceLocation)?
            var comments: [String] = []
        }
        var collected: [String: [String: Collected]] = [:]
        for use in uses {
            var entry = collected[use.table]?[use.key] ?? Collected()
            if let comment = use.comment, !entry.comments.contains(comment) { entry.comments.append(comment) }
            if let value = use.defaultValue {
                if let kept = entry.value {
                    if kept.text != value {
                        warnings.append(ExtractionWarning(
                            "\"\(use.key)\" (table \(use.table)) has the default value \"\(value)\" here and \"\(kept.text)\" at \(kept.location); the first is kept",
                            at: use.location))
                    }
                } else {
                    entry.value = (value, use.location)
                }
            }
            collected[use.table, default: [:]][use.key] = entry
        }
        for (table, keys) in collected {
            tables[table] = keys.keys.sorted(by: Self.keyOrder).map { key in
                let entry = keys[key]!
                return Entry(key: key, value: entry.value?.text ?? key, comments: entry.comments)
            }
        }
    }

    /// Whether `a` comes before `b` in a table: ignoring case, then by code points.
    public static func keyOrder(_ a: String, _ b: String) -> Bool {
        let (foldedA, foldedB) = (a.lowercased(), b.lowercased())
        return foldedA != foldedB ? foldedA < foldedB : a < b
    }

    /// The table names, sorted.
    public var tableNames: [String] { tables.keys.sorted() }

    /// A table as `.strings` text (UTF-8): `/* comment */` then `"key" = "value";` for every
    /// key, a blank line between entries. Several comments share one comment block, a line
    /// each, as genstrings joins them.
    public func strings(table: String) -> String {
        (tables[table] ?? []).map { entry in
            let comments = entry.comments.isEmpty ? [Self.noComment] : entry.comments
            // A comment cannot hold its own end.
            let comment = comments.map { $0.replacingOccurrences(of: "*/", with: "* /") }.joined(separator: "\n   ")
            return "/* \(comment) */\n\(Self.quoted(entry.key)) = \(Self.quoted(entry.value));\n"
        }.joined(separator: "\n")
    }

    /// A `.strings` quoted string: `\\ \" \n \r \t` escaped, other control characters as `\U` and
    /// four hexadecimal digits, everything else as it is.
    public static func quoted(_ text: String) -> String {
        let escapes: [Unicode.Scalar: String] = ["\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\r": "\\r", "\t": "\\t"]
        var result = "\""
        for scalar in text.unicodeScalars {
            if let escape = escapes[scalar] {
                result += escape
            } else if scalar.value < 0x20 || scalar.value == 0x7F {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
