/// A ``RecentCache`` behind a lock, whose values are made outside it: what many threads ask
/// for again soon (a layout's texts on each device, a number formatted for each run), kept in
/// bounded memory. A generation the cache lets go is freed after unlocking.
public final class LockedRecentCache<Key: Hashable, Value>: @unchecked Sendable {
    @usableFromInline var cache: RecentCache<Key, Value>
    @usableFromInline let lock = BriefLock()
    /// How many values were found kept, and how many were made.
    @usableFromInline var found = 0, made = 0

    @inlinable
    public init(limit: Int) {
        cache = RecentCache(limit: limit)
    }

    /// The value kept for `key`, else `make`'s, kept. Two threads that make the same key at
    /// once each keep theirs; callers make equal values for equal keys.
    @inlinable
    public func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        try value(forFirstOf: CollectionOfOne(key)) { (try make(), 0) }
    }

    /// The value kept for the first of `keys` that has one, else `make`'s, kept for the key
    /// `make` names by its position in `keys`: for a value that may hold for more keys than the
    /// one it is asked for (a layout's texts, on every device when none of them varies by device),
    /// which `make` finds out as it makes it.
    @inlinable
    public func value(forFirstOf keys: some RandomAccessCollection<Key>,
                      make: () throws -> (value: Value, keptFor: Int)) rethrows -> Value {
        lock.lock()
        for key in keys {
            if let kept = cache.value(for: key) {
                found += 1
                lock.unlock(freeing: cache.takeDropped())
                return kept
            }
        }
        lock.unlock()
        let made = try make()
        lock.lock()
        self.made += 1
        cache.insert(made.value, for: keys[keys.index(keys.startIndex, offsetBy: made.keptFor)])
        lock.unlock(freeing: cache.takeDropped())
        return made.value
    }

    /// How many values ``value(for:make:)`` found kept, and how many it made.
    public var counts: (found: Int, made: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (found, made)
    }
}
