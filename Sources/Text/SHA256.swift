/// SHA-256 (FIPS 180-4), to check font files against the digests the catalog records: the
/// toolchain on Linux brings no hashing library, and babelfit depends on no package.
enum SHA256 {
    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// The digest of `bytes` as 64 lowercase hexadecimal digits.
    static func hex<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var state = State()
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
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                SHA256.k.withUnsafeBufferPointer { k in
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
}

private extension UInt32 {
    func rotatedRight(_ count: UInt32) -> UInt32 { self >> count | self << (32 - count) }
}
