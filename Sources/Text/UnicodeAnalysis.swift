import CUnicode
import Support

/// Swift faces of the ICU services in CUnicode. Offsets are UTF-16 offsets.
enum UnicodeAnalysis {
    enum BreakKind: Int32 {
        case line = 0, character = 1, word = 2
    }

    /// Boundaries of the given kind (excluding 0, including the end), and for
    /// line breaks whether each is mandatory.
    static func breaks(_ kind: BreakKind, in text: [UInt16], locale: String) -> (offsets: [Int], hard: [Bool]) {
        guard !text.isEmpty else { return ([], []) }
        var offsets = [Int32].filled(with: 0, count: text.count + 1)
        var hard = [UInt8].filled(with: 0, count: text.count + 1)
        let count = text.withUnsafeBufferPointer { buffer in
            cu_breaks(kind.rawValue, icuLocale(locale), buffer.baseAddress, Int32(text.count), &offsets, &hard, Int32(offsets.count))
        }
        guard count > 0 else { return ([text.count], [false]) }
        let n = min(Int(count), offsets.count)
        return (offsets[0..<n].map(Int.init), hard[0..<n].map { $0 != 0 })
    }

    /// Bidi embedding levels per UTF-16 unit, for a paragraph in `direction`.
    static func levels(_ text: [UInt16], direction: TextDirection) -> [UInt8] {
        var levels = [UInt8].filled(with: direction.isRightToLeft ? 1 : 0, count: text.count)
        guard !text.isEmpty else { return levels }
        let result = text.withUnsafeBufferPointer { buffer in
            cu_bidi_levels(buffer.baseAddress, Int32(text.count),
                           direction.isRightToLeft ? Int32(CU_DIRECTION_RTL) : Int32(CU_DIRECTION_LTR), &levels)
        }
        precondition(result >= 0, "ICU bidi failed on a paragraph of \(text.count) units")
        return levels
    }

    /// Bidi embedding levels per UTF-16 unit of a text of several paragraphs, each resolved in
    /// its own direction (`directions[i]` for the i-th of `TextDirection.paragraphRanges`; the
    /// first for all when the counts differ).
    static func levels(_ text: [UInt16], directions: [TextDirection]) -> [UInt8] {
        let ranges = TextDirection.paragraphRanges(text)
        guard ranges.count > 1, ranges.count == directions.count else { return levels(text, direction: directions[0]) }
        var levels: [UInt8] = []
        levels.reserveCapacity(text.count)
        for (range, direction) in zip(ranges, directions) { levels += self.levels(Array(text[range]), direction: direction) }
        return levels
    }

    /// The visual order of runs, given their levels in logical order.
    static func visualOrder(levels: [UInt8]) -> [Int] {
        guard let first = levels.first else { return [] }
        // Runs all at one level (most lines): rule L2 reverses them once for each odd level from
        // theirs down to 1, so they are in logical order at an even level and reversed at an odd one.
        if levels.allSatisfy({ $0 == first }) {
            return first & 1 == 0 ? Array(levels.indices) : Array(levels.indices.reversed())
        }
        var order = [Int32](repeating: 0, count: levels.count)
        _ = cu_bidi_reorder(levels, Int32(levels.count), &order)
        return order.map(Int.init)
    }

    /// ISO 15924 script code of a scalar.
    static func script(_ scalar: UInt32) -> String {
        scriptName(number: scriptNumber(scalar))
    }

    /// The script of a scalar as a number (`Script`): two numbers are equal when their codes
    /// are. Every cluster of every text measured is asked: a character of the Basic
    /// Multilingual Plane is looked up in `CharacterTable`, another one asks ICU.
    static func scriptNumber(_ scalar: UInt32) -> Script {
        CharacterTable.shared.scriptNumber(scalar)
    }

    /// A script by number: ICU's script number, with numbers that share a code made one, and
    /// `unknownScript` for a script ICU could not tell.
    typealias Script = Int

    /// What ICU's -1 (its script could not be told) becomes: named "Zzzz", as ICU names it.
    static let unknownScript = scriptCodes.count

    /// The ISO 15924 code of a script number.
    static func scriptName(number: Script) -> String {
        scriptCodes.indices.contains(number) ? scriptCodes[number] : unknownScriptName
    }

    /// Whether a script is Common, Inherited or Unknown, which take the script of the text around them.
    static func isNeutral(_ script: Script) -> Bool {
        CharacterTable.shared.isNeutral(script)
    }

    fileprivate static let neutralScripts = (0...unknownScript).map { ["Zyyy", "Zinh", "Zzzz"].contains(scriptName(number: $0)) }

