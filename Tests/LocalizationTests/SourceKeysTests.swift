import Foundation
import Localization
import XCTest

/// Extracting keys from Swift sources (`strings extract`) and the tables written from them.
final class SourceKeysTests: XCTestCase {
    /// A fixture file or folder that must be there: the test fails, loudly, when it is not.
    private func fixture(_ relative: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let path = Paths.fixture(relative)
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail("the fixture \(path) is missing", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        return path
    }

    /// The keys of the Swift files of the Extract fixture, read as `strings extract` reads a folder.
    private func fixtureKeys() throws -> SourceKeys {
        let folder = try fixture("Extract/Sources")
        var keys = SourceKeys()
        for path in SourceKeys.files(below: folder) where path.hasSuffix(".swift") { keys.addSwiftFile(path: path) }
        XCTAssertEqual(keys.files.map { String($0.dropFirst(folder.count + 1)) }, ["Greeter.swift", "Views/Settings.swift"])
        return keys
    }

    private func keys(of source: String) -> SourceKeys {
        var keys = SourceKeys()
        keys.addSwift(bytes: Array(source.utf8), file: "Test.swift")
        return keys
    }

    func testEveryCallFormWithItsTableValueCommentAndPlace() throws {
        let keys = try fixtureKeys()
        XCTAssertEqual(keys.problems, [])
        let uses = keys.uses.map { use in
            "\(URL(fileURLWithPath: use.location.file).lastPathComponent):\(use.location.line):\(use.location.column) "
                + "\(use.table) \(use.key.debugDescription) \(use.defaultValue?.debugDescription ?? "-") \(use.comment?.debugDescription ?? "-")"
        }
        XCTAssertEqual(uses, [
            #"Greeter.swift:11:39 Localizable "greeting.title" - "Title of the greeting screen""#,
            #"Greeter.swift:12:38 Greetings "greeting.body" "Hello, %@!" "Body of the greeting; %@ is the user\'s name""#,
            #"Greeter.swift:17:39 Localizable "She said \"hi\"\tthen left\n" - "Escapes: quote, tab, newline""#,
            #"Greeter.swift:18:41 Localizable "café 😀 \\ \0end" - "Unicode escapes, a backslash, a NUL""#,
            #"Greeter.swift:19:37 Localizable "C:\\path\\to \"file\"" - "A raw string keeps its \\ backslashes""#,
            ##"Greeter.swift:20:43 Localizable "tab\there, \"#quoted#\"" - "Escapes of a raw string""##,
            #"Greeter.swift:21:43 Localizable "First line\n  indented \"quoted\" line, joined\n\nafter a blank line" - "A multi-line literal""#,
            #"Greeter.swift:30:39 Localizable "greeting.title" - "Shown again in the menu""#,
            #"Greeter.swift:31:38 Localizable "greeting.title" - "Title of the greeting screen""#,
            #"Greeter.swift:32:39 Localizable "no.comment" - -"#,
            #"Greeter.swift:33:54 Greetings "qualified" - "A module-qualified call""#,
            #"Greeter.swift:34:55 Localizable "count.format" "%d items" "Inside String(format:)""#,
            #"Greeter.swift:35:43 Localizable "in.interpolation" - "Inside an interpolation""#,
            #"Greeter.swift:36:45 Localizable "count.format" "%d things" "Inside String(format:)""#,
            #"Greeter.swift:41:47 Localizable "value.variable" - "The value is a variable""#,
            #"Settings.swift:8:18 Localizable "Welcome" - -"#,
            #"Settings.swift:9:18 Settings "welcome.subtitle" - "Below the title""#,
            #"Settings.swift:13:38 Localizable "label.key" - -"#,
            #"Settings.swift:14:26 Localizable "qualified.text" - -"#,
            #"Settings.swift:16:33 Settings "settings.title" "Settings" "Settings screen title""#,
            #"Settings.swift:20:24 Settings "settings.plain" - -"#,
            #"Settings.swift:21:26 Localizable "String default" - -"#,
            #"Settings.swift:22:44 Localizable "resource.key" "Resource" "A resource""#,
            #"Settings.swift:24:31 Localizable "init.form" - "Through .init""#,
        ])
    }

    func testKeysThatAreNotLiteralsAreWarningsWithTheirPlace() throws {
        let keys = try fixtureKeys()
        XCTAssertEqual(keys.warnings.map { "\(URL(fileURLWithPath: $0.location.file).lastPathComponent):\($0.location.line):\($0.location.column): \($0.message)" }, [
            "Greeter.swift:38:41: the key of NSLocalizedString is not a string literal (name): it is not extracted",
            #"Greeter.swift:39:46: the key of NSLocalizedString is an interpolated string ("Hello \(name)"): it is not extracted"#,
            #"Greeter.swift:40:65: the table of NSLocalizedString is not a string literal (name): "table.variable" is not extracted"#,
            #"Greeter.swift:41:65: the default value of NSLocalizedString is not a string literal (name): "value.variable" is extracted with its key as its value"#,
            #"Settings.swift:12:18: the key of Text is an interpolated string ("Hi \(name)"): it is not extracted"#,
            "Settings.swift:25:29: the key of String(localized:) is not a string literal (String.LocalizationValue(name)): it is not extracted",
        ])
        XCTAssertTrue(keys.warnings[0].description.hasSuffix("Extract/Sources/Greeter.swift:38:41: warning: the key of NSLocalizedString is not a string literal (name): it is not extracted"),
                      keys.warnings[0].description)
    }

    func testTablesAreTheExpectedBytes() throws {
        let extracted = ExtractedStrings(uses: try fixtureKeys().uses)
        let expectedFolder = try fixture("Extract/Expected/Swift")
        let expectedFiles = try FileManager.default.contentsOfDirectory(atPath: expectedFolder).sorted()
        XCTAssertEqual(extracted.tableNames.map { $0 + ".strings" }, expectedFiles)
        for table in extracted.tableNames {
            let expected = try Data(contentsOf: URL(fileURLWithPath: expectedFolder + "/\(table).strings"))
            XCTAssertEqual(String(decoding: expected, as: UTF8.self), extracted.strings(table: table), table)
            XCTAssertEqual(Data(extracted.strings(table: table).utf8), expected, table)
        }
        // A key given two different default values keeps the first, with a warning naming both places.
        XCTAssertEqual(extracted.warnings.map(\.message), [
            #""count.format" (table Localizable) has the default value "%d things" here and "%d items" at \#(Paths.fixture("Extract/Sources/Greeter.swift")):34:55; the first is kept"#,
        ])
        XCTAssertEqual(extracted.warnings.map(\.location.line), [36])
    }

    func testTablesReadBackAsStringsFiles() throws {
        let extracted = ExtractedStrings(uses: try fixtureKeys().uses)
        XCTAssertFalse(extracted.tableNames.isEmpty)
        for table in extracted.tableNames {
            let file = try StringsFile(bytes: Array(extracted.strings(table: table).utf8), path: table)
            XCTAssertEqual(file.entries.map(\.key), extracted.tables[table]?.map(\.key))
            XCTAssertEqual(file.entries.map(\.value), extracted.tables[table]?.map(\.value))
            XCTAssertEqual(file.entries.map { $0.comment ?? "" },
                           extracted.tables[table]?.map { $0.comments.isEmpty ? ExtractedStrings.noComment : $0.comments.joined(separator: "\n   ") })
        }
    }

    func testKeysAreSortedAndCommentsKeepTheOrderOfTheUses() throws {
        let uses = try fixtureKeys().uses.filter { $0.key != "count.format" }
        let forward = ExtractedStrings(uses: uses), backward = ExtractedStrings(uses: uses.reversed())
        XCTAssertEqual(forward.tableNames, backward.tableNames)
        for table in forward.tableNames {
            XCTAssertEqual(forward.tables[table]?.map(\.key), backward.tables[table]?.map(\.key))
            XCTAssertEqual(forward.tables[table]?.map(\.value), backward.tables[table]?.map(\.value))
            XCTAssertEqual(forward.tables[table]?.map(\.key), forward.tables[table]?.map(\.key).sorted(by: ExtractedStrings.keyOrder))
        }
        XCTAssertEqual(forward.tables["Localizable"]?.map(\.key).prefix(4),
                       ["C:\\path\\to \"file\"", "café 😀 \\ \0end", "First line\n  indented \"quoted\" line, joined\n\nafter a blank line",
                        "greeting.title"])
        // Used at lines 11, 30 and 31: the comment of line 11 (and 31) comes first.
        XCTAssertEqual(forward.tables["Localizable"]?.first { $0.key == "greeting.title" }?.comments,
                       ["Title of the greeting screen", "Shown again in the menu"])
        XCTAssertEqual(forward.warnings, [])
    }

    func testCommentsAndEscapesOfTheWrittenTable() {
        let place = SourceLocation(file: "A.swift", line: 1, column: 1)
        let extracted = ExtractedStrings(uses: [
            KeyUse(key: "b", comment: "First */ comment", location: place),
            KeyUse(key: "b", defaultValue: "Bee", comment: "Second comment", location: place),
            KeyUse(key: "b", defaultValue: "Bee", comment: "First */ comment", location: place),
            KeyUse(key: "a\u{7}", location: place),
        ])
        XCTAssertEqual(extracted.strings(table: "Localizable"), """
        /* No comment provided by engineer. */
        "a\\U0007" = "a\\U0007";

        /* First * / comment
           Second comment */
        "b" = "Bee";

        """)
        XCTAssertEqual(extracted.warnings, [])
        XCTAssertEqual(extracted.strings(table: "Nothing"), "")
    }

    func testLexicalCorners() {
        let keys = keys(of: ##"""
        #if DEBUG
        let a = NSLocalizedString("debug", comment: "Both branches are read") // NSLocalizedString("no", comment: "")
        #endif
        let b = NSLocalizedString(#"""
            raw "multi-line" \n with \#t tab
            """#, comment: "")
        let c = Text("two") + Text("texts", comment: "in one expression")
        let d = SwiftUI.Text.init("init")
        let e = Text( "spaced" , tableName : "T" )
        let f = x ? NSLocalizedString("ternary", comment: "") : ""
        let g = NSLocalizedString(
            // a comment between the arguments
            "commented", /* and another */ comment: "c"
        )
        let h = NSLocalizedString("unterminated
        let i = NSLocalizedString("after", comment: "the scan goes on")
        """##)
        XCTAssertEqual(keys.uses.map(\.key), ["debug", "raw \"multi-line\" \\n with \t tab", "two", "texts", "init", "spaced",
                                            "ternary", "commented", "after"])
        XCTAssertEqual(keys.uses.map(\.table), ["Localizable", "Localizable", "Localizable", "Localizable", "Localizable", "T",
                                              "Localizable", "Localizable", "Localizable"])
        XCTAssertEqual(keys.uses.map(\.location.line), [2, 4, 7, 7, 8, 9, 10, 13, 16])
        // The unterminated literal ends at its line; the call it opened takes the rest as its key.
        XCTAssertEqual(keys.warnings.map(\.location.line), [15])
    }

    func testACallWithoutALiteralKeyIsNotALocalizationCall() {
        let keys = keys(of: """
        let a = String(format: "%d", 3)
        let b = String(describing: x)
        let c = Text(verbatim: "plain")
        let d = Text(date, style: .date)
        let e = text.Text("member")
        func Text(_ value: Int) -> Int { value }
        let f = LocalizedStringKey(dynamic)
        """)
        XCTAssertEqual(keys.uses, [])
        XCTAssertEqual(keys.warnings.map(\.location.line), [7])
    }

    /// Simplenote's English table is genstrings output (UTF-16, comments joined genstrings'
    /// way): its entries, used again in the order of the file, are written as genstrings wrote
    /// them, in the same order.
    func testGenstringsOutputOfARealAppIsWrittenAgainAlike() throws {
        let path = try Paths.corpus("strings/Automattic__simplenote-ios/Simplenote/en.lproj/Localizable.strings")
        let file = try StringsFile(path: path)
        XCTAssertGreaterThan(file.entries.count, 100)
        let uses = file.entries.flatMap { entry in
            (entry.comment ?? "").components(separatedBy: "\n   ").map { comment in
                KeyUse(key: entry.key, defaultValue: entry.value == entry.key ? nil : entry.value,
                       comment: comment == ExtractedStrings.noComment ? nil : comment, location: entry.location)
            }
        }
        let written = ExtractedStrings(uses: uses).strings(table: "Localizable")
        // What reading loses: a comment's trailing space ("alert  */"), and `\(`, which genstrings
        // copied from a Swift interpolation and a .strings file reads as `(`.
        let original = String(decoding: try TextDecoding.read(path: path).bytes, as: UTF8.self)
            .replacingOccurrences(of: "  */", with: " */").replacingOccurrences(of: "\\(", with: "(")
        // genstrings sorts keys ignoring case; keys that differ only in case ("Copy link", "Copy Link")
        // it leaves in no order babelfit can know: such runs are compared as sets.
        func runs(_ text: String) -> [Set<String>] {
            var runs: [(folded: String, entries: Set<String>)] = []
            for entry in text.trimmingCharacters(in: .newlines).components(separatedBy: "\n\n") {
                let key = entry.split(separator: "\n").last.map { String($0.prefix { $0 != "=" }).lowercased() } ?? ""
                if runs.last?.folded == key { runs[runs.count - 1].entries.insert(entry) } else { runs.append((key, [entry])) }
            }
            return runs.map(\.entries)
        }
        XCTAssertEqual(runs(written), runs(original))
        XCTAssertEqual(runs(original).count, file.entries.count - 6, "six keys differ from another only in case")
        XCTAssertTrue(written.hasSuffix(";\n"))
    }
}
