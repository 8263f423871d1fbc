import Foundation

/// A string as a cache key: equal to another only when their UTF-8 bytes are, and hashed once,
/// from those bytes (eight at a time, `bytesHash(_:)`; the key's `hash(into:)` gives that to
/// the seeded `Hasher`).
///
/// Swift's own `String` equality is canonical equivalence: a precomposed "é" equals "e"
/// followed by a combining acute accent. Comparing and hashing that way normalises every
/// non-ASCII string each time, which made a cache hit cost a fifth of shaping the text anew;
/// and it would hand a text the layout of another spelling, which fonts may shape and measure
/// differently (a font without the precomposed glyph falls back, or draws the accent apart),
/// and it would give a translation the text of another spelling. Inlinable, so that the text
/// engine's caches, whose keys these are, compare and hash them where they are used, as when
/// this lived in the text engine.
public struct ExactText: Hashable, Sendable {
    public let string: String
    @usableFromInline let bytesHash: Int

    @inlinable
    public init(_ string: String) {
        var string = string
        bytesHash = string.withUTF8 { ExactText.bytesHash(UnsafeRawBufferPointer($0)) }
        self.string = string
    }

    /// Whether a string is too long to be kept in the string value itself (more than 15 UTF-8
    /// bytes) and has storage of its own, which equal strings read apart each hold once: what
    /// is worth sharing between them.
    @inlinable
    public static func hasStorageOfItsOwn(_ string: String) -> Bool { string.utf8.count > 15 }

    /// The bytes hashed a word at a time, as FxHash does (``mix(_:_:)``), their count last: a
    /// tenth of `Hasher`'s cost for a short text, which every cached width and layout asked for
    /// pays. Equal bytes hash equally; unequal ones are told apart by `==`.
    @inlinable
    public static func bytesHash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hash: UInt64 = 0, offset = 0
        while offset + 8 <= bytes.count {
            hash = mix(hash, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < bytes.count {
            var word: UInt64 = 0
            for index in offset..<bytes.count { word |= UInt64(bytes[index]) << (8 * UInt64(index - offset)) }
            hash = mix(hash, word)
        }
        return Int(truncatingIfNeeded: mix(hash, UInt64(bytes.count)))
    }

    /// A hash with a word mixed in, as FxHash mixes one: rotated, exclusive-ored, multiplied.
    @inlinable
    static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 { ((hash << 5 | hash >> 59) ^ word) &* 0x517C_C1B7_2722_0A95 }

    /// Gives the seeded `Hasher` the text's hash with the words mixed in as ``bytesHash(_:)``
    /// mixes the bytes' words (``mix(_:_:)``), in one call: a key of a text and a few numbers (a
    /// laid-out text's direction, size and width) hashed each number in a call of its own, some
    /// 50 instructions each. A number is given as a word in which equal values are equal
    /// (``hashWord(_:)``).
    @inlinable
    public func hash(into hasher: inout Hasher, mixing first: UInt64, _ second: UInt64, _ third: UInt64 = 0) {
        hasher.combine(Self.mix(Self.mix(Self.mix(UInt64(bitPattern: Int64(bytesHash)), first), second), third))
    }

    /// A double as a word for ``hash(into:mixing:_:_:)``: its bits, with zero and negative zero,
    /// which are equal, one word.
    @inlinable
    public static func hashWord(_ value: Double) -> UInt64 { value == 0 ? 0 : value.bitPattern }

    @inlinable
    public static func == (a: ExactText, b: ExactText) -> Bool {
        guard a.bytesHash == b.bytesHash else { return false }
        return sameBytes(a.string, b.string)
    }

    /// Whether two strings have the same UTF-8 bytes (what makes them the same `ExactText`),
    /// without hashing them: native strings compare as memory.
    @inlinable
    public static func sameBytes(_ a: String, _ b: String) -> Bool {
        a.utf8.withContiguousStorageIfAvailable { first in
            b.utf8.withContiguousStorageIfAvailable { second in
                first.count == second.count && (first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0)
            }
        }.flatMap { $0 } ?? a.utf8.elementsEqual(b.utf8)
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(bytesHash)
    }
}