    /// The number of "Zyyy" (Common).
    static let commonScript = canonicalScript(scriptCodes.firstIndex(of: "Zyyy") ?? unknownScript)

    /// ICU's number made the first number with the same code.
    fileprivate static func canonicalScript(_ number: Int) -> Script {
        guard scriptCodes.indices.contains(number) else { return unknownScript }
        return firstWithCode[number]
    }

    /// The code of each of ICU's script numbers.
    private static let scriptCodes = (0..<cu_script_count()).map(scriptName)
    private static let unknownScriptName = scriptName(-1)
    /// For each script number, the first number whose code is the same.
    private static let firstWithCode: [Int] = {
        var first: [String: Int] = [:]
        return scriptCodes.enumerated().map { number, code in
            if let known = first[code] { return known }
            first[code] = number
            return number
        }
    }()

    private static func scriptName(_ script: Int32) -> String {
        var code: (CChar, CChar, CChar, CChar, CChar) = (0, 0, 0, 0, 0)
        withUnsafeMutablePointer(to: &code) { pointer in
            pointer.withMemoryRebound(to: CChar.self, capacity: 5) { cu_script_name(script, $0) }
        }
        return withUnsafeBytes(of: code) { String(decoding: $0.prefix(4), as: UTF8.self) }
    }

    /// The ISO 15924 script a language is most likely written in ("Arab" for "ar"), nil when
    /// ICU knows none.
    static func likelyScript(of language: String) -> String? {
        var code: (CChar, CChar, CChar, CChar, CChar) = (0, 0, 0, 0, 0)
        withUnsafeMutablePointer(to: &code) { pointer in
            pointer.withMemoryRebound(to: CChar.self, capacity: 5) { cu_locale_likely_script(language, $0) }
        }
        let script = withUnsafeBytes(of: code) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
        return script.count == 4 ? script : nil
    }

    static func mirror(_ scalar: UInt32) -> UInt32 { cu_mirror(scalar) }

    /// Unicode's White_Space property; in ASCII, tab to carriage return and the space, found
    /// without looking the property up.
    static func isWhitespace(_ scalar: UInt32) -> Bool {
        CharacterTable.shared.isWhitespace(scalar)
    }

    fileprivate static func lookedUpWhitespace(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return scalar == 0x20 || (0x09...0x0D).contains(scalar) }
        return Unicode.Scalar(scalar).map { $0.properties.isWhitespace } ?? false
    }

    /// No ASCII character is default-ignorable: those skip the call to ICU.
    static func isDefaultIgnorable(_ scalar: UInt32) -> Bool {
        CharacterTable.shared.isDefaultIgnorable(scalar)
    }

    /// The starts of the grapheme clusters of `text` and its end (`[0]` for an empty text), as
    /// `breaks(.character, ...)` finds them: without asking ICU when every unit is a cluster of
    /// its own (`CharacterTable.Property.ownCluster`, which most texts of most scripts are) or
    /// a mark that joins the cluster before it (`clusterExtension`: the vowel signs and
    /// viramas of Devanagari, Thai's vowels and tone marks, combining accents).
    static func clusterBoundaries(_ text: [UInt16], locale: String) -> [Int] {
        clusterBoundariesTellingMarked(text, locale: locale).boundaries
    }

    /// ``clusterBoundaries(_:locale:)``, and whether they are
    /// `CharacterTable.markedClusterBoundaries(_:)`'s: found unit by unit, each from the units
    /// before it and itself, so that a start of the text ending at one of them has the same
    /// ones before it, and its end.
    static func clusterBoundariesTellingMarked(_ text: [UInt16], locale: String) -> (boundaries: [Int], marked: Bool) {
        if let boundaries = CharacterTable.shared.markedClusterBoundaries(text) { return (boundaries, true) }
        return ([0] + breaks(.character, in: text, locale: locale).offsets, false)
    }

    /// Bidi levels per UTF-16 unit of a text of one or more paragraphs, as
    /// `levels(_:directions:)` resolves them: without asking ICU when the text is one paragraph
    /// whose every character resolves to the paragraph's own level (a left-to-right text
    /// without right-to-left letters or Arabic digits, a right-to-left one without left-to-right
    /// letters or digits, neither with explicit embeddings, isolates or paragraph separators).
    static func resolvedLevels(_ text: [UInt16], directions: [TextDirection]) -> [UInt8] {
        if directions.count == 1, let level = uniformLevel(text, direction: directions[0]) {
            return [UInt8].filled(with: level, count: text.count)
        }
        return levels(text, directions: directions)
    }

    /// The level of every unit of a text of one paragraph in `direction` when each resolves to
    /// the paragraph's own level, as `resolvedLevels(_:directions:)` tells it without ICU (0 left
    /// to right, 1 right to left); nil for a text that ICU resolves.
    static func uniformLevel(_ text: [UInt16], direction: TextDirection) -> UInt8? {
        let rightToLeft = direction.isRightToLeft
        guard CharacterTable.shared.all(text, have: rightToLeft ? .levelOneInRightToLeft : .levelZeroInLeftToRight) else { return nil }
        return rightToLeft ? 1 : 0
    }
}

