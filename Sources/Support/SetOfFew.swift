extension Set where Element == String {
    /// `contains(id)` for a set of a few ids, such as the views a fix edits (one or two): they
    /// are compared with `id` in turn, which costs less than hashing `id` as `contains` does,
    /// for every view a run laid out again reads. A larger set is searched by hash.
    @inlinable
    public func containsFew(_ id: String) -> Bool {
        count > 4 ? contains(id) : contains { $0 == id }
    }
}
