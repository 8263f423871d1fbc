import Foundation
import XCTest

/// The catalogue of bad inputs: for every reader and option, malformed inputs each with the
/// exact error babelfit gives (its file, line, column and message), the exit status (2: an
/// input that cannot be used; 1 where it is a finding), the other inputs of the run still
/// checked, and no output file touched. Each case runs the built binary in a folder of its own.
final class BadInputCatalogueTests: XCTestCase {
    /// What a file of a case holds.
    enum Content {
        case text(String)
        case bytes([UInt8])
        /// A FIFO: reading one would wait forever.
        case fifo
        case folder
        /// A sparse file of this many bytes (no disk used).
        case size(Int)
    }

    struct Case {
        var name: String
        var files: [String: Content]
        /// The arguments after `babelfit`; a `check` case gets its standard options too.
        var arguments: [String]
        var status: Int32 = 2
        /// For a check: the report's input errors as `file:line:column: message`. Otherwise
        /// the lines of standard error (of standard output for `strings lint`, whose findings
        /// are its report).
        var errors: [String]
        /// For a check: the layouts it still checked beside the bad input.
        var checked: [String] = ["Fine"]
        /// A check that gets a JSON report and a baseline to write; else a command whose
        /// standard error is compared.
        var isCheck = true
    }

    /// A layout every check case has beside its bad input, with its translation.
    static let fine = #"{ "format": 1, "name": "Fine", "root": { "id": "root", "type": "view", "subviews": [ { "id": "title", "type": "label", "text": { "key": "title" } } ] }, "constraints": [ "title.leading == root.leading + 16", "title.top == root.top + 40" ] }"#
    static let baseline = "the baseline before the run\n"
    static let fonts = Binary.root.appendingPathComponent("Fonts").path
    static let output = "the output before the run\n"

    /// A check of `inputs` beside `Layouts/Fine.json` and the translations of `Strings/`.
    static func check(_ name: String, _ files: [String: Content], inputs: [String], options: [String] = [],
                      status: Int32 = 2, errors: [String], checked: [String] = ["Fine"]) -> Case {
        Case(name: name, files: files,
             arguments: ["check", "Layouts/Fine.json"] + inputs + ["--strings", "Strings", "--devices", "iPhone 15",
                                                                  "--languages", "en", "--fonts", fonts] + options,
             status: status, errors: errors, checked: checked)
    }

    /// A layout file whose root holds `subviews` (JSON text).
    static func layout(_ subviews: String, constraints: String = "") -> Content {
        .text("{ \"format\": 1, \"root\": { \"id\": \"root\", \"type\": \"view\", \"subviews\": [\(subviews)] }, \"constraints\": [\(constraints)] }")
    }

    /// A command other than a check: its standard error (or lint's report) must be `errors`.
    static func command(_ name: String, _ files: [String: Content], _ arguments: [String], status: Int32 = 2,
                        errors: [String]) -> Case {
        Case(name: name, files: files, arguments: arguments, status: status, errors: errors, checked: [], isCheck: false)
    }

    /// A check given one bad option (after the standard ones, so that it is the one read).
    static func option(_ name: String, _ arguments: [String], _ error: String, files: [String: Content] = [:]) -> Case {
        command(name, files, ["check", "Layouts/Fine.json", "--fonts", fonts] + arguments, errors: ["babelfit check: " + error])
    }

    /// A translation file beside the development language's, and the check's error for it.
    static func strings(_ name: String, _ path: String, _ content: Content, _ errors: [String]) -> Case {
        check(name, ["Strings/" + path: content], inputs: [], errors: errors.map { "Strings/" + path + ":" + $0 })
    }

