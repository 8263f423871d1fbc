@testable import Text
import Foundation
import Localization
import TestSupport
import XCTest

/// A text's starts, measured after the text (as `longestStart(of:font:language:notWiderThan:)`
/// measures them, cutting a character at a time), are read off the text's own measuring
/// where it is one run at one level and HarfBuzz marks the cut safe to break
/// (`Paragraph.StartReading`), else read their last run off the longer run shaped before
/// wherever HarfBuzz marks the cut safe to break (`Shaper`'s runs ending their texts). Each
/// start's width is that of the start laid out alone by another engine, bit for bit, in the
/// twelve languages of the bench and with ligatures, kerning pairs, joining letters,
/// combining marks, emoji, fallback fonts and mixed directions.
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

    /// Every start of each text, in three fonts: one engine measures them all once (no start
    /// fits in no width), then finds the longest start at each start's width laid out alone
    /// and just below it: the one those widths give.
    func testEachStartMeasuredAfterItsTextHasTheWidthOfTheStartLaidOutAlone() throws {
        let engine = try TextEngine(fontsFolder: Repository.fonts)
        let reference = try TextEngine(fontsFolder: Repository.fonts)
        var readOff: [String: Int] = [:]
        for font in [FontRequest.noto(17), .noto(13, .bold), FontRequest(family: "system", size: 17)] {
            for (text, language) in Self.texts {
                let before = engine.startsReadOffTheirTexts
                try Self.checkStarts(of: text, language: language, font: font, engine: engine, reference: reference)
                readOff[text, default: 0] += engine.startsReadOffTheirTexts - before
            }
        }
        let counts = engine.startRunStatistics, read = engine.startsReadOffTheirTexts
        // Most starts are read off their text's measuring or a longer run; some are shaped again
        // (a cut HarfBuzz marks unsafe to break, inside a cluster, or past the run the last
        // start ended in).
        XCTAssertGreaterThan(read + counts.read, 2 * counts.shaped, "\(read), \(counts)")
        XCTAssertGreaterThan(counts.shaped, 0, "\(counts)")
        XCTAssertGreaterThan(counts.read, 0, "\(counts)")
        // A text in the label's font, of one script in one direction: most of its starts are
        // read off it (in three fonts, about 90 starts); one of two directions, or in several
        // fonts (Hebrew and Arabic letters fall back, their spaces stay), none.
        for text in ["Número de serie del dispositivo", "Notifications plus tard, s’il vous plaît", "Уведомления позже",
                     "Ειδοποιήσεις αργότερα"] {
            XCTAssertGreaterThan(readOff[text, default: 0], 25, "\(text): \(readOff)")
        }
        for text in ["رقم الجهاز التسلسلي", "מספר סידורי של המכשיר", "مرحبا بالعالم 123 Hello", "Hello مرحبا world",
                     "שלום עולם (abc) 42", "デバイスのシリアル番号、そして English"] {
            XCTAssertEqual(readOff[text], 0, text)
        }
    }

    /// The widths of `text`'s starts laid out alone by `reference` (which reads no run off
    /// another), the whole text's first.
    static func startWidths(of text: String, language: String, font: FontRequest, reference: TextEngine) throws -> [Double] {
        var characters = Array(text)
        var widths = [try reference.layout(text, font: font, language: language).naturalWidth]
        while !characters.isEmpty {
            characters.removeLast()
            widths.append(try reference.layout(String(characters), font: font, language: language).naturalWidth)
        }
        return widths
    }

    /// `engine` measures every start of `text` (`notWiderThan: -1`: none fits), then the longest
    /// start at each start's width laid out alone, and just below it, is the one those widths
    /// give: a start measured a bit wider or narrower than alone would fit or not where it
    /// should not, at its width or just below (where a longer start does not fit there too).
    static func checkStarts(of text: String, language: String, font: FontRequest, engine: TextEngine, reference: TextEngine,
                            file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try engine.longestStart(of: text, font: font, language: language, notWiderThan: -1), "", file: file, line: line)
        let widths = try startWidths(of: text, language: language, font: font, reference: reference)
        // The text itself where it fits (a start may be wider than it: a cut joining letter).
        func expected(_ maxWidth: Double) -> String {
            guard let cut = widths.firstIndex(where: { $0 <= maxWidth }) else { return "" }
            return String(text.prefix(text.count - cut))
        }
        for width in widths {
            for maxWidth in [width, width.nextDown] {
                XCTAssertEqual(try engine.longestStart(of: text, font: font, language: language, notWiderThan: maxWidth),
                               expected(maxWidth), "'\(text)' in \(maxWidth) pt, \(font.family) \(font.size)", file: file, line: line)
            }
        }
    }

    /// Real translations (every `.strings` file of the corpus in a language's folder, in that
    /// language: 290 files of real apps in 62 languages, `../shared/corpus`): the first six
    /// values of each file, their starts checked as `checkStarts` checks them.
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
                try Self.checkStarts(of: value, language: language, font: .noto(17), engine: engine, reference: reference)
                starts += value.count
            }
        }
        XCTAssertEqual(files, 290)
        XCTAssertGreaterThan(languages.count, 60)
        XCTAssertGreaterThan(starts, 10_000)
        // Most starts are read off their texts' measuring or their last runs off a longer one
        // (the others: cuts unsafe to break, context-free words, widths measured before).
        let counts = engine.startRunStatistics, read = engine.startsReadOffTheirTexts
        XCTAssertGreaterThan(read + counts.read, 2 * counts.shaped, "\(read), \(counts) of \(starts)")
        XCTAssertGreaterThan(read, starts / 2, "\(read), \(counts) of \(starts)")
    }

    /// Texts cut at once on several threads (as a check's two jobs cut theirs) read runs off
    /// their own texts' alone: each thread's longest starts are those of an engine of its own.
    func testTextsCutOnSeveralThreadsAtOnceFindTheirOwnStarts() throws {
        let font = FontRequest.noto(17)
        let widths = [20.0, 55, 90, 130]
        // A new text for each width (spaces after it), so that each is cut anew on the shared engine.
        @Sendable func spaced(_ text: String, _ place: Int) -> String { text + String(repeating: " ", count: place + 1) }
        let expected = try Self.texts.map { text, language in
            try widths.indices.map { place in
                try TextEngine(fontsFolder: Repository.fonts).longestStart(of: spaced(text, place), font: font, language: language,
                                                                           notWiderThan: widths[place])
            }
        }
        let shared = try TextEngine(fontsFolder: Repository.fonts)
        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for offset in Self.texts.indices {
                let index = (offset + thread * 3) % Self.texts.count
                let (text, language) = Self.texts[index]
                for place in widths.indices.reversed() {
                    let start = try? shared.longestStart(of: spaced(text, place), font: font, language: language,
                                                         notWiderThan: widths[place])
                    if start != expected[index][place] { failures.add(1) }
                }
            }
        }
        XCTAssertEqual(failures.value, 0)
        XCTAssertGreaterThan(shared.startRunStatistics.read, 0)
    }
}
