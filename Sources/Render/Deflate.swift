import Support

/// A zlib stream (RFC 1950) of deflate blocks (RFC 1951) made for pictures whose rows were
/// filtered with `up`: the caller gives literal bytes and runs of a repeated pixel (a match at a
/// distance of one pixel), found by comparing words rather than by searching a window as zlib
/// does, which is where zlib spends its time. Each block gets Huffman codes built from its own
/// symbol counts (so text's few distinct differences cost few bits), limited to 15 bits as
/// deflate requires. The Adler-32 of the uncompressed bytes is kept as they come, a run in one
/// step.
struct ZlibPixelStream {
    /// Symbols of the block under way: a literal byte (below 256), or a match
    /// (`matchFlag | distance << 9 | length`), and how often each literal or length code and
    /// each distance code occurs among them.
    private let symbols: UnsafeMutablePointer<UInt32>
    private var symbolCount = 0
    private let literalCounts: UnsafeMutablePointer<Int>, distanceCounts: UnsafeMutablePointer<Int>
    private var bits: BitSink
    private var a: UInt64 = 1, b: UInt64 = 0
    private static let matchFlag: UInt32 = 1 << 31
    private static let modulus: UInt64 = 65521
    /// Symbols after which a block ends (at the end of the row that passes it).
    private static let blockSymbols = 1 << 17

    /// A stream of rows of at most `rowBytes` bytes, whose compressed size is about `capacity`.
    init(capacity: Int, rowBytes: Int) {
        // A row adds at most one symbol a byte.
        symbols = .allocate(capacity: Self.blockSymbols + rowBytes + 16)
        literalCounts = .allocate(capacity: 286)
        literalCounts.initialize(repeating: 0, count: 286)
        distanceCounts = .allocate(capacity: 30)
        distanceCounts.initialize(repeating: 0, count: 30)
        bits = BitSink(capacity: capacity)
        bits.append(0x78)  // deflate, 32 KB window,
        bits.append(0x01)  // the fastest level, no dictionary
    }

    @inline(__always)
    mutating func literal(_ byte: UInt8) {
        symbols[symbolCount] = UInt32(byte)
        symbolCount += 1
        literalCounts[Int(byte)] += 1
        a += UInt64(byte)
        b += a
    }

    /// `count` pixels, each the `size` bytes of `pattern` (least significant first), repeating
    /// the pixel just before them: a match at distance `size`.
    mutating func repeatPixel(_ pattern: UInt32, size: Int, count: Int) {
        var length = count * size
        let distanceCode = Deflate.distanceCode(size)
        // Matches of 3 to 258 bytes; a remainder of 1 or 2 borrows from the match before it.
        while length > 0 {
            var chunk = min(length, 258)
            if length - chunk > 0 && length - chunk < 3 { chunk = length - 3 }
            symbols[symbolCount] = Self.matchFlag | UInt32(size) << 9 | UInt32(chunk)
            symbolCount += 1
            literalCounts[257 + Int(Deflate.lengthCode[chunk])] += 1
            distanceCounts[distanceCode] += 1
            length -= chunk
        }
        // Adler-32 of the repeated bytes: per pixel, a grows by the bytes' sum s, and b by
        // size × a (a as the pixel starts) plus the bytes weighted size, size - 1, … 1.
        var s: UInt64 = 0, weighted: UInt64 = 0
        for j in 0..<size {
            let byte = UInt64((pattern >> UInt32(8 * j)) & 0xFF)
            s += byte
            weighted += UInt64(size - j) * byte
        }
        a %= Self.modulus
        b %= Self.modulus
        let n = UInt64(count), sz = UInt64(size)
        b += (sz * ((n * a) % Self.modulus + (s * (n * (n - 1) / 2 % Self.modulus)) % Self.modulus)) % Self.modulus
            + (n % Self.modulus) * weighted % Self.modulus
        a += n * s
        a %= Self.modulus
        b %= Self.modulus
    }

    /// Called after each row: ends a block when enough symbols have gathered, keeps the sums small.
    mutating func endRow() {
        a %= Self.modulus
        b %= Self.modulus
        if symbolCount >= Self.blockSymbols { writeBlock(last: false) }
    }

    /// The whole stream: the last block, then the Adler-32. The stream is spent (its memory freed).
    mutating func finish() -> [UInt8] {
        writeBlock(last: true)
        bits.alignToByte()
        a %= Self.modulus
        b %= Self.modulus
        let adler = UInt32(b << 16 | a)
        for shift in [24, 16, 8, 0] as [UInt32] { bits.append(UInt8((adler >> shift) & 0xFF)) }
        defer {
            symbols.deallocate()
            literalCounts.deallocate()
            distanceCounts.deallocate()
        }
        return bits.bytes.array
    }

    // MARK: Blocks

