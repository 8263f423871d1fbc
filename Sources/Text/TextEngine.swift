import Foundation
import Support

/// Measures text with real fonts the way iOS does: HarfBuzz shaping with
/// unhinted design-unit advances, font fallback per grapheme cluster, ICU bidi
/// and line breaking, and UILabel's wrapping, truncation and shrinking. Each line
/// keeps the glyphs that measured it (`TextLine.runs`, see `LineGlyphs`), so a
/// renderer draws what was measured without shaping again.
///
/// One engine serves a whole check: it is safe to use from many threads, and
/// it keeps every shaped run and analysed paragraph, so a string met again
/// (another device, content size or run) costs a lookup.
///
/// ```swift
/// let engine = try TextEngine(fontsFolder: "Fonts")
/// let layout = try engine.layout("Número de serie", font: FontRequest(family: "Noto Sans", size: 17),
///                                language: "es", options: TextLayoutOptions(width: 55))
/// layout.shown      // "Núm…"
/// ```
public final class TextEngine: @unchecked Sendable {
    public let catalog: FontCatalog
    let shaper = Shaper()
    /// Shapes the texts measured for their width alone (``width(of:font:language:)`` and the
    /// starts of ``longestStart(of:font:language:notWiderThan:)``): keeps nothing. A width asked
    /// for again is kept as a width (`widths`), and keeping the glyphs of such texts would
    /// push the runs of laid-out texts out of the shaper's cache.
    private let passingShaper = Shaper(remembering: false)

    /// `size` is nil unless the catalog has faces that measure differently at each size
    /// (`FontCatalog.sizeDependent`): a paragraph's advances are in ems and serve every size.
    private struct ParagraphKey: Hashable {
        var text: ExactText, family: String, weight: FontWeight, language: String, direction: TextDirection, size: Double?
        /// The directions of the paragraphs after the first (a text of one paragraph has none).
        var later: [TextDirection] = []

        /// Hashed by the text's hash (made once, in `ExactText`), the size and the direction:
        /// the family and language strings are compared, not hashed again for every paragraph.
        /// The direction is hashed as a Bool: as itself it hashed its raw value, a string.
        func hash(into hasher: inout Hasher) {
            text.hash(into: &hasher, mixing: size.map(ExactText.hashWord) ?? 1, direction.isRightToLeft ? 1 : 0)
        }
    }
    /// Analysed paragraphs, which every width of a text reuses: the recent ones (two
    /// generations of ``recentParagraphs``), so that memory stays bounded over a whole app.
    @exclusivity(unchecked) private var paragraphs = RecentCache<ParagraphKey, Paragraph>(limit: TextEngine.recentParagraphs)
    static let recentParagraphs = 2048

    private struct LayoutKey: Hashable {
        var paragraph: ParagraphKey, size: Double, options: TextLayoutOptions

        /// Hashed by the text's hash (made once, in `ExactText`), the direction, the size and the
        /// width: the options' other fields, whose synthesised hashing cost a fifth of a cached
        /// layout, are compared alone.
        func hash(into hasher: inout Hasher) {
            paragraph.text.hash(into: &hasher, mixing: paragraph.direction.isRightToLeft ? 1 : 0, ExactText.hashWord(size),
                                ExactText.hashWord(options.width ?? -1))
        }
    }
    /// Laid-out texts are many (one per text, font, width and option) and large (every line's
    /// glyphs), and a check rarely asks for one twice once it has moved on to other layouts:
    /// only the recent ones are kept.
    @exclusivity(unchecked) private var layouts = RecentCache<LayoutKey, TextLayout>(limit: TextEngine.recentLayouts)
    static let recentLayouts = 512

    /// One-line widths (``width(of:font:language:)``) by text, font and language, so that a
    /// width asked for again costs neither the text's direction nor a copy of its paragraph.
    private struct WidthKey: Hashable {
        var text: ExactText, family: String, weight: FontWeight, language: String, size: Double

