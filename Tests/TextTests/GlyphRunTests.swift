import Foundation
import Support
import Text
import XCTest

/// Every line keeps the glyphs that measured it (`TextLine.runs`), in visual order.
final class GlyphRunTests: XCTestCase {
    private struct ShapingReference: Decodable {
        struct Case: Decodable {
            var id: String, language: String, family: String, weight: String, text: String, size: Double
        }
        var cases: [Case]
    }

    /// `Fixtures/glyph-reference.json`, written by `scripts/glyph-reference` with hb-shape.
    private struct GlyphReference: Decodable {
        struct Glyph: Decodable { var g: UInt32, ax: Double, dx: Double, dy: Double, cluster: Int }
        struct Run: Decodable {
            var font: String, face: Int, direction: String, script: String, text: String, unitsPerEm: Double
            var glyphs: [Glyph]
        }
        struct Case: Decodable {
            var id: String, language: String, family: String, weight: String, size: Double, text: String
            var runs: [Run]
        }
        var cases: [Case]
        var harfbuzz: String
    }

    /// hb-shape --no-glyph-names Fonts/NotoSans-Regular.ttf "…" → [527=0+791]
    private static let ellipsisGlyph: UInt32 = 527
    private static let ellipsisAdvance = 791.0 / 1000
    /// hb-shape --no-glyph-names Fonts/NotoSans-Regular.ttf "office" → [82=0+605|1969=1+946|70=4+480|72=5+564]
    private static let ffiGlyph: UInt32 = 1969
    private static let ffiAdvance = 946.0 / 1000

    /// The line's glyphs in visual order, each with its pen position and run.
    private struct Placed { var x: Double, glyph: UInt32, advance: Double, cluster: Int, run: GlyphRun }

    private static func placed(_ line: TextLine) -> [Placed] {
        line.runs.flatMap { run in
            run.glyphs.indices.map { index in
                Placed(x: run.x + run.advances[..<index].reduce(0, +), glyph: run.glyphs[index],
                       advance: run.advances[index], cluster: run.clusters[index], run: run)
            }
        }
    }

    /// The line's characters (grapheme clusters) in the order its glyphs draw them: for each
    /// glyph cluster (from its glyph's offset up to the next glyph cluster's), the characters
    /// it covers, reversed in a right-to-left run, each character once. Bidi-mirrored
    /// characters (brackets) are left out, since `visual` shows them mirrored.
    private static func drawnCharacters(_ line: TextLine) -> [Character] {
        let characters = Array(line.text)
        var starts: [Int] = []
        var offset = 0
        for character in characters {
            starts.append(offset)
            offset += character.utf16.count
        }
        func character(at unit: Int) -> Int { (starts.lastIndex { $0 <= unit } ?? 0) }
        let glyphClusters = Set(line.runs.flatMap(\.clusters)).sorted()
        var order: [Int] = []
        for run in line.runs {
            for cluster in run.clusters {
                let first = character(at: cluster)
                let next = glyphClusters.first { $0 > cluster }.map(character(at:)) ?? characters.count
                let covered = first..<max(first + 1, next)
                for index in run.rightToLeft ? Array(covered.reversed()) : Array(covered) where !order.contains(index) {
                    order.append(index)
                }
            }
        }
        return order.map { characters[$0] }.filter { !$0.unicodeScalars.first!.properties.isBidiMirrored }
    }

