import CHarfBuzz
import Support

/// A paragraph analysed for measuring: its grapheme clusters, the font each
/// is drawn in, its bidi levels and line-break opportunities, and the advance
/// of every cluster after shaping.
///
/// The pipeline:
/// 1. bidi levels by UAX #9 (ICU) with the paragraph direction of the language;
/// 2. script per code point; Common and Inherited take the script before them
///    (or the first one after, at the start), as HarfBuzz and UAX #24 suggest;
/// 3. a font per grapheme cluster: the label's font, then the fallback families
///    of the cluster's script, then the last resort — the first that has every
///    code point of the cluster, so a cluster is never split across fonts; a
///    cluster shown as emoji tries the emoji families first, one with an emoji
///    character in text presentation tries them last (`FontCatalog.candidateFamilies`);
///    a cluster no font has is drawn with the label font's missing glyph;
/// 4. runs of equal (level, script, font), each shaped in its own direction,
///    script and language, with the text around it as context;
/// 5. each glyph's advance goes to its cluster; a glyph cluster that spans
///    several grapheme clusters (a ligature) shares its advance evenly among them.
///
/// Advances are kept in ems (design units over units-per-em), so one analysis
/// serves every point size. The shaped runs keep their glyphs, so that a line's
/// glyphs (`LineGlyphs`) come from the very shaping that measured it.
///
/// A class, never changed once made: a paragraph passed on, cached and laid out is one
/// reference, where a copy of a structure of its fifteen arrays retained each of them.
final class Paragraph: Sendable {
    /// The grapheme clusters a glyph's advance goes to: `first ..< first + count`.
    struct ClusterSpan: Sendable {
        var first: Int32
        var count: Int32
    }

    /// A run of clusters of equal bidi level, script and font, shaped as one.
    struct ShapedRun: Sendable {
        let clusters: Range<Int>
        /// Index into `fonts`.
        let font: Int
        let level: UInt8
        /// The script it was shaped in.
        let script: UnicodeAnalysis.Script
        /// The glyphs as the shaper gave them (left to right), with the clusters each one's advance goes to.
        let glyphs: [Shaper.Glyph]
        let spans: [ClusterSpan]
    }

    let utf16: [UInt16]
    /// Start offsets of the grapheme clusters, plus the end offset.
    let boundaries: [Int]
    /// Advance of each grapheme cluster, in ems.
    let advances: [Double]
    /// Index into `fonts` of the font each grapheme cluster is drawn in.
    let fontOfCluster: [Int]
    /// The fonts its clusters are drawn in: the label's font (`primary`) first, always there,
    /// then the fallback fonts some cluster took.
    let fonts: [FontFile]
    /// The shaped runs, in logical order; together they cover every cluster.
    let runs: [ShapedRun]
    /// Clusters no font has: drawn with the label font's missing glyph.
    let unsupported: [Int]
    /// Whether a line may break after each cluster (the cluster *ends* there): by cluster,
    /// read for every cluster a line breaker passes.
    let breakAfter: [Bool]
    /// Whether a line must break after each cluster.
    let hardBreakAfter: [Bool]
    /// Whether each cluster is white space.
    let isSpace: [Bool]
    /// The direction of the paragraph each cluster is in (a text of several paragraphs has one
    /// each: UAX #9 resolves them apart).
    let directionOfCluster: [TextDirection]
    /// `contentEnd[i]`: the end of `0..<i` without its trailing white space (the index after
    /// the last cluster before `i` that is not white space, else 0). With `contentStart`, it
    /// trims a range of clusters in constant time: trimming cluster by cluster made measuring
    /// quadratic in the length of a run of spaces (100,000 spaces took half a minute).
    let contentEnd: [Int]
    /// `contentStart[i]`: the first cluster at or after `i` that is not white space, else the count.
    let contentStart: [Int]
    /// Total advance in ems.
    let width: Double
    /// What gives the widths of the text's starts without measuring them, for a paragraph
    /// measured for its width alone as the first of its starts (`readingStarts`), where it
    /// can; nil otherwise.
    let startReading: StartReading?

    var clusterCount: Int { advances.count }

    /// The texts of the unsupported clusters, each once, in order of first appearance.
    var unsupportedClusters: [String] {
        var seen = Set<String>()
        return unsupported.map { text($0..<($0 + 1)) }.filter { seen.insert($0).inserted }
    }

