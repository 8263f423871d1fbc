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
        let script: String
        let language: String
        /// The hash of the fields, made once: a run is looked up and then stored, and hashing its
        /// texts each time (unit by unit, as an array hashes its elements) was a tenth of measuring it.
        private let digest: Int

        init(face: Int, text: [UInt16], before: [UInt16], after: [UInt16], rightToLeft: Bool, script: String, language: String) {
            (self.face, self.text, self.before, self.after) = (face, text, before, after)
            (self.rightToLeft, self.script, self.language) = (rightToLeft, script, language)
            var hasher = Hasher()
            func combine(_ units: [UInt16]) {
                hasher.combine(units.count)
                units.withUnsafeBytes { hasher.combine(bytes: $0) }
            }
            hasher.combine(face)
            combine(text)
            combine(before)
            combine(after)
            hasher.combine(rightToLeft)
            hasher.combine(script)
            hasher.combine(language)
            digest = hasher.finalize()
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(digest)
        }
    }

    /// The runs shaped recently (two generations of ``limit``): a check meets tens of
    /// thousands of runs, and keeping each for the engine's life grew its memory with every
    /// layout. Never used by a shaper that keeps nothing (``init(remembering:)``).
    private var cache = RecentCache<Key, [Glyph]>(limit: Shaper.limit)
    private let remembering: Bool
    private let lock = NSLock()
    private(set) var hits = 0
    private(set) var misses = 0

    /// Runs kept per generation.
    static let limit = 8192

    /// A shaper that remembers the runs it shaped recently, or (`remembering: false`) none:
    /// what measures texts that are asked for once, such as every start of a text being cut.
    init(remembering: Bool = true) {
        self.remembering = remembering
    }

    static let contextLength = 5

    /// Shapes `text[range]` in `font`.
    func shape(_ text: [UInt16], range: Range<Int>, font: FontFile, rightToLeft: Bool,
               script: String, language: String) -> [Glyph] {
        let context = Shaper.context(text, before: range.lowerBound)..<Shaper.context(text, after: range.upperBound)
        // A shaper that keeps nothing makes no key: its texts and hash would be made for nothing.
        guard remembering else {
            return Shaper.run(text, context: context, range: range, font: font, rightToLeft: rightToLeft,
                              script: script, language: language)
        }
        let key = Key(face: font.identity, text: Array(text[range]), before: Array(text[context.lowerBound..<range.lowerBound]),
                      after: Array(text[range.upperBound..<context.upperBound]),
                      rightToLeft: rightToLeft, script: script, language: language)
        lock.lock()
        if let glyphs = cache.value(for: key) {
            hits += 1
            lock.unlock()
            return glyphs
        }
        lock.unlock()

        let glyphs = Shaper.run(text, context: context, range: range, font: font, rightToLeft: rightToLeft,
                                script: script, language: language)
        lock.lock()
        misses += 1
        cache.insert(glyphs, for: key)
        lock.unlock()
        return glyphs
    }

    var statistics: (hits: Int, misses: Int, entries: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (hits, misses, cache.count)
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
    private static func run(_ text: [UInt16], context: Range<Int>, range: Range<Int>, font: FontFile, rightToLeft: Bool,
                            script: String, language: String) -> [Glyph] {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        text.withUnsafeBufferPointer { pointer in
            hb_buffer_add_utf16(buffer, pointer.baseAddress.map { $0 + context.lowerBound }, Int32(context.count),
                                UInt32(range.lowerBound - context.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_from_string(script, -1))
        hb_buffer_set_language(buffer, hb_language_from_string(language, -1))
        hb_shape(font.hbFont, buffer, nil, 0)

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
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
        return glyphs
    }
}
