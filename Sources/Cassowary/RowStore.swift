/// The rows of the tableau, by basic symbol, all in one pooled store.
///
/// Every row's cells (sorted by symbol, as a ``Row``'s are) sit in a block of one array of
/// cells; beside each symbol its row's block, count and constant. A block holds 4, 8, 16, …
/// cells (a size class); a row that outgrows its block moves to a block of the next class,
/// and a block let go of, by a row removed or moved, goes on the free list of its class, to
/// be taken by the next row of that class. A pivot removes a row and puts back one of the
/// same length, so it takes back the block it left. Thousands of rows thus cost two arrays
/// instead of an allocation each: building, copying and freeing a tableau cost a few
/// allocations, and copying takes no reference to each row.
///
/// The free lists run through the blocks themselves: a free block's first cell names, as
/// its symbol number, the start of the next free block of its class (-1 for none).
struct RowStore {
    /// Its numbers are kept in 32 bits (24 bytes a slot instead of 32): a pass that starts from
    /// a solver kept for it copies the slots on its first change. A store of 2³¹ cells would
    /// need tens of gigabytes before its numbers outgrew them; a number that did would stop the
    /// program (`Int32.init`), not wrap.
    private struct Slot {
        private var start32: Int32 = 0
        private var capacity32: Int32 = 0
        private var count32: Int32 = -1
        var constant = 0.0

        init() {}

        init(start: Int, capacity: Int, count: Int, constant: Double) {
            start32 = Int32(start)
            capacity32 = Int32(capacity)
            count32 = Int32(count)
            self.constant = constant
        }

        /// Where the row's block starts in `cells`, and how many cells the block holds.
        var start: Int {
            get { Int(start32) }
            set { start32 = Int32(newValue) }
        }
        var capacity: Int {
            get { Int(capacity32) }
            set { capacity32 = Int32(newValue) }
        }
        /// How many cells the row has; -1 when the symbol has no row.
        var count: Int {
            get { Int(count32) }
            set { count32 = Int32(newValue) }
        }
    }

    private var slots: [Slot] = []
    /// The blocks of the rows, and the free blocks. Read a row's cells at the indices of
    /// ``range(of:)``, by index: a slice would hold a reference to the storage.
    private(set) var cells: [Row.Cell] = []
    /// How many cells the blocks have taken; the cells after them are room for blocks to come,
    /// the array growing ahead of them, doubling.
    private var taken = 0
    /// By size class: the start of the first free block, -1 for none.
    private var freeBlocks: [Int] = []

    /// What fills a block's cells until a row is written there.
    private static let filler = Row.Cell(symbol: Symbol(id: -1, kind: .dummy), coefficient: 0)

    /// The size class of a block for `count` cells: 0 for up to 4 cells, 1 for up to 8, …
    private static func sizeClass(for count: Int) -> Int {
        count <= 4 ? 0 : Int.bitWidth - (count - 1).leadingZeroBitCount - 2
    }

    /// Makes sure that the symbol numbered `id` has a place, with no row if it is new.
    @inline(__always)
    mutating func makeRoom(for id: Int) {
        slots.extend(toInclude: id, with: Slot())
    }

    /// Makes the store as a new one is for symbols numbered below `symbols` (every one without
    /// a row, every block free), keeping its arrays: the cells are all room for blocks to come.
    mutating func removeAll(symbols: Int) {
        slots.reset(first: symbols, to: Slot())
        taken = 0
        freeBlocks.reset(first: freeBlocks.count, to: -1)
    }

    /// Drops the places past the symbols numbered below `symbols` and the room past the blocks
    /// taken: see ``Solver/compactStorage()``.
    mutating func compact(symbols: Int) {
        slots.truncate(to: symbols)
        cells.truncate(to: taken)
    }

    /// Whether the symbol numbered `id` has a row.
    func contains(_ id: Int) -> Bool { slots[id].count >= 0 }

    /// The symbols numbered below `count` that have a row whose constant is near zero and
    /// whose kind (`kinds`, by number) is not `excluded`, in increasing order: one pass over
    /// the places, read where they lie.
    func nearZeroRows(below count: Int, kinds: [Symbol.Kind], excluding excluded: Symbol.Kind) -> [Int] {
        var found: [Int] = []
        slots.withUnsafeBufferPointer { slots in
            kinds.withUnsafeBufferPointer { kinds in
                for id in 0..<count where kinds[id] != excluded && slots[id].count >= 0 && isNearZero(slots[id].constant) {
                    found.append(id)
                }
            }
        }
        return found
    }

    /// The constant of the row of `id`, which has one.
    func constant(of id: Int) -> Double { slots[id].constant }

    mutating func addToConstant(of id: Int, _ delta: Double) {
        slots[id].constant += delta
    }

    /// Where the cells of the row of `id` are in ``cells``.
    func range(of id: Int) -> Range<Int> {
        let slot = slots[id]
        return slot.start..<slot.start + slot.count
    }

