import Foundation
import Localization
import XCTest

/// A translation keeps its rare fields apart from its own (see `Translation`): every property
/// still reads, writes, compares and hashes as a stored one, and the texts are visited in order.
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

    /// Only a translation with variants by device, in its message at any depth or in one of its
    /// variables, shows a text that depends on the device.
    func testATranslationVariesByDeviceWhereItHasDeviceVariantsAnywhere() {
        func translation(_ message: Message, variable: Message? = nil) -> Translation {
            Translation(key: "k", message: message,
                        substitutions: variable.map { ["v": Substitution(argumentNumber: nil, formatSpecifier: "d", message: $0)] } ?? [:],
                        location: here)
        }
        XCTAssertTrue(varied.variesByDevice)
        XCTAssertFalse(translation(.text("plain")).variesByDevice)
        XCTAssertFalse(translation(.plural([.one: .text("one"), .other: .width([5: .text("a"), 20: .text("b")])])).variesByDevice)
        XCTAssertTrue(translation(.device(["ipad": .text("iPad"), "iphone": .text("iPhone")])).variesByDevice)
        XCTAssertTrue(translation(.plural([.one: .text("one"), .other: .width([5: .device(["ipad": .text("iPad")])])])).variesByDevice,
                      "a device's variant inside a width inside a plural")
        XCTAssertTrue(translation(.text("%#@v@"), variable: .plural([.other: .device(["iphone": .text("%d")])])).variesByDevice,
                      "a device's variant in a variable")
        XCTAssertFalse(translation(.text("%#@v@"), variable: .plural([.one: .text("%d"), .other: .text("%d")])).variesByDevice)
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

    func testRareFieldsReadBackAndChangeOnlyTheirTranslation() {
        let original = varied
        XCTAssertEqual(original.comment, "a note")
        XCTAssertEqual(original.state, .needsReview)
        XCTAssertFalse(original.shouldTranslate)
        XCTAssertEqual(original.extractionState, "manual")
        XCTAssertEqual(original.location, here)
        XCTAssertEqual(original.substitutions.keys.sorted(), ["files", "zeta"])
        XCTAssertEqual(original.substitutions["zeta"]?.argumentNumber, 2)

        var changed = original
        changed.comment = nil
        changed.substitutions["zeta"] = nil
        changed.extractionState = "stale"
        changed.location.line = 9
        XCTAssertEqual(changed.comment, nil)
        XCTAssertEqual(changed.substitutions.keys.sorted(), ["files"])
        XCTAssertEqual(changed.extractionState, "stale")
        XCTAssertEqual(changed.location, SourceLocation(file: "Catalog.xcstrings", line: 9, column: 3))
        // The copy it was made from is as it was.
        XCTAssertEqual(original.comment, "a note")
        XCTAssertEqual(original.substitutions.count, 2)
        XCTAssertEqual(original.extractionState, "manual")
        XCTAssertEqual(original.location, here)
    }

    func testEqualityAndHashingAreThoseOfTheProperties() {
        XCTAssertEqual(varied, varied)
        XCTAssertEqual(varied.hashValue, varied.hashValue)
        XCTAssertEqual(Set([varied, varied]).count, 1)

        // Made apart but the same; then changed back to the same through each property.
        var other = Translation(key: "k", message: varied.message, location: SourceLocation(file: "x", line: 1, column: 1))
        XCTAssertNotEqual(other, varied)
        other.substitutions = varied.substitutions
        other.comment = "a note"
        other.state = .needsReview
        other.shouldTranslate = false
        other.extractionState = "manual"
        XCTAssertNotEqual(other, varied)
        other.location = here
        XCTAssertEqual(other, varied)
        XCTAssertEqual(other.hashValue, varied.hashValue)

        let changes: [(inout Translation) -> Void] = [
            { $0.comment = "another" }, { $0.extractionState = nil }, { $0.substitutions = [:] },
            { $0.location.file = "Other.xcstrings" }, { $0.location.column = 4 }, { $0.state = nil },
            { $0.shouldTranslate = true }, { $0.key = "j" }, { $0.message = .text("wide") },
        ]
        for change in changes {
            var different = varied
            change(&different)
            XCTAssertNotEqual(different, varied)
        }
    }

    func testLinesAndColumnsOfAnySizeReadBack() {
        // Around the limits of what a translation keeps itself (lines below 2^24 - 1, columns below 2^16).
        for (line, column) in [(Int.max, 1), (1, Int.min), (Int(Int32.min), 2), (Int(Int32.max), Int(Int32.max)), (-1, 0),
                               (0, 0), (0xFF_FFFE, 0xFFFF), (0xFF_FFFF, 0), (0xFF_FFFF, 1), (0x100_0000, 7), (1, 0x1_0000),
                               (0x1_0000, 0x1_0000), (Int(Int32.max) + 1, 5)] {
            let location = SourceLocation(file: "big.strings", line: line, column: column)
            let translation = Translation(key: "k", message: .text("v"), location: location)
            XCTAssertEqual(translation.location, location)
            var moved = translation
            moved.location = here
            XCTAssertEqual(moved.location, here)
            moved.location = location
            XCTAssertEqual(moved, translation)
            XCTAssertEqual(moved.hashValue, translation.hashValue)
        }
        func translation(line: Int, column: Int) -> Translation {
            Translation(key: "k", message: .text("v"), location: SourceLocation(file: "f", line: line, column: column))
        }
        XCTAssertNotEqual(translation(line: Int.max, column: 1), translation(line: Int.min, column: 1))
        XCTAssertNotEqual(translation(line: 0xFF_FFFF, column: 0), translation(line: 0xFF_FFFE, column: 0))
        XCTAssertNotEqual(translation(line: 0xFF_FFFF, column: 0), translation(line: 0xFF_FFFF, column: 1))
        XCTAssertNotEqual(translation(line: 3, column: 0x1_0000), translation(line: 3, column: 0))
        XCTAssertEqual(translation(line: 0x100_0000, column: 2), translation(line: 0x100_0000, column: 2))
    }

    func testAStringsFileKeepsEachEntrysCommentAndLocation() throws {
        let folder = NSTemporaryDirectory() + "babelfit-translation-value-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder + "/de.lproj", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/de.lproj/Localizable.strings"
        try Data("\"a\" = \"A\";\n/* Note */\n\"b\" = \"B\";\n  \"c\" = \"C\";\n".utf8).write(to: URL(fileURLWithPath: path))
        let translations = Translations(folders: [folder])
        let a = try XCTUnwrap(translations.translation(key: "a", table: "Localizable", language: "de"))
        let b = try XCTUnwrap(translations.translation(key: "b", table: "Localizable", language: "de"))
        let c = try XCTUnwrap(translations.translation(key: "c", table: "Localizable", language: "de"))
        XCTAssertEqual([a.comment, b.comment, c.comment], [nil, "Note", nil])
        XCTAssertEqual([a.location, b.location, c.location], [SourceLocation(file: path, line: 1, column: 1),
                                                              SourceLocation(file: path, line: 3, column: 1),
                                                              SourceLocation(file: path, line: 4, column: 3)])
        XCTAssertEqual(a, Translation(key: "a", message: .text("A"), location: SourceLocation(file: path, line: 1, column: 1)))
        XCTAssertEqual(b, Translation(key: "b", message: .text("B"), comment: "Note", location: SourceLocation(file: path, line: 3, column: 1)))
        // Changing one leaves the others (which share its file's record) as they were.
        var changed = a
        changed.comment = "new"
        changed.location.file = "elsewhere"
        XCTAssertEqual(translations.translation(key: "a", table: "Localizable", language: "de")?.comment, nil)
        XCTAssertEqual(c.location.file, path)
        XCTAssertEqual(changed.location, SourceLocation(file: "elsewhere", line: 1, column: 1))
    }

    func testFormatDifferencesFromTheDevelopmentSignatureAreTheSame() {
        let translations = Translations(folders: [Paths.fixture("Lint")])
        for key in translations.keys(table: "Localizable") {
            let source = translations.developmentFormatSignature(key: key)
            for language in translations.languages {
                XCTAssertEqual(translations.formatDifferences(key: key, language: language, from: source),
                               translations.formatDifferences(key: key, language: language))
            }
        }
        let source = translations.developmentFormatSignature(key: "count.items")
        XCTAssertNotNil(source)
        XCTAssertEqual(translations.formatDifferences(key: "count.items", language: "de", from: source).count, 2)
        XCTAssertNil(translations.developmentFormatSignature(key: "extra"))
        XCTAssertEqual(translations.formatDifferences(key: "extra", language: "de", from: nil), [])
    }
}
