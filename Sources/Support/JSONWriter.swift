/// Where a JSON value goes as it is made, piece by piece: the text of it (``JSONWriter``) or
/// a ``JSONValue`` (``JSONValueBuilder``). A value written once against a sink serves both:
/// a report's runs are written straight to text, and the same code gives their JSONValue.
///
/// An object's members must come in the order ``JSONValue`` writes them: their keys sorted
/// (as `String` sorts them); a key is followed by its value. Containers are opened and closed
/// in pairs.
public protocol JSONSink {
    mutating func null()
    mutating func bool(_ value: Bool)
    mutating func number(_ value: Double)
    mutating func string(_ value: String)
    mutating func beginArray()
    mutating func endArray()
    mutating func beginObject()
    mutating func endObject()
    /// The key of the next member of the object open; its value follows.
    mutating func key(_ key: String)
    /// ``key(_:)`` for a key the program spells out.
    mutating func key(_ key: StaticString)
    /// A whole value, an object's members sorted here.
    mutating func value(_ value: JSONValue)
}

extension JSONSink {
    @inlinable public mutating func key(_ key: StaticString) {
        self.key(key.description)
    }

    @inlinable public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case let .bool(flag): bool(flag)
        case let .number(number): self.number(number)
        case let .string(text): string(text)
        case let .array(values):
            beginArray()
            for element in values { self.value(element) }
            endArray()
        case let .object(members):
            beginObject()
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                self.key(key)
                self.value(member)
            }
            endObject()
        }
    }

    /// An array of these elements, each written by `element`.
    @inlinable public mutating func array<Elements: Sequence>(_ elements: Elements, _ element: (inout Self, Elements.Element) -> Void) {
        beginArray()
        for item in elements { element(&self, item) }
        endArray()
    }

    /// An array of strings.
    @inlinable public mutating func array(_ strings: [String]) {
        array(strings) { sink, text in sink.string(text) }
    }

    /// An object whose members `members` writes, keys in order.
    @inlinable public mutating func object(_ members: (inout Self) -> Void) {
        beginObject()
        members(&self)
        endObject()
    }

    /// The member `key`, an object whose members `members` writes, keys in order.
    @inlinable public mutating func object(_ key: StaticString, _ members: (inout Self) -> Void) {
        self.key(key)
        object(members)
    }

    /// The member `key`, with its value written by `value`.
    @inlinable public mutating func member(_ key: StaticString, _ value: (inout Self) -> Void) {
        self.key(key)
        value(&self)
    }

    @inlinable public mutating func member(_ key: StaticString, _ text: String) {
        self.key(key)
        string(text)
    }

    @inlinable public mutating func member(_ key: StaticString, _ number: Double) {
        self.key(key)
        self.number(number)
    }

    @inlinable public mutating func member(_ key: StaticString, _ number: Int) {
        self.key(key)
        self.number(Double(number))
    }

    @inlinable public mutating func member(_ key: StaticString, _ flag: Bool) {
        self.key(key)
        bool(flag)
    }

    /// The member `key` when `text` is there, none otherwise.
    @inlinable public mutating func member(_ key: StaticString, _ text: String?) {
        if let text { member(key, text) }
    }

    @inlinable public mutating func member(_ key: StaticString, _ number: Double?) {
        if let number { member(key, number) }
    }

    @inlinable public mutating func member(_ key: StaticString, _ number: Int?) {
        if let number { member(key, number) }
    }
}

/// JSON text written as it is made, in UTF-8: the bytes ``JSONValue/write(to:indent:)`` writes
/// for the same value (two spaces an indentation level for a pretty one, `": "` after a key;
/// nothing between tokens for a compact one).
public struct JSONWriter: JSONSink {
    /// The text written so far (emptied by ``removeAll()``).
    private var buffer = ByteBuffer()
    /// The indentation of the container open (nil: compact).
    private var level: Int?
    /// How deep the writer is in containers it opened.
    private var depth = 0
    /// Whether the container open has no element yet (at the top: whether no value is written).
    private var first = true
    /// Whether a key was just written, so that its value follows without a separator.
    private var afterKey = false
    #if DEBUG
    /// The last key of each object open, to hold members to key order.
    private var lastKeys: [String?] = []
    #endif

    /// A writer of one value at indentation `indent` (nil: compact), as
    /// ``JSONValue/write(to:indent:)`` writes it.
    public init(indent: Int?) {
        level = indent
    }