        /// Hashed by the text's hash (made once, in `ExactText`) and the size alone: hashing the
        /// family and language strings again cost a tenth of a cached width, and a text is
        /// seldom asked in several fonts or languages (equality still compares every field).
        func hash(into hasher: inout Hasher) {
            hasher.combine(text)
            hasher.combine(size)
        }
    }
    @exclusivity(unchecked) private var widths = RecentCache<WidthKey, Double>(limit: TextEngine.recentWidths)
    static let recentWidths = 16_384
    /// The widths of the starts that ``longestStart(of:font:language:notWiderThan:)`` measured,
    /// by the text they start (its font and language), each by its length in characters: the
    /// same text cut again to another width (its label on another device, the same key in
    /// another layout) measures only the starts it has not. Kept apart from `widths`, which the
    /// starts of a few texts would fill.
    @exclusivity(unchecked) private var startWidths = RecentCache<WidthKey, StartWidths>(limit: TextEngine.recentCutTexts)
    /// How many starts were read off their texts' measuring (``Paragraph/StartReading``), not measured.
    @exclusivity(unchecked) private var startsRead = 0
    static let recentCutTexts = 1_024
    /// Guards the caches (`paragraphs`, `layouts`, `widths`, `startWidths`), which are read and written under it
    /// alone: their accesses never overlap, so the runtime's exclusivity check of each (about
    /// 100 instructions an access) is left out. A generation a cache lets go is taken under it
    /// and freed after it (`BriefLock.unlock(freeing:)`).
    private let lock = BriefLock()
    /// The scratch arrays of paragraphs measured for their width alone (`Paragraph.Scratch`)
    /// that are not in use: one a thread measuring, read and written under `lock`.
    @exclusivity(unchecked) private var idleScratch: [Paragraph.Scratch] = []

    /// Whether each laid-out line keeps the glyphs that measured it (``TextLine/runs``), which
    /// a renderer draws. A check that draws nothing leaves them out: making them was a fifth of
    /// the cost of a text laid out anew, and their arrays most of its memory. Without them a
    /// line's runs are empty, unless a glyph of the line advances backwards: then they are
    /// kept, so that ``layout(_:fitting:)`` sees it as it does with them. Nothing else of a
    /// layout depends on them.
    public let keepsGlyphRuns: Bool

    public init(catalog: FontCatalog, keepsGlyphRuns: Bool = true) {
        self.catalog = catalog
        self.keepsGlyphRuns = keepsGlyphRuns
    }

    /// An engine over the catalog in a fonts folder (`DIR/catalog.json`), with San
    /// Francisco's files and an app's fonts when given (`FontCatalog.init(folder:systemFonts:appFonts:)`).
    public convenience init(fontsFolder: String, systemFonts: [String] = [], appFonts: [String] = [],
                            keepsGlyphRuns: Bool = true) throws {
        try self.init(catalog: FontCatalog(folder: fontsFolder, systemFonts: systemFonts, appFonts: appFonts),
                      keepsGlyphRuns: keepsGlyphRuns)
    }

    /// Cache counters of the shaper that laid-out texts use: shaped runs found in the cache,
    /// shaped anew, and kept. Widths alone (``width(of:font:language:)``) are shaped without it.
    public var cacheStatistics: (hits: Int, misses: Int, entries: Int) { shaper.statistics }

    /// Counters of the context-free runs (spaces and punctuation, `Shaper.isContextFree`) that
    /// widths alone keep: found, shaped anew, kept.
    var contextFreeStatistics: (hits: Int, misses: Int, entries: Int) { passingShaper.contextFreeStatistics }
    /// The same counters of the shaper that laid-out texts use.
    var laidOutContextFreeStatistics: (hits: Int, misses: Int, entries: Int) { shaper.contextFreeStatistics }
    /// The runs ending their texts that widths measured read off longer ones, and shaped.
    var startRunStatistics: (read: Int, shaped: Int) { passingShaper.runsEndingTheirTextsStatistics }

    /// How many starts ``longestStart(of:font:language:notWiderThan:)`` read off their texts'
    /// measuring (``Paragraph/StartReading``) rather than measured.
    var startsReadOffTheirTexts: Int {
        lock.lock()
        defer { lock.unlock() }
        return startsRead
    }

