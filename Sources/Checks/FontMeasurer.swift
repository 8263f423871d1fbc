import Foundation
import Layout
import Text

/// The layout engine's measuring protocol, answered by the real text engine.
///
/// A layout names the system font as a text style without a family; on Linux
/// babelfit measures it with the catalog's system family (Noto Sans), since
/// San Francisco is not available outside Apple's platforms.
final class FontMeasurer: TextMeasuring, Sendable {
    let engine: TextEngine
    let systemFamily: String

    init(engine: TextEngine, systemFamily: String = SystemFont.family) {
        self.engine = engine
        self.systemFamily = systemFamily
    }

    func font(_ resolved: ResolvedFont) -> FontRequest {
        FontRequest(family: resolved.family ?? systemFamily, size: resolved.size, weight: resolved.weight)
    }

    func layout(_ request: TextMeasureRequest) throws -> TextLayout {
        // Without a width, the text's own lines (one, or one per hard line break); with one,
        // fitted in it as the request says.
        let options = request.wrapWidth == nil
            ? TextLayoutOptions(width: nil, lines: 0, lineBreak: .wordWrap)
            : TextLayoutOptions(width: request.wrapWidth, lines: request.maxLines, lineBreak: request.lineBreak,
                                minimumScaleFactor: request.minimumScaleFactor)
        return try engine.layout(request.text, font: font(request.font), language: request.language,
                                 options: options, direction: request.direction)
    }
}
