/// A small XML reader that keeps the line and column of every element, for the
/// formats whose errors must point into the file (`.stringsdict`, XLIFF).
/// It reads what those files contain: a declaration, a DOCTYPE, comments,
/// processing instructions, CDATA, elements, attributes and the predefined and
/// numeric character references. Namespaces are kept as written in names.
public struct MarkupElement: Sendable {
    public enum Node: Sendable {
        case element(MarkupElement)
        case text(String)
    }

    public var name: String
    public var attributes: [String: String]
    public var nodes: [Node]
    public var location: SourceLocation

    public var children: [MarkupElement] {
        nodes.compactMap { if case .element(let element) = $0 { return element } else { return nil } }
    }

    public func children(named name: String) -> [MarkupElement] { children.filter { $0.name == name } }

    public func firstChild(named name: String) -> MarkupElement? { children.first { $0.name == name } }

    /// The text of the element and of all its descendants, in document order.
    public var text: String {
        var result = ""
        for node in nodes {
            switch node {
            case .text(let text): result += text
            case .element(let element): result += element.text
            }
        }
        return result
    }
}

public struct XMLReader {
    private let bytes: [UInt8]
    private let index: LineIndex
    private var position = 0
    private var depth = 0

    /// Reads the root element of a document.
    public static func parse(bytes: [UInt8], file: String) throws -> MarkupElement {
        let (utf8, _) = try TextDecoding.utf8(bytes, file: file)
        var reader = XMLReader(bytes: utf8, index: LineIndex(file: file, bytes: utf8))
        return try reader.document()
    }

    private init(bytes: [UInt8], index: LineIndex) {
        self.bytes = bytes
        self.index = index
    }

    private func starts(with text: String) -> Bool {
        var offset = position
        for byte in text.utf8 {
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
        }
        return true
    }

    private mutating func skip(past terminator: String, what: String) throws {
        let start = position
        while position < bytes.count {
            if starts(with: terminator) {
                position += terminator.utf8.count
                return
            }
            position += 1
        }
        throw index.error("unterminated \(what)", at: start)
    }

