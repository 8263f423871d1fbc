import Support
import Text
import XCTest

/// A text that wraps at word boundaries onto every line it needs lays out the same whatever
/// line limit it stays within, whatever mode it would truncate in and whatever scale it may
/// shrink to: the engine hands one such layout to the others (`TextEngine`'s
/// `wrappingAlike`). Each request below is laid out by two engines in opposite orders, at a
/// font size no other request uses: in one the request is laid out first, in the other after
/// the same text on as many lines as it takes with `wordWrap` (which may then be handed to it),
/// and the other way round. Both engines must give the same layouts.
final class WrappedLayoutSharingTests: XCTestCase {
    private let texts: [(text: String, language: String)] = [
        ("The serial number of this device is printed on the back", "en"),
        ("Le numéro de série de cet appareil est imprimé au dos", "fr"),
        ("Donaudampfschifffahrtsgesellschaftskapitän und Kapitänsmütze", "de"),
        ("رقم التسلسل لهذا الجهاز مطبوع على الظهر", "ar"),
        ("מספר סידורי 42 מודפס בגב המכשיר", "he"),
        ("หมายเลขซีเรียลของอุปกรณ์นี้พิมพ์อยู่ด้านหลัง", "th"),
        ("このデバイスのシリアル番号は裏面に印刷されています", "ja"),
        ("First line\nSecond line that is a little longer", "en"),
        ("Short", "en"),
    ]
    private let widths: [Double] = [40, 85.5, 130, 210, 1000]
    private let limits = [0, 2, 3, 6]
    private let modes: [LineBreakMode] = [.wordWrap, .charWrap, .clip, .truncateTail, .truncateHead, .truncateMiddle]

    func testEveryWrappingRequestLaysOutAsOnItsOwn() throws {
        let requestFirst = try TextEngine(fontsFolder: Repository.fonts)
        let wrappedFirst = try TextEngine(fontsFolder: Repository.fonts)
        var sizeStep = 0
        var shared = 0, cut = 0, compared = 0
        for (text, language) in texts {
            for width in widths {
                var optionsList = limits.flatMap { lines in modes.map { TextLayoutOptions(width: width, lines: lines, lineBreak: $0) } }
                optionsList.append(TextLayoutOptions(width: width, lines: 2, lineBreak: .truncateTail, minimumScaleFactor: 0.5))
                for options in optionsList {
                    // A size of its own: no layout of another request is in either engine's cache.
                    sizeStep += 1
                    let font = FontRequest.noto(17 + Double(sizeStep) / 1024)
                    let wrapped = TextLayoutOptions(width: width, lines: 0, lineBreak: .wordWrap)
                    let request1 = try requestFirst.layout(text, font: font, language: language, options: options)
                    let wrapped1 = try requestFirst.layout(text, font: font, language: language, options: wrapped)
                    let wrapped2 = try wrappedFirst.layout(text, font: font, language: language, options: wrapped)
                    let request2 = try wrappedFirst.layout(text, font: font, language: language, options: options)
                    let context = "\(text) at \(width) with \(options)"
                    XCTAssertEqual(request1, request2, context)
                    XCTAssertEqual(wrapped1, wrapped2, context)
                    compared += 1
                    if request1.truncated { cut += 1 }
                    if options.lineBreak != .charWrap, !request1.truncated, request1.scale == 1 {
                        // It shows every line: the layout on as many lines as it takes is the same one.
                        XCTAssertEqual(request1, wrapped1, context)
                        shared += 1
                    }
                }
            }
        }
        XCTAssertEqual(compared, texts.count * widths.count * (limits.count * modes.count + 1))
        // Both kinds were met: layouts that show every line, and layouts cut to their limit or width.
        XCTAssertGreaterThan(shared, 200)
        XCTAssertGreaterThan(cut, 200)
    }

    /// A layout cut to fewer lines than its text takes is never handed to a request that
    /// allows more, and one that shows every line never to a request that allows fewer.
    func testALimitBelowTheLinesTheTextTakesCutsIt() throws {
        let engine = try TextEngine(fontsFolder: Repository.fonts)
        let text = "The serial number of this device is printed on the back"
        let font = FontRequest.noto()
        let all = try engine.layout(text, font: font, language: "en", options: TextLayoutOptions(width: 85.5, lines: 0, lineBreak: .wordWrap))
        XCTAssertGreaterThan(all.lines.count, 3)
        XCTAssertFalse(all.truncated)
        let two = try engine.layout(text, font: font, language: "en", options: TextLayoutOptions(width: 85.5, lines: 2, lineBreak: .truncateTail))
        XCTAssertEqual(two.lines.count, 2)
        XCTAssertTrue(two.truncated)
        XCTAssertTrue(two.shown.hasSuffix("\u{2026}"), two.shown)
        let many = try engine.layout(text, font: font, language: "en", options: TextLayoutOptions(width: 85.5, lines: 20, lineBreak: .truncateTail))
        XCTAssertEqual(many, all)
        let characters = try engine.layout(text, font: font, language: "en", options: TextLayoutOptions(width: 85.5, lines: 0, lineBreak: .charWrap))
        XCTAssertNotEqual(characters.lines.map(\.text), all.lines.map(\.text), "charWrap breaks between characters")
    }
}
