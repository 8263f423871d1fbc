/// A JSON value with its JSON path, for decoding with errors that say where.
struct JSONCursor {
    let node: JSONNode
    let path: String
    let file: String

    func fail(_ message: String, detail: String? = nil) -> LayoutDecodingError {
        LayoutDecodingError(file: file, path: path, line: node.line, column: node.column, message: message, detail: detail)
    }

    private func expected(_ what: String) -> LayoutDecodingError {
        fail("expected \(what), found \(node.kindName)")
    }

    func string() throws(LayoutDecodingError) -> String {
        guard case .string(let value) = node.value else { throw expected("a string") }
        return value
    }

    func nonEmptyString() throws(LayoutDecodingError) -> String {
        let value = try string()
        guard !value.isEmpty else { throw fail("expected a non-empty string") }
        return value
    }

    /// A number within ±1,000,000: anything larger is no length or priority a screen has,
    /// and would only overflow later.
    func number() throws(LayoutDecodingError) -> Double {
        guard case .number(let value) = node.value else { throw expected("a number") }
        guard abs(value) <= maximumMagnitude else {
            throw fail("\(formatNumber(value)) is out of range: numbers in a layout lie within ±1,000,000")
        }
        return value
    }

    func number(in range: ClosedRange<Double>) throws(LayoutDecodingError) -> Double {
        let value = try number()
        guard range.contains(value) else {
            throw fail("expected a number from \(formatNumber(range.lowerBound)) to \(formatNumber(range.upperBound)), found \(formatNumber(value))")
        }
        return value
    }

    func nonNegativeNumber() throws(LayoutDecodingError) -> Double {
        let value = try number()
        guard value >= 0 else { throw fail("expected a number of at least 0, found \(formatNumber(value))") }
        return value
    }

    func integer() throws(LayoutDecodingError) -> Int {
        let value = try number()
        guard value == value.rounded(), abs(value) <= 1e15 else { throw fail("expected a whole number, found \(value)") }
        return Int(value)
    }

    func bool() throws(LayoutDecodingError) -> Bool {
        guard case .bool(let value) = node.value else { throw expected("true or false") }
        return value
    }

    func array() throws(LayoutDecodingError) -> [JSONCursor] {
        guard case .array(let elements) = node.value else { throw expected("an array") }
        return elements.enumerated().map { JSONCursor(node: $1, path: "\(path)[\($0)]", file: file) }
    }

    /// One of an enumeration's names, with an error that lists them.
    func oneOf<E: CaseIterable & RawRepresentable>(_ type: E.Type) throws(LayoutDecodingError) -> E
    where E.RawValue == String {
        let name = try string()
        guard let value = E(rawValue: name) else {
            throw fail("unknown value '\(name)'; expected one of \(E.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    /// The members of an object, which may only have the fields `allowed` (in a message,
    /// `what` names the object: "a label"); a duplicated or unknown key is an error.
    func object(allowing allowed: [String], what: String) throws(LayoutDecodingError) -> JSONObjectCursor {
        guard case .object(let members) = node.value else { throw expected("an object") }
        var seen = Set<String>()
        for member in members {
            let memberPath = JSONObjectCursor.join(path, member.key)
            func memberError(_ message: String) -> LayoutDecodingError {
                LayoutDecodingError(file: file, path: memberPath, line: member.line, column: member.column, message: message)
            }
            guard seen.insert(member.key).inserted else { throw memberError("duplicate field '\(member.key)'") }
            guard allowed.contains(member.key) else {
                throw memberError("unknown field '\(member.key)' for \(what); expected one of \(allowed.joined(separator: ", "))")
            }
        }
        return JSONObjectCursor(cursor: self, members: members)
    }
}

/// An object's members, looked up by key, each with its path.
struct JSONObjectCursor {
    let cursor: JSONCursor
    let members: [JSONMember]

    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    func has(_ key: String) -> Bool {
        members.contains { $0.key == key }
    }

    subscript(key: String) -> JSONCursor? {
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        return JSONCursor(node: member.value, path: Self.join(cursor.path, key), file: cursor.file)
    }

    /// A field that must be there.
    func required(_ key: String) throws(LayoutDecodingError) -> JSONCursor {
        guard let field = self[key] else { throw cursor.fail("missing field '\(key)'") }
        return field
    }
}