    /// A writer of the elements of an array at `indent` whose brackets are written apart
    /// (``JSONValue/writeArray(count:to:indent:element:)`` and ``JSONValue/closeArray(to:indent:)``),
    /// `written` elements of which are written already: each value is written as the next element.
    public init(elementsOfArrayAt indent: Int?, written: Int) {
        level = indent.map { $0 + 1 }
        depth = 1
        first = written == 0
        #if DEBUG
        lastKeys = [nil]
        #endif
    }

    /// Empties the text written so far, keeping the storage; the writer's state stays: what it
    /// writes next follows that text.
    public mutating func removeAll() {
        buffer.removeAll()
    }

    /// Ends the line after the value written, as a file of JSON text ends.
    public mutating func endLine() {
        buffer.append(UInt8(ascii: "\n"))
    }

    /// Counts `count` elements of the array open as written, their text written apart (the
    /// runs of a report, spooled).
    public mutating func skipElements(_ count: Int) {
        precondition(depth > 0 && !afterKey, "elements skipped outside an array")
        if count > 0 { first = false }
    }

    /// The indentation of the container open (nil: compact).
    public var indent: Int? { level }

    /// The text written so far.
    public var text: String { buffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }

    /// The UTF-8 of the text written so far (a copy; ``byteCount`` and ``withUnsafeBytes(_:)``
    /// read it where it is).
    public var bytes: [UInt8] { buffer.array }

    /// How many bytes of text are written so far.
    public var byteCount: Int { buffer.count }

