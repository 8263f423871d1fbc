/// A key of a ``RecentCache``: equatable, with the hash the cache finds it by.
public protocol RecentCacheKey: Hashable {
    /// The key's hash in a ``RecentCache``: equal keys have equal hashes, and a lookup by a
    /// borrowed key (``RecentCache/value(hash:where:)``) gives the hash the key it finds has.
    /// A key's own `hashValue` unless it has a cheaper one (a digest made once).
    var recentHash: Int { get }
}

extension RecentCacheKey {
    @inlinable
    public var recentHash: Int { hashValue }
}

/// A cache that keeps what was used recently and lets the rest go: two generations of
/// entries; when the newer one is full it becomes the older, and the older is dropped; an entry
/// found in the older generation moves to the newer. At most twice `limit` entries are kept, so
/// memory stays bounded however many entries a check makes (texts laid out, cones answered),
/// and entries still in use survive each turn. Not thread-safe: the owner locks around it.
///
/// An entry is found by its key, or by a key its owner holds in pieces of its own (a run's
/// units within its text) without making the key: by the key's hash and a test of a kept key
/// (``value(hash:where:)``). Each generation is a table of a fixed size, where an entry
/// sits at the first free slot from its hash on: a generation never holds more than `limit`
/// entries, so it never grows.
///
/// Inlinable, so that each owner's use is specialised for its key (a generic lookup across the
/// module boundary hashed and compared through witness tables, most of a cached width's cost).
/// Not copyable: its generations are tables that a copy would share.
public struct RecentCache<Key: RecentCacheKey, Value>: ~Copyable {
    public let limit: Int
    @usableFromInline var newer: RecentGeneration<Key, Value>
    /// Nil until the first turn.
    @usableFromInline var older: RecentGeneration<Key, Value>?
    /// The generation the last turn let go, held until the owner takes it (``takeDropped()``)
    /// to let it go after unlocking: freeing a generation (hundreds of laid-out texts) under
    /// the owner's lock kept every other thread that wanted the cache waiting.
    @usableFromInline var dropped: RecentGeneration<Key, Value>?

    @inlinable
    public init(limit: Int) {
        precondition(limit > 0, "a cache of no entries")
        self.limit = limit
        newer = RecentGeneration(limit: limit)
    }

    @inlinable
    public var count: Int { newer.count + (older?.count ?? 0) }

    @inlinable
    public mutating func value(for key: Key) -> Value? {
        value(hash: key.recentHash) { $0 == key }
    }

    /// The value of the key whose ``RecentCacheKey/recentHash`` is `hash` and that `isMatch`
    /// holds for, if kept: `isMatch` is asked only of kept keys with that hash, and must hold
    /// for one key alone (and keys equal to it).
    @inlinable
    public mutating func value(hash: Int, where isMatch: (Key) -> Bool) -> Value? {
        if let slot = newer.slot(hash: hash, where: isMatch) { return newer.values[slot] }
        // An empty older generation (a cache that has not turned yet, or whose entries all
        // moved) is not searched.
        guard let older, older.count > 0, let slot = older.slot(hash: hash, where: isMatch) else { return nil }
        let (key, value) = older.remove(at: slot)
        insert(value, for: key, hash: hash)
        return value
    }

    @inlinable
    public mutating func insert(_ value: Value, for key: Key) {
        insert(value, for: key, hash: key.recentHash)
    }

    @inlinable
    mutating func insert(_ value: Value, for key: Key, hash: Int) {
        if newer.count >= limit {
            // A generation not taken is let go here, so at most three are ever held.
            dropped = older
            older = newer
            newer = RecentGeneration(limit: limit)
        }
        newer.set(value, for: key, hash: hash)
    }

    /// The generation the last turn let go, if it has not been taken: the owner takes it
    /// under its lock and lets it go after unlocking (`BriefLock.unlock(freeing:)`).
    @inlinable
    public mutating func takeDropped() -> RecentGeneration<Key, Value>? {
        guard let taken = dropped, taken.count > 0 else { return nil }
        dropped = nil
        return taken
    }
}

