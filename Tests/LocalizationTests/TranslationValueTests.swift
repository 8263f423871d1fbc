import Foundation
import Localization
import XCTest

/// A translation's texts are visited in the order `allTexts` lists them.
final class TranslationValueTests: XCTestCase {
    private let here = SourceLocation(file: "Catalog.xcstrings", line: 7, column: 3)

    /// A translation with every kind of variant: plural, device and width, and two variables.
    private var varied: Translation {
        let widths: Message = .width([20: .text("wide"), 5: .text("narrow")])
        return Translation(
            key: "k",
            message: .device(["iphone": .plural([.other: .text("%#@files@ other"), .one: .text("%#@files@ one")]),
                              "ipad": widths]),
            substitutions: [
                "zeta": Substitution(argumentNumber: 2, formatSpecifier: "d", message: .text("%d z")),
                "files": Substitution(argumentNumber: nil, formatSpecifier: "ld",
                                      message: .plural([.few: .text("%ld few"), .other: .text("%ld files")])),
            ],
            comment: "a note", state: .needsReview, shouldTranslate: false, extractionState: "manual", location: here)
    }

    func testForEachTextVisitsTheTextsOfAllTextsInTheirOrder() {
        var visited: [String] = []
        varied.forEachText { visited.append($0) }
        // Devices by name (ipad before iphone), widths by number, plural categories in their
        // order, then the variables by name.
        XCTAssertEqual(visited, ["narrow", "wide", "%#@files@ one", "%#@files@ other", "%ld few", "%ld files", "%d z"])
        XCTAssertEqual(visited, varied.allTexts)

        var messageTexts: [String] = []
        varied.message.forEachText { messageTexts.append($0) }
        XCTAssertEqual(messageTexts, varied.message.texts)
        XCTAssertEqual(messageTexts, ["narrow", "wide", "%#@files@ one", "%#@files@ other"])

        var plain: [String] = []
        Translation(key: "a", message: .text("only"), location: here).forEachText { plain.append($0) }
        XCTAssertEqual(plain, ["only"])
    }

    func testForEachTextStopsAtAThrownError() {
        struct Stop: Error {}
        var visited: [String] = []
        XCTAssertThrowsError(try varied.forEachText { text in
            visited.append(text)
            if visited.count == 3 { throw Stop() }
        })
        XCTAssertEqual(visited, ["narrow", "wide", "%#@files@ one"])
    }
}
