/// A mistake in a constraint string, at a column (1-based, in characters).
public struct ConstraintSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public let text: String
    public let column: Int
    public let message: String

    public init(text: String, column: Int, message: String) {
        self.text = text
        self.column = column
        self.message = message
    }

    /// The message, the constraint, and a caret under the column:
    /// ```
    /// column 11: unknown attribute 'leadin'
    ///   nameLabel.leadin == root.leading
    ///             ^
    /// ```
    public var description: String {
        "column \(column): \(message)\n  \(text)\n  \(caretLine)"
    }

    /// Spaces up to the column, then `^`.
    public var caretLine: String {
        String(repeating: " ", count: max(0, column - 1)) + "^"
    }
}

/// Parses the string form of a constraint:
///
/// ```
/// first relation second [* multiplier] [+|- constant] [@priority]
/// first relation constant [@priority]
/// ```
///
/// `first` and `second` are `viewId.attribute`; a view id is letters, digits and `_`, or
/// (babelfit's extension, for Interface Builder's ids) any text without `]` in brackets:
/// `[8bC-Xf-vdC].leading`.
/// A priority is 1…1000 or `required` (1000), `high` (750), `low` (250). Spaces between
/// tokens are optional. Every error gives the column of the character at fault.
public struct ConstraintParser {
    /// The text's characters, unless it is ASCII.
    private let characters: [Character]
    /// The text's bytes when it is ASCII without a carriage return (nearly every constraint;
    /// "\r\n" is one character): then a character is a byte, read as a byte in the loops
    /// over names and spaces, and a name or number is made from its bytes in one piece.
    private let ascii: [UInt8]?
    /// How many characters the text has.
    private let count: Int
    private let text: String
    private var index = 0

    public static let namedPriorities: [(name: String, value: Int)] = [("required", 1000), ("high", 750), ("low", 250)]