    /// The width of `text` on one line, in points. Throws `TextError.invalidFontSize` for a
    /// size that is not finite or not in (0, 10000] points.
    public func width(of text: String, font requested: FontRequest, language: String) throws -> Double {
        try TextEngine.validate(requested)
        let font = resolved(requested)
        let key = WidthKey(text: ExactText(text), family: font.family, weight: font.weight, language: language, size: font.size)
        // The scratch taken under the lock of the lookup, and given back under that of the width's insertion.
        lock.lock()
        if let cached = widths.value(for: key) {
            lock.unlock(freeing: widths.takeDropped())
            return cached
        }
        let scratch = idleScratch.popLast() ?? Paragraph.Scratch()
        lock.unlock()
        let width: Double
        do {
            width = try lineWidth(utf16: text.utf16Units, font: font, language: language, scratch: scratch, readingStarts: false)
        } catch {
            lock.lock()
            idleScratch.append(scratch)
            lock.unlock()
            throw error
        }
        lock.lock()
        idleScratch.append(scratch)
        widths.insert(width, for: key)
        lock.unlock(freeing: widths.takeDropped())
        return width
    }

    /// The longest start of `text`, in whole characters, no wider than `maxWidth` points on
    /// one line (as ``width(of:font:language:)`` measures it): the text itself when it fits,
    /// else the first start that fits, cutting one character at a time from the end (a start
    /// may be shaped wider than a longer one, so each is measured). A start is read off the
    /// text's own measuring where that is its width measured alone (``Paragraph/StartReading``),
    /// else measured. The starts' widths are kept apart from other widths, by the text
    /// (`startWidths`), with what reads them.
    public func longestStart(of text: String, font requested: FontRequest, language: String,
                             notWiderThan maxWidth: Double) throws -> String {
        guard !text.isEmpty else { return text }
        try TextEngine.validate(requested)
        let font = resolved(requested)
        let key = WidthKey(text: ExactText(text), family: font.family, weight: font.weight, language: language, size: font.size)
        let units = text.utf16Units
        lock.lock()
        let known = widths.value(for: key)
        var starts = startWidths.value(for: key) ?? StartWidths()
        let scratch = idleScratch.popLast() ?? Paragraph.Scratch()
        lock.unlock(freeing: widths.takeDropped())
        var measuredNow = false, fullNow = false, read = 0
        defer {
            lock.lock()
            idleScratch.append(scratch)
            if fullNow, let full = starts.widths[units.count] { widths.insert(full, for: key) }
            if measuredNow { startWidths.insert(starts, for: key) }
            startsRead += read
            lock.unlock(freeing: (widths.takeDropped(), startWidths.takeDropped()))
        }
        // The whole text, measured as the first of its starts (kept under its length in units,
        // which no start in characters reaches).
        let fullWidth: Double
        if let known {
            fullWidth = known
        } else {
            let paragraph = try lineParagraph(utf16: units, font: font, language: language, scratch: scratch, readingStarts: true)
            fullWidth = paragraph.width * font.size
            starts.widths[units.count] = fullWidth
            starts.reading = starts.reading ?? paragraph.startReading
            (fullNow, measuredNow) = (true, true)
        }
        guard fullWidth > maxWidth else { return text }
        // Where each of its characters ends in its units: each start is the units up to a
        // character's end, measured as they are (a string made of the start's characters and
        // its units made again from it cost some 8,000 instructions a start).
        var characterEnds: [Int] = []
        var end = 0
        for character in text {
            end += character.utf16.count
            characterEnds.append(end)
        }
        let languageDirection = TextDirection(language: language)
        var count = characterEnds.count
        repeat {
            count -= 1
            let startEnd = count == 0 ? 0 : characterEnds[count - 1]
            let width: Double
            if let kept = starts.widths[count] {
                width = kept
            } else {
                let start = Array(units[..<startEnd])
                // Its paragraph direction as `lineWidth` finds it.
                if let reading = starts.reading,
                   let ems = reading.width(ofStartEndingAt: startEnd,
                                           direction: TextDirection.firstStrong(utf16: start) ?? languageDirection) {
                    width = ems * font.size
                    read += 1
                } else {
                    width = try lineWidth(utf16: start, font: font, language: language, scratch: scratch, readingStarts: true)
                }
                starts.widths[count] = width
                measuredNow = true
            }
            if width <= maxWidth { return units.withUnsafeBufferPointer { Paragraph.string(UnsafeBufferPointer(rebasing: $0[..<startEnd])) } }
        } while count > 0
        return ""
    }

