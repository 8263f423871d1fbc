/// A text view's text as it shows in the frame the layout gave the view: laid out once, by the
/// same measurer that gave the view its intrinsic size, with the view's lines, line-break mode
/// and minimum scale factor. What a check reports and a renderer draws.
public struct FittedText: Equatable, Sendable {
    /// The text as shown: its lines (with their glyphs, in visual order), what is shown of it,
    /// whether it is truncated, the scale it shrank to, the width and lines it needs.
    public var layout: TextLayout
    /// The font the text was laid out in, before any shrinking (`layout.scale`).
    public var font: ResolvedFont
    /// The width the view gives its text, in points.
    public var available: Double
    /// The lines the view gives its text: its `lines`, or for a wrapping label as many as its
    /// frame's height holds (at least one), up to its `lines`.
    public var availableLines: Int

    public init(layout: TextLayout, font: ResolvedFont, available: Double, availableLines: Int) {
        self.layout = layout
        self.font = font
        self.available = available
        self.availableLines = availableLines
    }
}

/// Fits each text view's text into its solved frame, as UIKit draws it:
/// - a label in its frame's width, on its `lines` (for a wrapping label, no more lines than
///   its frame's height holds), with its line-break mode and minimum scale factor;
/// - a button's title in the width and height its content insets and image leave, on its
///   `lines` (one by default), truncating in the middle as UIButton's title label does
///   unless its `lineBreak` says otherwise;
/// - a text field's text (or placeholder) in its width, on one line, truncating its tail.
///
/// An object: a run hands it to every view it fits, and each copy of a structure of the
/// measurer and the run's context (its texts, images and device) retained every one of them.
final class TextFitting {
    let measurer: any TextMeasuring
    let context: LayoutContext

    init(measurer: any TextMeasuring, context: LayoutContext) {
        self.measurer = measurer
        self.context = context
    }

    /// `text`: the view's text (`context.texts[view.id]`; no text is an empty one).
    /// `unconstrained`: the view's text laid out without a width in the run's direction (its
    /// intrinsic size's), which the measurer may hand back when the frame changes nothing.
    func fit(_ view: ViewNode, text: String, frame: Rect, direction: LayoutDirection, unconstrained: TextLayout?) throws -> FittedText? {
        guard let spec = view.kind.font else { return nil }
        let font = spec.resolved(for: context.contentSize)
        var request = TextMeasureRequest(text: text, font: font, wrapWidth: frame.width,
                                         direction: direction, language: context.language)
        // The space the view gives its text: a button's title sits inside its content insets
        // and beside its image.
        var height = frame.height
        if case .button(let button) = view.kind {
            let imageWidth = context.imageSize(of: view)?.width ?? 0
            request.wrapWidth = max(0, frame.width - button.contentInsets.leading - button.contentInsets.trailing - imageWidth)
            height = max(0, frame.height - button.contentInsets.top - button.contentInsets.bottom)
        }
        if let wrapping = view.kind.wrapping {
            var lines = wrapping.lines
            if lines != 1 {
                var wrapped = request
                wrapped.maxLines = 0
                wrapped.lineBreak = .wordWrap
                var fitting = 0, used = 0.0
                for line in try lay(wrapped).lines {
                    used += line.height
                    if used > height + 0.01 { break }
                    fitting += 1
                }
                let fit = max(1, fitting)
                lines = wrapping.lines == 0 ? fit : min(wrapping.lines, fit)
            }
            request.maxLines = lines
            request.lineBreak = wrapping.lineBreak
        }
        switch view.kind {
        case .label(let label):
            request.minimumScaleFactor = label.minimumScaleFactor
        case .textField:
            request.lineBreak = .truncateTail
        case .button, .view, .image, .stack, .control, .scroll:
            break
        }
        return FittedText(layout: try lay(request), font: font, available: request.wrapWidth ?? frame.width,
                          availableLines: request.maxLines)

        /// From the layout without a width when it was made in this direction.
        func lay(_ request: TextMeasureRequest) throws -> TextLayout {
            guard let unconstrained, request.direction == context.direction else { return try measurer.layout(request) }
            return try measurer.layout(request, given: unconstrained)
        }
    }

