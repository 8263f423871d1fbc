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
        var hasher = Hasher()
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        bytesHash = hasher.finalize()
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

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytesHash)
    }
}
