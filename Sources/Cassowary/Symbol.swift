/// A column of the simplex tableau.
///
/// Every variable the solver meets becomes an *external* symbol, unrestricted in sign. Every
/// constraint brings the restricted symbols (at least zero) it needs: a *slack* turns an
/// inequality into an equation, an *error* measures how far an optional constraint is
/// violated and is what the objective penalises, and a *dummy*, pinned at zero, marks the row
/// of a required equation so that the constraint can be found and removed again.
struct Symbol: Hashable, Comparable {
    enum Kind: UInt8 {
        case external, slack, error, dummy
    }

    /// The number and the kind in one word, the number above the kind's two bits: a row's
    /// cell (a symbol and a coefficient) then takes 16 bytes instead of 24.
    private let bits: Int

    init(id: Int, kind: Kind) {
        bits = id << 2 | Int(kind.rawValue)
    }

    /// Symbols are numbered in the order they were made; every choice between symbols
    /// takes the lowest number, which keeps results the same from run to run.
    var id: Int { bits >> 2 }

    var kind: Kind { Kind(rawValue: UInt8(truncatingIfNeeded: bits & 3)).unsafelyUnwrapped }

    /// Restricted symbols are at least zero; external ones are free.
    var isRestricted: Bool { kind != .external }

    /// Slack and error symbols may enter the basis; a dummy must stay zero.
    var isPivotable: Bool { kind == .slack || kind == .error }

    static func == (a: Symbol, b: Symbol) -> Bool { a.id == b.id }

    static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }

    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}

extension Array {
    /// The size an array indexed by symbol number grows to from `count` elements: 256 at least,
    /// so that an array that starts empty skips the first few doublings, then four times the
    /// count while it is small, twice beyond. Each growth is an allocation and a copy (and a
    /// large allocation makes the allocator tidy up the small blocks freed since the last
    /// one), and a typical screen's tableau (some 600 symbols) fills a score of such arrays
    /// from nothing: this way in one step each rather than four. Past 4,096 elements the
    /// growth is the usual doubling, which keeps the room left over at most the size of the array.
    static func grownSize(from count: Int) -> Int {
        Swift.max(256, count < 4_096 ? 4 * count : 2 * count)
    }

    /// Makes `index` a valid index, if it is not yet, by appending `filler`: up to
    /// ``grownSize(from:)`` at least, so that arrays indexed by symbol number grow in amortised
    /// constant time as symbols are made.
    @inline(__always)
    mutating func extend(toInclude index: Int, with filler: Element) {
        if index >= count { grow(toInclude: index, with: filler) }
    }

    /// Appends `element`, the storage growing as ``extend(toInclude:with:)``'s does when it is
    /// full: for the arrays that gain an element for every symbol made or constraint added, and
    /// the scratch lists of the tableau's searches, which would otherwise start from a few
    /// elements and reallocate at each doubling in every solver.
    @inline(__always)
    mutating func appendGrowing(_ element: Element) {
        if count == capacity { reserveCapacity(Self.grownSize(from: count)) }
        append(element)
    }

    /// Empties the array and keeps its storage, as `removeAll(keepingCapacity: true)` does: for
    /// the scratch arrays that the tableau empties for every row it makes and every search.
    /// Those mostly hold a few elements or none, which are dropped from the end one at a time;
    /// the general call replaces a range, some eighty instructions even for an empty array.
    @inline(__always)
    mutating func empty() {
        if count > 8 {
            removeAll(keepingCapacity: true)
        } else {
            while !isEmpty { removeLast() }
        }
    }

    /// Drops the elements past the first `count`, if there are more, keeping the storage: an
    /// array grown ahead of what it holds (``extend(toInclude:with:)``) cut back to it, so that a
    /// copy-on-write copy of it copies what is used and no more (see ``Solver/compactStorage()``).
    mutating func truncate(to count: Int) {
        if self.count > count { removeSubrange(count...) }
    }

    /// Makes the array `count` elements long exactly: the elements past them dropped, or
    /// `filler` appended up to them, with no room after them (see ``truncate(to:)``).
    mutating func resize(to count: Int, with filler: Element) {
        if self.count > count {
            removeSubrange(count...)
        } else if self.count < count {
            reserveCapacity(count)
            append(contentsOf: repeatElement(filler, count: count - self.count))
        }
    }

    /// Sets the first `count` elements, or every element if there are fewer, to `value`: the
    /// slots of the symbols a solver made, set back as new for the next solver (see
    /// ``SolverPool``).
    mutating func reset(first count: Int, to value: Element) {
        let end = Swift.min(count, self.count)
        withUnsafeMutableBufferPointer { elements in
            for index in 0..<end { elements[index] = value }
        }
    }

    /// The rare part of ``extend(toInclude:with:)``, kept out of line so that the test for it
    /// is all that its callers inline.
    @inline(never)
    private mutating func grow(toInclude index: Int, with filler: Element) {
        let target = Swift.max(index + 1, Self.grownSize(from: count))
        reserveCapacity(target)
        append(contentsOf: repeatElement(filler, count: target - count))
    }
}

/// In `elements[range]`, sorted by symbol number (`number` of an element), the first index
/// whose number is `id` or more: where the symbol numbered `id` is, or would go. The array and
/// the range rather than a slice, which would take a reference to the storage on every search.
func insertionIndex<Element>(of id: Int, in elements: [Element], _ range: Range<Int>, by number: (Element) -> Int) -> Int {
    var low = range.lowerBound, high = range.upperBound
    while low < high {
        let middle = (low + high) / 2
        if number(elements[middle]) < id { low = middle + 1 } else { high = middle }
    }
    return low
}