    /// The cells of the row of `id`: a view that holds a reference to the storage, for callers
    /// that read a row while the store stays as it is.
    func cells(of id: Int) -> ArraySlice<Row.Cell> { cells[range(of: id)] }

    /// The coefficient of `symbol` in the row of `id`.
    func coefficient(of symbol: Symbol, inRowOf id: Int) -> Double {
        let (index, found) = Row.position(of: symbol, in: cells, range(of: id))
        return found ? cells[index].coefficient : 0
    }

    /// The row of `id` as a ``Row`` of its own, its cells copied into `storage`.
    func row(of id: Int, storage: consuming [Row.Cell]) -> Row {
        storage.empty()
        storage.append(contentsOf: cells[range(of: id)])
        return Row(constant: slots[id].constant, cells: storage)
    }

    /// Makes a copy of `row` the row of `id`, which has none.
    mutating func insert(_ row: borrowing Row, for id: Int) {
        let (start, capacity) = allocate(row.cells.count)
        slots[id] = Slot(start: start, capacity: capacity, count: row.cells.count, constant: row.constant)
        write(row.cells, at: start)
    }

    /// Takes the row of `id` out; its block goes free.
    mutating func remove(_ id: Int) {
        release(start: slots[id].start, capacity: slots[id].capacity)
        slots[id] = Slot()
    }

    /// Takes `symbol` out of the row of `id`; returns its coefficient, nil when the row lacks it.
    @discardableResult
    mutating func remove(_ symbol: Symbol, fromRowOf id: Int) -> Double? {
        let range = range(of: id)
        let (index, found) = Row.position(of: symbol, in: cells, range)
        guard found else { return nil }
        let coefficient = cells[index].coefficient
        for later in index + 1..<range.upperBound {
            cells[later - 1] = cells[later]
        }
        slots[id].count -= 1
        return coefficient
    }

    /// Substitutes `symbol = source` into the row of `id`, as ``Row/substitute(_:with:_:constant:scratch:added:dropped:)``
    /// does into a row of its own (the same sums in the same order), the merge written into
    /// `scratch` and copied back into the row's block, or into a larger one if it outgrew it.
    /// Returns false, changing nothing, when the row does not hold `symbol`.
    mutating func substitute(
        _ symbol: Symbol, with source: borrowing Row, inRowOf id: Int, scratch: inout [Row.Cell],
        added: (Symbol) -> Void, dropped: (Symbol) -> Void
    ) -> Bool {
        let range = range(of: id)
        let (index, found) = Row.position(of: symbol, in: cells, range)
        guard found else { return false }
        let factor = cells[index].coefficient
        slots[id].constant += factor * source.constant
        Row.merge(
            cells, range, skipping: index, factor: factor, source.cells, source.cells.indices, into: &scratch,
            added: added, dropped: dropped)
        var slot = slots[id]
        if scratch.count > slot.capacity {
            release(start: slot.start, capacity: slot.capacity)
            (slot.start, slot.capacity) = allocate(scratch.count)
        }
        slot.count = scratch.count
        slots[id] = slot
        write(scratch, at: slot.start)
        return true
    }

    /// Copies `source` into `cells` from `start` on, over the buffers of both, opened once: a
    /// write of an element of the array tests its bounds and its uniqueness, and every row put
    /// into the tableau, or changed by a substitution, is copied here.
    private mutating func write(_ source: [Row.Cell], at start: Int) {
        precondition(start >= 0 && start + source.count <= cells.count, "a row's block holds its cells")
        source.withUnsafeBufferPointer { source in
            cells.withUnsafeMutableBufferPointer { cells in
                for index in source.indices {
                    cells[start + index] = source[index]
                }
            }
        }
    }

    /// A block for `count` cells: a free one of its class, or a new one at the end.
    private mutating func allocate(_ count: Int) -> (start: Int, capacity: Int) {
        guard count > 0 else { return (0, 0) }
        let sizeClass = Self.sizeClass(for: count)
        let capacity = 4 << sizeClass
        if sizeClass < freeBlocks.count && freeBlocks[sizeClass] >= 0 {
            let start = freeBlocks[sizeClass]
            freeBlocks[sizeClass] = cells[start].symbol.id
            return (start, capacity)
        }
        let start = taken
        taken += capacity
        cells.extend(toInclude: taken - 1, with: Self.filler)
        return (start, capacity)
    }

    /// Puts the block at `start` on the free list of its class.
    private mutating func release(start: Int, capacity: Int) {
        guard capacity > 0 else { return }
        let sizeClass = Self.sizeClass(for: capacity)
        freeBlocks.extend(toInclude: sizeClass, with: -1)
        cells[start] = Row.Cell(symbol: Symbol(id: freeBlocks[sizeClass], kind: .dummy), coefficient: 0)
        freeBlocks[sizeClass] = start
    }
}