    static func stringsdict(_ format: String, other: String) -> Content {
        .text("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>files</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>\(format)</string>
            <key>count</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>\(other)</string></dict>
            </dict></dict></plist>
            """)
    }

    static func catalog(_ strings: String) -> Content {
        .text(#"{ "sourceLanguage": "en", "version": "1.0", "strings": "# + strings + " }")
    }

    static let argNum = #"{ "count": { "localizations": { "en": { "stringUnit": { "state": "translated", "value": "%#@items@" }, "substitutions": { "items": { "argNum": 2147483648, "formatSpecifier": "lld", "variations": { "plural": { "other": { "stringUnit": { "state": "translated", "value": "%arg items" } } } } } } } } } }"#

    static func xliff(_ units: String) -> Content {
        .text("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
            <file original="en.lproj/Localizable.strings" source-language="en" target-language="fr" datatype="plaintext"><body>
            \(units)
            </body></file>
            </xliff>
            """)
    }

    static let cases: [Case] = layoutFiles + jsonLayouts + interfaceBuilder + translations + options + commands

    static let layoutFiles: [Case] = [
        check("a FIFO as a layout file", ["Pipe.json": .fifo], inputs: ["Pipe.json"],
              errors: ["Pipe.json:1:1: is not a regular file (a FIFO, socket or device), where a layout file is expected"]),
        check("a folder named as a layout in a folder of layouts", ["More/Folder.json": .folder, "More/Also.json": .text(fine.replacingOccurrences(of: "Fine", with: "Also"))],
              inputs: ["More"], errors: ["More/Folder.json:1:1: is a folder, where a layout file is expected"], checked: ["Also", "Fine"]),
        check("a layout file past 50,000,000 bytes", ["Big.json": .size(50_000_001)], inputs: ["Big.json"],
              errors: ["Big.json:1:1: is 50000001 bytes, past babelfit's limit of 50000000 bytes for a layout file"]),
        check("a FIFO as a storyboard", ["Main.storyboard": .fifo], inputs: ["Main.storyboard"],
              errors: ["Main.storyboard:1:1: is not a regular file (a FIFO, socket or device), where a storyboard or XIB file is expected"]),
        check("a XIB past 50,000,000 bytes", ["View.xib": .size(50_000_001)], inputs: ["View.xib"],
              errors: ["View.xib:1:1: is 50000001 bytes, past babelfit's limit of 50000000 bytes for a layout file"]),
    ]

