import Foundation

/// A JSON value with the place each value starts, for String Catalogs whose
/// errors must name the line, the column and the path of the offending value.
indirect enum JSONValue: Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONNode])
    case object([(key: String, value: JSONNode)])

    var kindName: String {
        switch self {
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A value and where it is: its location and its path from the root
/// (`strings["Hello"].localizations.de.stringUnit.value`).
struct JSONNode: Sendable {
    var value: JSONValue
    var location: SourceLocation
    var path: String

    func error(_ message: String) -> LocalizationError {
        LocalizationError("\(message) (at \(path.isEmpty ? "the root" : path))", at: location)
    }

    func member(_ key: String) -> JSONNode? {
        guard case .object(let pairs) = value else { return nil }
        return pairs.last { $0.key == key }?.value
    }

    var members: [(key: String, value: JSONNode)] {
        if case .object(let pairs) = value { return pairs }
        return []
    }

    func object() throws -> [(key: String, value: JSONNode)] {
        guard case .object(let pairs) = value else { throw error("expected an object, found \(value.kindName)") }
        return pairs
    }

    func string() throws -> String {
        guard case .string(let text) = value else { throw error("expected a string, found \(value.kindName)") }
        return text
    }

    func integer() throws -> Int {
        guard case .number(let number) = value, number.rounded() == number, abs(number) < 1e15 else {
            throw error("expected a whole number, found \(value.kindName)")
        }
        return Int(number)
    }

    func bool() throws -> Bool {
        guard case .bool(let flag) = value else { throw error("expected true or false, found \(value.kindName)") }
        return flag
    }
}

struct JSONReader {
    private let bytes: [UInt8]
    private let index: LineIndex
    private var position = 0
    private var depth = 0

    static func parse(bytes: [UInt8], file: String) throws -> JSONNode {
        let (utf8, _) = try TextDecoding.utf8(bytes, file: file)
        var reader = JSONReader(bytes: utf8, index: LineIndex(file: file, bytes: utf8))
        reader.skipSpace()
        let root = try reader.value(path: "")
        reader.skipSpace()
        guard reader.position == utf8.count else { throw reader.index.error("content after the JSON value", at: reader.position) }
        return root
    }

    private init(bytes: [UInt8], index: LineIndex) {
        self.bytes = bytes
        self.index = index
    }

    private mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private static func memberPath(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
        if plain { return path.isEmpty ? key : "\(path).\(key)" }
        let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\(path)[\"\(escaped)\"]"
    }

    private mutating func value(path: String) throws -> JSONNode {
        guard position < bytes.count else { throw index.error("expected a value, found the end of the file", at: position) }
        let start = position
        let location = index.location(at: start)
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "{"):
            depth += 1
            defer { depth -= 1 }
            guard depth < 512 else { throw index.error("values nested too deeply", at: start) }
            position += 1
            var pairs: [(key: String, value: JSONNode)] = []
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return JSONNode(value: .object(pairs), location: location, path: path)
            }
            while true {
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                    throw index.error("expected a quoted member name", at: position)
                }
                let key = try string()
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                    throw index.error("expected ':' after member \"\(key)\"", at: position)
                }
                position += 1
                skipSpace()
                pairs.append((key, try value(path: Self.memberPath(path, key))))
                skipSpace()
                guard position < bytes.count else { throw index.error("unterminated object", at: start) }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == UInt8(ascii: "}") { position += 1; break }
                throw index.error("expected ',' or '}' in an object", at: position)
            }
            return JSONNode(value: .object(pairs), location: location, path: path)
        case UInt8(ascii: "["):
            depth += 1
            defer { depth -= 1 }
            guard depth < 512 else { throw index.error("values nested too deeply", at: start) }
            position += 1
            var items: [JSONNode] = []
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return JSONNode(value: .array(items), location: location, path: path)
            }
            while true {
                skipSpace()
                items.append(try value(path: "\(path)[\(items.count)]"))
                skipSpace()
                guard position < bytes.count else { throw index.error("unterminated array", at: start) }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == UInt8(ascii: "]") { position += 1; break }
                throw index.error("expected ',' or ']' in an array", at: position)
            }
            return JSONNode(value: .array(items), location: location, path: path)
        case UInt8(ascii: "\""):
            return JSONNode(value: .string(try string()), location: location, path: path)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            for (word, result) in [("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null)] where matches(word) {
                position += word.utf8.count
                return JSONNode(value: result, location: location, path: path)
            }
            throw index.error("unexpected word", at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            while position < bytes.count, "+-.eE0123456789".utf8.contains(bytes[position]) { position += 1 }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            guard let number = Double(text) else { throw index.error("malformed number '\(text)'", at: start) }
            return JSONNode(value: .number(number), location: location, path: path)
        default:
            let shown = String(decoding: [byte], as: UTF8.self)
            throw index.error("unexpected character '\(shown)'", at: start)
        }
    }

    private func matches(_ word: String) -> Bool {
        var offset = position
        for byte in word.utf8 {
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
        }
        return true
    }

    private mutating func string() throws -> String {
        let start = position
        position += 1
        var output: [UInt8] = []
        var pendingHigh: UInt16?
        func appendUnit(_ unit: UInt16) {
            if pendingHigh != nil, !UTF16.isTrailSurrogate(unit) {
                UTF8.encode("\u{FFFD}") { output.append($0) }
                pendingHigh = nil
            }
            if let high = pendingHigh, UTF16.isTrailSurrogate(unit) {
                let scalar = Unicode.Scalar(0x10000 + (UInt32(high) - 0xD800) << 10 + (UInt32(unit) - 0xDC00))!
                UTF8.encode(scalar) { output.append($0) }
                pendingHigh = nil
            } else if UTF16.isLeadSurrogate(unit) {
                pendingHigh = unit
            } else if let scalar = Unicode.Scalar(unit) {
                UTF8.encode(scalar) { output.append($0) }
            } else {
                UTF8.encode("\u{FFFD}") { output.append($0) }
            }
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: output, as: UTF8.self)
            }
            if byte < 0x20 { throw index.error("control character in a string", at: position) }
            guard byte == UInt8(ascii: "\\") else {
                if pendingHigh != nil {
                    UTF8.encode("\u{FFFD}") { output.append($0) }
                    pendingHigh = nil
                }
                output.append(byte)
                position += 1
                continue
            }
            let escapeStart = position
            position += 1
            guard position < bytes.count else { break }
            let code = bytes[position]
            position += 1
            if let control = controlEscape(code) {
                output.append(control)
                continue
            }
            switch code {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(code)
            case UInt8(ascii: "u"):
                guard let unit = hexCodeUnit(bytes, &position) else {
                    throw index.error("\\u must be followed by four hexadecimal digits", at: escapeStart)
                }
                appendUnit(unit)
            default:
                let shown = String(decoding: [code], as: UTF8.self)
                throw index.error("unknown escape '\\\(shown)'", at: escapeStart)
            }
        }
        throw index.error("unterminated string", at: start)
    }
}