/// One generation of a ``RecentCache``: a table of slots, a power of two of them and at least a
/// third more than the entries it may hold (as a dictionary made for them has), where an entry
/// sits at the first free slot from its hash on (linear probing). Each slot keeps its entry's
/// hash, which is compared before the key.
public final class RecentGeneration<Key: RecentCacheKey, Value> {
    /// Slots less one: a hash's first slot is `hash & mask`.
    @usableFromInline let mask: Int
    /// Entries held.
    /// Read and written under its cache owner's lock alone, so accesses never overlap: the
    /// runtime's exclusivity check of a class's property (about 100 instructions) is left out.
    @exclusivity(unchecked) @usableFromInline var held = 0
    /// Each slot's entry's hash with its top bit set (`tag(_:)`), 0 at a free slot.
    @usableFromInline let hashes: UnsafeMutablePointer<Int>
    /// Each slot's key and value, initialised at the slots whose hash is not 0.
    @usableFromInline let keys: UnsafeMutablePointer<Key>
    @usableFromInline let values: UnsafeMutablePointer<Value>

    /// A generation for up to `limit` entries.
    @inlinable
    init(limit: Int) {
        var slots = 2
        while slots * 3 < limit * 4 { slots *= 2 }
        mask = slots - 1
        hashes = UnsafeMutablePointer.allocate(capacity: slots)
        hashes.initialize(repeating: 0, count: slots)
        keys = UnsafeMutablePointer.allocate(capacity: slots)
        values = UnsafeMutablePointer.allocate(capacity: slots)
    }

    deinit {
        for slot in 0...mask where hashes[slot] != 0 {
            (keys + slot).deinitialize(count: 1)
            (values + slot).deinitialize(count: 1)
        }
        hashes.deallocate()
        keys.deallocate()
        values.deallocate()
    }

    /// Entries held.
    @inlinable
    public var count: Int { held }

    /// What a slot keeps of a hash: never 0, which marks a free slot.
    @inlinable
    static func tag(_ hash: Int) -> Int { hash | Int.min }

    /// The value of `key`, if this generation holds it.
    @inlinable
    public func value(for key: Key) -> Value? {
        slot(hash: key.recentHash) { $0 == key }.map { values[$0] }
    }

    /// The slot of the entry whose hash is `hash` and whose key `isMatch` holds for.
    @inlinable
    func slot(hash: Int, where isMatch: (Key) -> Bool) -> Int? {
        let tag = Self.tag(hash)
        var slot = hash & mask
        while true {
            let kept = hashes[slot]
            if kept == tag, isMatch(keys[slot]) { return slot }
            if kept == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Keeps `value` for `key`, whose hash is `hash`, in place of the value of an equal key
    /// held (whose key stays). Never called on a generation holding its limit (there is a free slot).
    @inlinable
    func set(_ value: Value, for key: Key, hash: Int) {
        let tag = Self.tag(hash)
        var slot = hash & mask
        while hashes[slot] != 0 {
            if hashes[slot] == tag, keys[slot] == key {
                values[slot] = value
                return
            }
            slot = (slot + 1) & mask
        }
        hashes[slot] = tag
        (keys + slot).initialize(to: key)
        (values + slot).initialize(to: value)
        held += 1
    }

    /// Takes the entry at `slot` out, moving back the entries after it that may sit closer to
    /// their first slots, so that every entry stays reachable from its first slot without a free
    /// slot between.
    @inlinable
    func remove(at slot: Int) -> (key: Key, value: Value) {
        let entry = ((keys + slot).move(), (values + slot).move())
        hashes[slot] = 0
        held -= 1
        var free = slot
        var next = (slot + 1) & mask
        while hashes[next] != 0 {
            // The entry at `next` may move to the free slot when that lies from its first slot
            // on: not further from its first slot than `next` is.
            let first = hashes[next] & mask
            if (next &- first) & mask >= (next &- free) & mask {
                hashes[free] = hashes[next]
                (keys + free).moveInitialize(from: keys + next, count: 1)
                (values + free).moveInitialize(from: values + next, count: 1)
                hashes[next] = 0
                free = next
            }
            next = (next + 1) & mask
        }
        return entry
    }
}
