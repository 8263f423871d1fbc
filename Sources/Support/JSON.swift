/// A JSON value that remembers where in its file it was written, so that a layout's
/// decoding errors can give a line and column as well as a JSON path.
///
/// Objects keep their members in file order (the decoder reports a duplicated key rather
/// than silently taking one of them), which also keeps every result independent of the
/// random iteration order of a Swift Dictionary.
public struct JSONNode: Sendable {
    public indirect enum Value: Sendable {
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

/// A recursive-descent JSON parser (RFC 8259) over Unicode scalars that tracks lines and
/// columns. Numbers are read as Double; nesting deeper than `maximumDepth` is an error rather
/// than a stack overflow.
public struct JSONParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0
    public static let maximumDepth = 512

    public init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// Parses one JSON document: a single value with only whitespace around it.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(text)
        parser.skipWhitespace()
        // A byte-order mark is tolerated at the very start.
        if parser.peek == "\u{FEFF}" { parser.advance(); parser.skipWhitespace() }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.peek != nil { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func advance() {
        if scalars[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: column, message: message)
    }

    private mutating func skipWhitespace() {
        while let scalar = peek, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
            advance()
        }
    }

    private mutating func expect(_ scalar: Unicode.Scalar, _ what: String) throws(JSONSyntaxError) {
        guard peek == scalar else { throw error("expected \(what)") }
        advance()
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let startLine = line, startColumn = column
        func node(_ value: JSONNode.Value) -> JSONNode {
            JSONNode(value: value, line: startLine, column: startColumn)
        }
        guard let scalar = peek else { throw error("unexpected end of file, expected a value") }
        switch scalar {
        case "{": return node(try parseObject())
        case "[": return node(try parseArray())
        case "\"": return node(.string(try parseString()))
        case "t": try parseWord("true"); return node(.bool(true))
        case "f": try parseWord("false"); return node(.bool(false))
        case "n": try parseWord("null"); return node(.null)
        case "-", "0"..."9": return node(.number(try parseNumber()))
        default: throw error("unexpected character '\(scalar)', expected a value")
        }
    }

    private mutating func parseWord(_ word: String) throws(JSONSyntaxError) {
        for expected in word.unicodeScalars {
            guard peek == expected else { throw error("invalid literal, expected '\(word)'") }
            advance()
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONNode.Value {
        var members: [JSONMember] = []
        try parseSequence(close: "}", what: "an object") { (parser) throws(JSONSyntaxError) in
            let keyLine = parser.line, keyColumn = parser.column
            guard parser.peek == "\"" else { throw parser.error("expected a string key") }
            let key = try parser.parseString()
            parser.skipWhitespace()
            try parser.expect(":", "':' after an object key")
            parser.skipWhitespace()
            let value = try parser.parseValue()
            members.append(JSONMember(key: key, line: keyLine, column: keyColumn, value: value))
        }
        return .object(members)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONNode.Value {
        var elements: [JSONNode] = []
        try parseSequence(close: "]", what: "an array") { (parser) throws(JSONSyntaxError) in
            elements.append(try parser.parseValue())
        }
        return .array(elements)
    }

    /// The elements of an array or the members of an object, separated by commas, up to
    /// the closing bracket; `element` reads one.
    private mutating func parseSequence(
        close: Unicode.Scalar, what: String, _ element: (inout JSONParser) throws(JSONSyntaxError) -> Void
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
            if peek == "," {
                advance()
                continue
            }
            try expect(close, "',' or '\(close)' in \(what)")
            return
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        advance()  // the opening quote
        var result = String.UnicodeScalarView()
        while true {
            guard let scalar = peek else { throw error("unterminated string") }
            switch scalar {
            case "\"":
                advance()
                return String(result)
            case "\\":
                advance()
                result.append(try parseEscape())
            default:
                if scalar.value < 0x20 { throw error("control character in a string (write it escaped)") }
                result.append(scalar)
                advance()
            }
        }
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let scalar = peek else { throw error("unterminated string") }
        let simple: [Unicode.Scalar: Unicode.Scalar] = [
            "\"": "\"", "\\": "\\", "/": "/", "b": "\u{08}", "f": "\u{0C}", "n": "\n", "r": "\r", "t": "\t",
        ]
        if let replacement = simple[scalar] {
            advance()
            return replacement
        }
        guard scalar == "u" else { throw error("invalid escape '\\\(scalar)'") }
        advance()
        let unit = try parseHexQuad()
        if (0xD800...0xDBFF).contains(unit) {
            // A high surrogate must be followed by an escaped low surrogate.
            guard peek == "\\" else { throw error("unpaired surrogate in \\u escape") }
            advance()
            guard peek == "u" else { throw error("unpaired surrogate in \\u escape") }
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
            guard let scalar = peek, scalar.isASCII, let digit = UInt32(String(scalar), radix: 16) else { throw error("expected four hexadecimal digits after \\u") }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        func digits(_ parser: inout JSONParser) -> Int {
            var count = 0
            while let scalar = parser.peek, ("0"..."9").contains(scalar) {
                parser.advance()
                count += 1
            }
            return count
        }
        if peek == "-" { advance() }
        if peek == "0" {
            advance()
            if let scalar = peek, ("0"..."9").contains(scalar) { throw error("leading zero in a number") }
        } else if digits(&self) == 0 {
            throw error("expected a digit")
        }
        if peek == "." {
            advance()
            if digits(&self) == 0 { throw error("expected a digit after '.'") }
        }
        if peek == "e" || peek == "E" {
            advance()
            if peek == "+" || peek == "-" { advance() }
            if digits(&self) == 0 { throw error("expected a digit in the exponent") }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[start..<index])
        guard let number = Double(String(text)), number.isFinite else { throw error("number out of range") }
        return number
    }
}
