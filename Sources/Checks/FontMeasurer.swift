import Foundation
import Layout
import Text

/// The layout engine's measuring protocol, answered by the real text engine.
///
/// A layout names the system font as a text style without a family, or as the family
/// `system`; babelfit measures it with the catalog's system family: San Francisco when its
/// files were given, else Noto Sans (`FontCatalog.systemFamily`).
final class FontMeasurer: TextMeasuring, Sendable {
    let engine: TextEngine
    let systemFamily: String

    init(engine: TextEngine) {
        self.engine = engine
        systemFamily = engine.catalog.systemFamily
    }

    func font(_ resolved: ResolvedFont) -> FontRequest {
        let family = resolved.family.map(engine.catalog.familyName) ?? systemFamily
        return FontRequest(family: family, size: resolved.size, weight: resolved.weight)
    }

    func layout(_ request: TextMeasureRequest) throws -> TextLayout {
        try PhaseTimes.measure(.shape) {
            try engine.layout(request.text, font: font(request.font), language: request.language,
                              options: options(request), direction: request.direction)
        }
    }

    /// The layout without a width itself when the request's width changes nothing
    /// (`TextEngine.layout(_:fitting:)`): a label that fits is not laid out twice.
    func layout(_ request: TextMeasureRequest, given unconstrained: TextLayout) throws -> TextLayout {
        try TextEngine.layout(unconstrained, fitting: options(request)) ?? layout(request)
    }

    /// Without a width, the text's own lines (one, or one per hard line break); with one,
    /// fitted in it as the request says.
    private func options(_ request: TextMeasureRequest) -> TextLayoutOptions {
        request.wrapWidth == nil
            ? TextLayoutOptions(width: nil, lines: 0, lineBreak: .wordWrap)
            : TextLayoutOptions(width: request.wrapWidth, lines: request.maxLines, lineBreak: request.lineBreak,
                                minimumScaleFactor: request.minimumScaleFactor)
    }
}
