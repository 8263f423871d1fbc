import Foundation

/// A dictionary shared by threads (a check's, a text engine's): a value is made outside the lock on first use,
/// and the first one stored is the one every caller gets (a value made twice in a race is
/// dropped), so a cached value never depends on which thread asked first. Inlinable, so that
/// each owner's lookups are specialised for its key.
public final class LockedCache<Key: Hashable, Value>: @unchecked Sendable {
    @usableFromInline var values: [Key: Value] = [:]
    @usableFromInline let lock = BriefLock()

    @inlinable
    public init() {}

    @inlinable
    public func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        lock.lock()
        if let cached = values[key] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        let made = try make()
        lock.lock()
        defer { lock.unlock() }
        if let first = values[key] { return first }
        values[key] = made
        return made
    }

    /// The value stored for `key`, if one is; none is made.
    @inlinable
    public func stored(for key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return values[key]
    }

    /// Stores `value` for `key` unless a value is stored already (which stays).
    @inlinable
    public func keep(_ value: Value, for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        if values[key] == nil { values[key] = value }
    }

    /// Forgets the values whose keys match.
    @inlinable
    public func removeValues(where matches: (Key) -> Bool) {
        lock.lock()
        defer { lock.unlock() }
        values = values.filter { !matches($0.key) }
    }
}