    /// A text's starts measured (``longestStart(of:font:language:notWiderThan:)``), by their
    /// length in characters, and the text's own under its length in units; and what reads
    /// starts off the text's measuring, where it can.
    private struct StartWidths {
        var widths: [Int: Double] = [:]
        var reading: Paragraph.StartReading?
    }

    /// The width of a text (its UTF-16 units) on one line in a resolved font, its paragraph's direction found as
    /// UIKit finds it. The paragraph is measured for its width alone (`forLayout: false`),
    /// shaped without the shaper's cache, and not kept (``width(of:font:language:)``
    /// keeps the width). `scratch` is the caller's, taken from `idleScratch` for it alone.
    /// `readingStarts`: the text is one of a text's starts, longest first (`Paragraph`'s).
    private func lineWidth(utf16: [UInt16], font: FontRequest, language: String, scratch: Paragraph.Scratch,
                           readingStarts: Bool) throws -> Double {
        try lineParagraph(utf16: utf16, font: font, language: language, scratch: scratch, readingStarts: readingStarts).width
            * font.size
    }

    /// The paragraph ``lineWidth(utf16:font:language:scratch:readingStarts:)`` measures, in ems.
    private func lineParagraph(utf16: [UInt16], font: FontRequest, language: String, scratch: Paragraph.Scratch,
                               readingStarts: Bool) throws -> Paragraph {
        // `TextDirection.paragraph(utf16:writing: .natural, view:)`, the view's direction (the
        // language's, about 600 instructions to find) asked only of a text without a strong character.
        let direction = TextDirection.firstStrong(utf16: utf16) ?? TextDirection(language: language)
        let size = sizeKey(font)
        let primary = try scratch.labelFont(family: font.family, weight: font.weight, size: size, catalog: catalog)
        return try Paragraph(utf16: utf16, primary: primary,
                             family: font.family, weight: font.weight, size: size, language: language,
                             direction: direction, catalog: catalog, shaper: passingShaper, forLayout: false,
                             scratch: scratch, readingStarts: readingStarts)
    }

    /// Lays `text` out as a label would. `direction` is the view's effective direction (the
    /// language's when nil); the paragraph direction is chosen from it and the text by
    /// `options.writingDirection`: with `natural`, UIKit's default, the text's first strong
    /// character decides and only a text without one takes the view's direction. Throws `TextError.invalidFontSize`
    /// for a size that is not finite or not in (0, 10000] points.
    public func layout(_ text: String, font requested: FontRequest, language: String,
                       options: TextLayoutOptions = TextLayoutOptions(),
                       direction: TextDirection? = nil) throws -> TextLayout {
        try TextEngine.validate(requested)
        let font = resolved(requested)
        let direction = direction ?? TextDirection(language: language)
        let key = LayoutKey(paragraph: ParagraphKey(text: ExactText(text), family: font.family, weight: font.weight,
                                                    language: language, direction: direction, size: nil),
                            size: font.size, options: options)
        lock.lock()
        if let cached = layouts.value(for: key) {
            lock.unlock(freeing: layouts.takeDropped())
            return cached
        }
        // A text that wraps onto every line it needs lays out the same whatever the line limit
        // it stays within and the mode it would truncate in (``wrappingAlike(_:)``): a label's
        // fitting asks for its lines at its frame's width after the solver measured them at the
        // same width (and for them on as many lines as they take, then on as many as fit).
        // Made only when the key itself is not kept: a copy of the key, a retain of its text.
        let alike = Self.wrappingAlike(key)
        if let alike, let cached = layouts.value(for: alike), Self.showsEveryLine(cached, within: options) {
            lock.unlock(freeing: layouts.takeDropped())
            return cached
        }
        lock.unlock()
        // Each paragraph's direction: the first one's is the layout's. The text's UTF-16 units,
        // made once, serve its directions and its paragraph.
        let utf16 = text.utf16Units
        let directions: [TextDirection]
        if let own = TextDirection.paragraphsOfTheirOwn(utf16: utf16, writing: options.writingDirection) {
            // The view's direction reaches a layout only through its paragraphs' directions, and
            // these take none from it: the text lays out the same in a view of the other
            // direction (a right-to-left run's texts in its left-to-right mirror, an untranslated
            // text in a right-to-left run), and a layout kept under that direction is this one.
            var other = key
            other.paragraph.direction = direction.isRightToLeft ? .leftToRight : .rightToLeft
            lock.lock()
            if let cached = layouts.value(for: other) {
                lock.unlock(freeing: layouts.takeDropped())
                return cached
            }
            lock.unlock()
            directions = own
        } else {
            directions = TextDirection.paragraphs(utf16: utf16, writing: options.writingDirection, view: direction)
        }
        let layout = try computeLayout(text, exact: key.paragraph.text, utf16: utf16, font: font, language: language,
                                       options: options, direction: directions[0], later: Array(directions.dropFirst()))
        lock.lock()
        layouts.insert(layout, for: key)
        if let alike, alike != key, Self.showsEveryLine(layout, within: options) { layouts.insert(layout, for: alike) }
        lock.unlock(freeing: layouts.takeDropped())
        return layout
    }

