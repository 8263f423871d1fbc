import Foundation
import Layout
import Text

/// The layout engine's measuring protocol, answered by the real text engine.
///
/// A layout names the system font as a text style without a family; on Linux
/// babelfit measures it with the catalog's system family (Noto Sans), since
/// San Francisco is not available outside Apple's platforms.
final class FontMeasurer: TextMeasuring, @unchecked Sendable {
    let engine: TextEngine
    let systemFamily: String
    private var failures: [String] = []
    private let lock = NSLock()

    init(engine: TextEngine, systemFamily: String = "Noto Sans") {
        self.engine = engine
        self.systemFamily = systemFamily
    }

    func font(_ resolved: ResolvedFont) -> FontRequest {
        FontRequest(family: resolved.family ?? systemFamily, size: resolved.size, weight: resolved.weight)
    }

    /// Errors met while measuring (a font that could not be opened), each once.
    var errors: [String] {
        lock.lock()
        defer { lock.unlock() }
        return failures
    }

    func measure(_ request: TextMeasureRequest) -> TextMeasurement {
        // Without a width, the text's own lines (one, or one per hard line break); with one, wrapped.
        let options = request.wrapWidth == nil
            ? TextLayoutOptions(width: nil, lines: 0, lineBreak: .wordWrap)
            : TextLayoutOptions(width: request.wrapWidth, lines: request.maxLines, lineBreak: request.lineBreak)
        do {
            let layout = try engine.layout(request.text, font: font(request.font), language: request.language,
                                           options: options, direction: request.direction)
            return TextMeasurement(width: layout.width, height: layout.height,
                                   lineHeight: layout.lines.first?.height ?? layout.height,
                                   firstBaseline: layout.firstBaseline, lastBaseline: layout.lastBaseline,
                                   lineCount: layout.lines.count)
        } catch {
            lock.lock()
            if !failures.contains("\(error)") { failures.append("\(error)") }
            lock.unlock()
            return TextMeasurement(width: 0, height: 0, lineHeight: 0, firstBaseline: 0, lastBaseline: 0, lineCount: 1)
        }
    }
}