    /// The widths of a text's starts, read off the text's own measuring where that gives each
    /// the width it would be measured to alone, bit for bit, and no shaping is needed: a text of
    /// one paragraph, one run (one level, script and font), its clusters found unit by unit
    /// (`UnicodeAnalysis.clusterBoundariesTellingMarked`) and every unit at the paragraph's
    /// own level (`UnicodeAnalysis.uniformLevel`). A start ending where a cluster of the text
    /// starts and HarfBuzz marked it safe to break (`Shaper.safeToBreak(ofWhole:...)`), in the
    /// same paragraph direction, holding the text's first cluster that is not of a neutral
    /// script, is then measured alone as the text is up to there:
    /// - its clusters are the text's before the end: each boundary is found from the units
    ///   before it and itself;
    /// - its units all take the paragraph's level (a property of each unit in the direction);
    ///   its clusters the text's script (each neutral one takes the script of the one before
    ///   it, and those before the first that is not neutral that one's); each its font (chosen
    ///   by the cluster's own scalars): so it is one run, in the text's font, script and direction;
    /// - that run's glyphs are the text's before the end (HarfBuzz's guarantee where the flag
    ///   `HB_GLYPH_FLAG_UNSAFE_TO_BREAK` is absent, which ``Shaper`` reads runs off by), so each
    ///   cluster's advance is the text's, and their sum in order the text's running sum there.
    struct StartReading: Sendable {
        /// The text's paragraph direction.
        let direction: TextDirection
        let boundaries: [Int]
        /// `sums[k]`: the text's first `k` clusters' advances summed in order, in ems.
        let sums: [Double]
        let safeToBreak: [Bool]
        /// The text's first cluster whose script is not neutral, if any.
        let firstNotNeutral: Int?

        /// The width in ems of the text's start of `end` units, measured alone, whose paragraph
        /// direction is `direction`; nil where this cannot tell it.
        func width(ofStartEndingAt end: Int, direction: TextDirection) -> Double? {
            guard end > 0, end < safeToBreak.count, safeToBreak[end], direction == self.direction else { return nil }
            // The cluster that starts at `end`: the boundaries ascend.
            var low = 1, high = boundaries.count - 1
            while low < high {
                let middle = (low + high) / 2
                if boundaries[middle] < end { low = middle + 1 } else { high = middle }
            }
            guard boundaries[low] == end, firstNotNeutral.map({ $0 < low }) ?? true else { return nil }
            return sums[low]
        }
    }

    func text(_ clusters: Range<Int>) -> String {
        guard !clusters.isEmpty else { return "" }
        return utf16.withUnsafeBufferPointer { units in
            Paragraph.string(UnsafeBufferPointer(rebasing: units[boundaries[clusters.lowerBound]..<boundaries[clusters.upperBound]]))
        }
    }