    /// For a request that wraps at word boundaries (`lines` other than 1, any mode but
    /// `charWrap`), the key of the same text, font, direction and width on as many lines as it
    /// takes, wrapped at word boundaries (`lines` 0, `wordWrap`, no minimum scale factor); nil
    /// for another. Every such request breaks the text into the same lines (`Fitting.attempt`:
    /// it wraps, and only `charWrap` breaks between characters), and where all of them are
    /// shown and the last fits the width, nothing is cut, clipped or shrunk: the mode, the limit
    /// and the scale factor read nothing. So the layout of one of them that shows every line
    /// (``showsEveryLine(_:within:)``) is the layout of the others that allow as many lines,
    /// and is kept under this key for them.
    private static func wrappingAlike(_ key: LayoutKey) -> LayoutKey? {
        guard key.options.lines != 1, key.options.lineBreak != .charWrap else { return nil }
        var alike = key
        alike.options.lines = 0
        alike.options.lineBreak = .wordWrap
        alike.options.minimumScaleFactor = nil
        return alike
    }

    /// Whether `layout`, of a request that wraps at word boundaries, shows every line of its
    /// text, whole and unscaled, on no more lines than `options` allow (0: any number).
    private static func showsEveryLine(_ layout: TextLayout, within options: TextLayoutOptions) -> Bool {
        !layout.truncated && layout.scale == 1 && (options.lines == 0 || layout.lines.count <= options.lines)
    }

    /// A text's layout at `options`, read off its layout without a width (`unconstrained`: laid
    /// out by ``layout(_:font:language:options:direction:)`` with `TextLayoutOptions(width: nil,
    /// lines: 0, lineBreak: .wordWrap)` and the same text, font, language, direction and
    /// writing direction as `options`), when the width changes nothing: the text is one line
    /// (no hard break within it) no wider than `options.width`, and no glyph advances
    /// backwards. Then no start of the line is wider than the line, so no line break is
    /// needed or taken, nothing is truncated, clipped or shrunk, whatever `options.lines`,
    /// `lineBreak` and `minimumScaleFactor` say: the layout is `unconstrained` itself, as
    /// laying the text out again would make it. Nil otherwise (and without a width).
    public static func layout(_ unconstrained: TextLayout, fitting options: TextLayoutOptions) -> TextLayout? {
        guard let width = options.width, unconstrained.lines.count == 1, let line = unconstrained.lines.first,
            !unconstrained.truncated, unconstrained.scale == 1,
            line.width <= width + LineBreaker.tolerance,
            line.runs.allSatisfy({ run in run.advances.allSatisfy { $0 >= 0 } })
        else { return nil }
        return unconstrained
    }

    /// The request with `SystemFont.name` ("system") replaced by the family that stands in
    /// for the system font.
    public func resolved(_ font: FontRequest) -> FontRequest {
        var font = font
        font.family = catalog.familyName(font.family)
        return font
    }

