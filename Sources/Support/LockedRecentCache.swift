/// A ``RecentCache`` behind a lock, whose values are made outside it: what many threads ask
/// for again soon (a layout's texts on each device, a number formatted for each run), kept in
/// bounded memory. A generation the cache lets go is freed after unlocking.
public final class LockedRecentCache<Key: Hashable, Value>: @unchecked Sendable {
    @usableFromInline var cache: RecentCache<Key, Value>
    @usableFromInline let lock = BriefLock()

    @inlinable
    public init(limit: Int) {
        cache = RecentCache(limit: limit)
    }

    /// The value kept for `key`, else `make`'s, kept. Two threads that make the same key at
    /// once each keep theirs; callers make equal values for equal keys.
    @inlinable
    public func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        lock.lock()
        if let kept = cache.value(for: key) {
            lock.unlock(freeing: cache.takeDropped())
            return kept
        }
        lock.unlock()
        let made = try make()
        lock.lock()
        cache.insert(made, for: key)
        lock.unlock(freeing: cache.takeDropped())
        return made
    }
}
