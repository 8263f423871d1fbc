/// A map from objects, by identity, to numbers: the solver's marker of each constraint and
/// symbol of each variable, looked up for every constraint added and every term.
///
/// An open-addressing hash table with linear probing over one array of slots, at most half
/// full. An object's identity is an address, so one multiplication (Fibonacci hashing) spreads
/// the keys well; a Dictionary would run a keyed hash function (SipHash) on every access. A
/// removal moves the later entries of its run back, so no slot is ever marked deleted. The
/// order of ``values`` depends on the addresses: callers must not depend on it.
struct IdentityMap {
    private struct Slot {
        /// The object's address; zero for an empty slot (no object lives at zero).
        var key: UInt
        var value: Int
    }

    /// A power of two, or empty before the first entry.
    private var slots: [Slot] = []
    private(set) var count = 0

    private static let emptySlot = Slot(key: 0, value: 0)

    /// The value filed under `object`, nil if none; setting nil removes the entry.
    subscript(object: ObjectIdentifier) -> Int? {
        get {
            let key = UInt(bitPattern: object)
            guard !slots.isEmpty else { return nil }
            let index = position(of: key)
            return slots[index].key == key ? slots[index].value : nil
        }
        set {
            let key = UInt(bitPattern: object)
            if let newValue {
                if (count + 1) * 2 > slots.count { grow() }
                let index = position(of: key)
                if slots[index].key == 0 { count += 1 }
                slots[index] = Slot(key: key, value: newValue)
            } else if !slots.isEmpty {
                remove(at: position(of: key), key: key)
            }
        }
    }

    /// The empty slot where `object` would be filed, nil when it is filed already; the table
    /// grows first if one more entry would make it more than half full. For a caller that asks
    /// whether an object is filed and files it later (``fill(_:with:for:)``) with no other change
    /// of the map in between, as the solver does with each constraint it adds: the object's
    /// place is looked for once, where a lookup and then a setting look for it twice.
    mutating func vacancy(for object: ObjectIdentifier) -> Int? {
        let key = UInt(bitPattern: object)
        if (count + 1) * 2 > slots.count { grow() }
        let index = position(of: key)
        return slots[index].key == key ? nil : index
    }

    /// Files `value` under `object` in the slot that ``vacancy(for:)`` named for it, the map
    /// unchanged since.
    mutating func fill(_ index: Int, with value: Int, for object: ObjectIdentifier) {
        precondition(slots[index].key == 0, "a vacancy stays empty until it is filled")
        slots[index] = Slot(key: UInt(bitPattern: object), value: value)
        count += 1
    }

    /// Removes every entry; the table keeps its size. Only the slots in use are written.
    mutating func removeAll() {
        guard count > 0 else { return }
        slots.withUnsafeMutableBufferPointer { slots in
            for index in slots.indices where slots[index].key != 0 {
                slots[index] = Self.emptySlot
            }
        }
        count = 0
    }

    /// Every value, in no particular order.
    var values: [Int] {
        slots.compactMap { $0.key != 0 ? $0.value : nil }
    }

    /// Where the table's first slot for `key` is, before any probing.
    private func home(of key: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt(64 - slots.count.trailingZeroBitCount))
    }

    /// The slot that holds `key`, or the empty slot where it would go.
    private func position(of key: UInt) -> Int {
        let mask = slots.count - 1
        var index = home(of: key)
        while slots[index].key != key && slots[index].key != 0 {
            index = (index + 1) & mask
        }
        return index
    }

    /// Empties the slot at `index` if it holds `key`, then moves back each later entry of the
    /// run that may take the freed place (one whose home is not between it and the entry), so
    /// that every entry stays reachable from its home without a gap.
    private mutating func remove(at index: Int, key: UInt) {
        guard slots[index].key == key else { return }
        let mask = slots.count - 1
        var free = index, next = index
        while true {
            next = (next + 1) & mask
            let moving = slots[next]
            if moving.key == 0 { break }
            let home = home(of: moving.key)
            // Whether `home` lies cyclically in (free, next]: then the entry must stay.
            let stays = free <= next ? (free < home && home <= next) : (free < home || home <= next)
            if !stays {
                slots[free] = moving
                free = next
            }
        }
        slots[free] = Self.emptySlot
        count -= 1
    }

    /// Enlarges the table as the arrays indexed by symbol number grow (256 slots at first, then
    /// four times as many while it is small, see ``Swift/Array/grownSize(from:)``) and files
    /// every entry anew. A solver's two maps, of a screen's constraints and of its variables,
    /// each reach some hundreds of entries: in two steps each.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Self.emptySlot, count: [Slot].grownSize(from: old.count))
        for slot in old where slot.key != 0 {
            slots[position(of: slot.key)] = slot
        }
    }
}
