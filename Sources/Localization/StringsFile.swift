import Support

/// One `key = value;` pair of a `.strings` file, with the comment above it.
public struct StringsEntry: Hashable, Sendable {
    public var key: String
    public var value: String
    /// The translator's context: the text of the comments just before the entry.
    public var comment: String?
    /// Where the key starts.
    public var location: SourceLocation
}

/// A `.strings` file as read: every entry in file order (duplicates included),
/// and the encoding it was written in.
public struct StringsFile: Sendable {
    public var path: String
    public var encoding: TextEncoding
    public var entries: [StringsEntry]

    /// The value of each key; where a key repeats, the last one wins, as on iOS.
    public var values: [String: String] {
        var result: [String: String] = [:]
        for entry in entries { result[entry.key] = entry.value }
        return result
    }

    /// Entries whose key appeared earlier in the file, each with the first place.
    public var duplicates: [(entry: StringsEntry, first: SourceLocation)] {
        var first: [String: SourceLocation] = [:]
        first.reserveCapacity(entries.count)
        var result: [(StringsEntry, SourceLocation)] = []
        for entry in entries {
            if let earlier = first[entry.key] {
                result.append((entry, earlier))
            } else {
                first[entry.key] = entry.location
            }
        }
        return result
    }

    public init(path: String) throws {
        let raw = try TextDecoding.readRaw(path: path)
        try self.init(bytes: raw, path: path)
    }

    public init(bytes: [UInt8], path: String) throws {
        let (utf8, encoding) = try TextDecoding.utf8(bytes, file: path)
        var parser = StringsParser(bytes: utf8, index: LineIndex(file: path, bytes: utf8))
        self.path = path
        self.encoding = encoding
        self.entries = try parser.parse()
    }
}

/// The old-style property-list grammar that `.strings` files use:
/// `entry := string ( '=' string )? ';'`, where a string is quoted (with
/// backslash escapes: `\" \\ \n \t \r \a \b \f \v`, octal `\ddd`, `\U` and four
/// hex digits; any other escaped character stands for itself) or a bare token
/// of letters, digits and `_$+/:.-`; `/* … */` and `// …` comments may come
/// between any two tokens.
struct StringsParser {
    let bytes: [UInt8]
    let index: LineIndex
    var position = 0
    var pendingComments: [String] = []
    /// The values read so far that are too long to be stored in the string itself (more than 15
    /// UTF-8 bytes): a value written again is given the first one's string, whose storage it then
    /// shares. A file repeats its values ("Cancel", a sentence used on several screens): of the
    /// 558,000 values of a 2,000-layout project in 12 languages, 238,000 differ, and the repeated
    /// long ones held 10 MB of the 48 MB of string storage kept for the whole check. The same
    /// bytes, not String's canonical equivalence: a value keeps its own spelling, and is hashed
    /// without being normalized.
    private var longValues: Set<ExactText> = []

    init(bytes: [UInt8], index: LineIndex) {
        self.bytes = bytes
        self.index = index
    }

    mutating func parse() throws -> [StringsEntry] {
        var entries: [StringsEntry] = []
        while true {
            try skipSpaceAndComments()
            guard position < bytes.count else { break }
            let comment = pendingComments.isEmpty ? nil : pendingComments.joined(separator: "\n")
            pendingComments.removeAll()
            let keyStart = position
            let key = try readString(what: "a key")
            try skipSpaceAndComments()
            var value = key
            if position < bytes.count, bytes[position] == UInt8(ascii: "=") {
                position += 1
                try skipSpaceAndComments()
                value = try readString(what: "a value")
                if ExactText.hasStorageOfItsOwn(value) { value = longValues.insert(ExactText(value)).memberAfterInsert.string }
                try skipSpaceAndComments()
            }
            guard position < bytes.count, bytes[position] == UInt8(ascii: ";") else {
                throw index.error("expected ';' after the entry for \"\(key)\"", at: position)
            }
            position += 1
            entries.append(StringsEntry(key: key, value: value, comment: comment, location: index.location(at: keyStart)))
            pendingComments.removeAll()
        }
        return entries
    }

