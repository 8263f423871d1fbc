@testable import Text
import XCTest

/// A shaped run is kept by a key whose hash is a mix of its fields made once (`Shaper.Key`):
/// equal keys hash alike, keys that differ in any field are told apart and (for these) hash
/// apart, and a dictionary of many keys finds each one.
final class ShaperKeyTests: XCTestCase {
    private func key(face: Int = 1, text: [UInt16] = Array("word".utf16), before: [UInt16] = [], after: [UInt16] = [],
                     rightToLeft: Bool = false, script: String = "Latn", language: String = "en") -> Shaper.Key {
        Shaper.Key(face: face, text: text, before: before, after: after, rightToLeft: rightToLeft,
                   segment: Shaper.Segment(script: script, language: language))
    }

    func testEqualKeysHashAlikeAndKeysThatDifferAreApart() {
        XCTAssertEqual(key(), key())
        XCTAssertEqual(key().hashValue, key().hashValue)
        let others = [key(face: 2), key(text: Array("Word".utf16)), key(text: Array("word ".utf16)), key(text: []),
                      key(before: [0x20]), key(after: [0x20]), key(text: Array("wor".utf16), after: Array("d".utf16)),
                      key(text: Array("ord".utf16), before: Array("w".utf16)), key(rightToLeft: true), key(script: "Cyrl"),
                      key(language: "de"), key(script: "Latnen", language: ""), key(language: "en-US-posix-long")]
        for (index, other) in others.enumerated() {
            XCTAssertNotEqual(other, key(), "key \(index)")
            XCTAssertNotEqual(other.hashValue, key().hashValue, "key \(index)")
            for later in others[(index + 1)...] { XCTAssertNotEqual(other, later) }
        }
    }

    func testADictionaryOfManyKeysFindsEach() {
        var keys: [Shaper.Key] = []
        for first in UInt16(0x41)...0x5A {
            for second in UInt16(0x61)...0x7A {
                for length in 1...9 {
                    keys.append(key(text: [first] + Array(repeating: second, count: length)))
                    keys.append(key(text: [first], after: Array(repeating: second, count: length), rightToLeft: length.isMultiple(of: 2)))
                }
            }
        }
        var values: [Shaper.Key: Int] = [:]
        for (index, key) in keys.enumerated() { values[key] = index }
        XCTAssertEqual(values.count, keys.count)
        for (index, key) in keys.enumerated() { XCTAssertEqual(values[key], index) }
        XCTAssertGreaterThan(Set(keys.map(\.hashValue)).count, keys.count * 99 / 100)
    }
}
