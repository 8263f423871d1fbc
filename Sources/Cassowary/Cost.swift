/// What a unit of a symbol costs the objective: one amount per priority level.
///
/// Strict priorities make the objective a vector rather than a number. Minimising it means
/// minimising the amount at the highest level first, then the next level without giving any
/// of the higher levels back, and so on; so costs are compared lexicographically from the
/// highest level down. Only the levels in use are stored, as components sorted from the
/// highest level down, and every level 1...999 is exact: no level is ever scaled into
/// another, so no number of constraints at one level adds up to a single one above it.
/// Amounts that come out near zero are dropped, which is the zero test of every level.
struct Cost {
    struct Component {
        let level: Int
        var amount: Double
    }

    /// The component at the highest level, nil for a zero cost.
    fileprivate var head: Component?
    /// The components below the head, levels strictly decreasing, no amount near zero. The
    /// head is kept apart so that a cost at a single level, by far the most common, needs no
    /// array: the objective holds a cost for every symbol.
    fileprivate var tail: [Component] = []

    static let zero = Cost()

    private init() {}

    /// The cost whose components are `head` and, below it, `tail` (``CostTable`` keeps them apart).
    fileprivate init(head: Component?, tail: [Component]) {
        self.head = head
        self.tail = tail
    }

    init(level: Int, amount: Double) {
        if !isNearZero(amount) {
            head = Component(level: level, amount: amount)
        }
    }

    var isZero: Bool { head == nil }

    /// The most significant level decides: negative there means entering the symbol lowers
    /// the objective, whatever happens below.
    var isNegative: Bool { (head?.amount ?? 0) < 0 }

    /// How many levels are in use.
    private var count: Int { head == nil ? 0 : 1 + tail.count }

    /// The components from the highest level down.
    private subscript(index: Int) -> Component { index == 0 ? head! : tail[index - 1] }

    /// Puts `component` below the others.
    private mutating func append(_ component: Component) {
        if head == nil { head = component } else { tail.append(component) }
    }

    /// `self += other · factor`.
    mutating func add(_ other: Cost, times factor: Double) {
        if other.isZero || factor == 0 { return }
        if other.tail.isEmpty, let theirs = other.head {
            return add(theirs.amount * factor, atLevel: theirs.level)
        }
        var merged = Cost()
        merged.tail.reserveCapacity(count + other.count - 1)
        var i = 0, j = 0
        while i < count || j < other.count {
            var level = 0, amount = 0.0
            if i < count, j == other.count || self[i].level > other[j].level {
                (level, amount) = (self[i].level, self[i].amount)
                i += 1
            } else if j < other.count, i == count || other[j].level > self[i].level {
                (level, amount) = (other[j].level, other[j].amount * factor)
                j += 1
            } else {
                (level, amount) = (self[i].level, self[i].amount + other[j].amount * factor)
                i += 1
                j += 1
            }
            if !isNearZero(amount) { merged.append(Component(level: level, amount: amount)) }
        }
        self = merged
    }

    /// `self += Cost(level: level, amount: product)` in place, `product` being the other
    /// cost's amount times the factor: what the merge of ``add(_:times:)`` makes of a single
    /// component (the sum `amount + product` where the level is in use, `product` where it is
    /// not, dropped when near zero; the other levels as they were), without building a new
    /// cost. Most costs added are a single constraint's, and a cost of several levels keeps its
    /// storage instead of getting a new one for every row that passes through it.
    private mutating func add(_ product: Double, atLevel level: Int) {
        guard let top = head, level <= top.level else {
            guard !isNearZero(product) else { return }
            if let top = head { tail.insert(top, at: 0) }
            head = Component(level: level, amount: product)
            return
        }
        if level == top.level {
            let sum = top.amount + product
            if !isNearZero(sum) {
                head!.amount = sum
            } else {
                head = tail.isEmpty ? nil : tail.removeFirst()
            }
            return
        }
        var index = 0
        while index < tail.count && tail[index].level > level { index += 1 }
        if index < tail.count && tail[index].level == level {
            let sum = tail[index].amount + product
            if isNearZero(sum) { tail.remove(at: index) } else { tail[index].amount = sum }
        } else if !isNearZero(product) {
            tail.insert(Component(level: level, amount: product), at: index)
        }
    }

    /// Orders the ratio `a / x` against `b / y` (x and y positive) lexicographically:
    /// negative, zero or positive. Amounts that agree to within rounding count as equal at
    /// their level, so that the decision falls to the levels below instead of to noise.
    static func compareRatios(_ a: Cost, _ x: Double, _ b: Cost, _ y: Double) -> Int {
        var i = 0, j = 0
        while i < a.count || j < b.count {
            let left = i < a.count ? a[i] : nil
            let right = j < b.count ? b[j] : nil
            let level = max(left?.level ?? Int.min, right?.level ?? Int.min)
            let p = left?.level == level ? left!.amount / x : 0
            let q = right?.level == level ? right!.amount / y : 0
            if left?.level == level { i += 1 }
            if right?.level == level { j += 1 }
            if abs(p - q) > epsilon * max(1, abs(p), abs(q)) { return p < q ? -1 : 1 }
        }
        return 0
    }
}

