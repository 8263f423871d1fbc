/// A cache that keeps what was used recently and lets the rest go: two generations of
/// entries; when the newer one is full it becomes the older, and the older is dropped; an entry
/// found in the older generation moves to the newer. At most twice `limit` entries are kept, so
/// memory stays bounded however many entries a check makes (texts laid out, cones answered),
/// and entries still in use survive each turn. Not thread-safe: the owner locks around it.
public struct RecentCache<Key: Hashable, Value> {
    public let limit: Int
    private var newer: [Key: Value] = [:]
    private var older: [Key: Value] = [:]

    public init(limit: Int) {
        precondition(limit > 0, "a cache of no entries")
        self.limit = limit
    }

    public var count: Int { newer.count + older.count }

    public mutating func value(for key: Key) -> Value? {
        if let value = newer[key] { return value }
        guard let value = older.removeValue(forKey: key) else { return nil }
        insert(value, for: key)
        return value
    }

    public mutating func insert(_ value: Value, for key: Key) {
        if newer.count >= limit {
            older = newer
            newer = [:]
        }
        newer[key] = value
    }
}