    private init(_ text: String) {
        self.text = text
        let bytes = Array(text.utf8)
        if bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            ascii = bytes
            characters = []
            count = bytes.count
        } else {
            ascii = nil
            characters = Array(text)
            count = characters.count
        }
    }

    /// The characters from `start` up to the current one, as a string.
    private func text(from start: Int) -> String {
        if let ascii { return String(decoding: ascii[start..<index], as: UTF8.self) }
        return String(characters[start..<index])
    }

    public static func parse(_ text: String) throws(ConstraintSyntaxError) -> LayoutConstraint {
        var parser = ConstraintParser(text)
        return try parser.parseConstraint()
    }

    /// Parses `viewId.attribute` alone (the object form's `first` and `second`).
    public static func parseItem(_ text: String) throws(ConstraintSyntaxError) -> ConstraintItem {
        var parser = ConstraintParser(text)
        parser.skipSpaces()
        let item = try parser.parseItem()
        parser.skipSpaces()
        if parser.peek != nil { throw parser.error("unexpected '\(parser.peek!)' after the attribute") }
        return item
    }

    /// A priority in a constraint's `@` suffix or an object's `priority` field.
    public static func priority(named name: String) -> Int? {
        namedPriorities.first { $0.name == name }?.value
    }

    private var peek: Character? { index < count ? character(at: index) : nil }

    private func character(at index: Int) -> Character {
        if let ascii { return Character(Unicode.Scalar(ascii[index])) }
        return characters[index]
    }
    private var column: Int { index + 1 }

    private func error(_ message: String, at column: Int? = nil) -> ConstraintSyntaxError {
        ConstraintSyntaxError(text: text, column: column ?? self.column, message: message)
    }

    private mutating func skipSpaces() {
        skip(while: Self.isSpace(ascii:), Self.isSpace)
    }

    /// Moves past the characters that pass: an ASCII text's bytes tested as bytes, another
    /// text's characters as characters.
    private mutating func skip(while byteTest: (UInt8) -> Bool, _ characterTest: (Character) -> Bool) {
        if let ascii {
            while index < count, byteTest(ascii[index]) { index += 1 }
        } else {
            while let c = peek, characterTest(c) { index += 1 }
        }
    }

    /// `Character.isWhitespace`, with ASCII answered without a look-up of Unicode's properties.
    private static func isSpace(_ c: Character) -> Bool {
        if let ascii = c.asciiValue { return isSpace(ascii: ascii) }
        return c.isWhitespace
    }

    private static func isSpace(ascii: UInt8) -> Bool { ascii == 0x20 || (0x09...0x0D).contains(ascii) }

    /// Consumes `c` and the spaces after it, when `c` is next.
    private mutating func skip(_ c: Character) -> Bool {
        guard peek == c else { return false }
        index += 1
        skipSpaces()
        return true
    }

    private static func isNameCharacter(_ c: Character) -> Bool {
        // ASCII (nearly every name) without a look-up of Unicode's properties.
        if let ascii = c.asciiValue { return isNameCharacter(ascii: ascii) }
        return c.isLetter || c.isNumber
    }

    private static func isNameCharacter(ascii: UInt8) -> Bool {
        (0x61...0x7A).contains(ascii) || (0x41...0x5A).contains(ascii) || (0x30...0x39).contains(ascii) || ascii == 0x5F
    }

    private mutating func parseName() -> String {
        let start = index
        skip(while: Self.isNameCharacter(ascii:), Self.isNameCharacter)
        return text(from: start)
    }

    private mutating func parseItem() throws(ConstraintSyntaxError) -> ConstraintItem {
        // babelfit's extension: a view id that is not a name in brackets (`[8bC-Xf-vdC].top`).
        var view = parseName()
        if view.isEmpty, peek == "[" {
            let open = column
            index += 1
            while let c = peek, c != "]" { index += 1 }
            guard peek == "]" else { throw error("expected ']' to close the view id opened at column \(open)") }
            view = text(from: open)
            index += 1
            guard !view.isEmpty else { throw error("expected a view id between the brackets", at: open) }
        }
        guard !view.isEmpty else {
            throw error(peek == nil ? "expected a view id" : "expected a view id, found '\(peek!)'")
        }
        guard peek == "." else {
            throw error("expected '.' and an attribute after '\(view)'")
        }
        index += 1
        var attributeColumn = column
        var name = parseName()
        // A scroll view's guides: `scroll.contentLayoutGuide.width`, `scroll.frameLayoutGuide.top`.
        if ["contentLayoutGuide", "frameLayoutGuide"].contains(name), peek == "." {
            view += "." + name
            index += 1
            attributeColumn = column
            name = parseName()
        }
        guard !name.isEmpty else { throw error("expected an attribute after '\(view).'") }
        guard let attribute = Attribute(rawValue: name) else {
            let suggestion = Attribute.allCases.first { $0.rawValue.lowercased() == name.lowercased() }
            let hint = suggestion.map { " (did you mean '\($0.rawValue)'?)" } ?? ""
            throw error("unknown attribute '\(name)'\(hint)", at: attributeColumn)
        }
        return ConstraintItem(view: view, attribute: attribute)
    }

    private mutating func parseRelation() throws(ConstraintSyntaxError) -> Relation {
        for relation in Relation.allCases {
            let symbol = Array(relation.rawValue)
            if index + 1 < count, character(at: index) == symbol[0], character(at: index + 1) == symbol[1] {
                index += 2
                return relation
            }
        }
        if peek == "=" { throw error("expected '==' (a single '=' is not a relation)") }
        throw error(peek == nil ? "expected a relation ('==', '>=' or '<=')" : "expected a relation ('==', '>=' or '<='), found '\(peek!)'")
    }

    /// An unsigned decimal number: digits with an optional fraction.
    private mutating func parseNumber(_ what: String) throws(ConstraintSyntaxError) -> Double {
        let start = index
        while let c = peek, c.isASCII, c.isNumber || c == "." { index += 1 }
        let literal = text(from: start)
        guard !literal.isEmpty else {
            throw error(peek == nil ? "expected \(what)" : "expected \(what), found '\(peek!)'")
        }
        guard let value = Double(literal), value.isFinite else {
            throw error("'\(literal)' is not a number", at: start + 1)
        }
        guard value <= maximumMagnitude else {
            throw error("\(literal) is out of range: numbers in a layout lie within ±1,000,000", at: start + 1)
        }
        return value
    }

    private func startsNumber(_ c: Character?) -> Bool {
        guard let c else { return false }
        return c.isASCII && (c.isNumber || c == ".")
    }

    private mutating func parseConstraint() throws(ConstraintSyntaxError) -> LayoutConstraint {
        skipSpaces()
        let firstColumn = column
        let first = try parseItem()
        skipSpaces()
        let relation = try parseRelation()
        skipSpaces()
        var constraint: LayoutConstraint
        if startsNumber(peek) || peek == "-" || peek == "+" {
            // first relation constant
            var sign = 1.0
            if peek == "-" || peek == "+" {
                sign = peek == "-" ? -1 : 1
                index += 1
                skipSpaces()
            }
            let constant = sign * (try parseNumber("a number"))
            constraint = LayoutConstraint(first, relation, constant: constant)
        } else {
            let secondColumn = column
            let second = try parseItem()
            constraint = LayoutConstraint(first, relation, second)
            constraint.secondColumn = secondColumn
            skipSpaces()
            if skip("*") {
                let multiplierColumn = column
                constraint.multiplier = try parseNumber("a multiplier")
                if constraint.multiplier == 0 {
                    throw error("a multiplier of 0 makes a position equal a constant; write the constant instead", at: multiplierColumn)
                }
                skipSpaces()
            }
            if peek == "+" || peek == "-" {
                let sign: Double = peek == "-" ? -1 : 1
                index += 1
                skipSpaces()
                constraint.constant = sign * (try parseNumber("a constant"))
            }
        }
        constraint.firstColumn = firstColumn
        skipSpaces()
        if skip("@") {
            let priorityColumn = column
            if let c = peek, c.isLetter {
                let name = parseName()
                guard let value = Self.priority(named: name) else {
                    throw error("unknown priority '\(name)' (use 1…1000, required, high or low)", at: priorityColumn)
                }
                constraint.priority = value
            } else {
                let value = try parseNumber("a priority")
                guard value == value.rounded(), (1...1000).contains(value) else {
                    throw error("a priority is a whole number from 1 to 1000", at: priorityColumn)
                }
                constraint.priority = Int(value)
            }
            skipSpaces()
        }
        if let c = peek {
            throw error("unexpected '\(c)'")
        }
        if let (message, onSecond) = constraint.invalidity {
            throw error(message, at: onSecond ? constraint.secondColumn : firstColumn)
        }
        return constraint
    }
}
