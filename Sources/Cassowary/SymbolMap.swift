/// A map from symbol numbers to values that empties in constant time: the scratch space of
/// the tableau's searches (what a search has seen, the weight each definition passes on, the
/// way back along a path), the dual simplex's work list and the solver's memo of values.
///
/// The values sit in an array indexed by symbol number, each slot stamped with the
/// generation it was written in. Emptying the map starts a new generation, so the slots of
/// earlier ones read as absent without being cleared: a search that touches a few symbols of
/// a tableau of thousands costs those few, where a dictionary would hash every access and a
/// plain array would need clearing before every search. The arrays grow to the highest
/// number written; a copy shares them until one side writes.
struct SymbolMap<Value> {
    /// `stamps[id] == generation` when the symbol numbered `id` has a value; zero is no
    /// generation, so a slot stamped zero is empty in all of them.
    private var stamps: [UInt32] = []
    private var slots: [Value] = []
    private var generation: UInt32 = 1
    /// What fills the slots that no value has been written to.
    private let filler: Value

    init(filler: Value) {
        self.filler = filler
    }

    /// The value of the symbol numbered `id`, nil when it has none; setting nil removes it.
    subscript(id: Int) -> Value? {
        get { contains(id) ? slots[id] : nil }
        set {
            guard let newValue else {
                if id < stamps.count { stamps[id] = 0 }
                return
            }
            stamps.extend(toInclude: id, with: 0)
            slots.extend(toInclude: id, with: filler)
            stamps[id] = generation
            slots[id] = newValue
        }
    }

    func contains(_ id: Int) -> Bool {
        id < stamps.count && stamps[id] == generation
    }

    /// Gives the symbol numbered `id` the value `value` unless it has one; whether it was added.
    mutating func insert(_ id: Int, _ value: Value) -> Bool {
        if contains(id) { return false }
        self[id] = value
        return true
    }

    /// Calls `body` with the stamps and the values of the symbols numbered below `count` (room
    /// made for each) and the current generation: a symbol has a value when its stamp is the
    /// generation, and writing one is writing both. For a loop that reads and writes many
    /// values, without the growth test and the uniqueness test of the arrays at every access.
    mutating func withUnsafeSlots<Result>(
        count: Int, _ body: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<Value>, UInt32) -> Result
    ) -> Result {
        precondition(count > 0)
        stamps.extend(toInclude: count - 1, with: 0)
        slots.extend(toInclude: count - 1, with: filler)
        let generation = self.generation
        return stamps.withUnsafeMutableBufferPointer { stamps in
            slots.withUnsafeMutableBufferPointer { slots in body(stamps.baseAddress!, slots.baseAddress!, generation) }
        }
    }

    /// Gives the map slots for the symbols numbered below `count` exactly: those beyond dropped
    /// (read as absent, as slots past the end are), those missing added empty. A copy of the
    /// map then copies no more than the symbols made, and writes to them grow no array (which
    /// grows four times over while small, and every later copy would copy that).
    mutating func resize(to count: Int) {
        stamps.resize(to: count, with: 0)
        slots.resize(to: count, with: filler)
    }

    /// Empties the map: a new generation, the slots left as they are.
    mutating func removeAll() {
        if generation == .max {
            // Once every four billion generations the stamps wrap round: clear them for real.
            stamps = Array(repeating: 0, count: stamps.count)
            generation = 0
        }
        generation += 1
    }
}

extension SymbolMap where Value == Void {
    /// A set of symbol numbers.
    init() {
        self.init(filler: ())
    }

    /// Adds the symbol numbered `id`; whether it was missing.
    mutating func insert(_ id: Int) -> Bool {
        insert(id, ())
    }
}
