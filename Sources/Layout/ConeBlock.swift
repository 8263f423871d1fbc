/// The cone of optimal directions at a solution (``AmbiguityProbe/movableDirections(_:signature:variableCount:probing:block:)``)
/// split into blocks that share no variable, each answered on its own.
///
/// **Why the cone splits.** An equation of the cone with a single variable left pins that
/// variable's direction at zero (the root's edges, a fixed width); pinned variables drop out
/// of every other row, which pins more in turn. What remains falls apart into blocks: the
/// horizontal and the vertical system, and across a screen each row of views hanging from the
/// pinned edges. The rows of one block are its equations and bounds; the only rows that would
/// tie blocks together are the violated priorities' growth limits (a priority's total
/// violation may not grow), which sum over every constraint of the priority. Those split too:
/// the solution is optimal, so no direction that moves one block alone can lower the highest
/// violated priority's violation (nor, keeping that one, the next, and so on down the
/// priorities), so where the sum may not grow, neither may each block's share of it. The cone
/// is then the product of the blocks' cones, each with its own growth limits, and a variable is
/// movable exactly when its block's cone moves it.
///
/// **Why that saves work.** Between languages a layout's signature differs in a few
/// constraints (a label truncated in German, not in English); only the blocks holding those
/// differ. A block's cone depends on nothing but its rows: that is its ``Content``, under which
/// the ``ConeAnswers`` of a check remember the answer, so each run solves only the blocks no run
/// met before, and each block's solve is the size of the block, not of the layout. The same
/// rows come back in other layouts (a row of label and field is a row of label and field), on
/// other devices, and in the layout with a fix tried on it, which differs from the layout in
/// one place.
enum ConeBlock {
    enum Kind: Hashable {
        /// `expression = 0`.
        case equation
        /// `expression ≥ 0`.
        case bound
        /// A share of the growth of the violated priority's total violation.
        case growth(Int)
    }

    /// One row of the cone.
    struct Piece {
        var kind: Kind
        var expression: LinearExpression

        init(_ kind: Kind, _ expression: LinearExpression) {
            self.kind = kind
            self.expression = expression.normalized
        }
    }

    /// One block's cone exactly as its solve is given it: its variables numbered from zero (in
    /// the layout's order), its equations and its bounds, the growth limits among them. Two
    /// blocks with equal content have the same answer, whichever layout, device or fix they come
    /// from: equality compares every coefficient's bits.
    struct Content: Hashable {
        let variables: Int
        /// The counts, variables and coefficient bits of the rows, in order: the variables'
        /// count, the equations' count, the bounds' count, then each equation and each bound as
        /// its number of terms followed by each term's variable and coefficient bits. What
        /// equality looks at, and all that the solve reads: as gathered for a run (words), or
        /// packed (``Packing``) as a cache keeps it.
        private var storage: Storage
        /// The words mixed into one number (``StructureHash``), made once: what the hash looks at.
        private let mixed: Int

        private enum Storage {
            case words([UInt64])
            case packed([UInt8])
        }

        /// A block from its words, laid out as ``storage`` says.
        init(words: [UInt64]) {
            var hash = StructureHash()
            for word in words { hash.mix(Int(truncatingIfNeeded: word)) }
            variables = Int(words[0])
            storage = .words(words)
            mixed = hash.value
        }

        /// The same block packed, in storage of its own size: what a cache keeps. A block met
        /// again is compared with the packed one as it was gathered, without packing it.
        func compacted() -> Content {
            guard case .words(let words) = storage else { return self }
            var copy = self
            copy.storage = .packed(Packing.pack(words))
            return copy
        }

        private var words: [UInt64] {
            switch storage {
            case .words(let words): return words
            case .packed(let bytes): return Packing.unpack(bytes)
            }
        }

        /// The block's equations (`= 0`) and bounds (`≥ 0`), read back from its words.
        var rows: (equations: [LinearExpression], bounds: [LinearExpression]) {
            let words = words
            var position = 3
            func rows(_ count: Int) -> [LinearExpression] {
                (0..<count).map { _ in
                    let terms = Int(words[position])
                    position += 1
                    defer { position += 2 * terms }
                    return LinearExpression(terms: (0..<terms).map {
                        (Int(words[position + 2 * $0]), Double(bitPattern: words[position + 2 * $0 + 1]))
                    })
                }
            }
            let equations = rows(Int(words[1]))
            return (equations, rows(Int(words[2])))
        }

