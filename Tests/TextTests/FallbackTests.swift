import Text
import XCTest

final class FallbackTests: XCTestCase {
    func testScriptsFallBackToTheirFamilies() throws {
        let engine = try SharedEngine.get()
        let cases: [(String, String, [String])] = [
            ("Hello", "en", ["Noto Sans"]),
            ("مرحبا", "ar", ["Noto Sans Arabic"]),
            ("שלום", "he", ["Noto Sans Hebrew"]),
            ("नमस्ते", "hi", ["Noto Sans Devanagari"]),
            ("สวัสดี", "th", ["Noto Sans Thai"]),
            ("Բարեւ", "hy", ["Noto Sans Armenian"]),
            ("გამარჯობა", "ka", ["Noto Sans Georgian"]),
            ("Привет", "ru", ["Noto Sans"]),
            ("Γειά", "el", ["Noto Sans"]),
            ("こんにちは", "ja", ["Noto Sans CJK JP"]),
            ("设置", "zh-Hans", ["Noto Sans CJK SC"]),
            ("設定", "zh-Hant", ["Noto Sans CJK TC"]),
            ("설정", "ko", ["Noto Sans CJK KR"]),
            ("设置", "en", ["Noto Sans CJK SC"]),
        ]
        for (text, language, fonts) in cases {
            let layout = try engine.layout(text, font: .noto(), language: language)
            XCTAssertEqual(layout.lines.first?.fonts, fonts, "\(text) in \(language)")
        }
    }

    func testSpacesAndDigitsStayInTheLabelFont() throws {
        let layout = try SharedEngine.get().layout("مرحبا 2024", font: .noto(), language: "ar")
        XCTAssertEqual(layout.lines[0].fonts, ["Noto Sans", "Noto Sans Arabic"])
    }

    func testAFallbackFamilyWithoutTheWeightTakesTheNearest() throws {
        let engine = try SharedEngine.get()
        let catalog = engine.catalog
        XCTAssertEqual(try catalog.face(family: "Noto Sans Thai", weight: .medium).weight, .regular)
        XCTAssertEqual(try catalog.face(family: "Noto Sans Thai", weight: .semibold).weight, .bold)
        XCTAssertEqual(try catalog.face(family: "Noto Sans", weight: .semibold).weight, .semibold)
        let layout = try engine.layout("สวัสดี", font: .noto(17, .semibold), language: "th")
        XCTAssertEqual(layout.lines[0].fonts, ["Noto Sans Thai Bold"])
    }

    func testLineHeightUsesTheTallestFontOfTheLine() throws {
        let engine = try SharedEngine.get()
        let latin = try engine.layout("Settings", font: .noto(), language: "en")
        // Noto Sans hhea: ascender 1069, descender -293, line gap 0 per 1000 units.
        XCTAssertEqual(latin.height, (1069.0 + 293.0) / 1000 * 17, accuracy: 1e-9)
        XCTAssertEqual(latin.firstBaseline, 1069.0 / 1000 * 17, accuracy: 1e-9)
        let arabic = try engine.layout("إعدادات", font: .noto(), language: "ar")
        XCTAssertGreaterThan(arabic.height, latin.height, "Noto Sans Arabic is taller than Noto Sans")
        let empty = try engine.layout("", font: .noto(), language: "en")
        XCTAssertEqual(empty.height, latin.height, accuracy: 1e-9)
        XCTAssertEqual(empty.lines.count, 1)
    }

    func testClustersAreNeverSplitAcrossFonts() throws {
        // A Latin letter with a combining mark Noto Sans has; a Devanagari conjunct.
        let engine = try SharedEngine.get()
        XCTAssertEqual(try engine.layout("e\u{301}", font: .noto(), language: "fr").lines[0].fonts, ["Noto Sans"])
        XCTAssertEqual(try engine.layout("क्ष", font: .noto(), language: "hi").lines[0].fonts, ["Noto Sans Devanagari"])
    }