    /// The text of `units` exactly as `String(decoding: units, as: UTF16.self)` reads it (a
    /// surrogate without its other half is U+FFFD), encoded straight into the string's UTF-8:
    /// the standard library's decoding of UTF-16 goes scalar by scalar through a generic
    /// parser, about 150 instructions a unit, and a label's fitting makes several such strings
    /// for every layout it is measured in.
    static func string(_ units: UnsafeBufferPointer<UInt16>) -> String {
        // A BMP unit takes at most 3 bytes, a surrogate pair 4 for its 2 units, a lone surrogate
        // U+FFFD's 3.
        String(unsafeUninitializedCapacity: units.count * 3) { bytes in
            var count = 0, index = 0
            while index < units.count {
                let unit = units[index]
                index += 1
                if unit < 0x80 {
                    bytes[count] = UInt8(truncatingIfNeeded: unit)
                    count += 1
                    continue
                }
                var scalar = UInt32(unit)
                if UTF16.isLeadSurrogate(unit) {
                    if index < units.count, UTF16.isTrailSurrogate(units[index]) {
                        scalar = 0x10000 + (UInt32(unit - 0xD800) << 10 | UInt32(units[index] - 0xDC00))
                        index += 1
                    } else {
                        scalar = 0xFFFD
                    }
                } else if UTF16.isTrailSurrogate(unit) {
                    scalar = 0xFFFD
                }
                if scalar < 0x800 {
                    bytes[count] = UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6)
                    bytes[count + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
                    count += 2
                } else if scalar < 0x10000 {
                    bytes[count] = UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12)
                    bytes[count + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
                    bytes[count + 2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
                    count += 3
                } else {
                    bytes[count] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
                    bytes[count + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F)
                    bytes[count + 2] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
                    bytes[count + 3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
                    count += 4
                }
            }
            return count
        }
    }

    /// Running sums of `advances`: `offsets[i]` is the advance of clusters `0..<i`.
    let offsets: [Double]

    /// Advance of a range of clusters, in ems.
    func advance(_ clusters: Range<Int>) -> Double {
        clusters.isEmpty ? 0 : offsets[clusters.upperBound] - offsets[clusters.lowerBound]
    }

    /// The arrays a paragraph measured for its width alone works in (`forLayout: false`), lent to it
    /// and given back when it is made, so that the next paragraph measured with them writes into
    /// their storage: a paragraph made its own arrays of each length, several allocations and
    /// releases for every text. Used by one paragraph at a time (`TextEngine` keeps the idle
    /// ones under its lock, as the shaper its buffers); a paragraph that kept one of the arrays
    /// would only make the next one copy it.
    final class Scratch {
        @exclusivity(unchecked) var clusterOfUnit: [Int] = []
        @exclusivity(unchecked) var scalars: [UInt32] = []
        @exclusivity(unchecked) var scalarStart: [Int] = []
        @exclusivity(unchecked) var scripts: [UnicodeAnalysis.Script] = []
        @exclusivity(unchecked) var fontOfCluster: [Int] = []
        @exclusivity(unchecked) var advances: [Double] = []
        @exclusivity(unchecked) fileprivate var starts: [GlyphCluster] = []
        @exclusivity(unchecked) var fonts: [FontFile] = []
        /// The label font's coverage of the scalars.
        @exclusivity(unchecked) var coverage: [Bool] = []
        /// Families opened for a paragraph, emptied: their storage alone is reused.
        @exclusivity(unchecked) fileprivate var opened: [(name: String, font: FontFile, coverage: [Bool])] = []
        /// Fallback kinds tried, with their candidate families and the fonts opened for them, kept
        /// for the next paragraph in the same label font and language (`fallbackContext`), which
        /// looks no list or font up in the catalog again (each about 500 instructions, a hash of
        /// their names under the catalog's lock): what a paragraph found for its own scalars and
        /// fonts (`Candidates.Entry.forget`) is not kept.
        @exclusivity(unchecked) fileprivate var candidates: [Candidates] = []
        @exclusivity(unchecked) fileprivate var fallbackContext: FallbackContext?
        /// The language last asked through ``harfBuzzLanguage(_:)``, and HarfBuzz's language of it.
        @exclusivity(unchecked) private var language: (tag: String, harfBuzz: hb_language_t?)?

        /// HarfBuzz's language of the locale of `language` (`Shaper.language(icuLocale(language))`), the
        /// one found for the last paragraph measured with this scratch when it asked the same:
        /// consecutive texts are mostly in one language, and finding it cost about 230 instructions.
        func harfBuzzLanguage(_ language: String) -> hb_language_t? {
            if let known = self.language, known.tag == language { return known.harfBuzz }
            let harfBuzz = Shaper.language(icuLocale(language))
            self.language = (language, harfBuzz)
            return harfBuzz
        }

        /// The label font last asked of the catalog through ``labelFont(family:weight:size:catalog:)``.
        @exclusivity(unchecked) private var label: (family: String, weight: FontWeight, size: Double?, font: FontFile)?

        /// `catalog.font(family:weight:size:)`, the font kept from the last paragraph measured with
        /// this scratch when it asked the same: a catalog gives one font for a family, weight
        /// and size, and consecutive texts are mostly in one label font.
        func labelFont(family: String, weight: FontWeight, size: Double?, catalog: FontCatalog) throws -> FontFile {
            if let label, label.family == family, label.weight == weight, label.size == size { return label.font }
            let font = try catalog.font(family: family, weight: weight, size: size)
            label = (family, weight, size, font)
            return font
        }
    }

    /// What a kind's candidate families and their fonts depend on besides the kind: the label's
    /// family, weight and size key and the language.
    fileprivate struct FallbackContext: Equatable {
        var family: String, weight: FontWeight, size: Double?, language: String
    }

    /// `forLayout: false` measures the paragraph for its width alone, which is all it may be
    /// asked: it keeps no runs' glyphs, running sums, white space, line-break opportunities or
    /// directions (`runs`, `offsets`, `isSpace`, `contentEnd`, `contentStart`, `breakAfter`,
    /// `hardBreakAfter` and `directionOfCluster` are empty), and works in `scratch`'s arrays
    /// when given (``Scratch``). `readingStarts`: the text is one of a text's starts (or the
    /// text), measured one after another, longest first: the shaper reads its last run off the
    /// longer one's where that is safe (`Shaper.shape(_:range:font:rightToLeft:segment:readingStarts:)`).
    @inline(__always)
    init(utf16: [UInt16], primary: FontFile, family: String, weight: FontWeight, size: Double? = nil, language: String,
         direction: TextDirection, later: [TextDirection] = [], catalog: FontCatalog, shaper: Shaper,
         forLayout: Bool = true, scratch: Scratch? = nil, readingStarts: Bool = false) throws {
        let scratch = forLayout ? nil : scratch
        self.utf16 = utf16
        let (boundaries, marked) = UnicodeAnalysis.clusterBoundariesTellingMarked(utf16, locale: language)
        self.boundaries = boundaries
        let clusterCount = boundaries.count - 1

        // Scalars of each cluster (`scalars[scalarStart[c] ..< scalarStart[c + 1]]`, decoded from
        // the UTF-16 units in one pass rather than a string made per cluster), and the cluster
        // of each UTF-16 unit. Constants: a nested function reads them without boxes.
        let (clusterOfUnit, scalars, scalarStart) = Paragraph.decode(utf16, boundaries: boundaries, scratch: scratch)
        let table = CharacterTable.shared
        func scalarsOf(_ cluster: Int) -> ArraySlice<UInt32> { scalars[scalarStart[cluster]..<scalarStart[cluster + 1]] }

        // 1. Bidi levels, one per cluster (its first unit's); each paragraph of the text in its own
        //    direction (`direction`, then `later` ones).
        //    A text whose every unit takes the paragraph's level (`UnicodeAnalysis.uniformLevel`, as
        //    `resolvedLevels` finds it) makes no array of levels; a cluster's level is its first
        //    unit's, read where it is needed (an array of them cost an allocation and a pass).
        let directions = later.isEmpty ? [] : [direction] + later
        let uniformLevel = later.isEmpty ? UnicodeAnalysis.uniformLevel(utf16, direction: direction) : nil
        let unitLevels = uniformLevel == nil ? UnicodeAnalysis.levels(utf16, directions: later.isEmpty ? [direction] : directions) : []
        func level(_ cluster: Int) -> UInt8 { uniformLevel ?? unitLevels[boundaries[cluster]] }
        var directionOfCluster = [TextDirection].filled(with: direction, count: forLayout ? clusterCount : 0)
        if forLayout, !later.isEmpty {
            let ranges = TextDirection.paragraphRanges(utf16)
            if ranges.count == directions.count {
                // Clusters and paragraphs both in order: one pass over each.
                var paragraph = 0
                for cluster in 0..<clusterCount {
                    while paragraph + 1 < ranges.count, boundaries[cluster] >= ranges[paragraph].upperBound { paragraph += 1 }
                    directionOfCluster[cluster] = directions[paragraph]
                }
            }
        }
        self.directionOfCluster = directionOfCluster

        // 2. Scripts, resolved for Common and Inherited.
        //    By number: compared and copied without the strings of their codes.
        //    Read by index, as the fonts below: a slice of the scalars made per cluster cost a
        //    retain and a release of their array each time.
        //    Written through the arrays' buffers, each cluster's script resolved as it is read, in
        //    one pass (not a map of the clusters and a second pass that resolved them).
        var firstNotNeutral: Int?
        var scripts = scratch == nil ? .filled(with: UnicodeAnalysis.commonScript, count: clusterCount)
            : [UnicodeAnalysis.Script].filled(with: UnicodeAnalysis.commonScript, count: clusterCount, reusing: &scratch!.scripts)
        scripts.withUnsafeMutableBufferPointer { scripts in
            scalarStart.withUnsafeBufferPointer { scalarStart in
                scalars.withUnsafeBufferPointer { scalars in
                    // The clusters before the first whose script is not neutral, which take its script.
                    var leading = 0
                    var previous: UnicodeAnalysis.Script?
                    for cluster in scripts.indices {
                        let script = table.scriptNumber(scalarStart[cluster] < scalarStart[cluster + 1] ? scalars[scalarStart[cluster]] : 0x20)
                        if !table.isNeutral(script) {
                            if previous == nil {
                                for index in 0..<leading { scripts[index] = script }
                                firstNotNeutral = cluster
                            }
                            scripts[cluster] = script
                            previous = script
                        } else if let previous {
                            scripts[cluster] = previous
                        } else {
                            leading += 1
                        }
                    }
                    // A text of neutral clusters alone is Common throughout, as `scripts` was made.
                }
            }
        }

        // 3. A font per cluster; fonts are opened only when a cluster needs them, so the
        //    emoji font is opened only for a text with emoji.
        // (In the scratch's storage when given: the fonts stay in it until the next paragraph
        // measured with it, as they stay in the catalog.)
        var fonts: [FontFile] = []
        if let scratch {
            swap(&fonts, &scratch.fonts)
            fonts.removeAll(keepingCapacity: true)
        }
        fonts.append(primary)
        // Families opened for this paragraph besides the label's (made only when a cluster falls
        // back), with their coverage of the paragraph's scalars. A paragraph opens a few, and
        // tries a few kinds: both are searched in order, without dictionaries made for them.
        var opened: [(name: String, font: FontFile, coverage: [Bool])] = []
        // Each kind's candidate families, opened as they are first tried, and where each is in
        // `fonts` once chosen: a cluster after the first of its kind looks up no family by name.
        var candidates: [Candidates] = []
        if let scratch {
            swap(&opened, &scratch.opened)
            swap(&candidates, &scratch.candidates)
            let context = FallbackContext(family: family, weight: weight, size: size, language: language)
            if scratch.fallbackContext != context {
                candidates.removeAll(keepingCapacity: true)
                scratch.fallbackContext = context
            }
        }
        var last: (kind: FallbackKind, candidates: Int)?
        var fontOfCluster = scratch == nil ? .filled(with: 0, count: clusterCount)
            : [Int].filled(with: 0, count: clusterCount, reusing: &scratch!.fontOfCluster)
        var unsupported: [Int] = []
        // Whether a font has each of the paragraph's scalars, or the scalar needs no glyph (a
        // control character, a default-ignorable one): asked of each font once, when it is
        // first tried (`FontFile.coverage(of:needsNoGlyph:)`). A font covers a cluster that has
        // each of its scalars (`Paragraph.covers`).
        // The label font's written in the scratch's storage when given.
        func coverage(_ font: FontFile, reusing storage: inout [Bool]) -> [Bool] {
            font.coverage(of: scalars, reusing: &storage) { $0 < 0x20 || table.isDefaultIgnorable($0) }
        }
        var noStorage: [Bool] = []
        let primaryCoverage = scratch == nil ? coverage(primary, reusing: &noStorage) : coverage(primary, reusing: &scratch!.coverage)
        for cluster in 0..<clusterCount {
            let clusterScalars = scalarStart[cluster]..<scalarStart[cluster + 1]
            let emoji = Paragraph.emojiStyle(scalars, clusterScalars, table: table)
            if emoji != .emoji, Paragraph.covers(primaryCoverage, clusterScalars) { continue }
            let kind = FallbackKind(script: scripts[cluster], emoji: emoji)
            let list: Int
            if let last, last.kind == kind {
                list = last.candidates
            } else if let known = candidates.firstIndex(where: { $0.kind == kind }) {
                list = known
            } else {
                let names = catalog.candidateFamilies(label: family, script: UnicodeAnalysis.scriptName(number: kind.script),
                                                      language: language, emoji: emoji)
                list = candidates.count
                candidates.append(Candidates(kind: kind, names: names))
            }
            last = (kind, list)
            var chosen: Int?
            for position in candidates[list].names.indices {
                if !candidates[list].entries[position].tried {
                    let name = candidates[list].names[position]
                    let font: FontFile, fontCoverage: [Bool]
                    if name == family {
                        (font, fontCoverage) = (primary, primaryCoverage)
                    } else if let known = opened.first(where: { $0.name == name }) {
                        (font, fontCoverage) = (known.font, known.coverage)
                    } else {
                        // Opened by an earlier paragraph in the same context (with a scratch), else now.
                        font = try candidates[list].entries[position].font ?? catalog.font(family: name, weight: weight, size: size)
                        fontCoverage = coverage(font, reusing: &noStorage)
                        opened.append((name, font, fontCoverage))
                    }
                    candidates[list].entries[position] = Candidates.Entry(font: font, coverage: fontCoverage, tried: true)
                }
                if Paragraph.covers(candidates[list].entries[position].coverage, clusterScalars) {
                    chosen = position
                    break
                }
            }
            // No font has it: drawn with the label font's missing glyph.
            guard let chosen else {
                unsupported.append(cluster)
                continue
            }
            if let index = candidates[list].entries[chosen].index {
                fontOfCluster[cluster] = index
                continue
            }
            let font = candidates[list].entries[chosen].font!
            // A paragraph draws in a few fonts: found among them by identity.
            let index: Int
            if let known = fonts.firstIndex(where: { $0.identity == font.identity }) {
                index = known
            } else {
                index = fonts.count
                fonts.append(font)
            }
            candidates[list].entries[chosen].index = index
            fontOfCluster[cluster] = index
        }
        self.unsupported = unsupported
        self.fonts = fonts
        self.fontOfCluster = fontOfCluster

        // 4 and 5. Shape runs of equal level, script and font; give advances to clusters.
        let hbLanguage = scratch?.harfBuzzLanguage(language) ?? Shaper.language(icuLocale(language))
        var advances = scratch == nil ? .filled(with: 0, count: clusterCount)
            : [Double].filled(with: 0, count: clusterCount, reusing: &scratch!.advances)
        var runs: [ShapedRun] = []
        // The glyph clusters of the run being measured, in storage that every run of the paragraph
        // reuses (and the next paragraph, with a scratch).
        var starts: [GlyphCluster] = []
        if let scratch { swap(&starts, &scratch.starts) }
        // Where the whole text, shaped as one run, is safe to break (``StartReading``).
        var wholeRunSafeToBreak: [Bool]?
        var start = 0
        while start < clusterCount {
            var end = start + 1
            let runLevel = level(start)
            while end < clusterCount, level(end) == runLevel, scripts[end] == scripts[start],
                  fontOfCluster[end] == fontOfCluster[start] {
                end += 1
            }
            let font = fonts[fontOfCluster[start]]
            let unitsPerEm = font.unitsPerEm
            let unitRange = boundaries[start]..<boundaries[end]
            let rightToLeft = runLevel & 1 == 1
            let segment = Shaper.Segment(script: Shaper.scripts[scripts[start]], language: hbLanguage)
            let glyphs = shaper.shape(utf16, range: unitRange, font: font, rightToLeft: rightToLeft, segment: segment,
                                      readingStarts: readingStarts)
            if readingStarts, !forLayout, start == 0, end == clusterCount {
                wholeRunSafeToBreak = shaper.safeToBreak(ofWhole: utf16, font: font, rightToLeft: rightToLeft, segment: segment)
            }
            // The glyph clusters (first units relative to the run, ascending) and each one's total advance.
            let startCount = Paragraph.glyphClusters(glyphs, into: &starts)
            // A glyph cluster's advance goes to the grapheme clusters from the one holding its first
            // unit to the one before the next glyph cluster's, at least one.
            var spanOfStart: [ClusterSpan] = []
            if forLayout { spanOfStart.reserveCapacity(startCount) }
            Paragraph.distribute(starts, count: startCount, run: unitRange, clusterOfUnit: clusterOfUnit, unitsPerEm: unitsPerEm,
                                 to: &advances, spans: &spanOfStart, keepingSpans: forLayout)
            if forLayout {
                runs.append(ShapedRun(clusters: start..<end, font: fontOfCluster[start], level: runLevel, script: scripts[start],
                                      glyphs: glyphs,
                                      spans: Paragraph.spans(of: glyphs, starts: starts, count: startCount, spanOfStart: spanOfStart)))
            }
            start = end
        }
        self.advances = advances
        self.runs = runs
        guard forLayout else {
            // The same sum, in the same order, as the running sums' last.
            var width = 0.0
            if marked, later.isEmpty, uniformLevel != nil, let safeToBreak = wholeRunSafeToBreak {
                // Each running sum kept: a start's width (``StartReading``).
                var sums = [0.0]
                sums.reserveCapacity(clusterCount + 1)
                for advance in advances {
                    width += advance
                    sums.append(width)
                }
                startReading = StartReading(direction: direction, boundaries: boundaries, sums: sums, safeToBreak: safeToBreak,
                                            firstNotNeutral: firstNotNeutral)
            } else {
                for advance in advances { width += advance }
                startReading = nil
            }
            self.width = width
            if let scratch {
                // Given back (the paragraph's own references go when it does).
                (scratch.clusterOfUnit, scratch.scalars, scratch.scalarStart) = (clusterOfUnit, scalars, scalarStart)
                (scratch.scripts, scratch.fontOfCluster, scratch.advances, scratch.starts) = (scripts, fontOfCluster, advances, starts)
                (scratch.fonts, scratch.coverage) = (fonts, primaryCoverage)
                if !opened.isEmpty { opened.removeAll(keepingCapacity: true) }
                for list in candidates.indices {
                    for position in candidates[list].entries.indices { candidates[list].entries[position].forget() }
                }
                (scratch.opened, scratch.candidates) = (opened, candidates)
            }
            (offsets, breakAfter, hardBreakAfter, isSpace, contentEnd, contentStart) = ([], [], [], [], [], [])
            return
        }
        startReading = nil
        var offsets = [0.0]
        offsets.reserveCapacity(clusterCount + 1)
        for advance in advances { offsets.append(offsets.last! + advance) }
        self.offsets = offsets
        width = offsets.last!

        // Line-break opportunities, as cluster indices.
        let opportunities = UnicodeAnalysis.breaks(.line, in: utf16, locale: language)
        var breakAfter = [Bool].filled(with: false, count: clusterCount)
        var hardBreakAfter = [Bool].filled(with: false, count: clusterCount)
        for (offset, hard) in zip(opportunities.offsets, opportunities.hard) where offset > 0 {
            let cluster = (offset < utf16.count ? clusterOfUnit[offset] : clusterCount) - 1
            guard cluster >= 0 else { continue }
            breakAfter[cluster] = true
            if hard { hardBreakAfter[cluster] = true }
        }
        self.breakAfter = breakAfter
        self.hardBreakAfter = hardBreakAfter
        let isSpace = (0..<clusterCount).map { cluster in
            scalarsOf(cluster).allSatisfy(table.isWhitespace)
        }
        self.isSpace = isSpace
        var contentEnd = [Int].filled(with: 0, count: clusterCount + 1)
        for index in 0..<clusterCount { contentEnd[index + 1] = isSpace[index] ? contentEnd[index] : index + 1 }
        self.contentEnd = contentEnd
        var contentStart = [Int].filled(with: clusterCount, count: clusterCount + 1)
        for index in stride(from: clusterCount - 1, through: 0, by: -1) {
            contentStart[index] = isSpace[index] ? contentStart[index + 1] : index
        }
        self.contentStart = contentStart
    }

    /// How the cluster of `scalars[range]` is drawn as to emoji, as `EmojiStyle(scalars:)` tells
    /// it. A cluster of one character that is not an emoji character, as most are, is `none`
    /// whatever it is (only emoji characters and, with a selector after them, ASCII digits, `#`
    /// and `*` make another style): told without a slice of the scalars, whose array a slice
    /// made per cluster retained and released each time.
    /// Inlined, with the table the caller holds: called for every cluster, it cost a call and a
    /// look at the shared table's two arrays each time.
    @inline(__always)
    static func emojiStyle(_ scalars: [UInt32], _ range: Range<Int>, table: CharacterTable = .shared) -> EmojiStyle {
        if range.count == 1, scalars[range.lowerBound] < 0x80
            || !table.emojiProperties(scalars[range.lowerBound]).contains(.emoji) {
            return .none
        }
        return EmojiStyle(scalars: scalars[range])
    }

    /// The font families a cluster may fall back to depend on its script and emoji style alone.
    fileprivate struct FallbackKind: Hashable {
        var script: UnicodeAnalysis.Script
        var emoji: EmojiStyle
    }

    /// A kind's candidate families in order (`FontCatalog.candidateFamilies`), each font and its
    /// coverage of the paragraph's scalars once opened (`tried`), and its index in the paragraph's
    /// fonts once a cluster is drawn in it.
    /// Each family's font, coverage and index in one entry: one array for a kind, not three.
    fileprivate struct Candidates {
        struct Entry {
            var font: FontFile?
            var coverage: [Bool] = []
            var index: Int?
            /// Whether `coverage` is of this paragraph's scalars (a kept entry's font may be of an earlier one's).
            var tried = false

            /// What was found for a paragraph (its coverage and index) let go; the font kept.
            mutating func forget() {
                (coverage, index, tried) = ([], nil, false)
            }
        }

        let kind: FallbackKind
        let names: [String]
        var entries: [Entry]

        init(kind: FallbackKind, names: [String]) {
            self.kind = kind
            self.names = names
            entries = .filled(with: Entry(), count: names.count)
        }
    }

    /// Whether every scalar of `scalars` (indices into a paragraph's scalars) is covered, as
    /// `coverage` (`FontFile.coverage(of:needsNoGlyph:)`) tells for a font.
    private static func covers(_ coverage: [Bool], _ scalars: Range<Int>) -> Bool {
        for index in scalars where !coverage[index] { return false }
        return true
    }

    /// The scalars of each cluster of `utf16` (`scalars[scalarStart[c] ..< scalarStart[c + 1]]`),
    /// as `String(decoding:as:)` reads them: a surrogate without its other half is U+FFFD;
    /// and the cluster of each unit.
    /// Written in the storage of `scratch`'s arrays when given (taken from it: the caller gives them back).
    private static func decode(_ utf16: [UInt16], boundaries: [Int], scratch: Scratch?)
        -> (clusterOfUnit: [Int], scalars: [UInt32], scalarStart: [Int])
    {
        let clusterCount = boundaries.count - 1
        // Filled through buffers: appending a scalar at a time checked the arrays' uniqueness and
        // capacity for every unit. No more scalars than units; the rest are cut off.
        var clusterOfUnit: [Int], scalars: [UInt32], scalarStart: [Int]
        if let scratch {
            clusterOfUnit = .filled(with: 0, count: utf16.count, reusing: &scratch.clusterOfUnit)
            scalars = .filled(with: 0, count: utf16.count, reusing: &scratch.scalars)
            scalarStart = .filled(with: 0, count: clusterCount + 1, reusing: &scratch.scalarStart)
        } else {
            clusterOfUnit = .filled(with: 0, count: utf16.count)
            scalars = .filled(with: 0, count: utf16.count)
            scalarStart = .filled(with: 0, count: clusterCount + 1)
        }
        var count = 0
        utf16.withUnsafeBufferPointer { units in
            clusterOfUnit.withUnsafeMutableBufferPointer { clusterOfUnit in
                scalars.withUnsafeMutableBufferPointer { scalars in
                    scalarStart.withUnsafeMutableBufferPointer { scalarStart in
                        for cluster in 0..<clusterCount {
                            var index = boundaries[cluster]
                            let end = boundaries[cluster + 1]
                            while index < end {
                                let unit = units[index]
                                clusterOfUnit[index] = cluster
                                index += 1
                                if unit & 0xF800 != 0xD800 {
                                    // No surrogate (all units but those of the supplementary planes): its own scalar.
                                    scalars[count] = UInt32(unit)
                                } else if UTF16.isLeadSurrogate(unit), index < end, UTF16.isTrailSurrogate(units[index]) {
                                    clusterOfUnit[index] = cluster
                                    scalars[count] = 0x10000 + (UInt32(unit - 0xD800) << 10 | UInt32(units[index] - 0xDC00))
                                    index += 1
                                } else {
                                    scalars[count] = 0xFFFD
                                }
                                count += 1
                            }
                            scalarStart[cluster + 1] = count
                        }
                    }
                }
            }
        }
        scalars.removeLast(scalars.count - count)
        return (clusterOfUnit, scalars, scalarStart)
    }

    /// A glyph cluster of a shaped run: the first unit of its text (relative to the run) and the
    /// sum of its glyphs' advances (design units).
    fileprivate struct GlyphCluster {
        var start: Int32
        var total: Int
    }

    /// The glyphs' clusters, each once, ascending by first unit, with their total advances, written
    /// in `clusters` from its start, and their count (no more than the glyphs'). `clusters` is
    /// grown to the glyphs' count when shorter and never cut: a paragraph's runs (and, with a
    /// scratch, the next paragraph's) reuse its storage, and emptying it and appending to it
    /// for every run went through the standard library's generic replacing and appending.
    /// HarfBuzz gives the glyphs
    /// in cluster order (ascending left to right, descending right to left) at its default
    /// cluster level: read so in one pass, without sorting, sorted otherwise; glyphs that ascend,
    /// as a left-to-right run's do, are summed in the pass that finds that they ascend.
    /// The cluster being summed is kept aside and written when the next one starts.
    private static func glyphClusters(_ glyphs: [Shaper.Glyph], into clusters: inout [GlyphCluster]) -> Int {
        if clusters.count < glyphs.count {
            clusters.append(contentsOf: repeatElement(GlyphCluster(start: 0, total: 0), count: glyphs.count - clusters.count))
        }
        return clusters.withUnsafeMutableBufferPointer { clusters in
            var count = 0
            var current: GlyphCluster?
            func add(_ glyph: Shaper.Glyph) {
                if let summed = current, summed.start == glyph.cluster {
                    current = GlyphCluster(start: summed.start, total: summed.total + Int(glyph.advance))
                } else {
                    if let summed = current {
                        clusters[count] = summed
                        count += 1
                    }
                    current = GlyphCluster(start: glyph.cluster, total: Int(glyph.advance))
                }
            }
            let ascending = glyphs.withUnsafeBufferPointer { glyphs in
                for index in glyphs.indices {
                    if index > 0, glyphs[index].cluster < glyphs[index - 1].cluster { return false }
                    add(glyphs[index])
                }
                return true
            }
            if !ascending {
                count = 0
                current = nil
                let descending = glyphs.withUnsafeBufferPointer { glyphs in
                    glyphs.indices.dropFirst().allSatisfy { glyphs[$0].cluster <= glyphs[$0 - 1].cluster }
                }
                if descending {
                    glyphs.withUnsafeBufferPointer { glyphs in
                        for glyph in glyphs.reversed() { add(glyph) }
                    }
                } else {
                    for glyph in glyphs.sorted(by: { $0.cluster < $1.cluster }) { add(glyph) }
                }
            }
            if let summed = current {
                clusters[count] = summed
                count += 1
            }
            return count
        }
    }

    /// Adds each glyph cluster's advance (the first `count` of `starts`, of the run of `run`'s units; in ems at
    /// `unitsPerEm`) to the grapheme clusters it goes to: from the one holding its first unit
    /// to the one before the next glyph cluster's (the run's end for the last), at least one,
    /// shared evenly; with `keepingSpans`, appends those clusters to `spans`, a glyph cluster
    /// each. A function of its own, over the arrays' buffers: in the paragraph's closures, the
    /// arrays it read were reached through their captures for every glyph cluster.
    private static func distribute(_ starts: [GlyphCluster], count: Int, run: Range<Int>, clusterOfUnit: [Int], unitsPerEm: Double,
                                   to advances: inout [Double], spans: inout [ClusterSpan], keepingSpans: Bool) {
        let clusterCount = advances.count
        advances.withUnsafeMutableBufferPointer { advances in
            starts.withUnsafeBufferPointer { all in
                let starts = UnsafeBufferPointer(rebasing: all[..<count])
                clusterOfUnit.withUnsafeBufferPointer { clusterOfUnit in
                    for position in starts.indices {
                        let first = run.lowerBound + Int(starts[position].start)
                        let last = position + 1 < starts.count ? run.lowerBound + Int(starts[position + 1].start) : run.upperBound
                        let firstCluster = clusterOfUnit[first]
                        let lastCluster = last < clusterOfUnit.count ? clusterOfUnit[last] : clusterCount
                        let spanned = max(1, lastCluster - firstCluster)
                        let share = Double(starts[position].total) / unitsPerEm / Double(spanned)
                        var cluster = firstCluster
                        while cluster < firstCluster + spanned {
                            advances[cluster] += share
                            cluster += 1
                        }
                        if keepingSpans { spans.append(ClusterSpan(first: Int32(firstCluster), count: Int32(spanned))) }
                    }
                }
            }
        }
    }

    /// Each glyph's span: the span of the glyph cluster that starts at the glyph's cluster, among
    /// the ascending first `count` of `starts`, which hold each (``glyphClusters(_:into:)``). A
    /// run's glyphs come in the order of their clusters, or in the reverse order (right to left):
    /// each glyph's cluster is the previous glyph's, or the one next to it among the starts, which
    /// are compared first; another is searched for (``position(of:in:count:)``).
    private static func spans(of glyphs: [Shaper.Glyph], starts: [GlyphCluster], count: Int,
                              spanOfStart: [ClusterSpan]) -> [ClusterSpan] {
        guard let first = glyphs.first else { return [] }
        var spans: [ClusterSpan] = []
        spans.reserveCapacity(glyphs.count)
        starts.withUnsafeBufferPointer { starts in
            var place = position(of: first.cluster, in: starts, count: count)
            for glyph in glyphs {
                let cluster = glyph.cluster
                if starts[place].start != cluster {
                    if place + 1 < count, starts[place + 1].start == cluster {
                        place += 1
                    } else if place > 0, starts[place - 1].start == cluster {
                        place -= 1
                    } else {
                        place = position(of: cluster, in: starts, count: count)
                    }
                }
                spans.append(spanOfStart[place])
            }
        }
        return spans
    }

    /// The index of the glyph cluster that starts at `value` in the ascending first `count` of `sorted`, which hold it.
    private static func position(of value: Int32, in sorted: UnsafeBufferPointer<GlyphCluster>, count: Int) -> Int {
        var low = 0, high = count - 1
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].start < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
