import CHarfBuzz
import Foundation
import Support

/// Shapes runs of text with HarfBuzz and remembers the results.
///
/// A run is shaped with its direction, script and language, with up to five
/// code points of the text around it as context (what HarfBuzz itself keeps:
/// enough for Arabic joining across the run's edges). The cache key holds all
/// of these and the face, so a string met again, in another run of a check,
/// at another size or content size, costs a dictionary lookup: advances and
/// offsets are kept in design units and scaled by the caller.
final class Shaper: @unchecked Sendable {
    /// One glyph as HarfBuzz positioned it: the UTF-16 offset of its cluster
    /// relative to the start of the run, its id in the face, and its advance and
    /// offsets in design units (y upwards). Glyphs come in HarfBuzz's output order,
    /// left to right also in a right-to-left run. 20 bytes a glyph.
    struct Glyph: Equatable, Sendable {
        var cluster: Int32
        var id: UInt32
        var advance: Int32
        var xOffset: Int32
        var yOffset: Int32
    }

    struct Key: Hashable {
        let face: Int
        let text: [UInt16]
        let before: [UInt16]
        let after: [UInt16]
        let rightToLeft: Bool
        /// The script and language as HarfBuzz takes them (`Segment`): all it shapes by, so two runs
        /// with equal tags shape alike whatever strings named them.
        let script: UInt32
        let language: hb_language_t?
        /// The hash of the fields, made once: a run is looked up and then stored, and hashing its
        /// texts each time (unit by unit, as an array hashes its elements) was a tenth of measuring it.
        /// A multiply-and-rotate mix of the fields, the units four to a word (`Shaper.mix`): the
        /// dictionaries hash it again with their seed, and a `Hasher` fed the texts' bytes cost
        /// about 1,000 instructions a run, more than the lookups it serves. Keys are told apart
        /// by comparing every field, as before.
        private let digest: Int

        init(face: Int, text: [UInt16], before: [UInt16], after: [UInt16], rightToLeft: Bool, segment: Segment) {
            (self.face, self.text, self.before, self.after) = (face, text, before, after)
            (self.rightToLeft, script, language) = (rightToLeft, segment.script.rawValue, segment.language)
            var state = UInt64(bitPattern: Int64(face)) &* 2 | (rightToLeft ? 1 : 0)
            Shaper.mix(&state, units: text)
            Shaper.mix(&state, units: before)
            Shaper.mix(&state, units: after)
            Shaper.mix(&state, UInt64(script) << 32 | UInt64(UInt(bitPattern: language.map(UnsafeRawPointer.init))))
            digest = Int(truncatingIfNeeded: state)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(digest)
        }
    }

    /// A run's script and language as HarfBuzz takes them, made once for a paragraph's runs: each
    /// run found them by their names (`hb_script_from_string`, `hb_language_from_string`), and
    /// a key mixed and compared the names' strings, about 600 instructions a run in all.
    /// HarfBuzz makes one `hb_language_t` for each language for the process's life, so equal
    /// languages are equal pointers.
    struct Segment {
        var script: hb_script_t
        var language: hb_language_t?

        init(script: String, language: String) {
            self.init(script: script.withCString { hb_script_from_string($0, -1) }, language: Shaper.language(language))
        }

        init(script: hb_script_t, language: hb_language_t?) {
            (self.script, self.language) = (script, language)
        }
    }

    /// HarfBuzz's language of a language tag. Through `withCString`: a string passed as a C
    /// string is copied into a new array each time.
    static func language(_ tag: String) -> hb_language_t? {
        tag.withCString { hb_language_from_string($0, -1) }
    }

    /// HarfBuzz's script of each script number (`UnicodeAnalysis.Script`), by its ISO 15924 code.
    static let scripts: [hb_script_t] = (0...UnicodeAnalysis.unknownScript).map { number in
        UnicodeAnalysis.scriptName(number: number).withCString { hb_script_from_string($0, -1) }
    }

    /// One step of a key's digest: `value` mixed into `state` by a multiply and a rotation.
    static func mix(_ state: inout UInt64, _ value: UInt64) {
        state = (state ^ value) &* 0x9E37_79B9_7F4A_7C15
        state = state << 29 | state >> 35
    }