        static func == (a: Content, b: Content) -> Bool {
            guard a.mixed == b.mixed else { return false }
            switch (a.storage, b.storage) {
            case (.words(let one), .words(let other)): return one == other
            case (.packed(let one), .packed(let other)): return one == other
            case (.packed(let bytes), .words(let words)), (.words(let words), .packed(let bytes)):
                return Packing.matches(bytes, words)
            }
        }

        func hash(into hasher: inout Hasher) { hasher.combine(mixed) }

        /// The variables (numbered from zero) that some direction of this cone moves.
        func movable() -> Set<Int> {
            let (equations, bounds) = rows
            return AmbiguityProbe.movableDirections(equations: equations, bounds: bounds, variables: variables)
        }
    }

    /// The variables of `probing` that some direction of the cone of `pieces` moves. Variables
    /// from `variableCount` on are error variables (never movable themselves). `answer` is
    /// given each block's content and answers it, from what it remembers or with
    /// ``Content/movable()``.
    static func movable(
        _ pieces: [Piece], variableCount: Int, errorCount: Int, probing: [Int],
        answer: (Content) -> Set<Int>
    ) -> Set<Int> {
        let count = variableCount + errorCount
        let pinned = pinnedVariables(pieces, count: count)

        // Blocks: variables joined by the rows that hold them (pinned ones left out).
        var parent = Array(0..<count)
        func root(_ variable: Int) -> Int {
            var variable = variable
            while parent[variable] != variable {
                parent[variable] = parent[parent[variable]]
                variable = parent[variable]
            }
            return variable
        }
        var constrained = [Bool](repeating: false, count: count)
        for piece in pieces {
            var first: Int?
            for term in piece.expression.terms where !pinned[term.variable] {
                constrained[term.variable] = true
                guard let joined = first else {
                    first = root(term.variable)
                    continue
                }
                let other = root(term.variable)
                if other != joined {
                    parent[max(joined, other)] = min(joined, other)
                    first = min(joined, other)
                }
            }
        }
        // Each block's rows, under the block's root, in order: the rows of root r are
        // `rows[start[r] ..< start[r + 1]]`.
        var blockOf = [Int](repeating: -1, count: pieces.count)
        var start = [Int](repeating: 0, count: count + 1)
        for (index, piece) in pieces.enumerated() {
            guard let term = piece.expression.terms.first(where: { !pinned[$0.variable] }) else { continue }
            let block = root(term.variable)
            blockOf[index] = block
            start[block + 1] += 1
        }
        for block in 0..<count { start[block + 1] += start[block] }
        var rows = [Int](repeating: 0, count: start[count])
        var next = start
        for index in pieces.indices where blockOf[index] >= 0 {
            rows[next[blockOf[index]]] = index
            next[blockOf[index]] += 1
        }

        // A variable that no row holds moves freely; a pinned one never moves.
        var movable = [Bool](repeating: false, count: variableCount)
        for variable in 0..<variableCount where !pinned[variable] && !constrained[variable] {
            movable[variable] = true
        }
        var local = [Int](repeating: -1, count: count)
        for block in 0..<count where start[block] < start[block + 1] {
            let (variables, content) = Self.content(of: rows[start[block]..<start[block + 1]], in: pieces, pinned: pinned,
                                                    local: &local)
            for number in answer(content) where variables[number] < variableCount {
                movable[variables[number]] = true
            }
        }
        return Set(probing.filter { $0 < variableCount && movable[$0] })
    }

    /// Variables whose direction the equations pin at zero: an equation with one variable not
    /// yet pinned pins it, until none is left.
    private static func pinnedVariables(_ pieces: [Piece], count: Int) -> [Bool] {
        var pinned = [Bool](repeating: false, count: count)
        // The equations holding each variable, ascending: those of variable v are
        // `holding[start[v] ..< start[v + 1]]`.
        var start = [Int](repeating: 0, count: count + 1)
        var unpinned = [Int](repeating: 0, count: pieces.count)
        var ready: [Int] = []
        for (index, piece) in pieces.enumerated() where piece.kind == .equation {
            unpinned[index] = piece.expression.terms.count
            for term in piece.expression.terms { start[term.variable + 1] += 1 }
            if unpinned[index] == 1 { ready.append(index) }
        }
        for variable in 0..<count { start[variable + 1] += start[variable] }
        var holding = [Int](repeating: 0, count: start[count])
        var next = start
        for (index, piece) in pieces.enumerated() where piece.kind == .equation {
            for term in piece.expression.terms {
                holding[next[term.variable]] = index
                next[term.variable] += 1
            }
        }
        while let index = ready.popLast() {
            guard unpinned[index] == 1, let term = pieces[index].expression.terms.first(where: { !pinned[$0.variable] }) else { continue }
            pinned[term.variable] = true
            for equation in holding[start[term.variable]..<start[term.variable + 1]] {
                unpinned[equation] -= 1
                if unpinned[equation] == 1 { ready.append(equation) }
            }
        }
        return pinned
    }