    /// Calls `body` with the UTF-8 of the text written so far.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try buffer.withUnsafeBytes(body)
    }

    public mutating func null() {
        separate()
        append("null")
    }

    public mutating func bool(_ value: Bool) {
        separate()
        append(value ? "true" : "false")
    }

    public mutating func number(_ value: Double) {
        guard let thousandths = Self.thousandths(value) else {
            separate()
            var written: [UInt8] = []
            Self.writeNumber(value, to: &written)
            buffer.append(written)
            return
        }
        // As `writeNumber` writes it, after the separator, in one append: a whole number of
        // thousandths below a billion is at most 13 digits, a sign and a point.
        appendValue(upTo: 16) { Self.writeDecimal(thousandths, places: 3, at: $0) }
    }

    public mutating func string(_ value: String) {
        quoted(value, then: nil)
    }

    /// Writes `value` as a string, followed by `suffix` when there is one, with its separator:
    /// a string without an escape (most of them) in one piece; another as `writeString`
    /// writes it.
    private mutating func quoted(_ value: String, then suffix: StaticString?) {
        var text = value
        let plain = text.withUTF8 { utf8 in
            guard !Self.needsEscape(utf8) else { return false }
            (suffix ?? "").withUTF8Buffer { after in
                appendValue(upTo: utf8.count + 2 + after.count) { out in
                    let count = Self.quoted(UnsafeRawBufferPointer(utf8), at: out)
                    if let start = after.baseAddress { (out + count).initialize(from: start, count: after.count) }
                    return count + after.count
                }
            }
            return true
        }
        guard !plain else { return }
        separate()
        var written: [UInt8] = []
        Self.writeString(value, to: &written)
        buffer.append(written)
        if let suffix { append(suffix) }
    }

    public mutating func beginArray() {
        open(UInt8(ascii: "["))
    }

    public mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    public mutating func beginObject() {
        open(UInt8(ascii: "{"))
    }

    public mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    public mutating func key(_ key: String) {
        #if DEBUG
        noteKey(key)
        #endif
        quoted(key, then: level == nil ? ":" : ": ")
        afterKey = true
    }

    #if DEBUG
    /// Holds the members of the object open to key order.
    private mutating func noteKey(_ key: String) {
        if let last = lastKeys[lastKeys.count - 1] {
            assert(last < key, "JSON members out of key order: \(last) before \(key)")
        }
        lastKeys[lastKeys.count - 1] = key
    }
    #endif

    public mutating func key(_ key: StaticString) {
        #if DEBUG
        noteKey(key.description)
        #endif
        // The separator, the quoted key and `":"` (`": "` pretty) in one append.
        let pretty = level != nil
        key.withUTF8Buffer { utf8 in
            appendValue(upTo: utf8.count + 4) { out in
                var count = Self.quoted(UnsafeRawBufferPointer(utf8), at: out)
                out[count] = UInt8(ascii: ":")
                count += 1
                if pretty {
                    out[count] = UInt8(ascii: " ")
                    count += 1
                }
                return count
            }
        }
        afterKey = true
    }

    /// Whether JSON escapes the byte in a string (``writeString(_:to:)``).
    @inline(__always)
    private static func escapes(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Whether a byte of `text` is one JSON escapes (``escapes(_:)``): read eight bytes at a time,
    /// a word holding a control, a quote or a backslash found by the bit tests that find a zero
    /// byte (each exact for the word as a whole), the last few bytes one by one.
    @inline(__always)
    private static func needsEscape(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        /// The high bit of some byte set when some byte of `word` is below `limit` (at most 0x80).
        func below(_ word: UInt64, _ limit: UInt64) -> UInt64 { (word &- ones &* limit) & ~word & highs }
        var index = 0
        while index + 8 <= text.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if below(word, 0x20) | below(word ^ (ones &* 0x22), 1) | below(word ^ (ones &* 0x5C), 1) != 0 { return true }
            index += 8
        }
        while index < text.count {
            if escapes(base[index]) { return true }
            index += 1
        }
        return false
    }

    /// Writes `text`, which needs no escape, between quotes at `out`; returns how many bytes.
    @inline(__always)
    private static func quoted(_ text: UnsafeRawBufferPointer, at out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = UInt8(ascii: "\"")
        if let base = text.baseAddress, !text.isEmpty {
            (out + 1).update(from: base.assumingMemoryBound(to: UInt8.self), count: text.count)
        }
        out[text.count + 1] = UInt8(ascii: "\"")
        return text.count + 2
    }

    /// Appends what ``separate(at:)`` writes, then the bytes `token` writes (at most `count`,
    /// how many it returns), written where they go (``ByteBuffer/reserve(_:)``).
    @inline(__always)
    private mutating func appendValue(upTo count: Int, _ token: (UnsafeMutablePointer<UInt8>) -> Int) {
        let start = buffer.reserve(2 + 2 * (level ?? 0) + count)
        var written = separate(at: start)
        written += token(start + written)
        buffer.commit(written)
    }

    /// What comes before a value, written at `out` (room for `2 + 2 * level`): nothing after a
    /// key or at the top; else a comma after an element, and for a pretty value a line break and
    /// the indentation. Returns how many bytes.
    @inline(__always)
    private mutating func separate(at out: UnsafeMutablePointer<UInt8>) -> Int {
        if afterKey {
            afterKey = false
            return 0
        }
        guard depth > 0 else { return 0 }
        var count = 0
        if !first {
            out[0] = UInt8(ascii: ",")
            count = 1
        }
        first = false
        if let level {
            out[count] = UInt8(ascii: "\n")
            (out + count + 1).initialize(repeating: UInt8(ascii: " "), count: 2 * level)
            count += 1 + 2 * level
        }
        return count
    }

    /// Appends the string `value` quoted and escaped, as JSON writes it: `"` and `\` escaped,
    /// `\n`, `\r` and `\t` as such and other controls as `\u00XX`; everything else as it is.
    public static func writeString(_ value: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            // Most strings need no escape: appended whole; else the runs between escapes.
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard escapes(byte) else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
                case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                              hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `value` as ``Number/format(_:)`` writes it: below a billion (most numbers of a
    /// report) straight from its thousandths, `(value * 1000).rounded()`, which is how
    /// `Number.format` writes those too (a whole number of thousandths is an integer, the rest
    /// are the digits after the point, trailing zeros dropped); else through that function.
    public static func writeNumber(_ value: Double, to bytes: inout [UInt8]) {
        guard let thousandths = thousandths(value) else {
            bytes.append(contentsOf: Number.format(value).utf8)
            return
        }
        writeDecimal(thousandths, places: 3, to: &bytes)
    }

    /// `value` rounded to a whole number of thousandths, as ``writeNumber(_:to:)`` writes it;
    /// nil for a number it writes in the general form: large, or not finite (NaN fails the
    /// comparison).
    @inline(__always)
    private static func thousandths(_ value: Double) -> Int64? {
        let scaled = (value * 1000).rounded()
        return abs(scaled) < 1e12 ? Int64(scaled) : nil
    }

    /// `units` of 10^-`places` as a decimal: the whole part, then the fraction's digits
    /// without trailing zeros (none for a whole number).
    public static func writeDecimal(_ units: Int64, places: Int, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in  // Int64's 19 digits, a sign and a point
            bytes.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress!,
                                                         count: writeDecimal(units, places: places, at: buffer.baseAddress!)))
        }
    }

    /// ``writeDecimal(_:places:to:)`` at `out`, which has room for it (24 bytes); returns how many bytes.
    @inline(__always)
    static func writeDecimal(_ units: Int64, places: Int, at out: UnsafeMutablePointer<UInt8>) -> Int {
        var scale: UInt64 = 1
        for _ in 0..<places { scale *= 10 }
        var whole = units.magnitude / scale, fraction = units.magnitude % scale
        var count = 0
        if units < 0 {
            out[0] = UInt8(ascii: "-")
            count = 1
        }
        // The whole part's digits, counted first, then written from the last.
        var digits = 1, rest = whole / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        for place in stride(from: count + digits - 1, through: count, by: -1) {
            out[place] = UInt8(ascii: "0") + UInt8(whole % 10)
            whole /= 10
        }
        count += digits
        guard fraction > 0 else { return count }
        out[count] = UInt8(ascii: ".")
        count += 1
        var place = scale / 10
        while fraction > 0 {
            out[count] = UInt8(ascii: "0") + UInt8(fraction / place)
            count += 1
            fraction %= place
            place /= 10
        }
        return count
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { buffer.append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends what comes before a value (``separate(at:)``).
    private mutating func separate() {
        appendValue(upTo: 0) { _ in 0 }
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        buffer.append(bracket)
        depth += 1
        first = true
        level = level.map { $0 + 1 }
        #if DEBUG
        lastKeys.append(nil)
        #endif
    }

    private mutating func close(_ bracket: UInt8) {
        precondition(depth > 0, "a JSON container closed that is not open")
        depth -= 1
        level = level.map { $0 - 1 }
        if !first, let level { newline(level) }
        buffer.append(bracket)
        // The container closed is an element of the one around it.
        first = false
        #if DEBUG
        lastKeys.removeLast()
        #endif
    }

    private mutating func newline(_ level: Int) {
        let out = buffer.reserve(1 + 2 * level)
        out[0] = UInt8(ascii: "\n")
        (out + 1).initialize(repeating: UInt8(ascii: " "), count: 2 * level)
        buffer.commit(1 + 2 * level)
    }
}

/// A ``JSONValue`` made by what is written to it as to a ``JSONWriter``.
public struct JSONValueBuilder: JSONSink {
    private enum Open {
        case array([JSONValue])
        case object([String: JSONValue], key: String?)
    }

    private var open: [Open] = []
    /// The value made, once it is whole.
    public private(set) var result: JSONValue?

    public init() {}

    /// The value that `write` writes to a builder.
    public static func build(_ write: (inout JSONValueBuilder) -> Void) -> JSONValue {
        var builder = JSONValueBuilder()
        write(&builder)
        guard let result = builder.result, builder.open.isEmpty else { preconditionFailure("no whole JSON value was written") }
        return result
    }

    public mutating func null() { value(.null) }
    public mutating func bool(_ value: Bool) { self.value(.bool(value)) }
    public mutating func number(_ value: Double) { self.value(.number(value)) }
    public mutating func string(_ value: String) { self.value(.string(value)) }
    public mutating func beginArray() { open.append(.array([])) }
    public mutating func beginObject() { open.append(.object([:], key: nil)) }

    public mutating func endArray() {
        guard case let .array(values) = open.popLast() else { preconditionFailure("no JSON array is open") }
        value(.array(values))
    }

    public mutating func endObject() {
        guard case let .object(members, nil) = open.popLast() else { preconditionFailure("no JSON object is open") }
        value(.object(members))
    }

    public mutating func key(_ key: String) {
        guard case let .object(members, nil) = open.popLast() else { preconditionFailure("a key outside a JSON object") }
        open.append(.object(members, key: key))
    }

    public mutating func value(_ value: JSONValue) {
        switch open.popLast() {
        case nil:
            precondition(result == nil, "a second JSON value at the top")
            result = value
        case var .array(values)?:
            values.append(value)
            open.append(.array(values))
        case .object(var members, let key?)?:
            members[key] = value
            open.append(.object(members, key: nil))
        case .object(_, nil)?:
            preconditionFailure("a JSON member without a key")
        }
    }
}
