import Foundation

/// A JSON value written deterministically: keys sorted, numbers with at most
/// three decimals (trailing zeros dropped), strings escaped minimally, so the
/// same inputs always give the same bytes.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public func serialized(pretty: Bool = false) -> String {
        var writer = JSONWriter(indent: pretty ? 0 : nil)
        writer.value(self)
        return writer.text
    }

    /// Appends the value to `out`, at `indent` levels for a pretty one (nil: compact).
    public func write(to out: inout String, indent: Int?) {
        var writer = JSONWriter(indent: indent)
        writer.value(self)
        out += writer.text
    }

    /// Appends an array of `count` elements as ``write(to:indent:)`` writes one, each element
    /// written by `element` when its turn comes: a long array need not be made as a whole first.
    public static func writeArray(count: Int, to out: inout String, indent: Int?,
                                  element: (Int, inout String, Int?) throws -> Void) rethrows {
        if count == 0 { out += "[]"; return }
        out += "["
        for index in 0..<count {
            try writeElement(index, to: &out, indent: indent) { out, indent in try element(index, &out, indent) }
        }
        closeArray(to: &out, indent: indent)
    }

    /// Appends the element at `index` of an array at `indent`, as ``writeArray(count:to:indent:element:)``
    /// writes it after the array's opening bracket and the elements before it: so that the elements
    /// of a long array can be written apart from it (a spool of a report's runs).
    public static func writeElement(_ index: Int, to out: inout String, indent: Int?,
                                    element: (inout String, Int?) throws -> Void) rethrows {
        if index > 0 { out += "," }
        if let indent { out += newline(indent + 1) }
        try element(&out, indent.map { $0 + 1 })
    }

    /// Appends what ends an array of at least one element at `indent`.
    public static func closeArray(to out: inout String, indent: Int?) {
        if let indent { out += newline(indent) }
        out += "]"
    }

    /// Appends an object with these keys (sorted here) as ``write(to:indent:)`` writes one,
    /// each member's value written by `member` when its turn comes.
    public static func writeObject(keys: [String], to out: inout String, indent: Int?,
                                   member: (String, inout String, Int?) throws -> Void) rethrows {
        if keys.isEmpty { out += "{}"; return }
        out += "{"
        for (index, key) in keys.sorted().enumerated() {
            if index > 0 { out += "," }
            if let indent { out += newline(indent + 1) }
            JSONValue.writeString(key, to: &out)
            out += indent == nil ? ":" : ": "
            try member(key, &out, indent.map { $0 + 1 })
        }
        if let indent { out += newline(indent) }
        out += "}"
    }

    /// A line break and the indentation of `depth`, made once for the usual depths.
    private static func newline(_ depth: Int) -> String {
        depth < newlines.count ? newlines[depth] : "\n" + String(repeating: "  ", count: depth)
    }

    private static let newlines = (0..<24).map { "\n" + String(repeating: "  ", count: $0) }

    private static func writeString(_ value: String, to out: inout String) {
        var bytes: [UInt8] = []
        JSONWriter.writeString(value, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }
}