    private mutating func skipSpaceAndComments() throws {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B {
                position += 1
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                let start = position
                position += 2
                var end: Int?
                while position + 1 < bytes.count {
                    if bytes[position] == UInt8(ascii: "*"), bytes[position + 1] == UInt8(ascii: "/") {
                        end = position
                        break
                    }
                    position += 1
                }
                guard let end else { throw index.error("unterminated comment", at: start) }
                position = end + 2
                pendingComments.append(trimmed(bytes[(start + 2)..<end]))
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                let start = position + 2
                while position < bytes.count, bytes[position] != 0x0A { position += 1 }
                pendingComments.append(trimmed(bytes[start..<position]))
            } else {
                return
            }
        }
    }

    private func trimmed(_ slice: ArraySlice<UInt8>) -> String {
        String(decoding: slice, as: UTF8.self).trimmingWhitespace()
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "_$+/:.-".utf8.contains(byte) || byte >= 0x80
        }
    }

    private mutating func readString(what: String) throws -> String {
        guard position < bytes.count else { throw index.error("expected \(what), found the end of the file", at: position) }
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            return try readQuoted(quote: byte)
        }
        guard Self.isTokenByte(byte) else {
            let shown = String(decoding: [byte], as: UTF8.self)
            throw index.error("expected \(what), found '\(shown)'", at: position)
        }
        let start = position
        while position < bytes.count, Self.isTokenByte(bytes[position]) {
            // A comment may follow a bare token without a space.
            if bytes[position] == UInt8(ascii: "/"), position + 1 < bytes.count,
               bytes[position + 1] == UInt8(ascii: "/") || bytes[position + 1] == UInt8(ascii: "*") {
                break
            }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func readQuoted(quote: UInt8) throws -> String {
        let start = position
        position += 1
        // The bytes since the last escape (or the quote) are copied in one piece; a string
        // without escapes is made from the file's bytes.
        var output: [UInt8] = []
        var escaped = false
        var segment = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote {
                let end = position
                position += 1
                guard escaped else { return String(decoding: bytes[segment..<end], as: UTF8.self) }
                output.append(contentsOf: bytes[segment..<end])
                return String(decoding: output, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                output.append(contentsOf: bytes[segment..<position])
                escaped = true
                try readEscape(into: &output)
                segment = position
            } else {
                position += 1
            }
        }
        throw index.error("unterminated string", at: start)
    }

    private mutating func readEscape(into output: inout [UInt8]) throws {
        let escapeStart = position
        position += 1
        guard position < bytes.count else { throw index.error("unterminated string", at: escapeStart) }
        let code = bytes[position]
        position += 1
        func append(_ scalar: Unicode.Scalar) { UTF8.encode(scalar) { output.append($0) } }
        if let control = controlEscape(code) {
            output.append(control)
            return
        }
        switch code {
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"): output.append(code)
        case UInt8(ascii: "a"): output.append(0x07)
        case UInt8(ascii: "v"): output.append(0x0B)
        case 0x0A: output.append(0x0A)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = UInt32(code - UInt8(ascii: "0"))
            var digits = 1
            while digits < 3, position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[position]) {
                value = value * 8 + UInt32(bytes[position] - UInt8(ascii: "0"))
                position += 1
                digits += 1
            }
            guard let scalar = Unicode.Scalar(value) else { throw index.error("bad octal escape", at: escapeStart) }
            append(scalar)
        case UInt8(ascii: "U"), UInt8(ascii: "u"):
            var units: [UInt16] = [try readHex4(escapeStart: escapeStart)]
            // A high surrogate is completed by a following \U escape with the low one.
            if UTF16.isLeadSurrogate(units[0]), position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
               bytes[position + 1] == UInt8(ascii: "U") || bytes[position + 1] == UInt8(ascii: "u") {
                position += 2
                units.append(try readHex4(escapeStart: escapeStart))
            }
            var decoder = UTF16()
            var iterator = units.makeIterator()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
                throw index.error("\\U escape names an unpaired surrogate", at: escapeStart)
            }
            append(scalar)
        default:
            // Any other escaped character stands for itself (`\/`, `\(`), as in
            // Apple's old-style property-list parser; copy its whole UTF-8 sequence.
            output.append(code)
            while position < bytes.count, bytes[position] & 0xC0 == 0x80 {
                output.append(bytes[position])
                position += 1
            }
        }
    }

    private mutating func readHex4(escapeStart: Int) throws -> UInt16 {
        guard let unit = hexCodeUnit(bytes, &position) else {
            throw index.error("\\U must be followed by four hexadecimal digits", at: escapeStart)
        }
        return unit
    }
}

/// The byte a one-letter escape stands for in both strings files and JSON
/// (`\n \t \r \b \f`), or nil.
func controlEscape(_ code: UInt8) -> UInt8? {
    switch code {
    case UInt8(ascii: "n"): return 0x0A
    case UInt8(ascii: "t"): return 0x09
    case UInt8(ascii: "r"): return 0x0D
    case UInt8(ascii: "b"): return 0x08
    case UInt8(ascii: "f"): return 0x0C
    default: return nil
    }
}

/// Four hexadecimal digits at `position` as a UTF-16 code unit (advancing past
/// them), or nil when there are not four.
func hexCodeUnit(_ bytes: [UInt8], _ position: inout Int) -> UInt16? {
    var value: UInt16 = 0
    for _ in 0..<4 {
        guard position < bytes.count, let digit = hexValue(bytes[position]) else { return nil }
        value = value << 4 | UInt16(digit)
        position += 1
    }
    return value
}

func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.unicodeScalars.first, first.properties.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.unicodeScalars.last, last.properties.isWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
