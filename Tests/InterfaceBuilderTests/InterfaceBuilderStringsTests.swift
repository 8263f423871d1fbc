import Foundation
import InterfaceBuilder
import Localization
import XCTest

/// Interface Builder strings: the export `ibtool --export-strings-file` writes, compared with
/// the tables the corpus's projects committed, and IB texts translated per language through
/// the `<lang>.lproj/File.strings` tables.
final class InterfaceBuilderStringsTests: XCTestCase {
    static let lockwise = "mozilla-lockwise__lockwise-ios/lockbox-ios/Storyboard"

    private func keys(_ ib: String) throws -> Set<String> {
        Set(try InterfaceBuilderStrings.strings(path: try Corpus.path(ib)).map(\.key))
    }

    private func table(_ path: String) throws -> StringsFile {
        try StringsFile(path: try Corpus.path(path))
    }

    /// The export's keys are the committed tables' keys, one for one, where the table was
    /// made from the file as it is; where the file changed after its table was made, the
    /// difference is exactly the objects added or removed since.
    func testExportMatchesTheCommittedTablesKeyForKey() throws {
        // Development-language tables (en.lproj), and translations made from the same file.
        XCTAssertEqual(try keys("\(Self.lockwise)/Base.lproj/Welcome.storyboard"),
                       Set(try table("\(Self.lockwise)/en.lproj/Welcome.strings").entries.map(\.key)))
        for (ib, strings) in [
            ("bryceco__GoMap/src/iOS/Base.lproj/MainStoryboard.storyboard", "bryceco__GoMap/src/iOS/de.lproj/MainStoryboard.strings"),
            ("bryceco__GoMap/src/iOS/Upload/Base.lproj/Changeset.storyboard", "bryceco__GoMap/src/iOS/Upload/de.lproj/Changeset.strings"),
            ("duckduckgo__iOS/DuckDuckGo/Base.lproj/Settings.storyboard", "duckduckgo__iOS/DuckDuckGo/de.lproj/Settings.strings"),
            ("LoopKit__Loop/Loop/Base.lproj/Main.storyboard", "LoopKit__Loop/Loop/de.lproj/Main.strings"),
        ] {
            XCTAssertEqual(try keys(ib), Set(try table(strings).entries.map(\.key)), ib)
        }
        XCTAssertEqual(try keys("bryceco__GoMap/src/iOS/Base.lproj/MainStoryboard.storyboard").count, 34)

        // Changed since: GoMap's en table predates the 🔽 button; Lockwise's item detail
        // gained a Delete Login footer and lost two views; its item list lost a button.
        let changeset = try keys("bryceco__GoMap/src/iOS/Upload/Base.lproj/Changeset.storyboard")
        let changesetEnglish = Set(try table("bryceco__GoMap/src/iOS/Upload/en.lproj/Changeset.strings").entries.map(\.key))
        XCTAssertEqual(changeset.subtracting(changesetEnglish), ["Idd-0q-a3f.normalTitle"])
        XCTAssertEqual(changesetEnglish.subtracting(changeset), [])
        let detail = try keys("\(Self.lockwise)/Base.lproj/ItemDetail.storyboard")
        let detailEnglish = Set(try table("\(Self.lockwise)/en.lproj/ItemDetail.strings").entries.map(\.key))
        XCTAssertEqual(detail.subtracting(detailEnglish), ["Q5w-8r-WF1.normalTitle"])
        XCTAssertEqual(detailEnglish.subtracting(detail), ["YaD-WB-pbb.normalTitle", "tuK-Xc-guT.text"])
        let list = try keys("mozilla-lockwise__lockwise-ios/Shared/Storyboard/Base.lproj/ItemList.storyboard")
        let listEnglish = Set(try table("mozilla-lockwise__lockwise-ios/Shared/Storyboard/en.lproj/ItemList.strings").entries.map(\.key))
        XCTAssertEqual(list.subtracting(listEnglish), [])
        XCTAssertEqual(listEnglish.subtracting(list), ["5gN-a0-N6V.normalTitle"])
    }