/// What measuring a text asks of each character of the Basic Multilingual Plane (ICU's and the
/// standard library's answers, the same ones that the functions of `UnicodeAnalysis` and
/// `EmojiStyle` give for other characters): each text measured asks it of every unit, which one
/// lookup in a table answers.
///
/// The table is filled a block of 256 characters at a time, the first time a character of the
/// block is asked (``property(_:)``), by whichever thread asks first. Looking all 65,536 up at
/// once took about 71 million instructions, some 8 ms: a third of a check of a small layout,
/// paid by every process however few characters its texts use. A block is filled
/// with the answers the whole table had, so what a text is found to be never depends on which
/// blocks were filled before.
final class CharacterTable: @unchecked Sendable {
    struct Property: OptionSet, Sendable {
        let rawValue: UInt16
        /// `CU_UNIT_OWN_CLUSTER`: a grapheme cluster of its own among such characters.
        static let ownCluster = Property(rawValue: 1)
        /// `CU_UNIT_LEVEL_ZERO_IN_LTR`: level 0 in a left-to-right paragraph of such characters.
        static let levelZeroInLeftToRight = Property(rawValue: 2)
        /// `CU_UNIT_LEVEL_ONE_IN_RTL`: level 1 in a right-to-left paragraph of such characters.
        static let levelOneInRightToLeft = Property(rawValue: 4)
        static let defaultIgnorable = Property(rawValue: 8)
        /// `CU_UNIT_CLUSTER_BASE`: a mark after it joins its grapheme cluster.
        static let clusterBase = Property(rawValue: 16)
        /// `CU_UNIT_CLUSTER_EXTENSION`: a mark (Extend, SpacingMark) that joins the cluster before it.
        static let clusterExtension = Property(rawValue: 32)
        /// `CU_UNIT_CONJUNCT_CONSONANT`, `CU_UNIT_CONJUNCT_VIRAMA`, `CU_UNIT_CONJUNCT_EXTENDER`: the
        /// classes of ICU's rule that keeps an Indic conjunct in one cluster.
        static let conjunctConsonant = Property(rawValue: 64)
        static let conjunctVirama = Property(rawValue: 128)
        static let conjunctExtender = Property(rawValue: 256)
        static let whitespace = Property(rawValue: 0x1000)
        static let emoji = Property(rawValue: 0x2000)
        static let emojiPresentation = Property(rawValue: 0x4000)

        /// `emoji` and `emojiPresentation` as the standard library's Unicode data gives them.
        static func looked(up scalar: Unicode.Scalar) -> Property {
            guard scalar.properties.isEmoji else { return [] }
            return scalar.properties.isEmojiPresentation ? [.emoji, .emojiPresentation] : .emoji
        }
    }

    /// Characters in a block, filled together.
    static let blockSize = 256

    /// The properties of each BMP code point (65,536), and the script number of each
    /// (`UnicodeAnalysis.Script`, 255 where ICU is asked instead): valid in a block once it is
    /// ready. Allocated once and kept for the table's life.
    private let properties: UnsafeMutablePointer<Property>
    private let scripts: UnsafeMutablePointer<UInt8>
    /// By block, 1 once it is filled: read with acquire ordering, written (after the block) with
    /// release ordering (`cu_load_acquire`, `cu_store_release`).
    private let ready: UnsafeMutablePointer<UInt8>
    /// Held while a block is filled.
    private let filling = BriefLock()

    /// Whether each script number is neutral (`UnicodeAnalysis.isNeutral`), held by the table:
    /// a paragraph asks it for every cluster, and a static array cost a call to its one-time
    /// initialiser each time.
    private let neutralScripts: [Bool]

    static let shared = CharacterTable()

    /// An empty table (every block filled when first asked). `shared` is the one measuring
    /// uses; another is made by tests that fill one in an order of their own.
    init() {
        properties = .allocate(capacity: 0x10000)
        properties.initialize(repeating: [], count: 0x10000)
        scripts = .allocate(capacity: 0x10000)
        scripts.initialize(repeating: 255, count: 0x10000)
        ready = .allocate(capacity: 0x10000 / Self.blockSize)
        ready.initialize(repeating: 0, count: 0x10000 / Self.blockSize)
        neutralScripts = UnicodeAnalysis.neutralScripts
    }