/// Costs indexed by symbol number, zero past the end: the costs of an ``Objective``.
///
/// Each cost is kept as plain data: its highest component beside the number of the slot of
/// `tails` that holds the components below it, if any (a cost at a single level, by far the
/// most common, has none). In an array of ``Cost``, whose lower components are an array
/// each, every cost read would take and give back a reference to them, and the runtime would
/// visit every cost when the array grows or goes away; the objective holds a cost for every
/// symbol of the tableau.
struct CostTable {
    /// 16 bytes: the head's level and the tail's slot in 32 bits each (a level lies in
    /// 0...1000: a ``Strength``'s, or the artificial objective's 0; `Int32.min` stands for no
    /// head), where a `Component?` and an `Int` took 32. A pass that starts from a solver kept
    /// for it copies the entries on its first change of a cost.
    private struct Entry {
        private var level = Int32.min
        private var slot: Int32 = -1
        private var amount = 0.0

        init() {}

        init(head: Cost.Component?, tail: Int) {
            self.head = head
            self.tail = tail
        }

        var head: Cost.Component? {
            get { level == .min ? nil : Cost.Component(level: Int(level), amount: amount) }
            set {
                level = newValue.map { Int32($0.level) } ?? .min
                amount = newValue?.amount ?? 0
            }
        }

        /// The slot of `tails` that holds the components below `head`; -1 for none.
        var tail: Int {
            get { Int(slot) }
            set { slot = Int32(newValue) }
        }
    }

    private var entries: [Entry] = []
    /// The components below the head of the costs of several levels. The slots of costs that
    /// no longer have any are listed in `freeTails`, empty, until other costs take them.
    private var tails: [[Cost.Component]] = []
    private var freeTails: [Int] = []

    /// Makes every cost of the symbols numbered below `symbols` zero, as in a new table,
    /// keeping the array of entries, and the slots of `tails`, emptied, as free slots: the
    /// lower components of each cost of several levels are an array, and a solver's storage
    /// used again (``SolverPool``) then gives the next solver's such costs arrays that need no
    /// allocation, where a new slot allocates one (a typical screen has a score of them).
    mutating func removeAll(symbols: Int) {
        entries.reset(first: symbols, to: Entry())
        freeTails.removeAll(keepingCapacity: true)
        for slot in tails.indices {
            tails[slot].removeAll(keepingCapacity: true)
            freeTails.append(slot)
        }
    }

    /// Makes the entries those of the symbols numbered below `symbols` exactly: those beyond
    /// dropped, those missing added as zero costs (either reads as zero, as entries past the
    /// end do), so that a cost given to a symbol grows no array: see ``Solver/compactStorage()``.
    mutating func compact(symbols: Int) {
        entries.resize(to: symbols, with: Entry())
    }

    /// The cost of the symbol numbered `id`.
    subscript(id: Int) -> Cost {
        guard id < entries.count else { return .zero }
        let entry = entries[id]
        return Cost(head: entry.head, tail: entry.tail < 0 ? [] : tails[entry.tail])
    }

    /// Whether the cost of the symbol numbered `id` is zero, without the cost made.
    func isZero(_ id: Int) -> Bool { id >= entries.count || entries[id].head == nil }

    /// The numbers of the symbols whose cost is not zero, in order.
    var nonzeroIds: [Int] { entries.indices.filter { entries[$0].head != nil } }

    /// Makes `cost`, at a single level, the cost of the symbol numbered `id`, which has none:
    /// what ``add(_:times:to:)`` makes of it with the factor 1, the entry written at once.
    mutating func set(_ cost: Cost, ofCostless id: Int) {
        entries.extend(toInclude: id, with: Entry())
        precondition(cost.tail.isEmpty && entries[id].head == nil && entries[id].tail < 0, "one level, on a zero cost")
        entries[id].head = cost.head
    }

    /// `self[id] += cost · factor`; whether the new cost is negative (``Cost/isNegative``).
    mutating func add(_ cost: Cost, times factor: Double, to id: Int) -> Bool {
        entries.extend(toInclude: id, with: Entry())
        if let isNegative = addInPlace(cost, times: factor, to: id) { return isNegative }
        var sum = take(id)
        sum.add(cost, times: factor)
        let isNegative = sum.isNegative
        put(sum, at: id)
        return isNegative
    }

