/// A JSON document that cannot be decoded: the file, the JSON path (`root.subviews[2].font.size`),
/// the line and column in the file, what is wrong, and for a string with its own syntax (a
/// constraint) the string with a caret under the character at fault. (Layout calls it
/// `LayoutDecodingError`.)
public struct JSONDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    /// Empty for errors of the file as a whole (not readable, not JSON).
    public let path: String
    /// 1-based; 0 when unknown.
    public let line: Int
    public let column: Int
    public let message: String
    /// Extra lines shown under the message (a constraint and its caret).
    public let detail: String?

    public init(file: String, path: String, line: Int, column: Int, message: String, detail: String? = nil) {
        self.file = file
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.detail = detail
    }

    /// `Layouts/A.json:12:9: root.subviews[2].font.size: expected a number, found a string`.
    public var description: String {
        var text = file
        if line > 0 { text += ":\(line):\(column)" }
        text += ": "
        if !path.isEmpty { text += "\(path): " }
        text += message
        if let detail { text += "\n" + detail }
        return text
    }
}

/// The largest magnitude a document's numbers may have, and the rule an error states when
/// one is larger (a layout's: "numbers in a layout lie within ±1,000,000").
public struct JSONNumberBound: Sendable {
    public var maximumMagnitude: Double
    public var rule: String

    public init(maximumMagnitude: Double, rule: String) {
        self.maximumMagnitude = maximumMagnitude
        self.rule = rule
    }
}

/// A JSON value with its JSON path, for decoding with errors that say where.
///
/// The path is kept as its container's path and the last step (a key or an index), and
/// spelled out only when asked for: nearly every field a decoder looks up is read without
/// error, and building each one's path text (`root.subviews[2].font.size`) cost more than
/// reading the field.
public struct JSONCursor {
    /// The last step of a path, after its container's path.
    enum PathStep {
        case none
        case key(String)
        case index(Int)
    }

    public let node: JSONNode
    private let containerPath: String
    private let step: PathStep
    public let file: String
    /// The bound `number()` holds numbers to; without one, any number is read.
    public let bound: JSONNumberBound?

    public init(node: JSONNode, path: String, file: String, bound: JSONNumberBound? = nil) {
        self.init(node: node, containerPath: path, step: .none, file: file, bound: bound)
    }

    init(node: JSONNode, containerPath: String, step: PathStep, file: String, bound: JSONNumberBound?) {
        self.node = node
        self.containerPath = containerPath
        self.step = step
        self.file = file
        self.bound = bound
    }

    /// The JSON path of the value: `root.subviews[2].font.size`.
    public var path: String {
        switch step {
        case .none: return containerPath
        case .key(let key): return JSONObjectCursor.join(containerPath, key)
        case .index(let index): return "\(containerPath)[\(index)]"
        }
    }

    /// The same cursor with its path spelled out once, for a value whose path is read again
    /// and again (an object whose fields are looked up).
    public var anchored: JSONCursor {
        if case .none = step { return self }
        return JSONCursor(node: node, path: path, file: file, bound: bound)
    }

    public func fail(_ message: String, detail: String? = nil) -> JSONDecodingError {
        JSONDecodingError(file: file, path: path, line: node.line, column: node.column, message: message, detail: detail)
    }

    private func expected(_ what: String) -> JSONDecodingError {
        fail("expected \(what), found \(node.kindName)")
    }

    public func string() throws(JSONDecodingError) -> String {
        guard case .string(let value) = node.value else { throw expected("a string") }
        return value
    }

    public func nonEmptyString() throws(JSONDecodingError) -> String {
        let value = try string()
        guard !value.isEmpty else { throw fail("expected a non-empty string") }
        return value
    }

    /// A number within the cursor's bound (a layout's ±1,000,000: anything larger is no
    /// length or priority a screen has, and would only overflow later).
    public func number() throws(JSONDecodingError) -> Double {
        guard case .number(let value) = node.value else { throw expected("a number") }
        if let bound, !(abs(value) <= bound.maximumMagnitude) {
            throw fail("\(Number.exact(value)) is out of range: \(bound.rule)")
        }
        return value
    }

    public func number(in range: ClosedRange<Double>) throws(JSONDecodingError) -> Double {
        let value = try number()
        guard range.contains(value) else {
            throw fail("expected a number from \(Number.exact(range.lowerBound)) to \(Number.exact(range.upperBound)), found \(Number.exact(value))")
        }
        return value
    }

    public func nonNegativeNumber() throws(JSONDecodingError) -> Double {
        let value = try number()
        guard value >= 0 else { throw fail("expected a number of at least 0, found \(Number.exact(value))") }
        return value
    }

    public func integer() throws(JSONDecodingError) -> Int {
        let value = try number()
        guard value == value.rounded(), abs(value) <= 1e15 else { throw fail("expected a whole number, found \(value)") }
        return Int(value)
    }

    public func bool() throws(JSONDecodingError) -> Bool {
        guard case .bool(let value) = node.value else { throw expected("true or false") }
        return value
    }

    public func array() throws(JSONDecodingError) -> [JSONCursor] {
        guard case .array(let elements) = node.value else { throw expected("an array") }
        let arrayPath = path
        return elements.enumerated().map {
            JSONCursor(node: $1, containerPath: arrayPath, step: .index($0), file: file, bound: bound)
        }
    }

    /// One of an enumeration's names, with an error that lists them.
    public func oneOf<E: CaseIterable & RawRepresentable>(_ type: E.Type) throws(JSONDecodingError) -> E
    where E.RawValue == String {
        let name = try string()
        guard let value = E(rawValue: name) else {
            throw fail("unknown value '\(name)'; expected one of \(E.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    /// The members of an object, which may only have the fields `allowed` (in a message,
    /// `what` names the object: "a label"); a duplicated or unknown key is an error.
    public func object(allowing allowed: [String], what: String) throws(JSONDecodingError) -> JSONObjectCursor {
        guard case .object(let members) = node.value else { throw expected("an object") }
        // A member's path is made only for an error. A small object's keys are each compared
        // with those before it and with the allowed ones; a large one's (hostile input) are
        // looked up in sets.
        let large = members.count > 16
        var seen = Set<String>()
        let allowedSet = large ? Set(allowed) : []
        for (position, member) in members.enumerated() {
            func memberError(_ message: String) -> JSONDecodingError {
                JSONDecodingError(file: file, path: JSONObjectCursor.join(path, member.key), line: member.line,
                                  column: member.column, message: message)
            }
            let repeated = large ? !seen.insert(member.key).inserted : members[..<position].contains { $0.key == member.key }
            guard !repeated else { throw memberError("duplicate field '\(member.key)'") }
            guard large ? allowedSet.contains(member.key) : allowed.contains(member.key) else {
                throw memberError("unknown field '\(member.key)' for \(what); expected one of \(allowed.joined(separator: ", "))")
            }
        }
        return JSONObjectCursor(cursor: anchored, members: members)
    }
}

/// An object's members, looked up by key, each with its path.
public struct JSONObjectCursor {
    public let cursor: JSONCursor
    public let members: [JSONMember]

    public static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    public func has(_ key: String) -> Bool {
        members.contains { $0.key == key }
    }

    public subscript(key: String) -> JSONCursor? {
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        return JSONCursor(node: member.value, containerPath: cursor.path, step: .key(key), file: cursor.file, bound: cursor.bound)
    }

    /// A field that must be there.
    public func required(_ key: String) throws(JSONDecodingError) -> JSONCursor {
        guard let field = self[key] else { throw cursor.fail("missing field '\(key)'") }
        return field
    }
}