    /// `units` mixed into `state` after their count, four to a word.
    static func mix(_ state: inout UInt64, units: [UInt16]) {
        units.withUnsafeBufferPointer { mix(&state, $0) }
    }

    /// `values` mixed into `state` after their count, as many to a word as it holds.
    private static func mix<Value: FixedWidthInteger & UnsignedInteger>(_ state: inout UInt64, _ values: UnsafeBufferPointer<Value>) {
        mix(&state, UInt64(values.count))
        let perWord = 64 / Value.bitWidth
        var word: UInt64 = 0
        for (index, value) in values.enumerated() {
            word = word << Value.bitWidth | UInt64(value)
            if index % perWord == perWord - 1 {
                mix(&state, word)
                word = 0
            }
        }
        mix(&state, word)
    }

    /// Runs kept, and how often they were found and shaped anew.
    private struct Store {
        var runs: RecentCache<Key, [Glyph]>
        var hits = 0
        var misses = 0
    }

    /// The runs shaped recently (two generations of ``limit``), but for context-free ones
    /// (``contextFree``), by their text and context: a check meets tens of thousands of runs,
    /// and keeping each for the engine's life grew its memory with every layout. Never used by
    /// a shaper that keeps nothing (``init(remembering:)``).
    ///
    /// The stores and the idle buffers are read and written under `lock` alone, so accesses to
    /// them never overlap: the runtime's exclusivity check of each (about 100 instructions an
    /// access, three or four accesses a run) is left out.
    @exclusivity(unchecked) private var kept = Store(runs: RecentCache(limit: Shaper.limit))
    private let remembering: Bool
    private let lock = BriefLock()

    /// Runs kept per generation.
    static let limit = 8192

    /// The context-free runs (``isContextFree(_:range:)``) shaped recently, by their text alone
    /// (empty contexts in the key), by either kind of shaper: where a language's letters fall
    /// back from the label's font, each word and each space or punctuation mark between them is
    /// a run of its own, and texts of an app share their words and marks. A laid-out text's
    /// word is found wherever it was met, not only in texts with the same letters around it.
    @exclusivity(unchecked) private var contextFree = Store(runs: RecentCache(limit: Shaper.contextFreeLimit))
    /// Context-free runs kept per generation.
    static let contextFreeLimit = 2048
    /// The longest context-free run kept, in UTF-16 units (a word): longer ones are shaped each time.
    static let contextFreeLength = 32

    /// What a run is shaped in besides its text: its font's face, direction, script and language.
    private struct RunSetting: Equatable {
        var face: Int
        var rightToLeft: Bool
        var script: UInt32
        var language: hb_language_t?

        init(face: Int, rightToLeft: Bool, segment: Segment) {
            (self.face, self.rightToLeft, script, language) = (face, rightToLeft, segment.script.rawValue, segment.language)
        }
    }

    /// A context-free run met recently, in the slot of its digest among ``recentRuns``.
    private struct RecentRun {
        var digest: UInt64
        var setting: RunSetting
        var units: [UInt16]
        var glyphs: [Glyph]

        /// Whether this is the run of `units` (a context-free run's) with these properties.
        func matches(digest: UInt64, face: Int, rightToLeft: Bool, segment: Segment, units: UnsafeBufferPointer<UInt16>) -> Bool {
            guard self.digest == digest, setting == RunSetting(face: face, rightToLeft: rightToLeft, segment: segment),
                  self.units.count == units.count
            else { return false }
            return self.units.withUnsafeBufferPointer { kept in
                units.isEmpty || memcmp(kept.baseAddress!, units.baseAddress!, units.count * MemoryLayout<UInt16>.stride) == 0
            }
        }
    }

    /// The context-free runs met last, each in the slot its digest (`runDigest`) picks, a newer one
    /// taking an older one's slot: looked up before `contextFree`, by comparing the run's units
    /// in place. A lookup in `contextFree` copied the units into a key, hashed the key's digest
    /// again with `Hasher`, searched the dictionary and let the key go, about 550 instructions
    /// a run more, for runs that are mostly the same few words and marks. What a slot holds is what
    /// `contextFree` gave or shaping made, so a run is measured alike from either.
    @exclusivity(unchecked) private var recentRuns = [RecentRun?](repeating: nil, count: Shaper.recentRunSlots)
    /// Slots of ``recentRuns`` (a power of two).
    static let recentRunSlots = 1024