    /// One block's cone, its pinned variables taken out of its rows and the rest numbered from
    /// zero, with the layout's numbers of those variables. `local`, a number for every
    /// variable, is -1 throughout when given and when given back.
    ///
    /// The content's words are written straight from the pieces: the equations in order, the
    /// bounds in order, then for each violated priority (lowest level first) the block's share
    /// of its growth, negated (each piece's terms one after the other, as a sum of the
    /// expressions), leaving out bounds without terms.
    private static func content(of members: ArraySlice<Int>, in pieces: [Piece], pinned: [Bool], local: inout [Int])
        -> (variables: [Int], content: Content)
    {
        // The block's variables, ascending, each once; and each one's number in the block, by
        // variable (variables are numbered densely: `pinned` has a flag for each).
        var variables: [Int] = []
        var terms = 0, growthPieces = 0
        for member in members {
            for term in pieces[member].expression.terms where !pinned[term.variable] { variables.append(term.variable) }
            terms += pieces[member].expression.terms.count
            if case .growth = pieces[member].kind { growthPieces += 1 }
        }
        variables.sort()
        var unique = 0
        for index in variables.indices where unique == 0 || variables[unique - 1] != variables[index] {
            variables[unique] = variables[index]
            unique += 1
        }
        variables.removeLast(variables.count - unique)
        for (number, variable) in variables.enumerated() { local[variable] = number }
        defer { for variable in variables { local[variable] = -1 } }

        var words: [UInt64] = []
        words.reserveCapacity(3 + members.count + 2 * terms)
        words.append(UInt64(variables.count))
        words.append(0)
        words.append(0)
        // Appends the piece's terms in the block (negated when asked) and returns how many.
        func appendTerms(of piece: Piece, negated: Bool) -> Int {
            var appended = 0
            for term in piece.expression.terms where local[term.variable] >= 0 {
                words.append(UInt64(local[term.variable]))
                words.append((negated ? term.coefficient * -1 : term.coefficient).bitPattern)
                appended += 1
            }
            return appended
        }
        // Appends a row of the pieces' terms, one after the other; a bound without terms is
        // left out. Returns whether the row was kept.
        func appendRow(_ rowPieces: some Sequence<Piece>, negated: Bool, keepEmpty: Bool) -> Bool {
            let countAt = words.count
            words.append(0)
            var count = 0
            for piece in rowPieces { count += appendTerms(of: piece, negated: negated) }
            if count == 0 && !keepEmpty {
                words.removeLast()
                return false
            }
            words[countAt] = UInt64(count)
            return true
        }
        var equations = 0, bounds = 0
        for member in members where pieces[member].kind == .equation {
            _ = appendRow(CollectionOfOne(pieces[member]), negated: false, keepEmpty: true)
            equations += 1
        }
        for member in members where pieces[member].kind == .bound {
            if appendRow(CollectionOfOne(pieces[member]), negated: false, keepEmpty: false) { bounds += 1 }
        }
        // At a violated priority, the block's share of the total violation may not grow.
        if growthPieces > 0 {
            var levels: [Int] = []
            for member in members { if case .growth(let level) = pieces[member].kind { levels.append(level) } }
            levels.sort()
            var previous: Int?
            for level in levels where level != previous {
                previous = level
                let share = members.lazy.map { pieces[$0] }.filter { $0.kind == .growth(level) }
                if appendRow(share, negated: true, keepEmpty: false) { bounds += 1 }
            }
        }
        words[1] = UInt64(equations)
        words[2] = UInt64(bounds)
        return (variables, Content(words: words))
    }

