/// How a label breaks and truncates its text: UILabel's lineBreakMode.
public enum LineBreakMode: String, CaseIterable, Codable, Sendable {
    /// Wrap at word boundaries (a word longer than the line breaks between characters); clip the rest.
    case wordWrap
    /// Wrap between any two grapheme clusters; clip the rest.
    case charWrap
    /// Wrap at word boundaries; the last line is cut off at the edge.
    case clip
    /// Show the end of the (last) line, with an ellipsis in place of its start.
    case truncateHead
    /// Show the start of the (last) line, with an ellipsis in place of its end.
    case truncateTail
    /// Show the start and end, with an ellipsis in place of the middle.
    case truncateMiddle

    public var truncates: Bool { self == .truncateHead || self == .truncateTail || self == .truncateMiddle }
}
