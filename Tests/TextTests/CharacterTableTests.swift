import CUnicode
import Foundation
@testable import Text
import XCTest

/// The paragraph analysis skips ICU's grapheme and bidi services for texts whose every unit
/// lets it (`CharacterTable`): these tests hold the shortcuts to what ICU finds, over every
/// character of the Basic Multilingual Plane that takes them and over texts that mix them, and
/// the table to the lookups it replaces.
final class CharacterTableTests: XCTestCase {
    private let table = CharacterTable.shared

    /// Every BMP code unit with `property`, in order.
    private func units(with property: CharacterTable.Property) -> [UInt16] {
        (0..<0x10000).map(UInt16.init).filter { table.has(property, $0) }
    }

    /// Texts of 1 to 40 units drawn from `pool` by a fixed generator (the same texts each run).
    private func randomTexts(from pool: [UInt16], count: Int, seed: UInt64) -> [[UInt16]] {
        var state = seed
        func next(_ limit: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(limit))
        }
        return (0..<count).map { _ in (0..<(1 + next(40))).map { _ in pool[next(pool.count)] } }
    }

    func testTheTableAnswersAsTheLookupsItReplaces() {
        for value in 0..<UInt32(0x10000) {
            let unit = UInt16(value)
            let scalar = Unicode.Scalar(value)
            XCTAssertEqual(table.has(.whitespace, unit),
                           value < 0x80 ? (value == 0x20 || (0x09...0x0D).contains(value)) : scalar?.properties.isWhitespace ?? false,
                           "White_Space of U+\(String(value, radix: 16))")
            XCTAssertEqual(table.has(.emoji, unit), scalar?.properties.isEmoji ?? false, "Emoji of U+\(String(value, radix: 16))")
            XCTAssertEqual(table.has(.emojiPresentation, unit),
                           (scalar?.properties.isEmoji ?? false) && (scalar?.properties.isEmojiPresentation ?? false))
            XCTAssertEqual(table.has(.defaultIgnorable, unit), cu_is_default_ignorable(value) != 0)
            var code: (CChar, CChar, CChar, CChar, CChar) = (0, 0, 0, 0, 0)
            withUnsafeMutablePointer(to: &code) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 5) { cu_script_code(value, $0) }
            }
            let name = withUnsafeBytes(of: code) { String(decoding: $0.prefix(4), as: UTF8.self) }
            XCTAssertEqual(UnicodeAnalysis.script(value), name, "script of U+\(String(value, radix: 16))")
        }
        // Sanity of the sets the shortcuts rest on.
        XCTAssertTrue(table.has(.ownCluster, 0x61))
        XCTAssertFalse(table.has(.ownCluster, 0x0301), "a combining accent joins the letter before it")
        XCTAssertFalse(table.has(.ownCluster, 0x0D), "CR joins a following LF")
        XCTAssertFalse(table.has(.ownCluster, 0xD83D), "a surrogate is half a character")
        XCTAssertTrue(table.has(.levelZeroInLeftToRight, 0x31))
        XCTAssertFalse(table.has(.levelOneInRightToLeft, 0x31), "a digit is level 2 in right-to-left text")
        XCTAssertFalse(table.has(.levelZeroInLeftToRight, 0x0660), "an Arabic digit is level 2 in left-to-right text")
        XCTAssertTrue(table.has(.levelOneInRightToLeft, 0x05D0))
    }

    /// Every property and script of a table, unit by unit.
    private func answers(of table: CharacterTable) -> [(UInt16, UnicodeAnalysis.Script)] {
        (0..<0x10000).map { value in (table.property(UInt16(value)).rawValue, table.scriptNumber(UInt32(value))) }
    }

    func testBlocksAreFilledWhenFirstAskedWithTheSameAnswersWhateverTheOrderAndThread() {
        // A table fills only the blocks its texts reach.
        let lazy = CharacterTable()
        XCTAssertEqual(lazy.filledBlocks, 0)
        XCTAssertTrue(lazy.has(.ownCluster, 0x61))
        XCTAssertEqual(lazy.filledBlocks, 1, "ASCII and Latin-1 are one block")
        XCTAssertTrue(lazy.all(Array("שלום".utf16), have: .levelOneInRightToLeft))
        XCTAssertEqual(lazy.markedClusterBoundaries(Array("Ελληνικά".utf16)), Array(0...8))
        XCTAssertEqual(lazy.filledBlocks, 3, "Hebrew's block and Greek's")
        XCTAssertEqual(lazy.scriptNumber(0x4E2D), UnicodeAnalysis.scriptNumber(0x4E2D))
        XCTAssertEqual(lazy.filledBlocks, 4)

        // One table filled in order on one thread; another by eight threads at once, each asking
        // every unit in an order of its own (units, texts and scripts), so that blocks are
        // filled by whichever thread comes first and read by the others as they are filled.
        let ordered = CharacterTable()
        let inOrder = answers(of: ordered)
        XCTAssertEqual(ordered.filledBlocks, 256)
        let shared = CharacterTable()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var state = UInt64(thread + 1)
            var units = (0..<0x10000).map(UInt16.init)
            for index in units.indices.reversed() {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                units.swapAt(index, Int((state >> 33) % UInt64(index + 1)))
            }
            for start in stride(from: 0, to: units.count, by: 64) {
                let text = Array(units[start..<(start + 64)])
                switch thread % 3 {
                case 0: _ = shared.markedClusterBoundaries(text)
                case 1: _ = shared.all(text, have: .levelZeroInLeftToRight)
                default: for unit in text { _ = shared.scriptNumber(UInt32(unit)) }
                }
            }
        }
        XCTAssertEqual(shared.filledBlocks, 256)
        let concurrently = answers(of: shared)
        XCTAssertEqual(concurrently.count, inOrder.count)
        for (unit, (one, other)) in zip(inOrder, concurrently).enumerated() where one != other {
            XCTFail("U+\(String(unit, radix: 16)): \(one) in order, \(other) filled by threads at once")
        }
        // The table measuring uses answers the same.
        XCTAssertTrue(zip(inOrder, answers(of: .shared)).allSatisfy { $0 == $1 })
    }

    func testCharactersOfTheirOwnClusterAreEachOneAsICUFindsThem() {
        let pool = units(with: .ownCluster)
        XCTAssertGreaterThan(pool.count, 50_000)
        // Every such character, in runs of 500 (each beside others of every kind of the set).
        var texts = stride(from: 0, to: pool.count, by: 500).map { Array(pool[$0..<min($0 + 500, pool.count)]) }
        texts += randomTexts(from: pool, count: 3_000, seed: 7)
        for text in texts {
            XCTAssertEqual(UnicodeAnalysis.clusterBoundaries(text, locale: "en"), Array(0...text.count))
            XCTAssertEqual([0] + UnicodeAnalysis.breaks(.character, in: text, locale: "en").offsets, Array(0...text.count),
                           "ICU's clusters of \(text.prefix(8).map { String($0, radix: 16) })")
        }
    }

    func testClustersOfMarkedTextsAreThoseICUFinds() {
        let pool = (0..<0x10000).map(UInt16.init).filter { table.has(.ownCluster, $0) || table.has(.clusterExtension, $0) }
        let marks = units(with: .clusterExtension)
        XCTAssertGreaterThan(marks.count, 1_000)
        // The letters, marks and digits of the Indic scripts of ICU's conjunct rule, and Thai.
        let indic = pool.filter { (0x0900...0x0D7F).contains($0) || (0x0E00...0x0E7F).contains($0) }
        XCTAssertTrue(indic.contains(0x094D) && indic.contains(0x0915) && indic.contains(0x0E33))
        XCTAssertTrue(table.has(.conjunctVirama, 0x094D) && table.has(.conjunctConsonant, 0x0937))
        // Every mark after a letter, a control character, a line feed and another mark, and at the start.
        var texts = marks.map { [0x61, $0, 0x0A, $0, 0x09, $0, $0, 0x0915, $0] as [UInt16] } + marks.map { [$0, 0x20] }
        texts += randomTexts(from: pool, count: 2_000, seed: 5)
        texts += randomTexts(from: indic, count: 6_000, seed: 9)
        texts += randomTexts(from: indic + marks.filter { table.has(.conjunctExtender, $0) }, count: 2_000, seed: 13)
        texts += ["स्टोरेज", "क्ष", "क्\u{200D}ष", "क्‍ष", "त्त्व", "ক্ষ", "ক্‌ষ", "સ્ત્રી", "స్త్రీ", "ക്ഷ", "କ୍ଷ", "สวัสดี", "น้ำ", "e\u{301}\u{302}"].map { Array($0.utf16) }
        for text in texts {
            let icu = [0] + UnicodeAnalysis.breaks(.character, in: text, locale: "hi").offsets
            let marked = table.markedClusterBoundaries(text)
            if text.allSatisfy({ table.has(.ownCluster, $0) || table.has(.clusterExtension, $0) }) {
                XCTAssertEqual(marked, icu, "clusters of \(text.map { String($0, radix: 16) })")
            } else {
                XCTAssertNil(marked, "\(text.map { String($0, radix: 16) }) has a unit that needs ICU")
            }
            XCTAssertEqual(UnicodeAnalysis.clusterBoundaries(text, locale: "th"), icu)
        }
        XCTAssertEqual(table.markedClusterBoundaries(Array("नमस्ते".utf16)), [0, 1, 2, 6])
        XCTAssertEqual(table.markedClusterBoundaries([]), [0])
    }

    func testTextsThatNeedICUAreAskedOfIt() {
        // Texts with clusters of several units, then precomposed Hangul syllables (each its own
        // cluster, but not a character that can tell so alone).
        let joined = ["e\u{301}te\u{301}", "a\r\nb", "👩‍💻 ok 🇯🇵", "हिन्दी", "สวัสดี", "\u{1100}\u{1161}\u{11A8}", "a\u{200D}b", "x\u{E0100}"]
        for text in joined + ["한국어"] {
            let units = Array(text.utf16)
            XCTAssertEqual(UnicodeAnalysis.clusterBoundaries(units, locale: "en"),
                           [0] + UnicodeAnalysis.breaks(.character, in: units, locale: "en").offsets, text)
            if joined.contains(text) {
                XCTAssertNotEqual(UnicodeAnalysis.clusterBoundaries(units, locale: "en"), Array(0...units.count),
                                  "\(text) has a cluster of several units")
            }
        }
        XCTAssertEqual(UnicodeAnalysis.clusterBoundaries([], locale: "en"), [0])
    }

    func testUniformLevelsAreThoseICUResolves() {
        for (property, direction, level) in [(CharacterTable.Property.levelZeroInLeftToRight, TextDirection.leftToRight, UInt8(0)),
                                             (.levelOneInRightToLeft, .rightToLeft, 1)] {
            let pool = units(with: property)
            XCTAssertGreaterThan(pool.count, 1_000)
            var texts = stride(from: 0, to: pool.count, by: 500).map { Array(pool[$0..<min($0 + 500, pool.count)]) }
            texts += randomTexts(from: pool, count: 3_000, seed: 11)
            for text in texts {
                let resolved = UnicodeAnalysis.resolvedLevels(text, directions: [direction])
                XCTAssertEqual(resolved, [UInt8](repeating: level, count: text.count))
                XCTAssertEqual(UnicodeAnalysis.levels(text, directions: [direction]), resolved,
                               "ICU's levels of \(text.prefix(8).map { String($0, radix: 16) }) in \(direction)")
            }
        }
        // Mixed texts are resolved by ICU.
        for (text, direction) in [("abc אבג", TextDirection.leftToRight), ("אבג 123", .rightToLeft), ("abc ١٢٣", .leftToRight),
                                  ("a\u{202B}b", .leftToRight), ("one\ntwo", .leftToRight)] {
            let units = Array(text.utf16)
            XCTAssertEqual(UnicodeAnalysis.resolvedLevels(units, directions: [direction]),
                           UnicodeAnalysis.levels(units, directions: [direction]), text)
        }
        XCTAssertNotEqual(Set(UnicodeAnalysis.resolvedLevels(Array("abc אבג".utf16), directions: [.leftToRight])).count, 1)
    }
}