    /// HarfBuzz buffers that are not in use, emptied and set up anew for each run: making a
    /// buffer and growing its arrays for every run cost as much as shaping a short run.
    @exclusivity(unchecked) private var idleBuffers: [OpaquePointer] = []

    /// The units of the context-free run being looked up, in storage that lookups reuse (read and
    /// written under `lock`): a key made with an array of its own for every run cost an
    /// allocation and its release, for a run that is found again most of the time. A key kept
    /// in the runs keeps the storage it was made with, so the next lookup writes into new
    /// storage (the array is copied on write), and the kept key's units stay as they were.
    @exclusivity(unchecked) private var lookupUnits: [UInt16] = []

    /// A shaper that remembers the runs it shaped recently, or (`remembering: false`) only
    /// context-free ones: what measures texts that are asked for once, such as every start of a
    /// text being cut.
    init(remembering: Bool = true) {
        self.remembering = remembering
    }

    static let contextLength = 5

    /// Shapes `text[range]` in `font`. `readingStarts`, for a shaper that keeps nothing else:
    /// the text is one of a text's starts, measured one after another, longest first, whose last
    /// run is read off the longer one's where that is safe (``runEndingItsText(_:range:font:rightToLeft:segment:)``).
    func shape(_ text: [UInt16], range: Range<Int>, font: FontFile, rightToLeft: Bool, segment: Segment,
               readingStarts: Bool = false) -> [Glyph] {
        // The context, found only for a run that is shaped or kept with it.
        func shaped() -> [Glyph] {
            runInIdleBuffer(text, context: Shaper.context(text, around: range), range: range, font: font,
                            rightToLeft: rightToLeft, segment: segment)
        }
        // A context-free run, which is met again in text after text (a word between spaces
        // where a language's letters fall back from the label's font), is kept by its units
        // alone, whatever is around it. Otherwise a shaper that keeps nothing makes no key (its
        // texts and hash would be made for nothing).
        guard Shaper.isContextFree(text, range: range) else {
            guard remembering else {
                // A run that ends its text (the last of a text's start being measured) is read
                // off a longer one shaped before where HarfBuzz says that is safe.
                guard readingStarts, range.upperBound == text.count else { return shaped() }
                return runEndingItsText(text, range: range, font: font, rightToLeft: rightToLeft, segment: segment)
            }
            let context = Shaper.context(text, around: range)
            let key = Key(face: font.identity, text: Array(text[range]), before: Array(text[context.lowerBound..<range.lowerBound]),
                          after: Array(text[range.upperBound..<context.upperBound]), rightToLeft: rightToLeft, segment: segment)
            return keptRun(contextFree: false, { key }, shaped)
        }
        return text.withUnsafeBufferPointer { all in
            let units = UnsafeBufferPointer(rebasing: all[range])
            let face = font.identity
            let digest = Shaper.runDigest(units, face: face, rightToLeft: rightToLeft, segment: segment)
            let slot = Int(truncatingIfNeeded: digest) & (Shaper.recentRunSlots - 1)
            lock.lock()
            // Read in place, through the slots' buffer: the slot copied out retained its arrays.
            let found = recentRuns.withUnsafeBufferPointer { slots in
                slots[slot]?.matches(digest: digest, face: face, rightToLeft: rightToLeft, segment: segment, units: units) == true
                    ? slots[slot]?.glyphs : nil
            }
            if let found {
                contextFree.hits += 1
                lock.unlock()
                return found
            }
            lock.unlock()
            let glyphs = contextFreeRun(text, range: range, font: font, rightToLeft: rightToLeft, segment: segment, shaped)
            lock.lock()
            recentRuns[slot] = RecentRun(digest: digest, setting: RunSetting(face: face, rightToLeft: rightToLeft, segment: segment),
                                         units: Array(units), glyphs: glyphs)
            lock.unlock()
            return glyphs
        }
    }