    /// A catalog gives the font it found for a request again, and the fallbacks it listed for a
    /// kind of cluster; a request that fails is not kept, and fails again.
    func testTheCatalogKeepsWhatItFoundAndNotWhatFailed() throws {
        let catalog = try FontCatalog(folder: Repository.fonts)
        let font = try catalog.font(family: "Noto Sans", weight: .bold)
        XCTAssertTrue(try catalog.font(family: "Noto Sans", weight: .bold) === font)
        XCTAssertFalse(try catalog.font(family: "Noto Sans", weight: .regular) === font)
        XCTAssertEqual(font.name, "Noto Sans Bold")
        for _ in 0..<2 {
            XCTAssertThrowsError(try catalog.font(family: "No Such Family", weight: .regular)) { error in
                guard case TextError.unknownFamily("No Such Family", _) = error else { return XCTFail("\(error)") }
            }
        }
        let families = catalog.candidateFamilies(label: "Noto Sans", script: "Arab", language: "ar", emoji: .none)
        XCTAssertEqual(families.first, "Noto Sans")
        XCTAssertTrue(families.contains("Noto Sans Arabic"))
        XCTAssertEqual(catalog.candidateFamilies(label: "Noto Sans", script: "Arab", language: "ar", emoji: .none), families)
        let emoji = catalog.candidateFamilies(label: "Noto Sans", script: "Arab", language: "ar", emoji: .emoji)
        XCTAssertEqual(emoji.first, "Noto Color Emoji")
    }

    func testTheShapingCacheServesRepeatedStrings() throws {
        let engine = try TextEngine(fontsFolder: Repository.fonts)
        // A width alone keeps its width, not its glyphs.
        let width = try engine.width(of: "Número de serie", font: .noto(17), language: "es")
        XCTAssertEqual(engine.cacheStatistics.misses, 0)
        XCTAssertEqual(engine.cacheStatistics.entries, 0)
        let laidOut = try engine.layout("Número de serie", font: .noto(17), language: "es")
        XCTAssertEqual(laidOut.naturalWidth, width)
        let first = engine.cacheStatistics
        XCTAssertEqual(first.hits, 0)
        XCTAssertGreaterThan(first.misses, 0)
        // Another size and width of the same text: its paragraph serves it. Cut, it needs the
        // ellipsis, which a text shown whole never looked up: that alone is shaped.
        let other = try engine.layout("Número de serie", font: .noto(28), language: "es", options: TextLayoutOptions(width: 55))
        XCTAssertTrue(other.truncated)
        XCTAssertEqual(other.naturalWidth, try engine.width(of: "Número de serie", font: .noto(28), language: "es"))
        XCTAssertEqual(engine.cacheStatistics.misses, first.misses + 1)
        // Cut again at a third size: the paragraph and the ellipsis's serve it, no new shaping.
        let again = try engine.layout("Número de serie", font: .noto(22), language: "es", options: TextLayoutOptions(width: 55))
        XCTAssertTrue(again.truncated)
        XCTAssertEqual(engine.cacheStatistics.misses, first.misses + 1)
        // The same run in another paragraph (the text written right to left): found in the cache.
        var rightToLeft = TextLayoutOptions()
        rightToLeft.writingDirection = .rightToLeft
        _ = try engine.layout("Número de serie", font: .noto(17), language: "es", options: rightToLeft)
        XCTAssertGreaterThan(engine.cacheStatistics.hits, 0)
        // A different language is a different key.
        let shaped = engine.cacheStatistics.misses
        _ = try engine.layout("Número de serie", font: .noto(17), language: "pt")
        XCTAssertGreaterThan(engine.cacheStatistics.misses, shaped)
    }