    /// Whether bidi resolves every character of the line alike with or without the rest of
    /// its paragraph: it has only letters, marks, spaces, format characters and the ellipsis.
    /// Elsewhere `visual` (the line's text reordered alone) may differ from the runs, which
    /// keep the levels the whole paragraph resolved: "2024-1187" after Arabic is drawn
    /// "1187-2024", also when a line holds only its numbers.
    private static func resolvesAlone(_ line: TextLine) -> Bool {
        line.text.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .nonspacingMark, .spacingMark, .enclosingMark, .spaceSeparator, .format: return true
            default: return scalar == "\u{2026}"
            }
        }
    }

    /// What must hold for every line: the runs' advances add up to the line's width, the runs
    /// follow each other from x = 0, the arrays are parallel, the clusters lie in the line's
    /// text, and the runs use the line's fonts at the size drawn.
    @discardableResult
    private func checkLine(_ line: TextLine, size: Double, _ context: String, wholeParagraph: Bool = false,
                           file: StaticString = #filePath, lineNumber: UInt = #line) -> Bool {
        let total = line.runs.reduce(0) { $0 + $1.width }
        XCTAssertEqual(total, line.width, accuracy: 1e-9, "\(context): \(line.text)", file: file, line: lineNumber)
        var x = 0.0
        for run in line.runs {
            XCTAssertEqual(run.x, x, accuracy: 1e-9, "\(context): \(line.text)", file: file, line: lineNumber)
            x += run.width
            XCTAssertFalse(run.glyphs.isEmpty, context, file: file, line: lineNumber)
            XCTAssertEqual([run.advances.count, run.xOffsets.count, run.yOffsets.count, run.clusters.count],
                           Array(repeating: run.glyphs.count, count: 4), context, file: file, line: lineNumber)
            XCTAssertEqual(run.size, size, accuracy: 1e-12, context, file: file, line: lineNumber)
            let units = line.text.utf16.count
            XCTAssertTrue(run.clusters.allSatisfy { $0 >= 0 && $0 < units }, "\(context): \(line.text) \(run.clusters)",
                          file: file, line: lineNumber)
        }
        XCTAssertEqual(Set(line.runs.map(\.face.name)), line.text.isEmpty ? [] : Set(line.fonts),
                       "\(context): \(line.text)", file: file, line: lineNumber)
        XCTAssertEqual(line.runs.isEmpty, line.text.isEmpty, context, file: file, line: lineNumber)
        if wholeParagraph || Self.resolvesAlone(line) {
            XCTAssertEqual(String(Self.drawnCharacters(line)), String(line.visual.filter { !$0.unicodeScalars.first!.properties.isBidiMirrored }),
                           "\(context): the glyphs draw the line in its visual order", file: file, line: lineNumber)
            return true
        }
        return false
    }

    // (a) The advance-sum invariant over every reference string, on one line, wrapped and truncated.
    func testRunsAddUpToEveryLinesWidthOnEveryReferenceString() throws {
        let reference = try JSONDecoder().decode(ShapingReference.self, from: Repository.fixtureData("shaping-reference.json"))
        XCTAssertGreaterThanOrEqual(reference.cases.count, 300)
        let engine = try SharedEngine.get()
        var lines = 0, glyphs = 0, wrapped = 0, truncated = 0, ordered = 0
        for item in reference.cases {
            let weight = try XCTUnwrap(FontWeight(rawValue: item.weight), item.id)
            let font = FontRequest(family: item.family, size: item.size, weight: weight)
            let single = try engine.layout(item.text, font: font, language: item.language)
            XCTAssertEqual(single.lines.count, 1, item.id)
            XCTAssertTrue(checkLine(single.lines[0], size: item.size, "\(item.id) one line", wholeParagraph: true))
            glyphs += single.lines[0].runs.reduce(0) { $0 + $1.glyphs.count }
            lines += 1
            let third = single.naturalWidth / 3
            for (options, name) in [(TextLayoutOptions(width: third, lines: 0, lineBreak: .wordWrap), "word-wrapped"),
                                    (TextLayoutOptions(width: third, lines: 0, lineBreak: .charWrap), "char-wrapped"),
                                    (TextLayoutOptions(width: third, lines: 2, lineBreak: .truncateTail), "two lines, tail"),
                                    (TextLayoutOptions(width: third * 2, lines: 1, lineBreak: .truncateMiddle), "middle"),
                                    (TextLayoutOptions(width: third * 2, lines: 1, lineBreak: .truncateHead), "head"),
                                    (TextLayoutOptions(width: third, lines: 1, lineBreak: .clip), "clipped")] {
                let layout = try engine.layout(item.text, font: font, language: item.language, options: options)
                for line in layout.lines where checkLine(line, size: item.size, "\(item.id) \(name)") { ordered += 1 }
                lines += layout.lines.count
                if layout.lines.count > 1 { wrapped += 1 }
                if layout.shown.contains("\u{2026}") { truncated += 1 }
            }
        }
        XCTAssertGreaterThan(wrapped, reference.cases.count, "most strings must wrap at a third of their width")
        XCTAssertGreaterThan(truncated, reference.cases.count * 2)
        XCTAssertGreaterThan(ordered, (lines - reference.cases.count) * 3 / 4, "most cut lines must be compared with `visual`")
        print("glyph runs: \(lines) lines of \(reference.cases.count) strings (\(wrapped) wrapped, \(truncated) truncated),"
              + " \(glyphs) glyphs on one line; \(ordered) cut lines drawn in the order of `visual`")
    }

    // (b) Glyph ids, advances, offsets and clusters equal hb-shape's, run by run in visual order.
    func testGlyphsEqualHarfBuzzInVisualOrder() throws {
        let reference = try JSONDecoder().decode(GlyphReference.self, from: Repository.fixtureData("glyph-reference.json"))
        let scripts = Set(reference.cases.flatMap { $0.runs.map(\.script) })
        for required in ["Latn", "Arab", "Hebr", "Deva", "Thai"] {
            XCTAssertTrue(scripts.contains(required), "the glyph reference lacks \(required)")
        }
        let engine = try SharedEngine.get()
        var compared = 0
        for item in reference.cases {
            let weight = try XCTUnwrap(FontWeight(rawValue: item.weight), item.id)
            let layout = try engine.layout(item.text, font: FontRequest(family: item.family, size: item.size, weight: weight),
                                           language: item.language)
            let line = try XCTUnwrap(layout.lines.first, item.id)
            XCTAssertEqual(line.text, item.text, item.id)
            XCTAssertTrue(checkLine(line, size: item.size, item.id, wholeParagraph: true))
            XCTAssertEqual(line.runs.count, item.runs.count, "\(item.id): runs")
            for (run, want) in zip(line.runs, item.runs) {
                let context = "\(item.id): run \(want.text)"
                let path = want.font.hasPrefix("/") ? want.font : Repository.root.appendingPathComponent(want.font).path
                XCTAssertEqual(URL(fileURLWithPath: run.face.path).standardizedFileURL.path,
                               URL(fileURLWithPath: path).standardizedFileURL.path, context)
                XCTAssertEqual(run.face.index, want.face, context)
                XCTAssertEqual(run.rightToLeft, want.direction == "rtl", context)
                XCTAssertEqual(run.glyphs, want.glyphs.map(\.g), context)
                XCTAssertEqual(run.clusters, want.glyphs.map(\.cluster), context)
                let scale = item.size / want.unitsPerEm
                for (index, glyph) in want.glyphs.enumerated() where index < run.glyphs.count {
                    XCTAssertEqual(run.advances[index], glyph.ax * scale, accuracy: 1e-9, "\(context) glyph \(index)")
                    XCTAssertEqual(run.xOffsets[index], glyph.dx * scale, accuracy: 1e-9, "\(context) glyph \(index)")
                    XCTAssertEqual(run.yOffsets[index], glyph.dy * scale, accuracy: 1e-9, "\(context) glyph \(index)")
                    compared += 1
                }
            }
        }
        XCTAssertEqual(compared, reference.cases.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.glyphs.count } })
        // Marks are placed by offsets in the reference (Arabic harakat, Hebrew niqqud, Thai vowels).
        XCTAssertGreaterThan(reference.cases.flatMap { $0.runs.flatMap(\.glyphs) }.filter { $0.dx != 0 || $0.dy != 0 }.count, 10)

        // A right-to-left line is drawn from its end: clusters fall from left to right.
        let arabic = try engine.layout("الرقم التسلسلي للجهاز", font: .noto(), language: "ar").lines[0]
        let clusters = Self.placed(arabic).map(\.cluster)
        XCTAssertEqual(clusters, clusters.sorted(by: >))
        XCTAssertTrue(arabic.runs.allSatisfy(\.rightToLeft))
        XCTAssertEqual(arabic.runs.map(\.face.name),
                       ["Noto Sans Arabic", "Noto Sans", "Noto Sans Arabic", "Noto Sans", "Noto Sans Arabic"])
        print("glyph reference (hb-shape \(reference.harfbuzz)): \(compared) glyphs of \(reference.cases.count) strings equal")
    }

    // (c) A truncated line holds the ellipsis glyph where the ellipsis is drawn.
    func testTheEllipsisGlyphIsWhereTheEllipsisIs() throws {
        let engine = try SharedEngine.get()
        let cases: [(text: String, language: String)] = [("Número de serie", "es"), ("الرقم التسلسلي للجهاز", "ar"),
                                                         ("מספר סידורי של המכשיר", "he")]
        for (text, language) in cases {
            let rightToLeft = language != "es"
            for mode in [LineBreakMode.truncateTail, .truncateMiddle, .truncateHead] {
                let layout = try engine.layout(text, font: .noto(), language: language,
                                               options: TextLayoutOptions(width: 90, lines: 1, lineBreak: mode))
                let context = "\(language) \(mode)"
                XCTAssertTrue(layout.truncated, context)
                let line = try XCTUnwrap(layout.lines.first, context)
                checkLine(line, size: 17, context)
                let ellipsisOffset = try XCTUnwrap(line.text.utf16.firstIndex(of: 0x2026), context)
                let offset = line.text.utf16.distance(from: line.text.utf16.startIndex, to: ellipsisOffset)
                let glyphs = Self.placed(line)
                let found = glyphs.indices.filter { glyphs[$0].cluster == offset }
                XCTAssertEqual(found.count, 1, "\(context): one glyph for the ellipsis")
                guard let index = found.first else { continue }
                let ellipsis = glyphs[index]
                XCTAssertEqual(ellipsis.glyph, Self.ellipsisGlyph, context)
                XCTAssertEqual(ellipsis.advance, Self.ellipsisAdvance * 17, accuracy: 1e-9, context)
                XCTAssertEqual(ellipsis.run.face.name, "Noto Sans", context)
                XCTAssertEqual(ellipsis.run.glyphs, [Self.ellipsisGlyph], "\(context): the ellipsis is a run of its own")
                // Left of the ellipsis: what comes before it in reading order, or after it right to left.
                let left = glyphs[..<index].map(\.cluster), right = glyphs[(index + 1)...].map(\.cluster)
                if rightToLeft {
                    XCTAssertTrue(left.allSatisfy { $0 > offset } && right.allSatisfy { $0 < offset }, context)
                } else {
                    XCTAssertTrue(left.allSatisfy { $0 < offset } && right.allSatisfy { $0 > offset }, context)
                }
                // Where the visual text has it: first or last for the tail and head, inside for the middle.
                let atLeftEdge = ellipsis.x == 0, atRightEdge = abs(ellipsis.x + ellipsis.advance - line.width) < 1e-9
                switch mode {
                case .truncateTail:
                    XCTAssertEqual(rightToLeft ? atLeftEdge : atRightEdge, true, context)
                    XCTAssertTrue(rightToLeft ? line.visual.hasPrefix("\u{2026}") : line.visual.hasSuffix("\u{2026}"), context)
                case .truncateHead:
                    XCTAssertEqual(rightToLeft ? atRightEdge : atLeftEdge, true, context)
                    XCTAssertTrue(rightToLeft ? line.visual.hasSuffix("\u{2026}") : line.visual.hasPrefix("\u{2026}"), context)
                default:
                    XCTAssertFalse(atLeftEdge || atRightEdge, context)
                    XCTAssertFalse(line.visual.hasPrefix("\u{2026}") || line.visual.hasSuffix("\u{2026}"), context)
                }
                // The glyphs left of it are as many as the visual text's characters left of it draw.
                let visualLeft = try XCTUnwrap(line.visual.firstIndex(of: "\u{2026}"), context)
                XCTAssertEqual(left.isEmpty, visualLeft == line.visual.startIndex, context)
            }
        }
    }

    // (d) A shrunk label's glyphs are drawn at the scaled size.
    func testAShrunkLabelsRunsUseTheScaledSize() throws {
        let engine = try SharedEngine.get()
        let full = try engine.layout("Número de serie", font: .noto(), language: "es")
        let shrunk = try engine.layout("Número de serie", font: .noto(), language: "es",
                                       options: TextLayoutOptions(width: 90, lines: 1, minimumScaleFactor: 0.5))
        XCTAssertFalse(shrunk.truncated)
        XCTAssertLessThan(shrunk.scale, 0.8)
        XCTAssertGreaterThan(shrunk.scale, 0.5)
        let line = try XCTUnwrap(shrunk.lines.first)
        checkLine(line, size: 17 * shrunk.scale, "shrunk")
        XCTAssertEqual(line.width, 90, accuracy: 1e-6)
        XCTAssertEqual(line.runs.map(\.glyphs), full.lines[0].runs.map(\.glyphs))
        for (run, unscaled) in zip(line.runs, full.lines[0].runs) {
            XCTAssertEqual(run.size, 17 * shrunk.scale, accuracy: 1e-12)
            for (advance, original) in zip(run.advances, unscaled.advances) {
                XCTAssertEqual(advance, original * shrunk.scale, accuracy: 1e-9)
            }
        }
    }

    // A ligature a line break cuts keeps its glyph on both lines, its advance shared as measured.
    func testALigatureCutByALineBreakKeepsItsGlyphOnBothLines() throws {
        let engine = try SharedEngine.get()
        let whole = try engine.layout("office", font: .noto(), language: "en").lines[0]
        XCTAssertEqual(whole.runs.flatMap(\.glyphs), [82, Self.ffiGlyph, 70, 72])
        // At 20 pt the break falls inside the ffi ligature: "of" takes (605 + 946 / 3) / 1000 × 17
        // = 15.65 pt, "off" 21.01 pt; "fic" takes (946 × 2 / 3 + 480) / 1000 × 17 = 18.88 pt.
        let wrapped = try engine.layout("office", font: .noto(), language: "en",
                                        options: TextLayoutOptions(width: 20, lines: 0, lineBreak: .charWrap))
        XCTAssertEqual(wrapped.lines.map(\.text), ["of", "fic", "e"])
        for line in wrapped.lines { checkLine(line, size: 17, "office char-wrapped") }
        let first = wrapped.lines[0].runs.flatMap(\.glyphs), second = wrapped.lines[1].runs.flatMap(\.glyphs)
        XCTAssertEqual(first, [82, Self.ffiGlyph])
        XCTAssertEqual(second, [Self.ffiGlyph, 70])
        XCTAssertEqual(wrapped.lines[0].runs[0].advances[1], Self.ffiAdvance / 3 * 17, accuracy: 1e-9)
        XCTAssertEqual(wrapped.lines[1].runs[0].advances[0], Self.ffiAdvance * 2 / 3 * 17, accuracy: 1e-9)
        XCTAssertEqual(wrapped.lines[0].runs[0].clusters, [0, 1])
        XCTAssertEqual(wrapped.lines[1].runs[0].clusters, [0, 2])
    }

    func testAnUnsupportedClusterIsTheMissingGlyphAndAnEmptyTextHasNoRuns() throws {
        let engine = try SharedEngine.get()
        let layout = try engine.layout("Ꮳ", font: .noto(), language: "chr")
        XCTAssertEqual(layout.lines[0].runs.map(\.glyphs), [[0]])
        XCTAssertEqual(layout.lines[0].runs[0].face.name, "Noto Sans")
        checkLine(layout.lines[0], size: 17, "unsupported")
        let empty = try engine.layout("", font: .noto(), language: "en")
        XCTAssertEqual(empty.lines.map(\.runs), [[]])
    }
}