    /// A run shaped by a shaper that keeps nothing else, the last of its text (no text after
    /// it, so none that HarfBuzz reads as context), kept with where it is safe to break
    /// (``runEndingItsText(_:range:font:rightToLeft:segment:)``).
    private struct RunEndingItsText {
        var setting: RunSetting
        /// The units before the run that HarfBuzz read as its context, and the run's.
        var before: [UInt16]
        var units: [UInt16]
        var glyphs: [Glyph]
        /// By unit of the run (and its end): whether a glyph cluster starts there that HarfBuzz
        /// does not mark unsafe to break (`HB_GLYPH_FLAG_UNSAFE_TO_BREAK`).
        var safeToBreak: [Bool]
    }

    /// The runs that ended their texts met last, newest last (``runsEndingTheirTexts``), and
    /// how many runs were read off them and how many shaped.
    @exclusivity(unchecked) private var runsEndingTheirTexts: [RunEndingItsText] = []
    @exclusivity(unchecked) private var runsEndingTheirTextsCounts = (read: 0, shaped: 0)
    /// How many of them are kept: a text being cut is measured on one thread, start after start,
    /// and another thread's texts come between at most.
    static let runsEndingTheirTextsKept = 4

    /// `text[range]`, a run that ends its text, shaped. Where it starts one kept
    /// (``runsEndingTheirTexts``: the same font, direction, script, language and context
    /// before it, and its units the first of that run's) and HarfBuzz marked that run safe to
    /// break where this one ends, it is that run's glyphs before the break: HarfBuzz's
    /// documentation guarantees that a text cut where that flag is absent, each side shaped on
    /// its own, gives each side the glyphs it has in the whole text's shaping. So
    /// each start of a text that ``TextEngine/longestStart(of:font:language:notWiderThan:)``
    /// measures, cut a character at a time, is not shaped again unless its end is unsafe to
    /// break (a ligature, a kerning pair, a joining letter). Otherwise shaped, and kept.
    private func runEndingItsText(_ text: [UInt16], range: Range<Int>, font: FontFile, rightToLeft: Bool,
                                  segment: Segment) -> [Glyph] {
        let context = Shaper.context(text, around: range)
        let setting = RunSetting(face: font.identity, rightToLeft: rightToLeft, segment: segment)
        let found: [Glyph]? = text.withUnsafeBufferPointer { all in
            let before = UnsafeBufferPointer(rebasing: all[context.lowerBound..<range.lowerBound])
            let units = UnsafeBufferPointer(rebasing: all[range])
            lock.lock()
            defer { lock.unlock() }
            for kept in runsEndingTheirTexts.reversed() {
                guard kept.setting == setting, units.count < kept.units.count, kept.safeToBreak[units.count],
                      kept.before.elementsEqual(before), kept.units.prefix(units.count).elementsEqual(units)
                else { continue }
                // Clusters run up in a left-to-right run's glyphs and down in a right-to-left
                // one's (a run kept has breaks only where they do, `run(...findingBreaks:)`):
                // those before the break are the first glyphs or the last.
                let cut = Int32(units.count)
                runsEndingTheirTextsCounts.read += 1
                return rightToLeft ? Array(kept.glyphs.drop { $0.cluster >= cut }) : Array(kept.glyphs.prefix { $0.cluster < cut })
            }
            return nil
        }
        if let found { return found }
        let (glyphs, safeToBreak) = runInIdleBuffer(text, context: context, range: range, font: font, rightToLeft: rightToLeft,
                                                    segment: segment, findingBreaks: true)
        lock.lock()
        runsEndingTheirTextsCounts.shaped += 1
        if let safeToBreak {
            if runsEndingTheirTexts.count == Shaper.runsEndingTheirTextsKept { runsEndingTheirTexts.removeFirst() }
            runsEndingTheirTexts.append(RunEndingItsText(
                setting: setting, before: Array(text[context.lowerBound..<range.lowerBound]), units: Array(text[range]), glyphs: glyphs,
                safeToBreak: safeToBreak))
        }
        lock.unlock()
        return glyphs
    }

