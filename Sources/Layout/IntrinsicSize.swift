/// A view's intrinsic content size and baselines, as UIKit's intrinsicContentSize and
/// first/last baseline offsets give them.
///
/// Sizes from text are rounded up to the device's pixel grid. A label with more than one
/// line (or `lines` 0) is measured on one line in the first pass; once the solver has given
/// it a width, the engine measures it again wrapped at that width (as preferredMaxLayoutWidth
/// does) and solves again.
struct IntrinsicSize {
    var width: Double?
    var height: Double?
    /// From the view's top to its first baseline; nil: the view has no text (its baselines
    /// are its bottom edge, as for any view without a baseline).
    var firstBaselineFromTop: Double?
    /// From the view's last baseline to its bottom.
    var lastBaselineFromBottom: Double?
    /// The text as measured for this size.
    var text: TextMeasurement?
    /// The text laid out without a width, in the run's direction (a label's, button's or text
    /// field's): what fitting the text into its frame starts from (see `TextFitting`).
    var unconstrained: TextLayout?
    /// A label's text on one line, rounded to the pixel grid (whether or not it is wrapped).
    var oneLineWidth: Double?
    /// A multi-line label not yet wrapped: its width gives way to any other view's (it will
    /// wrap instead), so it resists horizontal compression only at the lowest priority.
    var wrapsFreely = false

    static let none = IntrinsicSize()

    /// Measures a view showing `text` (`context.texts[view.id]`; no text is an empty one).
    /// `wrapWidth` is the width the solver gave a multi-line label in the previous pass.
    static func of(
        _ view: ViewNode, text: String, context: LayoutContext, device: Device, measurer: any TextMeasuring, wrapWidth: Double?
    ) throws -> IntrinsicSize {
        func request(_ font: FontSpec) -> TextMeasureRequest {
            TextMeasureRequest(text: text, font: font.resolved(for: context.contentSize), direction: context.direction,
                               language: context.language)
        }
        switch view.kind {
        case .view:
            // A custom view's own intrinsic size, where the layout gives one.
            guard let hint = view.intrinsicContentSize else { return .none }
            return IntrinsicSize(width: hint.width, height: hint.height)
        case .stack, .scroll:
            return .none
        case .control(let control):
            let size = control.intrinsicSize
            return IntrinsicSize(width: size.width, height: size.height)
        case .image:
            guard let size = context.imageSize(of: view) else { return .none }
            return IntrinsicSize(width: size.width, height: size.height)
        case .label(let label):
            var line = request(label.font)
            line.lineBreak = label.lineBreak
            let unconstrained = try measurer.layout(line)
            let oneLine = TextMeasurement(unconstrained)
            if text.isEmpty {
                // UILabel without text has no size, but keeps its font's baselines.
                return IntrinsicSize(
                    width: 0, height: 0, firstBaselineFromTop: oneLine.firstBaseline,
                    lastBaselineFromBottom: -oneLine.lastBaseline, text: oneLine, unconstrained: unconstrained)
            }
            var measured = oneLine
            var width = device.roundUpToPixels(oneLine.width)
            if label.lines != 1, let wrapWidth, width > wrapWidth {
                var wrapped = line
                wrapped.wrapWidth = wrapWidth
                wrapped.maxLines = label.lines
                measured = try measurer.measure(wrapped)
                // As UILabel sizes wrapped text: as wide as its widest line, which is at most the wrap width.
                width = min(wrapWidth, device.roundUpToPixels(measured.width))
            }
            let height = device.roundUpToPixels(label.lines == 1 ? oneLine.lineHeight : measured.height)
            var size = IntrinsicSize(
                width: width, height: height, firstBaselineFromTop: measured.firstBaseline,
                lastBaselineFromBottom: height - measured.lastBaseline, text: measured, unconstrained: unconstrained,
                oneLineWidth: device.roundUpToPixels(oneLine.width))
            size.wrapsFreely = label.lines != 1 && measured.lineCount <= 1
            return size
        case .button(let button):
            let unconstrained = try measurer.layout(request(button.font))
            let oneLine = TextMeasurement(unconstrained)
            let image = context.imageSize(of: view) ?? Size(width: 0, height: 0)
            let insets = button.contentInsets
            let sides = insets.leading + image.width + insets.trailing
            var title = oneLine
            var titleWidth = text.isEmpty ? 0 : device.roundUpToPixels(oneLine.width)
            var titleHeight = device.roundUpToPixels(oneLine.lineHeight)
            // A multi-line title wraps, as a multi-line label does, at the width the button
            // leaves its title once the solver has given the button a width.
            if button.lines != 1, let wrapWidth, sides + titleWidth > wrapWidth {
                var wrapped = request(button.font)
                wrapped.wrapWidth = max(0, wrapWidth - sides)
                wrapped.maxLines = button.lines
                wrapped.lineBreak = button.lineBreak
                title = try measurer.measure(wrapped)
                titleWidth = min(wrapped.wrapWidth ?? 0, device.roundUpToPixels(title.width))
                titleHeight = device.roundUpToPixels(title.height)
            }
            let contentHeight = max(titleHeight, image.height)
            let height = insets.top + contentHeight + insets.bottom
            let firstBaseline = insets.top + (contentHeight - titleHeight) / 2 + title.firstBaseline
            let lastBaseline = firstBaseline + (title.lastBaseline - title.firstBaseline)
            var size = IntrinsicSize(
                width: sides + titleWidth, height: height,
                firstBaselineFromTop: firstBaseline, lastBaselineFromBottom: height - lastBaseline, text: title,
                unconstrained: unconstrained, oneLineWidth: sides + (text.isEmpty ? 0 : device.roundUpToPixels(oneLine.width)))
            size.wrapsFreely = button.lines != 1 && title.lineCount <= 1 && !text.isEmpty
            return size
        case .textField(let field):
            let unconstrained = try measurer.layout(request(field.font))
            let line = TextMeasurement(unconstrained)
            let padding = TextFieldSpec.verticalPadding
            let height = device.roundUpToPixels(line.lineHeight) + 2 * padding
            let baseline = padding + line.firstBaseline
            return IntrinsicSize(
                width: nil, height: height, firstBaselineFromTop: baseline, lastBaselineFromBottom: height - baseline,
                text: line, unconstrained: unconstrained)
        }
    }
}