    private mutating func skipSpace() {
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".") || byte >= 0x80
        }
    }

    /// Skips what may stand outside or between elements without meaning:
    /// comments, processing instructions and a DOCTYPE.
    private mutating func skipMisc(allowDoctype: Bool) throws {
        while true {
            skipSpace()
            if starts(with: "<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "comment")
            } else if allowDoctype, starts(with: "<!DOCTYPE") {
                let start = position
                var depth = 0
                while position < bytes.count {
                    let byte = bytes[position]
                    position += 1
                    if byte == UInt8(ascii: "[") { depth += 1 }
                    if byte == UInt8(ascii: "]") { depth -= 1 }
                    if byte == UInt8(ascii: ">"), depth <= 0 { break }
                    if position == bytes.count { throw index.error("unterminated DOCTYPE", at: start) }
                }
            } else {
                return
            }
        }
    }

    private mutating func document() throws -> MarkupElement {
        try skipMisc(allowDoctype: true)
        guard position < bytes.count, bytes[position] == UInt8(ascii: "<") else {
            throw index.error(position < bytes.count ? "expected the root element" : "the document is empty", at: position)
        }
        let root = try element()
        try skipMisc(allowDoctype: false)
        guard position == bytes.count else { throw index.error("content after the root element", at: position) }
        return root
    }

    private mutating func name(what: String) throws -> String {
        let start = position
        while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
        guard position > start else { throw index.error("expected \(what)", at: start) }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func element() throws -> MarkupElement {
        let start = position
        depth += 1
        defer { depth -= 1 }
        guard depth < 256 else { throw index.error("elements nested too deeply", at: start) }
        position += 1
        let elementName = try name(what: "an element name")
        var attributes: [String: String] = [:]
        while true {
            let beforeSpace = position
            skipSpace()
            guard position < bytes.count else { throw index.error("unterminated start tag <\(elementName)>", at: start) }
            if starts(with: "/>") {
                position += 2
                return MarkupElement(name: elementName, attributes: attributes, nodes: [], location: index.location(at: start))
            }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                break
            }
            guard position > beforeSpace else { throw index.error("expected whitespace before an attribute", at: position) }
            let attributeStart = position
            let attributeName = try name(what: "an attribute name")
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                throw index.error("expected '=' after attribute \(attributeName)", at: position)
            }
            position += 1
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
                throw index.error("expected a quoted value for attribute \(attributeName)", at: position)
            }
            let quote = bytes[position]
            position += 1
            let valueStart = position
            while position < bytes.count, bytes[position] != quote {
                if bytes[position] == UInt8(ascii: "<") { throw index.error("'<' in an attribute value", at: position) }
                position += 1
            }
            guard position < bytes.count else { throw index.error("unterminated attribute value", at: valueStart - 1) }
            guard attributes[attributeName] == nil else {
                throw index.error("attribute \(attributeName) appears twice", at: attributeStart)
            }
            attributes[attributeName] = try decodeReferences(valueStart..<position)
            position += 1
        }
        var nodes: [MarkupElement.Node] = []
        var text: [UInt8] = []
        func flush() {
            if !text.isEmpty {
                nodes.append(.text(String(decoding: text, as: UTF8.self)))
                text.removeAll()
            }
        }
        while true {
            guard position < bytes.count else {
                throw index.error("element <\(elementName)> is not closed", at: start)
            }
            if starts(with: "</") {
                let closeStart = position
                position += 2
                let closing = try name(what: "an element name")
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
                    throw index.error("expected '>' to end </\(closing)>", at: position)
                }
                guard closing == elementName else {
                    throw index.error("</\(closing)> does not close <\(elementName)>", at: closeStart)
                }
                position += 1
                flush()
                return MarkupElement(name: elementName, attributes: attributes, nodes: nodes, location: index.location(at: start))
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "comment")
            } else if starts(with: "<![CDATA[") {
                position += 9
                let contentStart = position
                try skip(past: "]]>", what: "CDATA section")
                text.append(contentsOf: bytes[contentStart..<(position - 3)])
            } else if starts(with: "<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if bytes[position] == UInt8(ascii: "<") {
                flush()
                nodes.append(.element(try element()))
            } else {
                let textStart = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
                text.append(contentsOf: try decodeReferences(textStart..<position).utf8)
            }
        }
    }

    /// Replaces `&lt;`, `&#10;` and the like in a range of the input.
    private func decodeReferences(_ range: Range<Int>) throws -> String {
        var output: [UInt8] = []
        var offset = range.lowerBound
        while offset < range.upperBound {
            let byte = bytes[offset]
            guard byte == UInt8(ascii: "&") else {
                output.append(byte)
                offset += 1
                continue
            }
            var end = offset + 1
            while end < range.upperBound, bytes[end] != UInt8(ascii: ";"), end - offset < 12 { end += 1 }
            guard end < range.upperBound, bytes[end] == UInt8(ascii: ";") else {
                throw index.error("'&' that starts no character reference", at: offset)
            }
            let entity = String(decoding: bytes[(offset + 1)..<end], as: UTF8.self)
            let scalar: Unicode.Scalar?
            switch entity {
            case "lt": scalar = "<"
            case "gt": scalar = ">"
            case "amp": scalar = "&"
            case "quot": scalar = "\""
            case "apos": scalar = "'"
            default:
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if entity.hasPrefix("#") {
                    scalar = UInt32(entity.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
                } else {
                    scalar = nil
                }
            }
            guard let scalar else { throw index.error("unknown character reference &\(entity);", at: offset) }
            UTF8.encode(scalar) { output.append($0) }
            offset = end + 1
        }
        return String(decoding: output, as: UTF8.self)
    }
}