    deinit {
        properties.deallocate()
        scripts.deallocate()
        ready.deallocate()
    }

    /// The properties of a BMP code unit, its block filled first when it is not yet.
    @inline(__always)
    func property(_ unit: UInt16) -> Property {
        let block = Int(unit) / Self.blockSize
        if cu_load_acquire(ready + block) == 0 { fill(block) }
        return properties[Int(unit)]
    }

    /// The script number of a BMP code unit (255: ICU is asked), its block filled first when it is not yet.
    @inline(__always)
    private func script(_ unit: UInt16) -> UInt8 {
        let block = Int(unit) / Self.blockSize
        if cu_load_acquire(ready + block) == 0 { fill(block) }
        return scripts[Int(unit)]
    }

    /// Fills `block` (unless another thread did while this one waited): ICU's answers
    /// (`cu_bmp_properties`), the standard library's White_Space and emoji properties, the
    /// script numbers made canonical (numbers that share a code are one, as `scriptNumber`
    /// gives them); then marks it ready.
    @inline(never)
    private func fill(_ block: Int) {
        filling.lock()
        defer { filling.unlock() }
        guard cu_load_acquire(ready + block) == 0 else { return }
        let first = block * Self.blockSize
        var flags = [UInt16](repeating: 0, count: Self.blockSize)
        var numbers = [UInt8](repeating: 0, count: Self.blockSize)
        cu_bmp_properties(UInt32(first), UInt32(Self.blockSize), &flags, &numbers)
        for offset in 0..<Self.blockSize {
            let value = UInt32(first + offset)
            var property = Property(rawValue: flags[offset])
            if UnicodeAnalysis.lookedUpWhitespace(value) { property.insert(.whitespace) }
            if let scalar = Unicode.Scalar(value) { property.formUnion(.looked(up: scalar)) }
            properties[first + offset] = property
            let number = numbers[offset]
            scripts[first + offset] = number == 255 ? 255 : UInt8(UnicodeAnalysis.canonicalScript(Int(number)))
        }
        cu_store_release(ready + block, 1)
    }

    func has(_ property: Property, _ unit: UInt16) -> Bool {
        self.property(unit).contains(property)
    }

    /// How many blocks are filled.
    var filledBlocks: Int {
        (0..<(0x10000 / Self.blockSize)).filter { cu_load_acquire(ready + $0) != 0 }.count
    }

    /// The script number of a scalar (`UnicodeAnalysis.scriptNumber`): looked up in `scripts`
    /// for a BMP character, asked of ICU otherwise. Inlined, with the table the caller holds:
    /// a paragraph asks it for every cluster.
    @inline(__always)
    func scriptNumber(_ scalar: UInt32) -> UnicodeAnalysis.Script {
        if scalar < 0x10000 {
            let number = script(UInt16(scalar))
            if number != 255 { return UnicodeAnalysis.Script(number) }
        }
        return UnicodeAnalysis.canonicalScript(Int(cu_script(scalar)))
    }

    /// Whether a script is Common, Inherited or Unknown (`UnicodeAnalysis.isNeutral`). Inlined,
    /// with the table the caller holds: a paragraph asks it for every cluster.
    @inline(__always)
    func isNeutral(_ script: UnicodeAnalysis.Script) -> Bool {
        neutralScripts.indices.contains(script) && neutralScripts[script]
    }

    /// Unicode's White_Space property (`UnicodeAnalysis.isWhitespace`).
    func isWhitespace(_ scalar: UInt32) -> Bool {
        scalar < 0x10000 ? has(.whitespace, UInt16(scalar)) : UnicodeAnalysis.lookedUpWhitespace(scalar)
    }

    /// Default_Ignorable_Code_Point (`UnicodeAnalysis.isDefaultIgnorable`).
    func isDefaultIgnorable(_ scalar: UInt32) -> Bool {
        scalar < 0x10000 ? has(.defaultIgnorable, UInt16(scalar)) : cu_is_default_ignorable(scalar) != 0
    }

    /// `emoji` and `emojiPresentation` of a scalar (none for a value that is not one). Inlined:
    /// a paragraph asks it for every cluster of one character that is not ASCII.
    @inline(__always)
    func emojiProperties(_ value: UInt32) -> Property {
        if value < 0x10000 { return property(UInt16(value)).intersection([.emoji, .emojiPresentation]) }
        return Unicode.Scalar(value).map(Property.looked(up:)) ?? []
    }