    /// Refuses a size that is not finite or not in (0, `TextError.maximumFontSize`].
    private static func validate(_ font: FontRequest) throws {
        guard font.size.isFinite, font.size > 0, font.size <= TextError.maximumFontSize else {
            throw TextError.invalidFontSize(font.size)
        }
    }

    private func computeLayout(_ text: String, exact: ExactText, utf16: [UInt16], font: FontRequest, language: String,
                               options: TextLayoutOptions, direction: TextDirection,
                               later: [TextDirection] = []) throws -> TextLayout {
        let paragraph = try self.paragraph(exact, utf16: utf16, font: font, language: language, direction: direction, later: later)
        // The label's font: the paragraph's first, opened for it from the same family, weight
        // and size (its key's), rather than looked up again in the catalog.
        let primary = paragraph.fonts[0]

        // The ellipsis is looked up when a line is first cut: most texts are not, and its
        // paragraph, found in the cache for every text laid out, cost a tenth of a cached layout.
        let fitting = Fitting(paragraph: paragraph, whole: text, size: font.size, options: options) {
            try self.paragraph("\u{2026}", font: font, language: language, direction: direction)
        }
        var attempt = try fitting.attempt(scale: 1)
        var scale = 1.0
        if attempt.truncated, options.width != nil, let minimum = options.minimumScaleFactor, minimum > 0, minimum < 1 {
            (scale, attempt) = try fitting.shrink(minimum: minimum)
        }
        // Found by the attempt that cut a line, where one is cut.
        let ellipsis = try attempt.lines.contains(where: \.ellipsis) ? fitting.ellipsis() : nil

        // Line metrics from the fonts each line uses, and the glyphs that measured it.
        let pointsPerEm = font.size * scale
        let glyphs = LineGlyphs(paragraph: paragraph, ellipsis: ellipsis, pointsPerEm: pointsPerEm)
        var lines: [TextLine] = []
        // Whether the line uses each of the paragraph's fonts (emptied for every line).
        var used = [Bool](repeating: false, count: paragraph.fonts.count)
        for shownLine in attempt.lines {
            // A line is in its paragraph's direction (a text of several paragraphs resolves each apart).
            let first = shownLine.head.isEmpty ? shownLine.tail.lowerBound : shownLine.head.lowerBound
            let lineDirection = first < paragraph.clusterCount ? paragraph.directionOfCluster[first] : direction
            // The fonts of the line's clusters, in the paragraph's order of fonts.
            for index in used.indices { used[index] = false }
            for cluster in shownLine.head { used[paragraph.fontOfCluster[cluster]] = true }
            for cluster in shownLine.tail { used[paragraph.fontOfCluster[cluster]] = true }
            var fonts = used.indices.filter { used[$0] }.map { paragraph.fonts[$0] }
            // The line's UTF-16 units: a line without an ellipsis is a part of its paragraph's.
            let units = shownLine.ellipsis ? shownLine.text.utf16Units
                : Array(paragraph.utf16[paragraph.boundaries[shownLine.head.lowerBound]..<paragraph.boundaries[shownLine.head.upperBound]])
            if shownLine.ellipsis, let ellipsis { fonts += ellipsis.fontOfCluster.map { ellipsis.fonts[$0] } }
            if fonts.isEmpty { fonts = [primary] }
            let ascent = fonts.map { $0.ascender / $0.unitsPerEm }.max()! * pointsPerEm
            let descent = fonts.map { -$0.descender / $0.unitsPerEm }.max()! * pointsPerEm
            let gap = primary.lineGap / primary.unitsPerEm * pointsPerEm
            lines.append(TextLine(text: shownLine.text,
                                  visual: VisualOrder.visual(shownLine.text, utf16: units, direction: lineDirection,
                                                             language: language),
                                  width: shownLine.width, height: ascent + descent + gap, ascent: ascent,
                                  fonts: fonts.reduce(into: [String]()) { names, font in
                                      if !names.contains(font.name) { names.append(font.name) }
                                  },
                                  runs: keepsGlyphRuns || !glyphs.advancesForward(head: shownLine.head, tail: shownLine.tail,
                                                                                  truncated: shownLine.ellipsis)
                                      ? glyphs.runs(head: shownLine.head, tail: shownLine.tail, truncated: shownLine.ellipsis,
                                                    units: units, direction: lineDirection)
                                      : []))
        }
        let height = lines.reduce(0) { $0 + $1.height }
        let lastTop = lines.dropLast().reduce(0) { $0 + $1.height }
        return TextLayout(text: text, shown: attempt.shown, lines: lines, truncated: attempt.truncated, scale: scale,
                          naturalWidth: paragraph.width * font.size, neededLines: attempt.neededLines,
                          width: lines.map(\.width).max() ?? 0, height: height,
                          firstBaseline: lines.first?.ascent ?? 0, lastBaseline: lastTop + (lines.last?.ascent ?? 0),
                          direction: direction, unsupported: paragraph.unsupportedClusters)
    }

