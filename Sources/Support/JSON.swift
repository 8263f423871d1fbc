/// A JSON value that remembers where in its file it was written, so that a layout's
/// decoding errors can give a line and column as well as a JSON path.
///
/// Objects keep their members in file order (the decoder reports a duplicated key rather
/// than silently taking one of them), which also keeps every result independent of the
/// random iteration order of a Swift Dictionary.
public struct JSONNode: Sendable {
    /// Not `indirect`: arrays and objects already keep their elements in their own storage,
    /// and an indirect enum put every value (each number and string too) in a box of its own,
    /// an allocation and a release for each value of every file read.
    public enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        case object([JSONMember])
    }

    public let value: Value
    /// 1-based line and column (in Unicode scalars) of the value's first character.
    public let line: Int
    public let column: Int

    /// The member named `key` of an object (the first one, when a key repeats).
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// What the value is, in the words an error message uses.
    public var kindName: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One `"key": value` pair of a JSON object, with the position of its key.
public struct JSONMember: Sendable {
    public let key: String
    public let line: Int
    public let column: Int
    public let value: JSONNode
}

/// A JSON syntax error, at a line and column.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public let line: Int
    public let column: Int
    public let message: String
}

/// A recursive-descent JSON parser (RFC 8259) over the text's UTF-8 bytes that tracks lines
/// and columns (columns count Unicode scalars). Numbers are read as Double; nesting deeper
/// than `maximumDepth` is an error rather than a stack overflow. A string without escapes is
/// made from its bytes in one piece.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0
    public static let maximumDepth = 512

    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Parses one JSON document: a single value with only whitespace around it.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(text)
        parser.skipWhitespace()
        // A byte-order mark (U+FEFF, three bytes, one column) is tolerated at the very start.
        if parser.index + 2 < parser.bytes.count, parser.bytes[parser.index] == 0xEF,
           parser.bytes[parser.index + 1] == 0xBB, parser.bytes[parser.index + 2] == 0xBF {
            parser.advance(); parser.advance(); parser.advance()
            parser.skipWhitespace()
        }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.peek != nil { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Moves one byte on; the column counts the first byte of each scalar.
    private mutating func advance() {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
        index += 1
    }

    /// The scalar that starts at the current byte, for a message.
    private var scalarHere: Unicode.Scalar {
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        return String(decoding: bytes[index..<min(bytes.count, index + length)], as: UTF8.self).unicodeScalars.first!
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: column, message: message)
    }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            advance()
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        guard peek == byte else { throw error("expected \(what)") }
        advance()
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let startLine = line, startColumn = column
        func node(_ value: JSONNode.Value) -> JSONNode {
            JSONNode(value: value, line: startLine, column: startColumn)
        }
        guard let byte = peek else { throw error("unexpected end of file, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return node(try parseObject())
        case UInt8(ascii: "["): return node(try parseArray())
        case UInt8(ascii: "\""): return node(.string(try parseString()))
        case UInt8(ascii: "t"): try parseWord("true"); return node(.bool(true))
        case UInt8(ascii: "f"): try parseWord("false"); return node(.bool(false))
        case UInt8(ascii: "n"): try parseWord("null"); return node(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return node(.number(try parseNumber()))
        default: throw error("unexpected character '\(scalarHere)', expected a value")
        }
    }

    private mutating func parseWord(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard peek == byte else { throw error("invalid literal, expected '\(word)'") }
            advance()
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONNode.Value {
        var members: [JSONMember] = []
        try parseSequence(close: UInt8(ascii: "}"), what: "an object") { (parser) throws(JSONSyntaxError) in
            let keyLine = parser.line, keyColumn = parser.column
            guard parser.peek == UInt8(ascii: "\"") else { throw parser.error("expected a string key") }
            let key = try parser.parseString()
            parser.skipWhitespace()
            try parser.expect(UInt8(ascii: ":"), "':' after an object key")
            parser.skipWhitespace()
            let value = try parser.parseValue()
            members.append(JSONMember(key: key, line: keyLine, column: keyColumn, value: value))
        }
        return .object(members)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONNode.Value {
        var elements: [JSONNode] = []
        try parseSequence(close: UInt8(ascii: "]"), what: "an array") { (parser) throws(JSONSyntaxError) in
            elements.append(try parser.parseValue())
        }
        return .array(elements)
    }

    /// The elements of an array or the members of an object, separated by commas, up to
    /// the closing bracket; `element` reads one.
    private mutating func parseSequence(
        close: UInt8, what: String, _ element: (inout JSONParser) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        advance()
        skipWhitespace()
        if peek == close {
            advance()
            return
        }
        while true {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
            if peek == UInt8(ascii: ",") {
                advance()
                continue
            }
            try expect(close, "',' or '\(Unicode.Scalar(close))' in \(what)")
            return
        }
    }

    /// A string's bytes up to its closing quote; escapes decoded. Bytes other than a quote,
    /// a backslash or a control character are copied as they are (the text is valid UTF-8).
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        advance()  // the opening quote
        var start = index
        var unescaped: [UInt8] = []
        var escaped = false
        while true {
            guard let byte = peek else { throw error("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                let end = index
                advance()
                guard escaped else { return String(decoding: bytes[start..<end], as: UTF8.self) }
                unescaped.append(contentsOf: bytes[start..<end])
                return String(decoding: unescaped, as: UTF8.self)
            case UInt8(ascii: "\\"):
                unescaped.append(contentsOf: bytes[start..<index])
                escaped = true
                advance()
                unescaped.append(contentsOf: String(try parseEscape()).utf8)
                start = index
            default:
                if byte < 0x20 { throw error("control character in a string (write it escaped)") }
                advance()
            }
        }
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = peek else { throw error("unterminated string") }
        let simple: Unicode.Scalar?
        switch byte {
        case UInt8(ascii: "\""): simple = "\""
        case UInt8(ascii: "\\"): simple = "\\"
        case UInt8(ascii: "/"): simple = "/"
        case UInt8(ascii: "b"): simple = "\u{08}"
        case UInt8(ascii: "f"): simple = "\u{0C}"
        case UInt8(ascii: "n"): simple = "\n"
        case UInt8(ascii: "r"): simple = "\r"
        case UInt8(ascii: "t"): simple = "\t"
        default: simple = nil
        }
        if let simple {
            advance()
            return simple
        }
        guard byte == UInt8(ascii: "u") else { throw error("invalid escape '\\\(scalarHere)'") }
        advance()
        let unit = try parseHexQuad()
        if (0xD800...0xDBFF).contains(unit) {
            // A high surrogate must be followed by an escaped low surrogate.
            guard peek == UInt8(ascii: "\\") else { throw error("unpaired surrogate in \\u escape") }
            advance()
            guard peek == UInt8(ascii: "u") else { throw error("unpaired surrogate in \\u escape") }
            advance()
            let low = try parseHexQuad()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
            let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            return Unicode.Scalar(value)!
        }
        guard let result = Unicode.Scalar(unit) else { throw error("unpaired surrogate in \\u escape") }
        return result
    }

    private mutating func parseHexQuad() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt32
            switch peek {
            case let byte? where (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte): digit = UInt32(byte - UInt8(ascii: "0"))
            case let byte? where (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte): digit = UInt32(byte - UInt8(ascii: "a")) + 10
            case let byte? where (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte): digit = UInt32(byte - UInt8(ascii: "A")) + 10
            default: throw error("expected four hexadecimal digits after \\u")
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        func isDigit(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        func digits(_ parser: inout JSONParser) -> Int {
            var count = 0
            while isDigit(parser.peek) {
                parser.advance()
                count += 1
            }
            return count
        }
        if peek == UInt8(ascii: "-") { advance() }
        if peek == UInt8(ascii: "0") {
            advance()
            if isDigit(peek) { throw error("leading zero in a number") }
        } else if digits(&self) == 0 {
            throw error("expected a digit")
        }
        if peek == UInt8(ascii: ".") {
            advance()
            if digits(&self) == 0 { throw error("expected a digit after '.'") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            advance()
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { advance() }
            if digits(&self) == 0 { throw error("expected a digit in the exponent") }
        }
        guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)), number.isFinite else {
            throw error("number out of range")
        }
        return number
    }
}