    /// The variant of a text with width variants that the view shows: the widest that fits
    /// `width` on one line, else the narrowest.
    func widthVariant(_ variants: [String], of view: ViewNode, width: Double) throws -> String {
        guard let spec = view.kind.font, let narrowest = variants.last else { return variants.first ?? "" }
        let font = spec.resolved(for: context.contentSize)
        for variant in variants {
            let request = TextMeasureRequest(text: variant, font: font, direction: context.direction, language: context.language)
            if try measurer.layout(request).naturalWidth <= width + 1e-6 { return variant }
        }
        return narrowest
    }
}

/// A text could not be laid out (its font could not be opened, its size is out of range).
public struct TextMeasuringError: Error, CustomStringConvertible {
    /// The view whose text it was.
    public var view: String
    /// The language of the run.
    public var language: String
    /// What the measurer threw.
    public var underlying: any Error

    public var description: String { "\(underlying)" }

    /// Runs `body`, naming `view` (and `language`) when it throws an error that does not already
    /// name its view: what every measuring and fitting of a view's text goes through.
    static func naming<T>(_ view: String, language: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as TextMeasuringError {
            throw error
        } catch {
            throw TextMeasuringError(view: view, language: language, underlying: error)
        }
    }
}

extension ViewNode {
    /// Whether this node and `other` differ in nothing but what only a text's fitting and a
    /// view's resolved alignment read (``LayoutResult/refitting(_:context:measurer:)``): a
    /// label's minimum scale factor, a label's or text field's alignment. Any other difference,
    /// in any field, and the two may lay out apart.
    package func differsOnlyInFitting(from other: ViewNode) -> Bool {
        var aligned = self
        switch (kind, other.kind) {
        case (.label(var mine), .label(let theirs)):
            mine.minimumScaleFactor = theirs.minimumScaleFactor
            mine.alignment = theirs.alignment
            aligned.kind = .label(mine)
        case (.textField(var mine), .textField(let theirs)):
            mine.alignment = theirs.alignment
            aligned.kind = .textField(mine)
        default:
            break
        }
        return aligned == other
    }
}

extension LayoutResult {
    /// This layout with the views at the given places taking the given nodes, every frame,
    /// direction and diagnostic as it was: each one's text alignment resolved again and its
    /// text fitted again from the text it was fitted from here (``FittedText``'s
    /// `layout.text`). It is the layout of a document that differs from this one's only where
    /// no frame reads it: a label's minimum scale factor and a label's or text field's
    /// alignment. Neither enters an intrinsic size or a constraint here: a label's intrinsic
    /// size is its text's in the label's font, and the scale factor is the smallest scale the
    /// font may shrink to when the text is fitted into the frame the layout gave (Apple
    /// documents `minimumScaleFactor` as the smallest multiplier for the font size when the
    /// label fits its text to its bounds; the intrinsic size is the one of UIKit's behaviour,
    /// which Apple does not write down). A layout reads the scale factor only where it fits a
    /// text (``TextFitting``), and the alignment only where it resolves a view's
    /// `textAlignment` (``LayoutSession``'s view layouts), as this does.
    package func refitting(_ nodes: [(place: Int, node: ViewNode)], context: LayoutContext,
                           measurer: any TextMeasuring) throws -> LayoutResult {
        var refitted = self
        var context = context
        for (place, node) in nodes {
            var view = refitted.views[place]
            precondition(view.id == node.id, "refitting \(node.id) at the place of \(view.id)")
            view.textAlignment = node.kind.textAlignment?.resolved(view.direction)
            if let fitted = view.fitted {
                context.texts[node.id] = fitted.layout.text
                let fitting = TextFitting(measurer: measurer, context: context)
                view.fitted = try TextMeasuringError.naming(node.id, language: context.language) {
                    try fitting.fit(node, text: fitted.layout.text, frame: view.frame, direction: view.direction, unconstrained: nil)
                }
            }
            refitted.views[place] = view
        }
        return refitted
    }
}