    /// The point size faces are set up for, nil when no face of the catalog depends on it.
    /// A label that shrinks (`minimumScaleFactor`) keeps its faces' set-up at its own size.
    private func sizeKey(_ font: FontRequest) -> Double? {
        catalog.sizeDependent ? font.size : nil
    }

    /// The paragraph of `text`, from the cache when met recently.
    func paragraph(_ text: String, font: FontRequest, language: String, direction: TextDirection,
                   later: [TextDirection] = []) throws -> Paragraph {
        try paragraph(ExactText(text), font: font, language: language, direction: direction, later: later)
    }

    /// ``paragraph(_:font:language:direction:later:)`` of a text made a key, its UTF-16 units
    /// given when at hand (made from the text when the paragraph is not cached).
    private func paragraph(_ text: ExactText, utf16: [UInt16]? = nil, font: FontRequest, language: String,
                           direction: TextDirection, later: [TextDirection] = []) throws -> Paragraph {
        let size = sizeKey(font)
        let key = ParagraphKey(text: text, family: font.family, weight: font.weight, language: language, direction: direction,
                               size: size, later: later)
        lock.lock()
        if let cached = paragraphs.value(for: key) {
            lock.unlock(freeing: paragraphs.takeDropped())
            return cached
        }
        lock.unlock()
        let primary = try catalog.font(family: font.family, weight: font.weight, size: size)
        let paragraph = try Paragraph(utf16: utf16 ?? text.string.utf16Units, primary: primary, family: font.family, weight: font.weight, size: size,
                                      language: language, direction: direction, later: later, catalog: catalog, shaper: shaper)
        lock.lock()
        paragraphs.insert(paragraph, for: key)
        lock.unlock(freeing: paragraphs.takeDropped())
        return paragraph
    }
}

/// Fits a paragraph into a label's width and lines at a font scale.
///
/// A class: it keeps the ellipsis once looked up, for the attempts of every scale.
private final class Fitting {
    let paragraph: Paragraph
    /// The paragraph's text: what its clusters from first to last read (the same bytes that
    /// decoding its units again would give), taken as it is rather than made again.
    let whole: String
    let size: Double
    let options: TextLayoutOptions
    /// The ellipsis in the label's font, looked up (`lookUpEllipsis`) when a line is first cut.
    private var foundEllipsis: Paragraph?
    private let lookUpEllipsis: () throws -> Paragraph

    init(paragraph: Paragraph, whole: String, size: Double, options: TextLayoutOptions,
         ellipsis: @escaping () throws -> Paragraph) {
        self.paragraph = paragraph
        self.whole = whole
        self.size = size
        self.options = options
        lookUpEllipsis = ellipsis
    }

    /// The ellipsis paragraph, looked up the first time.
    func ellipsis() throws -> Paragraph {
        if let foundEllipsis { return foundEllipsis }
        let found = try lookUpEllipsis()
        foundEllipsis = found
        return found
    }

    struct ShownLine {
        /// The clusters shown, before the ellipsis and after it (`tail` is empty without one).
        var head: Range<Int>
        var tail: Range<Int>
        var text: String
        var width: Double
        var ellipsis: Bool
    }