    /// The starts of the grapheme clusters of `text` and its end, as ICU finds them, when every
    /// unit is a cluster of its own (`ownCluster`) or a mark that joins the cluster before it
    /// (`clusterExtension`); nil for a text with any other unit. ICU then breaks before every
    /// unit but a mark after a `clusterBase` character or another mark (GB9, GB9a: a mark at
    /// the start or after a Control or LF character starts a cluster, GB4), and a consonant
    /// that ends a conjunct: after a consonant, then conjunct extenders of which at least one
    /// is a virama (ICU's aksara rule, `conjunctConsonant`, `conjunctVirama`, `conjunctExtender`).
    func markedClusterBoundaries(_ text: [UInt16]) -> [Int]? {
        // At most one boundary a unit and the end, written through the buffer of an array made by
        // `Array.filled` and cut to them: appending checked the array's uniqueness and capacity
        // for every unit.
        var boundaries = [Int].filled(with: 0, count: text.count + 1)
        var count = 0
        // Whether a mark at the offset joins the cluster before it.
        var joins = false
        // Whether the units before the offset end with a consonant and extenders (`afterConsonant`),
        // or with a consonant, extenders, a virama and extenders (`afterVirama`): a consonant at
        // the offset then joins the cluster.
        var afterConsonant = false, afterVirama = false
        let complete = text.withUnsafeBufferPointer { text in
            boundaries.withUnsafeMutableBufferPointer { boundaries in
                func append(_ offset: Int) {
                    boundaries[count] = offset
                    count += 1
                }
                for (offset, unit) in text.enumerated() {
                    let property = self.property(unit)
                    if property.contains(.clusterExtension) {
                        if !joins { append(offset) }
                        joins = true
                        let extender = property.contains(.conjunctExtender)
                        if property.contains(.conjunctVirama) {
                            afterVirama = afterConsonant || (extender && afterVirama)
                            afterConsonant = extender && afterConsonant
                        } else if !extender {
                            (afterConsonant, afterVirama) = (false, false)
                        }
                    } else if property.contains(.ownCluster) {
                        let consonant = property.contains(.conjunctConsonant)
                        if !(consonant && afterVirama) { append(offset) }
                        joins = property.contains(.clusterBase)
                        (afterConsonant, afterVirama) = (consonant, false)
                    } else {
                        return false
                    }
                }
                append(text.count)
                return true
            }
        }
        guard complete else { return nil }
        boundaries.removeLast(boundaries.count - count)
        return boundaries
    }

    /// Whether every unit of `text` has `property`.
    func all(_ text: [UInt16], have property: Property) -> Bool {
        text.withUnsafeBufferPointer { text in
            text.allSatisfy { self.property($0).contains(property) }
        }
    }
}

/// How a grapheme cluster with emoji is drawn, for choosing its font (Unicode TR #51).
public enum EmojiStyle: Sendable, Equatable {
    /// No emoji character (ASCII digits, `#` and `*` alone count as text).
    case none
    /// An emoji character in text presentation: one without Emoji_Presentation (☺, ↔, ©),
    /// or any emoji followed by U+FE0E.
    case text
    /// Emoji presentation: a character with Emoji_Presentation (👋, 🇯🇵, 🏻), or one
    /// followed by U+FE0F or U+20E3 (❤️, 1️⃣), and so every ZWJ sequence of them (👩‍💻).
    case emoji

    public init(_ scalars: [UInt32]) {
        self.init(scalars: scalars)
    }

    /// The style of a cluster's scalars, read in one pass without copying them: every cluster
    /// of every text measured is asked.
    init<Scalars: Sequence<UInt32>>(scalars: Scalars) {
        let table = CharacterTable.shared
        var anyEmoji = false, allEmojiASCII = true, presentation = false
        var textSelector = false, emojiSelector = false
        for value in scalars {
            if value == 0xFE0E { textSelector = true }
            if value == 0xFE0F || value == 0x20E3 { emojiSelector = true }
            // In ASCII only the digits, `#` and `*` are emoji characters (none has Emoji_Presentation).
            if value < 0x80 {
                if value == 0x23 || value == 0x2A || (0x30...0x39).contains(value) { anyEmoji = true }
                continue
            }
            let properties = table.emojiProperties(value)
            guard properties.contains(.emoji) else { continue }
            anyEmoji = true
            allEmojiASCII = false
            if properties.contains(.emojiPresentation) { presentation = true }
        }
        guard anyEmoji else { self = .none; return }
        if textSelector {
            self = allEmojiASCII ? .none : .text
        } else if emojiSelector || presentation {
            self = .emoji
        } else {
            self = allEmojiASCII ? .none : .text
        }
    }
}