    /// The digest of a context-free run that picks its slot among ``recentRuns``: a mix of its
    /// units, face, direction, script and language, as a key's.
    private static func runDigest(_ units: UnsafeBufferPointer<UInt16>, face: Int, rightToLeft: Bool, segment: Segment) -> UInt64 {
        var state = UInt64(bitPattern: Int64(face)) &* 2 | (rightToLeft ? 1 : 0)
        mix(&state, units)
        mix(&state, UInt64(segment.script.rawValue) << 32 | UInt64(UInt(bitPattern: segment.language.map(UnsafeRawPointer.init))))
        return state
    }

    /// The context-free run `text[range]` kept in `contextFree`, else `shape`'s, kept there.
    private func contextFreeRun(_ text: [UInt16], range: Range<Int>, font: FontFile, rightToLeft: Bool, segment: Segment,
                                _ shape: () -> [Glyph]) -> [Glyph] {
        keptRun(contextFree: true, {
            // Replaced in one call: emptying the array and appending the run went through the
            // standard library's generic replacing twice.
            lookupUnits.replaceSubrange(lookupUnits.indices, with: text[range])
            return Key(face: font.identity, text: lookupUnits, before: [], after: [], rightToLeft: rightToLeft, segment: segment)
        }, shape)
    }

    /// The run of the key `makeKey` makes (under `lock`) kept in the context-free runs or the
    /// others, else `shape`'s, kept.
    private func keptRun(contextFree inContextFree: Bool, _ makeKey: () -> Key, _ shape: () -> [Glyph]) -> [Glyph] {
        lock.lock()
        let key = makeKey()
        if let glyphs = inContextFree ? contextFree.runs.value(for: key) : kept.runs.value(for: key) {
            if inContextFree { contextFree.hits += 1 } else { kept.hits += 1 }
            lock.unlock(freeing: inContextFree ? contextFree.runs.takeDropped() : kept.runs.takeDropped())
            return glyphs
        }
        lock.unlock()
        let glyphs = shape()
        lock.lock()
        if inContextFree {
            contextFree.misses += 1
            contextFree.runs.insert(glyphs, for: key)
        } else {
            kept.misses += 1
            kept.runs.insert(glyphs, for: key)
        }
        lock.unlock(freeing: inContextFree ? contextFree.runs.takeDropped() : kept.runs.takeDropped())
        return glyphs
    }

    var statistics: (hits: Int, misses: Int, entries: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (kept.hits, kept.misses, kept.runs.count)
    }

    /// Where HarfBuzz marked it safe to break, by unit (and its end), the whole of `text` as
    /// this shaper shaped and kept it last, a run ending its text with no text before it
    /// (``runEndingItsText(_:range:font:rightToLeft:segment:)``); nil where no such run is kept.
    func safeToBreak(ofWhole text: [UInt16], font: FontFile, rightToLeft: Bool, segment: Segment) -> [Bool]? {
        let setting = RunSetting(face: font.identity, rightToLeft: rightToLeft, segment: segment)
        lock.lock()
        defer { lock.unlock() }
        return runsEndingTheirTexts.last { $0.setting == setting && $0.before.isEmpty && $0.units == text }?.safeToBreak
    }

    /// Counters of the runs that end their texts, of a shaper that keeps nothing else: read off
    /// a longer one shaped before, and shaped.
    var runsEndingTheirTextsStatistics: (read: Int, shaped: Int) {
        lock.lock()
        defer { lock.unlock() }
        return runsEndingTheirTextsCounts
    }

    /// Counters of the context-free runs this shaper keeps: found, shaped anew, kept.
    var contextFreeStatistics: (hits: Int, misses: Int, entries: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (contextFree.hits, contextFree.misses, contextFree.runs.count)
    }