    struct Attempt {
        var lines: [ShownLine]
        var shown: String
        var truncated: Bool
        var neededLines: Int
    }

    /// The text of the paragraph's `clusters`.
    func text(_ clusters: Range<Int>) -> String {
        clusters == 0..<paragraph.clusterCount ? whole : paragraph.text(clusters)
    }

    func attempt(scale: Double) throws -> Attempt {
        let breaker = LineBreaker(paragraph: paragraph, pointsPerEm: size * scale)
        let mode = options.lineBreak
        let available = options.width
        // A truncating or clipping one-line label does not wrap: its only line is the first hard line.
        let wraps = options.lines != 1 || mode == .wordWrap || mode == .charWrap
        let all = breaker.lines(available: wraps ? available : nil, characterWrap: mode == .charWrap)
        // The lines it needs at the width: those of a label that wraps, found once.
        let needed = wraps ? all.count : breaker.lines(available: available, characterWrap: mode == .charWrap).count

        func line(_ range: Range<Int>) -> ShownLine {
            let visible = breaker.trimmingTrailingSpace(range)
            return ShownLine(head: visible, tail: visible.upperBound..<visible.upperBound, text: text(visible),
                             width: breaker.width(range), ellipsis: false)
        }

        let limit = options.lines == 0 ? all.count : min(options.lines, all.count)
        var lines = all.prefix(limit).map(line)
        // The lines cover the paragraph's clusters one after another from its start: the text
        // shown is that of their clusters together (the only line's when it shows them all).
        let shownEnd = all[limit - 1].upperBound
        var shown = lines.count == 1 && lines[0].head == 0..<shownEnd ? lines[0].text : text(0..<shownEnd)
        var truncated = limit < all.count
        let lastStart = all[limit - 1].lowerBound
        // The last line shown takes the rest of its paragraph (up to a hard break).
        let restEnd = (lastStart..<paragraph.clusterCount).first { paragraph.hardBreakAfter[$0] }.map { $0 + 1 }
        let rest = lastStart..<(restEnd ?? paragraph.clusterCount)
        let lastFits = available.map { breaker.width(all[limit - 1]) <= $0 + LineBreaker.tolerance } ?? true

        if (truncated || !lastFits), let available {
            truncated = true
            let prefix = text(0..<lastStart)
            if mode.truncates {
                let truncator = Truncator(breaker: breaker, ellipsisWidth: try ellipsis().width * breaker.pointsPerEm)
                let cut = truncator.truncate(rest, available: available, mode: mode)
                let cutText = text(cut.head) + "\u{2026}" + text(cut.tail)
                lines[limit - 1] = ShownLine(head: cut.head, tail: cut.tail, text: cutText, width: cut.width, ellipsis: true)
                shown = prefix + cutText
            } else {
                // Clipping: the last line keeps the clusters that fit whole.
                var end = all[limit - 1].lowerBound
                while end < all[limit - 1].upperBound, breaker.width(lastStart..<(end + 1)) <= available + LineBreaker.tolerance { end += 1 }
                let clipped = lastFits ? all[limit - 1] : lastStart..<end
                lines[limit - 1] = line(clipped)
                shown = prefix + text(breaker.trimmingTrailingSpace(clipped))
            }
        }
        return Attempt(lines: lines, shown: shown, truncated: truncated, neededLines: needed)
    }

    /// The largest scale between `minimum` and 1 at which the text fits, or
    /// the attempt at `minimum` when it does not fit even there.
    func shrink(minimum: Double) throws -> (Double, Attempt) {
        let smallest = try attempt(scale: minimum)
        if smallest.truncated { return (minimum, smallest) }
        if options.lines == 1, let available = options.width {
            // One line: width is proportional to the scale.
            let breaker = LineBreaker(paragraph: paragraph, pointsPerEm: size)
            let scale = max(minimum, min(1, available / breaker.width(0..<paragraph.clusterCount)))
            let exact = try attempt(scale: scale)
            if !exact.truncated { return (scale, exact) }
        }
        var low = minimum, high = 1.0
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if try attempt(scale: middle).truncated { high = middle } else { low = middle }
        }
        return (low, try attempt(scale: low))
    }
}
