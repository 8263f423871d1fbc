/// Bytes appended a few at a time, each piece written in place at the end (``JSONWriter``'s
/// text, a picture's deflate stream): a report is written in pieces of a few bytes (a key, a
/// number, a line's indentation), and an array's general `append(contentsOf:)` cost each piece
/// some hundred instructions beyond the bytes themselves.
///
/// A value: a copy shares the storage until one of them is written to, when the one written to
/// takes storage of its own (as an array does).
public struct ByteBuffer {
    private final class Storage {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int

        init(capacity: Int) {
            base = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        deinit {
            base.deallocate()
        }
    }

    private var storage: Storage
    /// How many bytes are written.
    public private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 1024) {
        storage = Storage(capacity: max(capacity, 16))
    }

    /// Where the next `room` bytes go: the caller writes up to that many there, then says how
    /// many with ``commit(_:)``. Nothing else may be written in between.
    @inline(__always)
    public mutating func reserve(_ room: Int) -> UnsafeMutablePointer<UInt8> {
        if count + room > storage.capacity || !isKnownUniquelyReferenced(&storage) { grow(room) }
        return storage.base + count
    }

    /// Counts `written` bytes, written where ``reserve(_:)`` said, as appended.
    @inline(__always)
    public mutating func commit(_ written: Int) {
        count += written
    }

    /// Storage of this buffer's own with room for `room` more bytes: twice the capacity, or more.
    @inline(never)
    private mutating func grow(_ room: Int) {
        let grown = Storage(capacity: max(2 * storage.capacity, count + room))
        grown.base.initialize(from: storage.base, count: count)
        storage = grown
    }

    public mutating func append(_ byte: UInt8) {
        reserve(1).pointee = byte
        count += 1
    }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count).initialize(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count += bytes.count
    }

    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Empties the buffer, keeping its storage when it is its own.
    public mutating func removeAll() {
        count = 0
    }

    /// Calls `body` with the bytes written.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(storage) {
            try body(UnsafeRawBufferPointer(start: storage.base, count: count))
        }
    }

    /// The bytes written, as an array.
    public var array: [UInt8] {
        withUnsafeBytes { Array($0) }
    }
}
