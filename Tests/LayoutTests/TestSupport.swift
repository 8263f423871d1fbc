import Layout
import XCTest

/// The Ahem idea: at 17 pt (body at the default content size) every character is 10 pt
/// wide and a line is 20 pt high with its baseline 16 pt below its top; other sizes scale
/// these by size / 17, whatever the family. Wrapping breaks between words (at spaces),
/// greedily; a word wider than the width takes a line of its own. A text that needs more
/// lines than it is given, or a line wider than the width, is truncated (lines cut off; no
/// ellipsis is drawn).
struct FixedAdvanceMeasurer: TextMeasuring {
    func layout(_ request: TextMeasureRequest) -> TextLayout {
        let scale = request.font.size / 17
        let advance = 10 * scale, lineHeight = 20 * scale, ascender = 16 * scale
        let oneLine = Double(request.text.count) * advance
        var lines: [String] = [request.text]
        if let wrapWidth = request.wrapWidth {
            lines = []
            var current: String?
            for word in request.text.split(separator: " ", omittingEmptySubsequences: false) {
                if let line = current, Double(line.count + 1 + word.count) * advance <= wrapWidth {
                    current = line + " " + word
                } else {
                    if let line = current { lines.append(line) }
                    current = String(word)
                }
            }
            lines.append(current ?? "")
        }
        let needed = lines.count
        if request.wrapWidth != nil, request.maxLines > 0, lines.count > request.maxLines {
            lines = Array(lines.prefix(request.maxLines))
        }
        let widths = lines.map { Double($0.count) * advance }
        let truncated = lines.count < needed || request.wrapWidth.map { width in widths.contains { $0 > width } } == true
        let count = lines.count
        return TextLayout(
            text: request.text, shown: lines.joined(separator: " "),
            lines: zip(lines, widths).map { TextLine(text: $0, visual: $0, width: $1, height: lineHeight, ascent: ascender, fonts: []) },
            truncated: truncated, scale: 1, naturalWidth: oneLine, neededLines: needed,
            width: widths.max() ?? 0, height: Double(count) * lineHeight,
            firstBaseline: ascender, lastBaseline: Double(count - 1) * lineHeight + ascender,
            direction: request.direction, unsupported: [])
    }
}

/// iPhone SE (3rd generation): 375 × 667, safe area 20 pt at the top, margins 16 and 8.
let testDevice = Device.named("iPhone SE (3rd generation)")!

func decodeLayout(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> LayoutDocument {
    try LayoutDocument.decode(json, file: "Test.json")
}

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}

/// Lays a layout out in one direction.
func layOut(
    _ document: LayoutDocument, _ direction: LayoutDirection, texts: [String: String] = [:], device: Device = testDevice,
    contentSize: ContentSize = .L
) -> LayoutResult {
    try! LayoutEngine(measurer: FixedAdvanceMeasurer()).layout(
        document, in: LayoutContext(device: device, contentSize: contentSize, direction: direction, texts: texts))
}

/// Lays a layout out left-to-right and right-to-left and compares the frames of the listed
/// views with those written out for each direction; also expects no diagnostics unless told.
func assertFrames(
    _ document: LayoutDocument, texts: [String: String] = [:], device: Device = testDevice,
    ltr: [String: Rect], rtl: [String: Rect], diagnostics: Bool = false,
    file: StaticString = #filePath, line: UInt = #line
) {
    for (direction, expected) in [(LayoutDirection.leftToRight, ltr), (.rightToLeft, rtl)] {
        let result = layOut(document, direction, texts: texts, device: device)
        for id in expected.keys.sorted() {
            XCTAssertEqual(result.frame(id), expected[id], "\(id) in \(direction.rawValue)", file: file, line: line)
        }
        if !diagnostics {
            XCTAssertEqual(result.diagnostics, [], "\(direction.rawValue)", file: file, line: line)
        }
    }
}