    /// The export is ibtool's text: GoMap's en.lproj/Changeset.strings is ibtool's output as
    /// committed, and each of its entries stands in the export byte for byte (but the two
    /// text views', whose localizer notes were written after the table was).
    func testExportIsIbtoolsText() throws {
        let exported = InterfaceBuilderStrings.exportStringsFile(
            try InterfaceBuilderStrings.strings(path: try Corpus.path("bryceco__GoMap/src/iOS/Upload/Base.lproj/Changeset.storyboard")))
        let committed = try String(contentsOfFile: try Corpus.path("bryceco__GoMap/src/iOS/Upload/en.lproj/Changeset.strings"),
                                   encoding: .utf8)
        let blocks = committed.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { "\n" + $0.trimmingCharacters(in: .newlines) + "\n" }
        XCTAssertEqual(blocks.count, 10)
        for block in blocks where !block.contains("BAY-7z-hwv") && !block.contains("Plh-7W-ceY") {
            XCTAssertTrue(exported.contains(block), block)
        }
        XCTAssertTrue(exported.hasPrefix("\n/* Class = \"UILabel\"; text = \"Changes:\"; ObjectID = \"ArV-4u-j7D\"; */\n\"ArV-4u-j7D.text\" = \"Changes:\";\n"))
        XCTAssertTrue(exported.contains("""
            /* Class = "UITextView"; text = "Lorem ipsum dolor sit er elit lamet,"; ObjectID = "BAY-7z-hwv"; Note = "Placeholder - do not translate"; */
            "BAY-7z-hwv.text" = "Lorem ipsum dolor sit er elit lamet,";
            """))

        // Lockwise's tables keep ibtool's comments, notes included: the export parses to the same entries.
        let welcome = try InterfaceBuilderStrings.strings(path: try Corpus.path("\(Self.lockwise)/Base.lproj/Welcome.storyboard"))
        let parsed = try StringsFile(bytes: Array(InterfaceBuilderStrings.exportStringsFile(welcome).utf8), path: "Welcome.strings")
        let english = try table("\(Self.lockwise)/en.lproj/Welcome.strings")
        XCTAssertEqual(parsed.entries.map { [$0.key, $0.value, $0.comment ?? ""] }.sorted { $0[0] < $1[0] },
                       english.entries.map { [$0.key, $0.value, $0.comment ?? ""] }.sorted { $0[0] < $1[0] })
    }

    /// Segment titles, section headers, accessibility texts and controllers' titles, with
    /// the comment forms ibtool gives them.
    func testEveryKindOfText() throws {
        let main = try InterfaceBuilderStrings.strings(path: try Corpus.path("bryceco__GoMap/src/iOS/Base.lproj/MainStoryboard.storyboard"))
        let byKey = Dictionary(uniqueKeysWithValues: main.map { ($0.key, $0) })
        XCTAssertEqual(byKey["zrW-uc-hfQ.segmentTitles[1]"]?.value, "Delete")
        XCTAssertEqual(byKey["E22-sL-sNt.accessibilityHint"]?.value, "Reorient map north")
        XCTAssertEqual(byKey["xw9-Ro-Fai.placeholder"]?.className, "UISearchBar")
        XCTAssertTrue(InterfaceBuilderStrings.exportStringsFile(main).contains(
            "/* Class = \"UISegmentedControl\"; zrW-uc-hfQ.segmentTitles[0] = \"Tags\"; ObjectID = \"zrW-uc-hfQ\"; */"))
        let settings = try InterfaceBuilderStrings.strings(path: try Corpus.path("duckduckgo__iOS/DuckDuckGo/Base.lproj/Settings.storyboard"))
        XCTAssertTrue(settings.contains { $0.className == "UITableViewSection" && $0.property == "footerTitle" })
        XCTAssertTrue(settings.contains { $0.className == "UITableViewController" && $0.property == "title" })
    }

    /// IB texts are looked up per language in the table named after the storyboard: French
    /// and Hebrew from their `.lproj`, the file's own text where a language lacks the key.
    func testTranslationsApplyToTheViews() throws {
        let folder = try Corpus.path(Self.lockwise)
        let translations = Translations(folders: [folder], developmentLanguage: "en")
        XCTAssertTrue(translations.problems.isEmpty, "\(translations.problems)")
        let document = try XCTUnwrap(try Corpus.read("\(Self.lockwise)/Base.lproj/Welcome.storyboard").documents.first)
        func shown(_ id: String, _ language: String) throws -> String {
            guard case .localized(let text)? = document.view(id)?.kind.text else {
                XCTFail("\(id) shows no localized text")
                return ""
            }
            return translations.resolve(.localized(key: text.key, table: text.table, comment: text.comment,
                                                   defaultValue: text.defaultValue, arguments: []),
                                        table: document.table, language: language).text
        }
        XCTAssertEqual(try shown("8rH-vt-4bG", "fr"), "Déverrouiller")
        XCTAssertEqual(try shown("8rH-vt-4bG", "he"), "שחרור")
        XCTAssertEqual(try shown("hwO-wS-oS4", "fr"), "Emportez vos mots de passe partout")
        XCTAssertEqual(try shown("xyY-bk-Xw8", "he"),
                       "To use Firefox Lockwise, you’ll need a Firefox Account with saved logins.",
                       "he.lproj lacks the key: the development language's table")
    }
}
