import Foundation

/// A string as a cache key: equal to another only when their UTF-8 bytes are, and hashed once,
/// from those bytes.
///
/// Swift's own `String` equality is canonical equivalence: a precomposed "é" equals "e"
/// followed by a combining acute accent. Comparing and hashing that way normalises every
/// non-ASCII string each time, which made a cache hit cost a fifth of shaping the text anew;
/// and it would hand a text the layout of another spelling, which fonts may shape and measure
/// differently (a font without the precomposed glyph falls back, or draws the accent apart).
struct ExactText: Hashable, Sendable {
    let string: String
    private let bytesHash: Int

    init(_ string: String) {
        var string = string
        bytesHash = string.withUTF8 { Self.hash(UnsafeRawBufferPointer($0)) }
        self.string = string
    }

    static func == (a: ExactText, b: ExactText) -> Bool {
        guard a.bytesHash == b.bytesHash else { return false }
        // Native strings (made contiguous in `init`) compare as memory.
        return a.string.utf8.withContiguousStorageIfAvailable { first in
            b.string.utf8.withContiguousStorageIfAvailable { second in
                first.count == second.count && (first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0)
            }
        }.flatMap { $0 } ?? a.string.utf8.elementsEqual(b.string.utf8)
    }

    /// The bytes hashed eight at a time (a multiply and a rotation per word): the dictionary's
    /// own seeded hasher then mixes this one number, rather than running over every byte.
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(truncatingIfNeeded: bytes.count) &* multiplier
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = ((hash ^ word) &* multiplier).rotateLeft(29)
            offset += 8
        }
        var tail: UInt64 = 0
        for index in offset..<bytes.count {
            tail |= UInt64(bytes[index]) << (8 * UInt64(index - offset))
        }
        hash = ((hash ^ tail) &* multiplier).rotateLeft(29)
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytesHash)
    }
}

private extension UInt64 {
    func rotateLeft(_ count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }
}
