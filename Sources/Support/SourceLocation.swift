/// A place in a file: 1-based line and column, where a column counts Unicode
/// scalars from the start of the line (so a UTF-16 file and its UTF-8 twin give
/// the same columns).
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// A file that could not be read, or could not be read completely: it names the
/// file, the line and the column where reading stopped. (Localization calls it
/// `LocalizationError`.)
public struct ReadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(_ message: String, at location: SourceLocation) {
        self.location = location
        self.message = message
    }

    public var file: String { location.file }
    public var line: Int { location.line }
    public var column: Int { location.column }

    public var description: String { "\(location): error: \(message)" }
}

/// Maps byte offsets of a UTF-8 buffer to lines and columns. Built once per
/// file; a lookup is a binary search over the line starts.
public struct LineIndex: Sendable {
    public let file: String
    private let bytes: [UInt8]
    private var lineStarts: [Int] = [0]

    public init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            lineStarts.append(offset + 1)
        }
    }

    public func location(at offset: Int) -> SourceLocation {
        let target = min(max(offset, 0), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= target { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = lineStarts[low]
        while index < target {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceLocation(file: file, line: low + 1, column: column)
    }

    public func error(_ message: String, at offset: Int) -> ReadError {
        ReadError(message, at: location(at: offset))
    }
}