    /// Whether `text[range]` shapes as it would with no text around it, and is worth keeping: a
    /// run of at most ``contextFreeLength`` units, not the whole text (whose width is kept as a
    /// width), that is made of context-free units (``isContextFree(_:)``) or lies between such
    /// units (or the text's ends), as a word between spaces does.
    ///
    /// HarfBuzz reads the text around a run (its pre- and post-context) for Arabic joining alone,
    /// and for a dotted circle before a mark at the beginning of a text, which the flag
    /// `HB_BUFFER_FLAG_BOT` asks for and no run here sets. Every context-free unit has joining
    /// type U (Non_Joining). A run of them: whatever the context, each one's joining action is
    /// none and leaves the state a run starts in, from which the character after the run
    /// changes no form. A run between them: the unit before it is the first that is not
    /// transparent, and a U there leaves the state a run starts in without context; the unit
    /// after it is the first after the run that is not transparent, and a U there changes no
    /// form of the run's last character, as no character there does. (Either may mark glyphs
    /// unsafe to concatenate, a flag read only when `HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT`
    /// is set, which it is not.) `ContextFreeRunTests` holds this to HarfBuzz glyph by glyph.
    static func isContextFree(_ text: [UInt16], range: Range<Int>) -> Bool {
        guard !range.isEmpty, range.count <= contextFreeLength, range.count < text.count else { return false }
        if range.lowerBound == 0 || isContextFree(text[range.lowerBound - 1]),
           range.upperBound == text.count || isContextFree(text[range.upperBound]) {
            return true
        }
        for index in range where !isContextFree(text[index]) { return false }
        return true
    }

