import Foundation
import Text
import XCTest

/// ICU's break iterators are kept by each thread for its next texts (`cu_breaks`): a text's
/// clusters and line breaks must be those a new iterator finds, whatever the thread measured
/// before, in whichever locale, and however many locales it went through.
final class BreakIteratorReuseTests: XCTestCase {
    private static let texts: [(String, String)] = [
        ("สวัสดีครับ ยินดีต้อนรับสู่ระบบของเรา", "th"),  // dictionary line breaks
        ("設定を変更するには管理者にお問い合わせください", "ja"),
        ("Numéro de série de l'appareil, puis la version", "fr"),
        ("الإعدادات العامة للجهاز والشبكة", "ar"),
        ("Geräteeinstellungen\nund Netzwerk", "de"),
        ("👩‍💻 Hi 🇯🇵 ok", "en"),
    ]

    private static func layouts(_ engine: TextEngine, reversed: Bool = false) throws -> [TextLayout] {
        let options = TextLayoutOptions(width: 90, lines: 0, lineBreak: .wordWrap)
        let texts = reversed ? BreakIteratorReuseTests.texts.reversed() : BreakIteratorReuseTests.texts
        let laidOut = try texts.map { try engine.layout($0.0, font: .noto(), language: $0.1, options: options) }
        return reversed ? laidOut.reversed() : laidOut
    }

    func testKeptIteratorsFindTheBreaksOfNewOnes() throws {
        let catalog = try FontCatalog(folder: Repository.fonts)
        let expected = try BreakIteratorReuseTests.layouts(TextEngine(catalog: catalog))
        XCTAssertGreaterThan(expected[0].lines.count, 1, "the Thai text wraps")
        // More locales than a thread keeps iterators for, so that some are closed and opened again.
        let churn = TextEngine(catalog: catalog)
        for region in 100..<170 { _ = try churn.width(of: "a b", font: .noto(), language: "en-\(region)") }
        XCTAssertEqual(try BreakIteratorReuseTests.layouts(TextEngine(catalog: catalog), reversed: true), expected)
        // Two threads at once, each with its own iterators.
        let results = LockedResults()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            results.append(Result { try BreakIteratorReuseTests.layouts(TextEngine(catalog: catalog), reversed: index == 1) })
        }
        for result in results.all { XCTAssertEqual(try result.get(), expected) }
        XCTAssertEqual(results.all.count, 2)
    }
}

/// Results gathered from several threads.
private final class LockedResults: @unchecked Sendable {
    private var results: [Result<[TextLayout], Error>] = []
    private let lock = NSLock()

    func append(_ result: Result<[TextLayout], Error>) {
        lock.lock()
        results.append(result)
        lock.unlock()
    }

    var all: [Result<[TextLayout], Error>] {
        lock.lock()
        defer { lock.unlock() }
        return results
    }
}