    static let jsonLayouts: [Case] = [
        check("JSON syntax", ["Bad.json": .text(#"{ "format": 1, "root": { "id": "root", "type": "view" }, "#)], inputs: ["Bad.json"],
              errors: ["Bad.json:1:58: expected a string key"]),
        check("an unknown field", ["Bad.json": layout(#"{ "id": "a", "type": "view", "colour": "red" }"#)], inputs: ["Bad.json"],
              errors: ["Bad.json:1:98: root.subviews[0].colour: unknown field 'colour' for a view; expected one of id, type, subviews, semantic, hugging, compressionResistance, margins, hidden, userLabel, intrinsicSize"]),
        check("an id that is a number", ["Bad.json": layout(#"{ "id": 5, "type": "view" }"#)], inputs: ["Bad.json"],
              errors: ["Bad.json:1:77: root.subviews[0].id: expected a string, found a number"]),
        check("a constraint that does not parse", ["Bad.json": layout(#"{ "id": "a", "type": "view" }"#, constraints: #""a.leading === root.leading""#)],
              inputs: ["Bad.json"], errors: ["Bad.json:1:132: constraints[0]: column 13: expected a view id, found '='\n  a.leading === root.leading\n              ^"]),
        check("a number past ±1,000,000", ["Bad.json": layout(#"{ "id": "a", "type": "view" }"#, constraints: #""a.width == 1000001""#)],
              inputs: ["Bad.json"], errors: ["Bad.json:1:131: constraints[0]: column 12: 1000001 is out of range: numbers in a layout lie within ±1,000,000\n  a.width == 1000001\n             ^"]),
        check("a priority of 0", ["Bad.json": layout(#"{ "id": "a", "type": "view" }"#, constraints: #""a.width == 10 @0""#)],
              inputs: ["Bad.json"], errors: ["Bad.json:1:135: constraints[0]: column 16: a priority is a whole number from 1 to 1000\n  a.width == 10 @0\n                 ^"]),
        check("an unknown view type", ["Bad.json": layout(#"{ "id": "a", "type": "hologram" }"#)], inputs: ["Bad.json"],
              errors: ["Bad.json:1:90: root.subviews[0].type: unknown view type 'hologram'; expected one of view, label, button, image, textField, stack, scroll, switch, activityIndicator, progress, slider, stepper, segmentedControl, searchBar"]),
        check("a constraint naming an unknown view", ["Bad.json": layout(#"{ "id": "a", "type": "view" }"#, constraints: #""a.leading == b.trailing""#)],
              inputs: ["Bad.json"], errors: ["Bad.json:1:133: constraints[0]: column 14: unknown view 'b'\n  a.leading == b.trailing\n               ^"]),
        check("a view id used twice", ["Bad.json": layout(#"{ "id": "a", "type": "view" }, { "id": "a", "type": "view" }"#)], inputs: ["Bad.json"],
              errors: ["Bad.json:1:108: root.subviews[1].id: duplicate view id 'a' (first used at root.subviews[0])"]),
        check("format 2", ["Bad.json": .text(#"{ "format": 2, "root": { "id": "root", "type": "view" }, "constraints": [] }"#)], inputs: ["Bad.json"],
              errors: ["Bad.json:1:13: format: unsupported format 2; this tool reads format 1"]),
        check("a layout that is not UTF-8", ["Bad.json": .bytes(Array(#"{ "format": 1, "name": ""#.utf8) + [0xFF, 0xFE] + Array(#"", "root": { "id": "root", "type": "view" }, "constraints": [] }"#.utf8))],
              inputs: ["Bad.json"], errors: ["Bad.json: the file is not UTF-8 text"]),
        check("an empty layout file", ["Bad.json": .text("")], inputs: ["Bad.json"], errors: ["Bad.json:1:1: unexpected end of file, expected a value"]),
        check("a layout that is an array", ["Bad.json": .text("[]")], inputs: ["Bad.json"], errors: ["Bad.json:1:1: expected an object, found an array"]),
        check("an image file that is not there", ["Bad.json": layout(#"{ "id": "i", "type": "image", "source": "nothing.png" }"#)], inputs: ["Bad.json"],
              errors: ["Bad.json:1: i: the image 'nothing.png' is not found (looked for nothing.png)"]),
        check("a PNG of 0×0 pixels", ["Bad.json": layout(#"{ "id": "i", "type": "image", "source": "empty.png" }"#),
                                       "empty.png": .bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52] + Array(repeating: 0, count: 8) + [8, 6, 0, 0, 0, 0, 0, 0, 0])],
              inputs: ["Bad.json"], errors: ["Bad.json:1: i: the image 'empty.png' cannot be read as PNG or JPEG and the view gives no size"]),
        check("an unknown font family", ["Bad.json": layout(#"{ "id": "l", "type": "label", "text": "x", "font": { "family": "Comic Sans", "size": 17 } }"#)],
              inputs: ["Bad.json"], errors: ["Bad.json:1: l: unknown font family 'Comic Sans'; the font catalog \(fonts)/catalog.json has: Noto Color Emoji, Noto Sans, Noto Sans Arabic, Noto Sans Armenian, Noto Sans CJK JP, Noto Sans CJK KR, Noto Sans CJK SC, Noto Sans CJK TC, Noto Sans Devanagari, Noto Sans Georgian, Noto Sans Hebrew, Noto Sans Thai"]),
        check("a font size of -3", ["Bad.json": layout(#"{ "id": "l", "type": "label", "text": "x", "font": { "family": "Noto Sans", "size": -3 } }"#)],
              inputs: ["Bad.json"], errors: ["Bad.json:1:153: root.subviews[0].font.size: expected a size above 0, found -3"]),
        check("-1 lines", ["Bad.json": layout(#"{ "id": "l", "type": "label", "text": "x", "lines": -1 }"#)], inputs: ["Bad.json"],
              errors: ["Bad.json:1:121: root.subviews[0].lines: expected 0 (unlimited) or more lines, found -1"]),
        check("an unknown device in a layout", ["Bad.json": .text(#"{ "format": 1, "devices": ["iPhone 99"], "root": { "id": "root", "type": "view" }, "constraints": [] }"#)],
              inputs: ["Bad.json"], errors: [#"Bad.json: devices: unknown device 'iPhone 99'; babelfit knows iPhone SE (3rd generation), iPhone 15, iPhone 15 Pro Max, iPad (10th generation) and 50 more (the README lists them; add "landscape" after a name for landscape)"#]),
        check("a layout file that is not there", [:], inputs: ["Nothing.json"], errors: ["Nothing.json: no such file or folder"]),
        check("a folder without layouts", ["Empty": .folder], inputs: ["Empty"], errors: ["Empty: no layout files (*.json, *.storyboard, *.xib) in this folder"]),
    ]

    static let interfaceBuilder: [Case] = [
        check("a storyboard that is not XML", ["Main.storyboard": .text("this is not XML")], inputs: ["Main.storyboard"],
              errors: ["Main.storyboard:1:1: expected the root element"]),
        check("a storyboard that is a property list", ["Main.storyboard": .text("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>")],
              inputs: ["Main.storyboard"], errors: ["Main.storyboard:2:1: not an iOS Interface Builder document: a <plist> document"]),
        check("a storyboard cut short", ["Main.storyboard": .text("<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\">\n<scenes>\n")],
              inputs: ["Main.storyboard"], errors: ["Main.storyboard:3:1: element <scenes> is not closed"]),
        check("a macOS XIB", ["View.xib": .text("<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" version=\"3.0\"><objects/></document>")],
              inputs: ["View.xib"], errors: ["View.xib:2:1: not an iOS Interface Builder document: a com.apple.InterfaceBuilder3.Cocoa.XIB document"]),
        check("an unknown entity in a storyboard", ["Main.storyboard": .text("<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\">&bogus;</document>")],
              inputs: ["Main.storyboard"], errors: ["Main.storyboard:2:86: unknown character reference &bogus;"]),
    ]

    static let translations: [Case] = [
        strings("an unterminated string", "fr.lproj/Localizable.strings", .text("\"title\" = \"Titre;\n"), ["1:11: unterminated string"]),
        strings("an entry without its semicolon", "fr.lproj/Localizable.strings", .text("\"title\" = \"Titre\"\n\"other\" = \"x\";\n"),
                ["2:1: expected ';' after the entry for \"title\""]),
        strings("a byte that is not UTF-8", "fr.lproj/Localizable.strings", .bytes(Array("\"title\" = \"Tit".utf8) + [0xFF] + Array("re\";\n".utf8)),
                ["1:15: invalid UTF-8 byte sequence"]),
        strings("UTF-16 of an odd number of bytes", "fr.lproj/Localizable.strings",
                .bytes([0xFF, 0xFE] + "\"title\" = \"Titre\";".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } + [0]),
                ["1:1: UTF-16 text with an odd number of bytes"]),
        strings("an unclosed comment", "fr.lproj/Localizable.strings", .text("/* a comment\n\"title\" = \"x\";\n"), ["1:1: unterminated comment"]),
        strings("a folder named Localizable.strings", "fr.lproj/Localizable.strings", .folder, ["1:1: is a folder, where a .strings file is expected"]),
        strings("a FIFO named Localizable.strings", "fr.lproj/Localizable.strings", .fifo,
                ["1:1: is not a regular file (a FIFO, socket or device), where a .strings file is expected"]),
        strings("a .strings file past 50,000,000 bytes", "fr.lproj/Localizable.strings", .size(50_000_001),
                ["1:1: is 50000001 bytes, past babelfit's limit of 50000000 bytes for a translation file"]),
        strings("a width of 99999999", "fr.lproj/Localizable.strings", .text("\"title\" = \"%99999999d\";"),
                ["1:1: \"title\" (fr, table Localizable) has %99999999d: the width 99999999 is past babelfit's limit of 1000"]),
        strings("a precision of 5000", "fr.lproj/Localizable.strings", .text("\"title\" = \"%.5000f\";"),
                ["1:1: \"title\" (fr, table Localizable) has %.5000f: the precision 5000 is past babelfit's limit of 1000"]),
        strings("argument position 2147483648", "fr.lproj/Localizable.strings", .text("\"title\" = \"%2147483648$@\";"),
                ["1:1: \"title\" (fr, table Localizable) has %2147483648$@: argument position 2147483648 is past babelfit's limit of 100 arguments"]),
        strings("%n", "fr.lproj/Localizable.strings", .text("\"title\" = \"%n\";"),
                ["1:1: \"title\" (fr, table Localizable) has %n: %n writes to memory instead of showing an argument; String(format:) refuses it"]),
        strings("%0$@", "fr.lproj/Localizable.strings", .text("\"title\" = \"%0$@\";"),
                ["1:1: \"title\" (fr, table Localizable) has %0$@: argument positions count from 1"]),
        strings("a translation of 100,001 characters", "fr.lproj/Localizable.strings", .text("\"title\" = \"\(String(repeating: "a", count: 100_001))\";"),
                ["1:1: the text of \"title\" (fr, table Localizable) is 100001 characters long, past babelfit's limit of 100000"]),
        strings("a .stringsdict that is not a property list", "fr.lproj/Localizable.stringsdict", .text("not a plist"), ["1:1: expected the root element"]),
        strings("a .stringsdict variable that refers to itself", "fr.lproj/Localizable.stringsdict", stringsdict("%#@count@", other: "%d files and %#@count@"),
                ["4:1: the variable %#@count@ of \"files\" refers to itself, so it has no text"]),
        strings("String Catalog JSON syntax", "Localizable.xcstrings", .text(#"{ "sourceLanguage": "en", "strings": { "#), ["1:40: expected a string key"]),
        strings("argNum 2147483648", "Localizable.xcstrings", catalog(argNum),
                ["1:199: argNum 2147483648 is past babelfit's limit of 100 arguments (at strings.count.localizations.en.substitutions.items.argNum)"]),
        strings("a catalog without sourceLanguage", "Localizable.xcstrings", .text(#"{"strings": {}}"#), ["1:1: the catalog has no sourceLanguage (at the root)"]),
        strings("a catalog whose strings is an array", "Localizable.xcstrings", .text(#"{"sourceLanguage": "en", "strings": []}"#),
                ["1:37: expected an object, found an array (at strings)"]),
        strings("a catalog value that is a number", "Localizable.xcstrings",
                catalog(#"{"k": {"localizations": {"fr": {"stringUnit": {"state": "translated", "value": 5}}}}}"#),
                ["1:135: expected a string, found a number (at strings.k.localizations.fr.stringUnit.value)"]),
        strings("a repeated trans-unit id", "fr.xliff",
                xliff(#"<trans-unit id="Save"><source>Save</source><target>A</target></trans-unit><trans-unit id="Save"><source>Save</source><target>B</target></trans-unit>"#),
                [#"4:75: <trans-unit id="Save"> repeats the id of line 4 in the same <file>"#]),
        strings("an XLIFF cut short", "fr.xliff", .text("<xliff"), ["1:1: unterminated start tag <xliff>"]),
        strings("a trans-unit without id", "fr.xliff", xliff("<trans-unit><source>Save</source><target>A</target></trans-unit>"), ["4:1: <trans-unit> has no id"]),
        strings("a trans-unit without source", "fr.xliff", xliff(#"<trans-unit id="x"><target>A</target></trans-unit>"#), [#"4:1: <trans-unit id="x"> has no <source>"#]),
        check("a baseline that is not JSON", ["base-in.json": .text("{ nope")], inputs: [], options: ["--baseline", "base-in.json"],
              errors: ["base-in.json:1:3: expected a string key"]),
    ]

    static let options: [Case] = [
        option("--devices \"\"", ["--devices", ""], "--devices is empty: give device names, separated by commas, or leave the option out"),
        option("--languages ../../x,zz-Bogus", ["--languages", "../../x,zz-Bogus"], "--languages: '../../x' is not a BCP 47 language tag (such as en, pt-BR, zh-Hans or sr-Latn-RS)"),
        option("an unknown device", ["--devices", "iPhone 99"], #"unknown device 'iPhone 99'; babelfit knows iPhone SE (3rd generation), iPhone 15, iPhone 15 Pro Max, iPad (10th generation) and 50 more (the README lists them; add "landscape" after a name for landscape), and design (each layout's design device)"#),
        option("an unknown content size", ["--content-sizes", "XXXXL"], "unknown content size 'XXXXL'; expected one of XS, S, M, L, XL, XXL, XXXL, AX1, AX2, AX3, AX4, AX5"),
        option("--content-sizes \"\"", ["--content-sizes", ""], "--content-sizes is empty: give content sizes (XS … AX5), separated by commas, or leave the option out"),
        option("--jobs -1", ["--jobs", "-1"], "--jobs expects 0 (one per core) to 1024"),
        option("--shard 3/2", ["--shard", "3/2"], "--shard expects I/N with 1 ≤ I ≤ N, got '3/2'"),
        option("--format pdf", ["--format", "pdf"], "--format must be text, json, junit, sarif or github, got 'pdf'"),
        option("an unknown option", ["--frobnicate"], "unknown option --frobnicate"),
        option("--output naming an input", ["--output", "Layouts/Fine.json"], "Layouts/Fine.json is one of the inputs: babelfit does not write over what it reads; choose another output"),
        option("--output naming a folder", ["--output", "Folder"], "cannot write Folder: it is a folder", files: ["Folder": .folder]),
        option("--fonts without a catalog", ["--fonts", "NoFonts"], "NoFonts/catalog.json: font catalog not found (pass --fonts DIR, the folder with catalog.json)"),
        command("a config that is not JSON", ["babelfit.json": .text("{ nope")], ["check", "--config", "babelfit.json"],
                errors: ["babelfit.json:1:3: error: expected a string key"]),
        command("a config with an unknown option", ["babelfit.json": .text(#"{ "colour": "red" }"#)], ["check", "--config", "babelfit.json"],
                errors: ["babelfit.json:1:3: error: colour: unknown option; expected one of allowUntranslated, baseline, contentSizes, customDevices, developmentLanguage, devices, documentationLanguages, fonts, format, jobs, languages, layouts, output, severities, strings, systemFonts"]),
    ]

    static let commands: [Case] = [
        command("a shard whose findings is a string", ["shard.json": .text(#"{ "format": 1, "runs": [ { "index": 0, "findings": "truncated" } ] }"#)],
                ["merge", "shard.json", "-o", "out.txt"], errors: ["shard.json:1:52: error: runs[0].findings: expected an array of findings, found a string"]),
        command("a shard that is not JSON", ["shard.json": .text("nope")], ["merge", "shard.json", "-o", "out.txt"],
                errors: ["shard.json:1:2: error: invalid literal, expected 'null'"]),
        command("generate swift with argNum 2147483648", ["S/Localizable.xcstrings": catalog(argNum)], ["generate", "swift", "S", "-o", "out.txt"],
                errors: ["S/Localizable.xcstrings:1:199: error: argNum 2147483648 is past babelfit's limit of 100 arguments (at strings.count.localizations.en.substitutions.items.argNum)"]),
        command("a lone % and %l in the development language (lint)", ["S/en.lproj/Localizable.strings": .text("\"a\" = \"%d of %\";\n\"b\" = \"50%l off\";\n")],
                ["strings", "lint", "S"], status: 1, errors: [
                    "S/en.lproj/Localizable.strings:1:1: error: the en text of \"a\" has %: a % that starts no format specifier (write %% for a percent sign) [invalid-format]",
                    "S/en.lproj/Localizable.strings:2:1: error: the en text of \"b\" has %l: %l is not a whole format specifier: it lacks its conversion (d, @, f…) [invalid-format]",
                    "2 errors, 0 warnings",
                ]),
        command("measure --width -5", [:], ["measure", "Hello", "--width", "-5"], errors: ["babelfit measure: --width must be more than 0"]),
        command("measure --size 0", [:], ["measure", "Hello", "--size", "0"], errors: ["babelfit measure: --size must be more than 0"]),
        command("layout on an unknown device", [:], ["layout", "Layouts/Fine.json", "--device", "iPhone 99"],
                errors: [#"babelfit layout: unknown device 'iPhone 99'; babelfit knows iPhone SE (3rd generation), iPhone 15, iPhone 15 Pro Max, iPad (10th generation) and 50 more (the README lists them; add "landscape" after a name for landscape), and design (each layout's design device)"#]),
        command("layout in a language that is no tag", [:], ["layout", "Layouts/Fine.json", "--language", "../x"],
                errors: ["babelfit layout: --language: '../x' is not a BCP 47 language tag (such as en, pt-BR, zh-Hans or sr-Latn-RS)"]),
    ]

    func testEveryBadInputIsNamedAndNothingElseIsLost() throws {
        XCTAssertGreaterThanOrEqual(Self.cases.count, 60)
        var failures: [String] = []
        for item in Self.cases {
            let failure = try run(item)
            if let failure { failures.append("\(item.name): \(failure)") }
        }
        XCTAssertEqual(failures, [], failures.joined(separator: "\n\n"))
    }

    /// Runs a case in a folder of its own; nil when it went as expected, else what went wrong.
    func run(_ item: Case) throws -> String? {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("babelfit-catalogue-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: folder) }
        var files = item.files
        files["Layouts/Fine.json"] = files["Layouts/Fine.json"] ?? .text(Self.fine)
        files["Strings/en.lproj/Localizable.strings"] = files["Strings/en.lproj/Localizable.strings"] ?? .text(#""title" = "Title";"#)
        files["baseline.json"] = .text(Self.baseline)
        files["out.txt"] = .text(Self.output)
        for (name, content) in files {
            let url = folder.appendingPathComponent(name)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            switch content {
            case .text(let text): try Data(text.utf8).write(to: url)
            case .bytes(let bytes): try Data(bytes).write(to: url)
            case .fifo: XCTAssertEqual(mkfifo(url.path, 0o644), 0, url.path)
            case .folder: try manager.createDirectory(at: url, withIntermediateDirectories: true)
            case .size(let size):
                XCTAssertTrue(manager.createFile(atPath: url.path, contents: nil))
                XCTAssertEqual(truncate(url.path, off_t(size)), 0)
            }
        }
        let isCheck = item.isCheck
        let arguments = item.arguments + (isCheck ? ["--format", "json", "--output", "report.json", "--write-baseline", "baseline.json"] : [])
        let result = try Binary.run(arguments, in: folder)
        var problems: [String] = []
        if result.status != item.status { problems.append("exit status \(result.status), expected \(item.status)") }
        if isCheck {
            guard let data = manager.contents(atPath: folder.appendingPathComponent("report.json").path),
                  let report = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                return "no JSON report; stderr: \(result.stderr)"
            }
            let errors = (report["inputErrors"] as? [[String: Any]] ?? []).map { error -> String in
                var place = error["file"] as? String ?? "?"
                if let line = error["line"] { place += ":\(line)" }
                if let column = error["column"] { place += ":\(column)" }
                return "\(place): \(error["message"] as? String ?? "")"
            }
            if errors != item.errors { problems.append("errors:\n  \(errors.joined(separator: "\n  "))\nexpected:\n  \(item.errors.joined(separator: "\n  "))") }
            var layouts: [String] = []
            for run in report["runs"] as? [[String: Any]] ?? [] {
                if let layout = run["layout"] as? String, !layouts.contains(layout) { layouts.append(layout) }
            }
            if layouts.sorted() != item.checked { problems.append("checked \(layouts.sorted()), expected \(item.checked)") }
        } else {
            let lines = (item.arguments.prefix(2) == ["strings", "lint"] ? result.stdout : result.stderr)
                .split(separator: "\n").map(String.init)
            if lines != item.errors { problems.append("stderr:\n  \(lines.joined(separator: "\n  "))\nexpected:\n  \(item.errors.joined(separator: "\n  "))") }
        }
        for (name, before) in [("baseline.json", Self.baseline), ("out.txt", Self.output)] {
            let after = manager.contents(atPath: folder.appendingPathComponent(name).path).map { String(decoding: $0, as: UTF8.self) }
            if after != before { problems.append("\(name) was touched: \(after ?? "removed")") }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "\n")
    }
}
