/// A cache that keeps what was used recently and lets the rest go: two generations of
/// entries; when the newer one is full it becomes the older, and the older is dropped; an entry
/// found in the older generation is copied to the newer (and left where it is, to go with the
/// older: removing it shifted the entries after it in the older's storage, laid-out texts of
/// some hundred bytes each). At most twice `limit` entries are kept, so
/// memory stays bounded however many entries a check makes (texts laid out, cones answered),
/// and entries still in use survive each turn. Not thread-safe: the owner locks around it.
///
/// Inlinable, so that each owner's use is specialised for its key (a generic lookup across the
/// module boundary hashed and compared through witness tables, most of a cached width's cost).
public struct RecentCache<Key: Hashable, Value> {
    public let limit: Int
    @usableFromInline var newer: [Key: Value] = [:]
    @usableFromInline var older: [Key: Value] = [:]
    /// The generation the last turn let go, held until the owner takes it (``takeDropped()``)
    /// to let it go after unlocking: freeing a generation (hundreds of laid-out texts) under
    /// the owner's lock kept every other thread that wanted the cache waiting.
    @usableFromInline var dropped: [Key: Value] = [:]
    /// How many entries of the older generation are also in the newer: copied there since the
    /// last turn.
    @usableFromInline var copied = 0

    @inlinable
    public init(limit: Int) {
        precondition(limit > 0, "a cache of no entries")
        self.limit = limit
    }

    /// How many entries are kept, one that ``value(for:)`` copied to the newer generation
    /// counted once.
    @inlinable
    public var count: Int { newer.count + older.count - copied }

    @inlinable
    public mutating func value(for key: Key) -> Value? {
        if let value = newer[key] { return value }
        // An empty older generation (a cache that has not turned yet) is not searched: looking a
        // key up in it hashed the key again.
        guard !older.isEmpty, let value = older[key] else { return nil }
        // Copied before the insertion, which may turn the generations: then the copy goes to the
        // older, as the original does, and the count of copies starts again.
        copied += 1
        insert(value, for: key)
        return value
    }

    @inlinable
    public mutating func insert(_ value: Value, for key: Key) {
        if newer.count >= limit {
            // A generation not taken is let go here, so at most three are ever held.
            dropped = older
            older = newer
            copied = 0
            // Made at its full size at once, the new generation is never rehashed as it fills.
            newer = Dictionary(minimumCapacity: limit)
        }
        newer[key] = value
    }

    /// The generation the last turn let go, if it has not been taken: the owner takes it
    /// under its lock and lets it go after unlocking (`BriefLock.unlock(freeing:)`).
    @inlinable
    public mutating func takeDropped() -> [Key: Value]? {
        guard !dropped.isEmpty else { return nil }
        defer { dropped = [:] }
        return dropped
    }
}