    /// The longest start of a text that fits is the one found by measuring each start with
    /// `width(of:)`, cutting one character at a time, in scripts whose shapes change at a cut;
    /// the starts measured on the way are not kept in the shaping cache.
    func testTheLongestStartThatFitsIsTheOneEachStartMeasures() throws {
        let engine = try TextEngine(fontsFolder: Repository.fonts)
        let cases: [(String, String)] = [
            ("Número de serie del dispositivo", "es"), ("رقم الجهاز التسلسلي", "ar"), ("מספר סידורי של המכשיר", "he"),
            ("หมายเลขซีเรียลของอุปกรณ์", "th"), ("डिवाइस का सीरियल नंबर", "hi"), ("デバイスのシリアル番号", "ja"), ("👍🏽 Gefällt mir", "de"),
        ]
        for (text, language) in cases {
            let whole = try TextEngine(fontsFolder: Repository.fonts)
            _ = try whole.width(of: text, font: .noto(17), language: language)
            for maxWidth in [0.0, 20, 55, 90, 130, 1000] {
                var expected = Array(text)
                while !expected.isEmpty,
                      try engine.width(of: String(expected), font: .noto(17), language: language) > maxWidth {
                    expected.removeLast()
                }
                let fresh = try TextEngine(fontsFolder: Repository.fonts)
                let start = try fresh.longestStart(of: text, font: .noto(17), language: language, notWiderThan: maxWidth)
                XCTAssertEqual(start, String(expected), "\(text) in \(maxWidth) pt")
                // Only the whole text was shaped into the cache, not its starts.
                XCTAssertEqual(fresh.cacheStatistics.entries, whole.cacheStatistics.entries, "\(text) in \(maxWidth) pt")
            }
        }
        XCTAssertEqual(try engine.longestStart(of: "", font: .noto(17), language: "en", notWiderThan: 10), "")
    }

    /// A text cut again to another width takes the widths of the starts its earlier cuts
    /// measured: one engine cutting each text to widths in turn, narrower and wider, finds the
    /// start a fresh engine finds for each.
    func testATextCutAgainFindsTheStartAFreshEngineFinds() throws {
        let engine = try TextEngine(fontsFolder: Repository.fonts)
        let cases: [(String, String)] = [
            ("Número de serie del dispositivo", "es"), ("رقم الجهاز التسلسلي", "ar"), ("डिवाइस का सीरियल नंबर", "hi"),
        ]
        for (text, language) in cases {
            var found = Set<String>()
            for maxWidth in [90.0, 20, 130, 55, 0, 100, 1000, 54.5, 91] {
                let fresh = try TextEngine(fontsFolder: Repository.fonts)
                let start = try engine.longestStart(of: text, font: .noto(17), language: language, notWiderThan: maxWidth)
                XCTAssertEqual(start, try fresh.longestStart(of: text, font: .noto(17), language: language, notWiderThan: maxWidth),
                               "\(text) in \(maxWidth) pt")
                found.insert(start)
            }
            XCTAssertGreaterThanOrEqual(found.count, 5, "\(text): the widths cut it in too few places")
        }
    }

    /// Canonically equivalent spellings are different texts to the caches: each is laid out
    /// as written, whichever came first, and a width asked for again is the same number.
    func testCanonicallyEquivalentSpellingsAreCachedApart() throws {
        let engine = try TextEngine(fontsFolder: Repository.fonts)
        let composed = "R\u{E9}sum\u{E9}", decomposed = "Re\u{301}sume\u{301}"
        XCTAssertEqual(composed, decomposed, "Swift's String equality is canonical equivalence")
        let first = try engine.layout(composed, font: .noto(17), language: "fr")
        let second = try engine.layout(decomposed, font: .noto(17), language: "fr")
        XCTAssertEqual(Array(first.text.unicodeScalars).count, 6)
        XCTAssertEqual(Array(second.text.unicodeScalars).count, 8)
        XCTAssertEqual(Array(second.lines[0].text.unicodeScalars).count, 8)
        for text in [composed, decomposed] {
            let width = try engine.width(of: text, font: .noto(17), language: "fr")
            XCTAssertGreaterThan(width, 50)
            XCTAssertEqual(try engine.width(of: text, font: .noto(17), language: "fr"), width)
            XCTAssertEqual(try engine.layout(text, font: .noto(17), language: "fr").naturalWidth, width)
        }
    }
}
