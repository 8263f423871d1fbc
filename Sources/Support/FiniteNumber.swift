extension Double {
    /// The number written in `text`, or nil when it is not a number or not finite: `nan`,
    /// `inf` and `1e999` are no length, size or priority a file means.
    public init?(finite text: some StringProtocol) {
        guard let value = Double(String(text)), value.isFinite else { return nil }
        self = value
    }
}
