@testable import Text
import Foundation
import Localization
import TestSupport
import XCTest

/// A text's starts, measured after the text (as `longestStart(of:font:language:notWiderThan:)`
/// measures them, cutting a character at a time), read their last run off the longer run
/// shaped before wherever HarfBuzz marks the cut safe to break (`Shaper`'s runs ending their
/// texts). Each start's width is that of the start laid out alone by another engine, bit for
/// bit, in the twelve languages of the bench and with ligatures, kerning pairs, joining
/// letters, combining marks, emoji, fallback fonts and mixed directions.
final class StartRunTests: XCTestCase {
    static let texts: [(String, String)] = [
        ("Número de serie del dispositivo", "es"), ("Benachrichtigungen später anzeigen", "de"),
        ("Notifications plus tard, s’il vous plaît", "fr"), ("office affine fluffy ffi ffl", "en"),
        ("AVAVA Wo Ty To Yo LT", "en"), ("Уведомления позже", "ru"), ("Ειδοποιήσεις αργότερα", "el"),
        ("رقم الجهاز التسلسلي", "ar"), ("مرحبا بالعالم 123 Hello", "ar"), ("מספר סידורי של המכשיר", "he"),
        ("שלום עולם (abc) 42", "he"), ("หมายเลขซีเรียลของอุปกรณ์", "th"), ("डिवाइस का सीरियल नंबर", "hi"),
        ("क्षत्रिय श्री द्वार", "hi"), ("デバイスのシリアル番号、そして English", "ja"), ("设备序列号和通知设置", "zh-Hans"),
        ("👩‍👩‍👧 family 🇫🇷 👍🏽 ok", "en"), ("Re\u{301}sume\u{301} e\u{308}\u{301} a\u{30A}", "fr"),
        ("Hello مرحبا world", "en"), ("ﻻ لا لأ ـلـ", "ar"),
    ]

    func testEachStartMeasuredAfterItsTextHasTheWidthOfTheStartLaidOutAlone() throws {
        let engine = try TextEngine(fontsFolder: Repository.fonts)
        let reference = try TextEngine(fontsFolder: Repository.fonts)
        for font in [FontRequest.noto(17), .noto(13, .bold), FontRequest(family: "system", size: 17)] {
            for (text, language) in Self.texts {
                var characters = Array(text)
                _ = try engine.width(of: text, font: font, language: language)
                while !characters.isEmpty {
                    characters.removeLast()
                    let start = String(characters)
                    // Laid out: shaped by the engine's other shaper, which reads no run off another.
                    let alone = try reference.layout(start, font: font, language: language).naturalWidth
                    XCTAssertEqual(try engine.width(of: start, font: font, language: language).bitPattern, alone.bitPattern,
                                   "'\(start)' of '\(text)' in \(font.family) \(font.size)")
                }
            }
        }
        let counts = engine.startRunStatistics
        // Most starts are read off a longer run; some are shaped again (a cut HarfBuzz marks
        // unsafe to break, inside a cluster, or past the run the last start ended in).
        XCTAssertGreaterThan(counts.read, 2 * counts.shaped, "\(counts)")
        XCTAssertGreaterThan(counts.shaped, 0, "\(counts)")
    }

    /// Real translations (every `.strings` file of the corpus in a language's folder, in that
    /// language: 290 files of real apps in 62 languages, `../shared/corpus`): each start of
    /// the first values of each file, measured after the value, has the width of the start
    /// laid out alone, bit for bit.
    func testStartsOfRealTranslationsHaveTheWidthsOfTheStartsLaidOutAlone() throws {
        let folder = try PackageRoot.corpusFile("")
        let engine = try TextEngine(fontsFolder: Repository.fonts)
        let reference = try TextEngine(fontsFolder: Repository.fonts)
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: folder))
        var files = 0, starts = 0
        var languages = Set<String>()
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".strings"), let lproj = path.split(separator: "/").last(where: { $0.hasSuffix(".lproj") })
            else { continue }
            let language = String(lproj.dropLast(".lproj".count))
            let file = try StringsFile(path: (folder as NSString).appendingPathComponent(path))
            files += 1
            languages.insert(language)
            for value in file.entries.map(\.value).filter({ !$0.isEmpty && $0.utf16.count <= 60 }).prefix(6) {
                _ = try engine.width(of: value, font: .noto(17), language: language)
                var characters = Array(value)
                while !characters.isEmpty {
                    characters.removeLast()
                    let start = String(characters)
                    starts += 1
                    XCTAssertEqual(try engine.width(of: start, font: .noto(17), language: language).bitPattern,
                                   try reference.layout(start, font: .noto(17), language: language).naturalWidth.bitPattern,
                                   "'\(start)' of '\(value)' (\(language), \(path))")
                }
            }
        }
        XCTAssertEqual(files, 290)
        XCTAssertGreaterThan(languages.count, 60)
        XCTAssertGreaterThan(starts, 10_000)
        // Most starts' last runs are read off (the others: cuts unsafe to break, context-free
        // words, widths measured before).
        XCTAssertGreaterThan(engine.startRunStatistics.read, 2 * engine.startRunStatistics.shaped, "\(engine.startRunStatistics) of \(starts)")
    }

    /// The longest start that fits is the one the starts laid out alone give, at each width a
    /// start has exactly (where a width one ulp off would take another start) and just below it.
    func testTheLongestStartIsTheOneTheStartsLaidOutAloneGive() throws {
        let engine = try TextEngine(fontsFolder: Repository.fonts)
        let reference = try TextEngine(fontsFolder: Repository.fonts)
        let font = FontRequest.noto(17)
        for (text, language) in Self.texts {
            var characters = Array(text)
            let whole = try reference.layout(text, font: font, language: language).naturalWidth
            var widths: [Double] = []
            while !characters.isEmpty {
                characters.removeLast()
                widths.append(try reference.layout(String(characters), font: font, language: language).naturalWidth)
            }
            // The text itself where it fits (a start may be wider than it: a cut joining letter).
            func expected(_ maxWidth: Double) -> String {
                guard whole > maxWidth else { return text }
                guard let cut = widths.firstIndex(where: { $0 <= maxWidth }) else { return "" }
                return String(text.prefix(text.count - 1 - cut))
            }
            for width in widths {
                for maxWidth in [width, width.nextDown] {
                    // A new engine for each width: the starts measured for one width are kept as
                    // widths, and the next would read those.
                    let fresh = try TextEngine(fontsFolder: Repository.fonts)
                    XCTAssertEqual(try fresh.longestStart(of: text, font: font, language: language, notWiderThan: maxWidth),
                                   expected(maxWidth), "'\(text)' in \(maxWidth) pt")
                }
            }
        }
    }

    /// Runs read off one another are those of one text: other texts measured between the
    /// starts (on other threads, as a check's two jobs do) change no width.
    func testStartsOfTextsMeasuredInTurnKeepTheirWidths() throws {
        let engine = try TextEngine(fontsFolder: Repository.fonts)
        let reference = try TextEngine(fontsFolder: Repository.fonts)
        let font = FontRequest.noto(17)
        var cut = Self.texts.map { Array($0.0) }
        var remaining = true
        while remaining {
            remaining = false
            for index in cut.indices where !cut[index].isEmpty {
                cut[index].removeLast()
                remaining = true
                let start = String(cut[index]), language = Self.texts[index].1
                XCTAssertEqual(try engine.width(of: start, font: font, language: language).bitPattern,
                               try reference.layout(start, font: font, language: language).naturalWidth.bitPattern, start)
            }
        }
    }
}