    private mutating func writeBlock(last: Bool) {
        literalCounts[256] = 1  // end of block
        let literalLengths = Deflate.codeLengths(Array(UnsafeBufferPointer(start: literalCounts, count: 286)), limit: 15)
        let distanceLengths = Deflate.codeLengths(Array(UnsafeBufferPointer(start: distanceCounts, count: 30)), limit: 15)
        let literalCodes = Deflate.canonicalCodes(literalLengths), distanceCodes = Deflate.canonicalCodes(distanceLengths)

        bits.write(last ? 1 : 0, 1)
        bits.write(2, 2)  // dynamic Huffman codes
        writeCodeLengths(literalLengths, distanceLengths)
        // Each literal's code and width; each match length's code and extra bits, as one value
        // and its width; each distance's the same.
        var codes = [UInt32](repeating: 0, count: 259), widths = [Int](repeating: 0, count: 259)
        var lengthBits = codes, lengthWidths = widths
        for symbol in 0..<256 {
            codes[symbol] = literalCodes[symbol]
            widths[symbol] = literalLengths[symbol]
        }
        for length in 3...258 {
            let code = Int(Deflate.lengthCode[length]), width = literalLengths[257 + code]
            lengthBits[length] = literalCodes[257 + code] | UInt32(length - Deflate.lengthBase[code]) << UInt32(width)
            lengthWidths[length] = width + Deflate.lengthExtra[code]
        }
        var sink = bits
        codes.withUnsafeBufferPointer { codes in
            widths.withUnsafeBufferPointer { widths in
                lengthBits.withUnsafeBufferPointer { lengthBits in
                    lengthWidths.withUnsafeBufferPointer { lengthWidths in
                        for index in 0..<symbolCount {
                            let symbol = symbols[index]
                            if symbol & Self.matchFlag == 0 {
                                sink.write(codes[Int(symbol)], widths[Int(symbol)])
                            } else {
                                let length = Int(symbol & 0x1FF)
                                sink.write(lengthBits[length], lengthWidths[length])
                                let distance = Int((symbol >> 9) & 0xFFFF), code = Deflate.distanceCode(distance)
                                sink.write(distanceCodes[code] | UInt32(distance - Deflate.distanceBase[code]) << UInt32(distanceLengths[code]),
                                           distanceLengths[code] + Deflate.distanceExtra[code])
                            }
                        }
                    }
                }
            }
        }
        sink.write(literalCodes[256], literalLengths[256])
        bits = sink
        symbolCount = 0
        literalCounts.update(repeating: 0, count: 286)
        distanceCounts.update(repeating: 0, count: 30)
    }

    /// The block's header after its type: how many codes, then the code lengths of both
    /// alphabets, run-length coded (16 repeats the last length, 17 and 18 are runs of zeros) and
    /// themselves Huffman coded.
    private mutating func writeCodeLengths(_ literal: [Int], _ distance: [Int]) {
        var hlit = 286
        while hlit > 257 && literal[hlit - 1] == 0 { hlit -= 1 }
        var hdist = 30
        while hdist > 1 && distance[hdist - 1] == 0 { hdist -= 1 }
        let lengths = Array(literal[..<hlit]) + Array(distance[..<hdist])
        // (symbol, extra bits, extra width)
        var coded: [(Int, UInt32, Int)] = []
        var i = 0
        while i < lengths.count {
            let value = lengths[i]
            var run = 1
            while i + run < lengths.count && lengths[i + run] == value { run += 1 }
            if value == 0 && run >= 3 {
                let take = min(run, 138)
                coded.append(take >= 11 ? (18, UInt32(take - 11), 7) : (17, UInt32(take - 3), 3))
                i += take
            } else if value != 0 && run >= 4 {
                coded.append((value, 0, 0))
                let take = min(run - 1, 6)
                coded.append((16, UInt32(take - 3), 2))
                i += 1 + take
            } else {
                coded.append((value, 0, 0))
                i += 1
            }
        }
        var counts = [Int](repeating: 0, count: 19)
        for (symbol, _, _) in coded { counts[symbol] += 1 }
        let codeLengths = Deflate.codeLengths(counts, limit: 7), codes = Deflate.canonicalCodes(codeLengths)
        var hclen = 19
        while hclen > 4 && codeLengths[Deflate.codeLengthOrder[hclen - 1]] == 0 { hclen -= 1 }
        bits.write(UInt32(hlit - 257), 5)
        bits.write(UInt32(hdist - 1), 5)
        bits.write(UInt32(hclen - 4), 4)
        for k in 0..<hclen { bits.write(UInt32(codeLengths[Deflate.codeLengthOrder[k]]), 3) }
        for (symbol, extra, width) in coded {
            bits.write(codes[symbol], codeLengths[symbol])
            if width > 0 { bits.write(extra, width) }
        }
    }
}

/// Bits packed least significant first, as deflate packs them, into a byte buffer.
private struct BitSink {
    private(set) var bytes: ByteBuffer
    private var buffer: UInt64 = 0
    private var bits = 0