    /// Space, punctuation and symbols whose Arabic joining type is U for HarfBuzz: no letter, digit,
    /// mark or format character (its joining type may be T, transparent; ZWJ's and the
    /// tatweel's is C, join-causing), none of the Arabic block (whose table HarfBuzz reads).
    static func isContextFree(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x20...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E:
            return true    // ASCII space, punctuation and symbols
        case 0xA0...0xA9, 0xAB, 0xAC, 0xAE...0xB1, 0xB4, 0xB6...0xB8, 0xBB, 0xBF, 0xD7, 0xF7:
            return true    // Latin-1 space, punctuation and symbols: not the soft hyphen (a format character)
        case 0x2000...0x200A, 0x2010...0x2027, 0x202F...0x205F:
            return true    // general punctuation's spaces, dashes, quotation marks, ellipsis; no ZWJ, bidi or line separator
        default:
            return false
        }
    }

    /// The units around `range` that HarfBuzz reads as its context: up to `contextLength` code
    /// points on each side.
    private static func context(_ text: [UInt16], around range: Range<Int>) -> Range<Int> {
        context(text, before: range.lowerBound)..<context(text, after: range.upperBound)
    }

    /// The start of the up to `contextLength` code points before `offset`.
    private static func context(_ text: [UInt16], before offset: Int) -> Int {
        var start = offset
        var points = 0
        while start > 0, points < contextLength {
            start -= 1
            if start > 0, UTF16.isTrailSurrogate(text[start]), UTF16.isLeadSurrogate(text[start - 1]) { start -= 1 }
            points += 1
        }
        return start
    }

    /// The end of the up to `contextLength` code points from `offset` on.
    private static func context(_ text: [UInt16], after offset: Int) -> Int {
        var end = offset
        var points = 0
        while end < text.count, points < contextLength {
            if UTF16.isLeadSurrogate(text[end]), end + 1 < text.count, UTF16.isTrailSurrogate(text[end + 1]) { end += 1 }
            end += 1
            points += 1
        }
        return end
    }

    /// Shapes `text[range]` with `text[context]` around it (the range and its context, which
    /// HarfBuzz reads for joining and contextual forms but does not shape).
    /// Shapes `text[range]` in an idle buffer of this shaper's.
    private func runInIdleBuffer(_ text: [UInt16], context: Range<Int>, range: Range<Int>, font: FontFile, rightToLeft: Bool,
                                 segment: Segment) -> [Glyph] {
        runInIdleBuffer(text, context: context, range: range, font: font, rightToLeft: rightToLeft, segment: segment,
                        findingBreaks: false).glyphs
    }

    /// ``runInIdleBuffer(_:context:range:font:rightToLeft:segment:)``, with where it is safe to
    /// break when `findingBreaks` (``Shaper/run(_:context:range:font:rightToLeft:segment:buffer:findingBreaks:)``).
    private func runInIdleBuffer(_ text: [UInt16], context: Range<Int>, range: Range<Int>, font: FontFile, rightToLeft: Bool,
                                 segment: Segment, findingBreaks: Bool) -> (glyphs: [Glyph], safeToBreak: [Bool]?) {
        lock.lock()
        let idle = idleBuffers.popLast()
        lock.unlock()
        let buffer = idle ?? hb_buffer_create()!
        defer {
            hb_buffer_clear_contents(buffer)
            lock.lock()
            idleBuffers.append(buffer)
            lock.unlock()
        }
        return Shaper.run(text, context: context, range: range, font: font, rightToLeft: rightToLeft, segment: segment,
                          buffer: buffer, findingBreaks: findingBreaks)
    }

    deinit {
        for buffer in idleBuffers { hb_buffer_destroy(buffer) }
    }

    /// Shapes `text[range]` in a new buffer.
    static func run(_ text: [UInt16], context: Range<Int>, range: Range<Int>, font: FontFile, rightToLeft: Bool,
                    script: String, language: String) -> [Glyph] {
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        return run(text, context: context, range: range, font: font, rightToLeft: rightToLeft,
                   segment: Segment(script: script, language: language), buffer: buffer, findingBreaks: false).glyphs
    }

    /// Shapes `text[range]` in `buffer`, which is empty (new, or cleared: a cleared buffer keeps
    /// its arrays and HarfBuzz's defaults for everything this sets, so it shapes alike).
    /// `findingBreaks`: with, by unit of the run and its end, whether a glyph cluster starts
    /// there that HarfBuzz does not mark unsafe to break; nil where the glyphs' clusters do not
    /// run in the direction's order (up left to right, down right to left), or without it.
    private static func run(_ text: [UInt16], context: Range<Int>, range: Range<Int>, font: FontFile, rightToLeft: Bool,
                            segment: Segment, buffer: OpaquePointer, findingBreaks: Bool) -> (glyphs: [Glyph], safeToBreak: [Bool]?) {
        text.withUnsafeBufferPointer { pointer in
            hb_buffer_add_utf16(buffer, pointer.baseAddress.map { $0 + context.lowerBound }, Int32(context.count),
                                UInt32(range.lowerBound - context.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, segment.script)
        hb_buffer_set_language(buffer, segment.language)
        hb_shape(font.hbFont, buffer, nil, 0)

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return ([], nil) }
        var glyphs: [Glyph] = []
        glyphs.reserveCapacity(Int(count))
        let before = Int32(range.lowerBound - context.lowerBound)
        // The size's tracking (`trak`, see `TrackingTable`) goes to every glyph that advances:
        // Apple's manual adds it to each glyph's advance; zero-width marks keep theirs, so
        // that an accent is not pushed off its letter (HarfBuzz adds it once per grapheme).
        let tracking = font.trackingUnits
        for index in 0..<Int(count) {
            let position = positions[index]
            let advance = position.x_advance == 0 ? 0 : position.x_advance + tracking
            glyphs.append(Glyph(cluster: Int32(bitPattern: infos[index].cluster) - before, id: infos[index].codepoint,
                                advance: advance, xOffset: position.x_offset, yOffset: position.y_offset))
        }
        guard findingBreaks else { return (glyphs, nil) }
        // A cluster is safe to break at where none of its glyphs has the flag (HarfBuzz gives
        // it to all of them); the glyph's flags are the low bits of its mask, as HarfBuzz's
        // `hb_glyph_info_get_glyph_flags` reads them.
        var starts = [Bool](repeating: false, count: range.count + 1), unsafe = starts
        let unsafeToBreak = UInt32(HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue)
        for index in 0..<Int(count) {
            let cluster = Int(glyphs[index].cluster)
            guard cluster >= 0, cluster < range.count else { return (glyphs, nil) }
            if index > 0, rightToLeft ? glyphs[index - 1].cluster < glyphs[index].cluster
                                      : glyphs[index - 1].cluster > glyphs[index].cluster {
                return (glyphs, nil)
            }
            starts[cluster] = true
            if infos[index].mask & unsafeToBreak != 0 { unsafe[cluster] = true }
        }
        return (glyphs, starts.indices.map { starts[$0] && !unsafe[$0] })
    }
}
