import CDigest

/// SHA-256 (FIPS 180-4), to check font files against the digests the catalog records: the
/// toolchain on Linux brings no hashing library, and babelfit depends on no package. Where the
/// processor has the SHA extensions, the blocks are compressed by them (`CDigest`), about ten
/// times faster: a check opens megabytes of fonts, and hashing them in Swift took a seventh of
/// checking `Layouts/`.
enum SHA256 {
    /// Whether the blocks are compressed with the processor's SHA extensions.
    static let usesHardware = bf_sha256_hardware() == 1

    /// The digest of `bytes` as 64 lowercase hexadecimal digits.
    /// `hardware`: whether the SHA extensions compress the blocks (where the processor has them).
    static func hex<Bytes: Collection>(_ bytes: Bytes, hardware: Bool = usesHardware) -> String where Bytes.Element == UInt8 {
        precondition(!hardware || usesHardware, "the processor has no SHA extensions")
        var state = State(hardware: hardware)
        // The whole blocks are read where the bytes are (a font file is megabytes); the last
        // bytes, the 0x80 after them and the length go through a padded block or two.
        let length = bytes.withContiguousStorageIfAvailable { buffer -> Int in
            state.consume(buffer)
            return buffer.count
        } ?? Array(bytes).withUnsafeBufferPointer { buffer -> Int in
            state.consume(buffer)
            return buffer.count
        }
        return state.hex(length: length)
    }

    /// The hash state between blocks, and the bytes not yet in a block.
    private struct State {
        var hash: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
            (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
        var tail: [UInt8] = []
        let hardware: Bool

        /// Hashes the whole blocks of `buffer` and keeps the rest.
        mutating func consume(_ buffer: UnsafeBufferPointer<UInt8>) {
            let whole = buffer.count / 64 * 64
            if whole > 0, let base = buffer.baseAddress { compress(base, blocks: whole / 64) }
            tail = Array(buffer[whole...])
        }

        /// The padded last blocks hashed, then the digest in hexadecimal.
        mutating func hex(length: Int) -> String {
            var last = tail
            last.append(0x80)
            while last.count % 64 != 56 { last.append(0) }
            let bitLength = UInt64(length) &* 8
            for shift in stride(from: 56, through: 0, by: -8) { last.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
            last.withUnsafeBufferPointer { compress($0.baseAddress!, blocks: $0.count / 64) }
            let words = [hash.0, hash.1, hash.2, hash.3, hash.4, hash.5, hash.6, hash.7]
            let digits = Array("0123456789abcdef")
            return String(words.flatMap { word in (0..<8).map { digits[Int(word >> UInt32(28 - $0 * 4) & 0xF)] } })
        }

        /// FIPS 180-4's compression of `blocks` blocks of 64 bytes from `bytes`.
        private mutating func compress(_ bytes: UnsafePointer<UInt8>, blocks: Int) {
            if hardware {
                var words = [hash.0, hash.1, hash.2, hash.3, hash.4, hash.5, hash.6, hash.7]
                bf_sha256_blocks(&words, bytes, blocks)
                hash = (words[0], words[1], words[2], words[3], words[4], words[5], words[6], words[7])
            } else {
                compressInSwift(bytes, blocks: blocks)
            }
        }

        /// ``compress(_:blocks:)`` in Swift, for a processor without the SHA extensions.
        private mutating func compressInSwift(_ bytes: UnsafePointer<UInt8>, blocks: Int) {
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                let k = bf_sha256_constants()!
                var (h0, h1, h2, h3, h4, h5, h6, h7) = hash
                for block in 0..<blocks {
                    let base = bytes + block * 64
                    for i in 0..<16 {
                        let j = base + i * 4
                        w[i] = UInt32(j[0]) << 24 | UInt32(j[1]) << 16 | UInt32(j[2]) << 8 | UInt32(j[3])
                    }
                    for i in 16..<64 {
                        let s0 = w[i - 15].rotatedRight(7) ^ w[i - 15].rotatedRight(18) ^ (w[i - 15] >> 3)
                        let s1 = w[i - 2].rotatedRight(17) ^ w[i - 2].rotatedRight(19) ^ (w[i - 2] >> 10)
                        w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                    }
                    var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
                    for i in 0..<64 {
                        let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                        let choice = (e & f) ^ (~e & g)
                        let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                        let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = s0 &+ majority
                        h = g; g = f; f = e; e = d &+ t1; d = c; c = b; b = a; a = t1 &+ t2
                    }
                    h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d
                    h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
                }
                hash = (h0, h1, h2, h3, h4, h5, h6, h7)
            }
        }
    }
}

private extension UInt32 {
    func rotatedRight(_ count: UInt32) -> UInt32 { self >> count | self << (32 - count) }
}
