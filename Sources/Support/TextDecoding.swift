import Foundation

/// The encodings a strings file may use, as its bytes reveal them.
public enum TextEncoding: String, Sendable {
    case utf8, utf16LittleEndian, utf16BigEndian
}

/// Turns a file's bytes into UTF-8, whatever Unicode encoding it uses: a
/// byte-order mark decides when there is one; otherwise the pattern of zero
/// bytes in the first characters tells UTF-16 (ASCII text in UTF-16 has a zero
/// in every other byte) from UTF-8.
public enum TextDecoding {
    public static func detect(_ bytes: [UInt8]) -> (encoding: TextEncoding, bomLength: Int) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return (.utf8, 3) }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { return (.utf16LittleEndian, 2) }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return (.utf16BigEndian, 2) }
        let sample = bytes.prefix(200)
        guard sample.count >= 2 else { return (.utf8, 0) }
        var zeroEven = 0
        var zeroOdd = 0
        for (index, byte) in sample.enumerated() where byte == 0 {
            if index % 2 == 0 { zeroEven += 1 } else { zeroOdd += 1 }
        }
        let pairs = sample.count / 2
        if zeroOdd * 3 >= pairs && zeroOdd > zeroEven { return (.utf16LittleEndian, 0) }
        if zeroEven * 3 >= pairs && zeroEven > zeroOdd { return (.utf16BigEndian, 0) }
        // Mostly non-Latin text has few zero bytes; but a file that is not UTF-8 and whose first
        // character is ASCII (a quote, a slash, white space: how these files begin) shows its
        // byte order in its first two bytes.
        if bytes.count % 2 == 0, !isValidUTF8(bytes) {
            if bytes[0] == 0, bytes[1] != 0, bytes[1] < 0x80 { return (.utf16BigEndian, 0) }
            if bytes[0] != 0, bytes[0] < 0x80, bytes[1] == 0 { return (.utf16LittleEndian, 0) }
        }
        return (.utf8, 0)
    }

    /// Whether the bytes are well-formed UTF-8 (the standard library's check, in one pass).
    public static func isValidUTF8(_ bytes: some Collection<UInt8>) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil
    }

    /// UTF-8 bytes of the text, without byte-order mark. Throws with the line and
    /// column of the first byte sequence that is not valid in the encoding.
    public static func utf8(_ bytes: [UInt8], file: String) throws -> (bytes: [UInt8], encoding: TextEncoding) {
        let (encoding, bomLength) = detect(bytes)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        switch encoding {
        case .utf8:
            // Well-formed UTF-8 (nearly every file) decodes to itself: checked in one pass, copied
            // as it is; only a file with an ill-formed sequence is decoded scalar by scalar, to
            // find where.
            let body = bytes[bomLength...]
            if isValidUTF8(body) { return (Array(body), encoding) }
            try transcode(body, from: UTF8.self, into: &output, file: file, problem: "invalid UTF-8 byte sequence")
        case .utf16LittleEndian, .utf16BigEndian:
            let body = bytes[bomLength...]
            guard body.count % 2 == 0 else {
                throw LineIndex(file: file, bytes: []).error("UTF-16 text with an odd number of bytes", at: 0)
            }
            var units: [UInt16] = []
            units.reserveCapacity(body.count / 2)
            var index = body.startIndex
            while index < body.endIndex {
                let first = UInt16(body[index])
                let second = UInt16(body[index + 1])
                units.append(encoding == .utf16LittleEndian ? first | second << 8 : first << 8 | second)
                index += 2
            }
            try transcode(units, from: UTF16.self, into: &output, file: file, problem: "unpaired UTF-16 surrogate")
        }
        return (output, encoding)
    }

    /// Decodes code units of `codec` and appends them as UTF-8; the first
    /// invalid sequence is an error at the place reached in the output.
    private static func transcode<Codec: UnicodeCodec, Units: Sequence>(
        _ units: Units, from codec: Codec.Type, into output: inout [UInt8], file: String, problem: String
    ) throws where Units.Element == Codec.CodeUnit {
        var decoder = Codec()
        var iterator = units.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                UTF8.encode(scalar) { output.append($0) }
            case .emptyInput:
                return
            case .error:
                throw LineIndex(file: file, bytes: output).error(problem, at: output.count)
            }
        }
    }

    /// Reads a file into UTF-8 bytes, naming the file when it cannot be opened.
    public static func read(path: String) throws -> (bytes: [UInt8], encoding: TextEncoding) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError("cannot read the file", at: SourceLocation(file: path, line: 1, column: 1))
        }
        return try utf8([UInt8](data), file: path)
    }

    public static func readRaw(path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError("cannot read the file", at: SourceLocation(file: path, line: 1, column: 1))
        }
        return [UInt8](data)
    }
}