    /// ``add(_:times:to:)`` for a cost at one level, the usual case (a constraint's cost added
    /// to its error symbol, a row's cells to the objective): the same sum as
    /// ``Cost/add(_:times:)`` makes (`amount + amount · factor`, or `amount · factor` where
    /// the level was not in use, dropped when near zero), written into the entry, and its
    /// lower components if any, without a ``Cost`` taken out and put back. Whether the new
    /// cost is negative; nil, changing nothing, when `cost` has several levels.
    private mutating func addInPlace(_ cost: Cost, times factor: Double, to id: Int) -> Bool? {
        guard cost.tail.isEmpty, let theirs = cost.head, factor != 0 else { return nil }
        let product = theirs.amount * factor
        if entries[id].tail >= 0 { return add(product, atLevel: theirs.level, toSeveralLevelsOf: id) }
        guard let mine = entries[id].head else {
            guard !isNearZero(product) else { return false }
            entries[id].head = Cost.Component(level: theirs.level, amount: product)
            return product < 0
        }
        guard mine.level == theirs.level else {
            // A second level: the higher component heads the cost, the other goes below it, in
            // a free slot of `tails` (its components taken out, as every free slot's are).
            guard !isNearZero(product) else { return mine.amount < 0 }
            let added = Cost.Component(level: theirs.level, amount: product)
            let (higher, lower) = theirs.level > mine.level ? (added, mine) : (mine, added)
            let slot: Int
            if let free = freeTails.popLast() {
                slot = free
            } else {
                slot = tails.count
                tails.append([])
            }
            assert(tails[slot].isEmpty)
            tails[slot].append(lower)
            entries[id] = Entry(head: higher, tail: slot)
            return higher.amount < 0
        }
        let sum = mine.amount + product
        guard !isNearZero(sum) else {
            entries[id].head = nil
            return false
        }
        entries[id].head!.amount = sum
        return sum < 0
    }

    /// What ``Cost``'s merge of one component makes of a cost of several levels (see
    /// ``Cost/add(_:times:)``): the sum `amount + product` at `level` where the level is in
    /// use, `product` there where it is not, dropped when near zero, the other levels as they
    /// were; done to the entry of `id`, whose head has components below it, and to those in
    /// their slot of `tails`, in place. A slot left empty goes free, as ``put(_:at:)`` frees
    /// it. Whether the new cost is negative.
    private mutating func add(_ product: Double, atLevel level: Int, toSeveralLevelsOf id: Int) -> Bool {
        let slot = entries[id].tail
        let top = entries[id].head!  // a cost with lower components has a head
        if level > top.level {
            guard !isNearZero(product) else { return top.amount < 0 }
            tails[slot].insert(top, at: 0)
            entries[id].head = Cost.Component(level: level, amount: product)
            return product < 0
        }
        if level == top.level {
            let sum = top.amount + product
            if !isNearZero(sum) {
                entries[id].head!.amount = sum
                return sum < 0
            }
            entries[id].head = tails[slot].removeFirst()
        } else {
            var index = 0
            while index < tails[slot].count && tails[slot][index].level > level { index += 1 }
            if index < tails[slot].count && tails[slot][index].level == level {
                let sum = tails[slot][index].amount + product
                if isNearZero(sum) { tails[slot].remove(at: index) } else { tails[slot][index].amount = sum }
            } else if !isNearZero(product) {
                tails[slot].insert(Cost.Component(level: level, amount: product), at: index)
            }
        }
        if tails[slot].isEmpty {
            freeTails.append(slot)
            entries[id].tail = -1
        }
        return entries[id].head!.amount < 0
    }

    /// Makes the cost of the symbol numbered `id` zero.
    mutating func remove(_ id: Int) {
        guard id < entries.count else { return }
        _ = take(id)
        put(.zero, at: id)
    }

    /// The cost of `id`, its lower components taken out of their slot rather than copied, so
    /// that changing them in place and putting them back (``put(_:at:)``) copies nothing.
    private mutating func take(_ id: Int) -> Cost {
        var tail: [Cost.Component] = []
        if entries[id].tail >= 0 { swap(&tail, &tails[entries[id].tail]) }
        return Cost(head: entries[id].head, tail: tail)
    }

    /// Makes `cost` the cost of `id`, whose lower components have been taken (``take(_:)``).
    private mutating func put(_ cost: consuming Cost, at id: Int) {
        var slot = entries[id].tail
        if cost.tail.isEmpty {
            if slot >= 0 { freeTails.append(slot) }
            slot = -1
        } else {
            if slot < 0 {
                if let free = freeTails.popLast() {
                    slot = free
                } else {
                    slot = tails.count
                    tails.append([])
                }
            }
            tails[slot] = cost.tail
        }
        entries[id] = Entry(head: cost.head, tail: slot)
    }
}