    init(capacity: Int) {
        bytes = ByteBuffer(capacity: max(capacity, 64))
    }

    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// `width` bits (at most 32) of `value`, which has no bit above them.
    @inline(__always)
    mutating func write(_ value: UInt32, _ width: Int) {
        buffer |= UInt64(value) << UInt64(bits)
        bits += width
        if bits >= 32 {
            UnsafeMutableRawPointer(bytes.reserve(4)).storeBytes(of: UInt32(truncatingIfNeeded: buffer).littleEndian,
                                                                 as: UInt32.self)
            bytes.commit(4)
            buffer >>= 32
            bits -= 32
        }
    }

    mutating func alignToByte() {
        while bits > 0 {
            append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            bits = max(0, bits - 8)
        }
        buffer = 0
    }
}

/// Deflate's tables (RFC 1951, 3.2.5) and its Huffman codes.
enum Deflate {
    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
                             131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
                               2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The length code (0 for 257 … 28 for 285) of each match length 0…258.
    static let lengthCode: [UInt8] = (0...258).map { length in
        guard length >= 3 else { return 0 }
        return UInt8(lengthBase.lastIndex { $0 <= length }!)
    }

    static func distanceCode(_ distance: Int) -> Int {
        distance <= 4 ? distance - 1 : distanceBase.lastIndex { $0 <= distance }!
    }

    /// Huffman code lengths for symbols counted `counts` times, none longer than `limit`.
    /// Unused symbols get no code; at least two symbols get one (a decoder wants a complete
    /// code), the spare ones being symbols that do not occur.
    static func codeLengths(_ counts: [Int], limit: Int) -> [Int] {
        var counts = counts
        var used = counts.indices.filter { counts[$0] > 0 }
        for spare in counts.indices where used.count < 2 && counts[spare] == 0 {
            counts[spare] = 1
            used.append(spare)
        }
        // Huffman's tree, by merging the two lightest, with two queues (no heap): the symbols in
        // order of weight, and the merged nodes, made in order of weight too. Nodes 0..<n are the
        // symbols from the lightest, n… the merged ones; ties go to the symbol with the smaller index.
        let ordered = used.map { UInt64(counts[$0]) << 16 | UInt64($0) }.sorted().map { Int($0 & 0xFFFF) }
        let n = ordered.count
        var weight = ordered.map { counts[$0] }, parent = [Int](repeating: -1, count: 2 * n - 1)
        weight.reserveCapacity(2 * n - 1)
        var nextLeaf = 0, nextMerged = n
        func lightest() -> Int {
            if nextLeaf < n && (nextMerged >= weight.count || weight[nextLeaf] <= weight[nextMerged]) {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextMerged += 1
            return nextMerged - 1
        }
        while weight.count < 2 * n - 1 {
            let x = lightest(), y = lightest()
            parent[x] = weight.count
            parent[y] = weight.count
            weight.append(weight[x] + weight[y])
        }
        var depth = [Int](repeating: 0, count: weight.count)
        for node in stride(from: weight.count - 2, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        // How many symbols at each length; lengths past the limit folded back in, then leaves moved
        // down until the code is complete again (Kraft's sum exactly one).
        var perLength = [Int](repeating: 0, count: max(limit, depth.max()!) + 1)
        for leaf in 0..<n { perLength[depth[leaf]] += 1 }
        if perLength.count > limit + 1 {
            for length in (limit + 1)..<perLength.count {
                perLength[limit] += perLength[length]
                perLength[length] = 0
            }
            var total = 0
            for length in 1...limit { total += perLength[length] << (limit - length) }
            while total > 1 << limit {
                perLength[limit] -= 1
                for length in stride(from: limit - 1, through: 1, by: -1) where perLength[length] > 0 {
                    perLength[length] -= 1
                    perLength[length + 1] += 2
                    break
                }
                total -= 1
            }
        }
        // The most frequent symbols get the shortest codes.
        let byCount = Array(ordered.reversed())
        var lengths = [Int](repeating: 0, count: counts.count)
        var next = 0
        for length in 1...limit {
            for _ in 0..<perLength[length] {
                lengths[byCount[next]] = length
                next += 1
            }
        }
        return lengths
    }

    /// The canonical codes of `lengths` (RFC 1951, 3.2.2), bit-reversed for writing least
    /// significant bit first.
    static func canonicalCodes(_ lengths: [Int]) -> [UInt32] {
        let maxLength = lengths.max() ?? 0
        var perLength = [Int](repeating: 0, count: maxLength + 1)
        for length in lengths where length > 0 { perLength[length] += 1 }
        var next = [UInt32](repeating: 0, count: maxLength + 2)
        var code: UInt32 = 0
        if maxLength > 0 {
            for length in 1...maxLength {
                code = (code + UInt32(perLength[length - 1])) << 1
                next[length] = code
            }
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let code = next[length]
            next[length] += 1
            var reversed: UInt32 = 0
            for bit in 0..<length where code & (1 << UInt32(bit)) != 0 { reversed |= 1 << UInt32(length - 1 - bit) }
            return reversed
        }
    }
}
