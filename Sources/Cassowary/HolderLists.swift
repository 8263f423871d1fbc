/// The tableau's column index: for every symbol, the basic symbols whose rows hold it.
///
/// Each symbol's list behaves exactly as an array of its own would (appends at the end, a
/// removal swaps the last element into the place it leaves), so the lists keep the order
/// they would have as arrays; but all of them live in one array. A list has a capacity there,
/// and when it outgrows it, it moves to the end of the slots taken so far with twice the room,
/// leaving its old slots unused. The array itself grows ahead of the lists, doubling, so that a
/// move copies the list's elements and nothing else. Each list has left behind less room than it has now, so the unused slots
/// never outnumber those of the lists, and the moves cost, like an array's growth, amortised
/// constant time an append. Thousands of symbols thus cost two arrays instead of one
/// allocation each, which a tableau pays for when it is built, copied and freed.
///
/// Both arrays hold 32-bit numbers (a symbol's number, a slot's): a pass that starts from a
/// solver kept for it copies them on its first change, and at half the width they copy in half
/// the time. The storage would hold 2³¹ slots (8 GB of them alone, beside the tableau's rows)
/// before its numbers outgrew them; a number that did would stop the program (`Int32.init`),
/// not wrap.
struct HolderLists {
    private struct List {
        var start: Int32 = 0
        var count: Int32 = 0
        var capacity: Int32 = 0

        init() {}

        init(start: Int, count: Int, capacity: Int) {
            self.start = Int32(start)
            self.count = Int32(count)
            self.capacity = Int32(capacity)
        }
    }

    private var lists: [List] = []
    private var storage: [Int32] = []
    /// How many slots of `storage` the lists have taken; the slots after them are room to come.
    private var taken = 0

    /// The room a list gets when its first element comes.
    private static let initialCapacity = 4

    /// Makes sure that the symbol numbered `id` has a list, empty if it is new.
    @inline(__always)
    mutating func makeRoom(for id: Int) {
        lists.extend(toInclude: id, with: List())
    }

    /// Makes the lists as new ones are for symbols numbered below `symbols` (every list empty,
    /// with no room), keeping the arrays: the storage is all room for lists to come.
    mutating func removeAll(symbols: Int) {
        lists.reset(first: symbols, to: List())
        taken = 0
    }

    /// Drops the lists past the symbols numbered below `symbols`, and the room past the slots
    /// taken but a quarter of them (512 slots at least): see ``Solver/compactStorage()``. Unlike
    /// the rows, which a pivot puts back in the blocks they left, the lists of a copy's pivots
    /// move to the end, and a storage cut to the slots taken grew at once in most copies,
    /// four times over while small.
    mutating func compact(symbols: Int) {
        lists.truncate(to: symbols)
        storage.truncate(to: taken + Swift.max(512, taken / 4))
    }

    /// The list of the symbol numbered `id`. A read-only view: taking one and then changing the
    /// lists while it is alive would copy them all.
    subscript(id: Int) -> LazyMapSequence<ArraySlice<Int32>, Int> {
        let list = lists[id]
        return storage[Int(list.start)..<Int(list.start + list.count)].lazy.map(Int.init)
    }

    func isEmpty(_ id: Int) -> Bool { lists[id].count == 0 }

    /// The list is read once and written back once, the element stored through one access.
    mutating func append(_ basic: Int, to id: Int) {
        var list = lists[id]
        if list.count == list.capacity {
            list = moved(list, capacity: max(Self.initialCapacity, 2 * Int(list.capacity)))
        }
        storage[Int(list.start + list.count)] = Int32(basic)
        list.count += 1
        lists[id] = list
    }

    /// ``append(_:to:)`` of `basic` to the list of each symbol of `cells`, a row's (one cell a
    /// symbol), in order: the lists in the same state, their elements in the same slots, the
    /// storage grown at the same points. Every row put into the tableau comes through here, and
    /// the first holder of each new symbol moves its list: the cells are gone through once, with
    /// both arrays opened once (``appendWhileRoom(_:toListsOf:from:)``), rather than an access
    /// of each array (a bounds check and a uniqueness test) for every list read, moved and
    /// written. Only when a list must move past the end of the storage is it grown, and the pass
    /// resumes there.
    mutating func append(_ basic: Int, toListsOf cells: [Row.Cell]) {
        var index = 0
        while true {
            index = appendWhileRoom(basic, toListsOf: cells, from: index)
            guard index < cells.count else { return }
            let list = lists[cells[index].symbol.id]
            storage.extend(toInclude: taken + max(Self.initialCapacity, 2 * Int(list.capacity)) - 1, with: 0)
        }
    }

    /// The appends of ``append(_:toListsOf:)`` from the cell at `start` on, over the arrays'
    /// buffers, a full list moved as ``moved(_:capacity:)`` moves it; returns the index of the
    /// first cell whose list must move and does not fit in the storage (the count of the cells
    /// when all are done).
    private mutating func appendWhileRoom(_ basic: Int, toListsOf cells: [Row.Cell], from start: Int) -> Int {
        var taken = self.taken
        let element = Int32(basic)
        let end = lists.withUnsafeMutableBufferPointer { lists in
            storage.withUnsafeMutableBufferPointer { storage in
                var index = start
                while index < cells.count {  // by index, as ``Row/cells`` explains
                    let id = cells[index].symbol.id
                    var list = lists[id]
                    if list.count == list.capacity {
                        let capacity = max(Self.initialCapacity, 2 * Int(list.capacity))
                        guard taken + capacity <= storage.count else { break }
                        for offset in 0..<Int(list.count) {
                            storage[taken + offset] = storage[Int(list.start) + offset]
                        }
                        list = List(start: taken, count: Int(list.count), capacity: capacity)
                        taken += capacity
                    }
                    storage[Int(list.start + list.count)] = element
                    list.count += 1
                    lists[id] = list
                    index += 1
                }
                return index
            }
        }
        self.taken = taken
        return end
    }

    /// Takes the last occurrence of `basic` out of the list of `id`, the last element taking
    /// its place; nothing when the list lacks it.
    /// The search and the exchange go over the storage's buffer, opened once: the generic
    /// `swapAt` costs some two hundred instructions a call.
    mutating func remove(_ basic: Int, from id: Int) {
        let list = lists[id]
        guard list.count > 0 else { return }
        let first = Int(list.start), last = Int(list.start + list.count) - 1
        let element = Int32(basic)
        let found = storage.withUnsafeMutableBufferPointer { storage in
            var index = last
            while index >= first && storage[index] != element { index -= 1 }
            guard index >= first else { return false }
            (storage[index], storage[last]) = (storage[last], element)
            return true
        }
        if found { lists[id].count -= 1 }
    }

    /// Empties the list of `id`; it keeps its room (lists never shrink).
    mutating func removeAll(of id: Int) {
        lists[id].count = 0
    }

    /// `list` given `capacity` slots after those taken, its elements copied there.
    private mutating func moved(_ list: List, capacity: Int) -> List {
        let start = taken
        taken += capacity
        storage.extend(toInclude: taken - 1, with: 0)
        for offset in 0..<Int(list.count) {
            storage[start + offset] = storage[Int(list.start) + offset]
        }
        return List(start: start, count: Int(list.count), capacity: capacity)
    }
}
