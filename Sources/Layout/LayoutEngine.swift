/// Auto Layout for a layout document: frames for every view, on the Cassowary solver.
///
/// A run solves in passes. Each pass measures the views (intrinsic sizes through the
/// `TextMeasuring`; after the first pass, only labels whose wrap width changed), makes the
/// constraints and solves. Then two things the solution feeds
/// back are updated, and the run solves again until neither changes (at most `maximumPasses`):
/// a multi-line label whose one-line text is wider than its solved width is measured again,
/// wrapped at that width (preferredMaxLayoutWidth), and every view's safe-area insets are
/// recomputed from where the root's unsafe area reaches into its frame.
public struct LayoutEngine {
    public let measurer: any TextMeasuring
    public static let maximumPasses = 4

    public init(measurer: any TextMeasuring) {
        self.measurer = measurer
    }

    /// Lays a document out in a context. When a text has width variants, the layout is solved
    /// with each text's widest variant, then again with the variants that fit their views.
    ///
    /// Each call starts from nothing: every pass builds a solver, and the ambiguity probe
    /// another. To lay one document out in many languages, a ``LayoutSession`` per device,
    /// direction and content size gives the same results for much less.
    ///
    /// - Throws: `TextMeasuringError` when a view's text cannot be measured.
    public func layout(_ document: LayoutDocument, in context: LayoutContext) throws -> LayoutResult {
        try LayoutSession(document: document, device: context.device, direction: context.direction,
                          contentSize: context.contentSize, measurer: measurer, store: LayoutSessionStore(), solving: .fresh).layout(context)
    }
}

extension Rect {
    /// Rounded to a millionth of a point, so that a solver's 15.999999999 reads as 16.
    var rounded: Rect {
        func r(_ value: Double) -> Double {
            let result = (value * 1e6).rounded() / 1e6
            return result == 0 ? 0 : result
        }
        return Rect(x: r(x), y: r(y), width: r(width), height: r(height))
    }
}