    /// A block's words as bytes: what the cones' answers keep of each block met (a check's
    /// answers held 100 MB of words on a 48,000-run project, most of them small numbers and
    /// coefficients of ±1). Counts and variables are written 7 bits to a byte, the last byte
    /// of a number below 128; a coefficient that is a whole number from -127 to 127 (not -0)
    /// is one byte, `value + 128`, and any other is a zero byte followed by its 8 bytes of bits.
    /// Packing is one to one, so packed bytes stand for exactly one block's words.
    enum Packing {
        /// The bytes of `words`, in storage of their own size.
        static func pack(_ words: [UInt64]) -> [UInt8] {
            // At most 10 bytes a count (64 bits, 7 a byte) and 9 a coefficient.
            let packed = [UInt8](unsafeUninitializedCapacity: 10 * words.count) { buffer, written in
                written = 0
                _ = words.withUnsafeBufferPointer { words in
                    forEachWord(of: words) { word, isCoefficient in
                        if isCoefficient {
                            let value = Double(bitPattern: word)
                            if value >= -127, value <= 127, Double(Int(value)).bitPattern == word {
                                buffer[written] = UInt8(Int(value) + 128)
                                written += 1
                                return true
                            }
                            buffer[written] = 0
                            for byte in 0..<8 { buffer[written + 1 + byte] = UInt8(truncatingIfNeeded: word >> UInt64(8 * byte)) }
                            written += 9
                            return true
                        }
                        var value = word
                        while value >= 0x80 {
                            buffer[written] = UInt8(truncatingIfNeeded: value) | 0x80
                            written += 1
                            value >>= 7
                        }
                        buffer[written] = UInt8(value)
                        written += 1
                        return true
                    }
                }
            }
            return packed.withUnsafeBufferPointer { Array($0) }
        }

        /// The words that `bytes` were packed from.
        static func unpack(_ bytes: [UInt8]) -> [UInt64] {
            bytes.withUnsafeBufferPointer { bytes in
                var reader = Reader(bytes)
                // The bytes are those `pack` wrote, so every word is there.
                func next(_ isCoefficient: Bool) -> UInt64 { reader.next(isCoefficient: isCoefficient)! }
                var words = [next(false), next(false), next(false)]
                for _ in 0..<Int(words[1] + words[2]) {
                    let terms = next(false)
                    words.append(terms)
                    for _ in 0..<terms {
                        words.append(next(false))
                        words.append(next(true))
                    }
                }
                return words
            }
        }

        /// Whether `bytes` were packed from `words`, read side by side (what a block met again
        /// is compared with the one kept, without being packed).
        static func matches(_ bytes: [UInt8], _ words: [UInt64]) -> Bool {
            bytes.withUnsafeBufferPointer { bytes in
                words.withUnsafeBufferPointer { words in
                    var reader = Reader(bytes)
                    return forEachWord(of: words) { reader.next(isCoefficient: $1) == $0 } && reader.isAtEnd
                }
            }
        }

        /// Gives `body` each word of a block's words in order, and whether it is a coefficient's
        /// bits, until `body` returns false; returns whether every word was given.
        @inline(__always)
        private static func forEachWord(of words: UnsafeBufferPointer<UInt64>, _ body: (UInt64, Bool) -> Bool) -> Bool {
            guard body(words[0], false), body(words[1], false), body(words[2], false) else { return false }
            var position = 3
            while position < words.count {
                let terms = Int(words[position])
                guard body(words[position], false) else { return false }
                position += 1
                for _ in 0..<terms {
                    guard body(words[position], false), body(words[position + 1], true) else { return false }
                    position += 2
                }
            }
            return true
        }

        /// Reads packed bytes back, word by word, in the order they were written.
        private struct Reader {
            private let bytes: UnsafeBufferPointer<UInt8>
            private var position = 0

            init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

            var isAtEnd: Bool { position >= bytes.count }

            /// The next word: a count or variable, or a coefficient's bits; nil past the end (the
            /// bytes of a block of another shape).
            @inline(__always)
            mutating func next(isCoefficient: Bool) -> UInt64? {
                guard position < bytes.count else { return nil }
                if isCoefficient {
                    let tag = bytes[position]
                    position += 1
                    guard tag == 0 else { return Double(Int(tag) - 128).bitPattern }
                    guard position + 8 <= bytes.count else { return nil }
                    var bits: UInt64 = 0
                    for byte in 0..<8 { bits |= UInt64(bytes[position + byte]) << UInt64(8 * byte) }
                    position += 8
                    return bits
                }
                var value: UInt64 = 0, shift: UInt64 = 0
                while position < bytes.count {
                    let byte = bytes[position]
                    position += 1
                    value |= UInt64(byte & 0x7F) << shift
                    if byte < 0x80 { return value }
                    shift += 7
                }
                return nil
            }
        }
    }
}
