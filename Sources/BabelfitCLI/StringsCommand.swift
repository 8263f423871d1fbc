import Foundation
import InterfaceBuilder
import Layout
import Localization
import Reports
import Text
import Checks

/// `babelfit strings lint`, `babelfit strings extract` and `babelfit generate swift`:
/// reading, checking and generating translation files. The library computes; this only
/// parses arguments, prints and chooses the exit status.
public enum StringsCommand {
    static let lintUsage = """
    usage: babelfit strings lint [DIR…] [--format text|json|sarif|github] [--output FILE]
                                 [--development-language LANG] [--only KIND[,KIND…]] [--summary]
                                 [--sources PATH]… [--allow-untranslated TEXT[,TEXT…]] [--config FILE]
                                 [--documentation-languages LANG[,LANG…]] [--budgets PATH]… [--fonts DIR]

    Reads every .lproj (.strings, .stringsdict), String Catalog (.xcstrings) and XLIFF
    (.xliff, .xcloc) below the folders (default: the current folder) and reports missing
    translations, keys absent from the development language, empty values, duplicate keys,
    format-specifier mismatches, new / needs-review / stale entries, missing plural
    categories, translations identical to the development language's text, and translations
    whose first strong character goes against their language's direction. A file that
    cannot be read is reported with its line and column; the others are still checked.

      --format      text (default), json, sarif (SARIF 2.1.0) or github (workflow commands)
      --output      write the report to FILE instead of standard output
      --development-language
                    the language the app is written in (default: a catalog's sourceLanguage, else en)
      --only        report only these kinds (\(LintFinding.Kind.allCases.map(\.rawValue).joined(separator: ", ")))
      --summary     also print, on standard error, how many files of each kind were read
      --sources     Swift sources and layouts (files or folders; repeatable), as `strings extract`
                    reads them: also report keys they do not use (unused-key) and keys they use
                    that the development language lacks (undefined-key, an error)
      --allow-untranslated
                    texts (or keys) that may stay the same in every language, such as OK
                    (added to the config's allowUntranslated)
      --config      babelfit.json (default: ./babelfit.json when present): its allowUntranslated,
                    documentationLanguages and developmentLanguage
      --documentation-languages
                    languages that hold notes for translators, not translations (default:
                    qqq); never checked, their notes printed under the findings of their keys
      --budgets     layouts (a file or folder, as `strings budgets` takes them; repeatable): also
                    report each translation of theirs wider than its key's room (budget, an error)
      --fonts       the fonts the budgets are measured with (default: as `check` finds them)

    Exit status: 0 no error, 1 an error was found, 2 an input could not be read (or bad usage).
    """

    static let generateUsage = """
    usage: babelfit generate swift [DIR…] [-o FILE] [--type-name NAME] [--development-language LANG]

    Writes a Swift source with a typed accessor for every key of every table below the
    folders (default: the current folder): a property for a key without arguments, a
    function whose parameters follow the key's format specifiers otherwise.

      -o, --output  the file to write (default: standard output)
      --type-name   the enclosing enum (default: Strings)

    When a translation file cannot be read, its errors are printed and nothing is
    written: FILE keeps what it had. The file is written whole or not at all.

    Exit status: 0 written, 2 a file could not be read or written (or bad usage).
    """

    /// `babelfit strings lint …`; `arguments` are those after `lint`.
    public static func lint(_ arguments: [String]) -> Int32 {
        let parsed: Arguments
        let format: LintReportFormat
        let kinds: Set<LintFinding.Kind>?
        do {
            parsed = try Arguments(arguments, options: ["format", "output", "development-language", "only", "sources",
                                                        "allow-untranslated", "documentation-languages", "config",
                                                        "budgets", "fonts"],
                                   flags: ["summary", "help"])
            if parsed.flag("help") {
                print(lintUsage)
                return 0
            }
            if let tag = parsed.value("development-language") {
                _ = try OptionValues.language(tag, option: "development-language")
            }
            let formatName = parsed.value("format") ?? "text"
            guard let chosen = LintReportFormat(rawValue: formatName) else {
                throw UsageError("--format must be text, json, sarif or github, not '\(formatName)'")
            }
            format = chosen
            let only = parsed.list("only")
            if only.isEmpty {
                kinds = nil
            } else {
                kinds = Set(try only.map { name in
                    guard let kind = LintFinding.Kind(rawValue: name) else { throw UsageError("--only: unknown kind '\(name)'") }
                    return kind
                })
            }
        } catch {
            printError("babelfit strings lint: \(error)\n\n\(lintUsage)")
            return 2
        }
        // babelfit.json (or --config): the allowed untranslated texts, the documentation
        // languages and the development language, where the command line does not say.
        var config = CheckConfig()
        let configPath = parsed.value("config") ?? (FileManager.default.fileExists(atPath: "babelfit.json") ? "babelfit.json" : nil)
        if let configPath {
            do { config = try CheckConfig(path: configPath) } catch {
                printError("\(error)")
                return 2
            }
        }
        let folders = parsed.positional.isEmpty ? ["."] : parsed.positional
        let documentation = parsed.value("documentation-languages") == nil
            ? config.documentationLanguages : Set(parsed.list("documentation-languages"))
        let translations = Translations(folders: folders,
                                        developmentLanguage: parsed.value("development-language") ?? config.developmentLanguage,
                                        documentationLanguages: documentation)
        let sources = parsed.all("sources").isEmpty ? nil : SourceScan.read(parsed.all("sources"))
        for warning in sources?.warnings ?? [] { printError(warning.description) }
        var findings = translations.lint(only: kinds, sources: sources, allowUntranslated: Set(parsed.list("allow-untranslated") + config.allowUntranslated))
        if !parsed.all("budgets").isEmpty, kinds?.contains(.budget) ?? true {
            guard let overBudget = BudgetsCommand.lintFindings(layouts: parsed.all("budgets"), fonts: parsed.value("fonts"),
                                                               config: configPath) else { return 2 }
            findings = (findings + overBudget).sorted()
        }
        let report = LintReport.render(findings, as: format, toolVersion: BabelfitVersion.string)
        let inputs = translations.files.map(\.path) + (sources?.files ?? [])
        guard emit(report, to: parsed.value("output"), inputs: inputs, command: "strings lint") else { return 2 }
        if parsed.flag("summary") {
            let counts = LoadedFile.Kind.allCases.map { kind in
                "\(translations.files.filter { $0.kind == kind }.count) .\(kind.rawValue)"
            }
            printError("babelfit strings lint: read \(translations.files.count) files (\(counts.joined(separator: ", "))), "
                + "\(translations.problems.count) unreadable, \(translations.languages.count) languages, "
                + "\(translations.tables.count) tables"
                + (sources.map { ", \($0.files.count) sources read (\($0.problems.count) unreadable), \($0.uses.count) key uses" } ?? ""))
        }
        if !translations.problems.isEmpty || !(sources?.problems.isEmpty ?? true) { return 2 }
        return findings.contains { $0.severity == .error } ? 1 : 0
    }

    /// `babelfit generate swift …`; `arguments` are those after `generate`, the
    /// first being the language to generate (`swift`).
    public static func generate(_ arguments: [String]) -> Int32 {
        guard let language = arguments.first, !language.hasPrefix("-") else {
            printError("babelfit generate: say what to generate\n\n\(generateUsage)")
            return 2
        }
        guard language == "swift" else {
            printError("babelfit generate: unknown target '\(language)' (only swift)\n\n\(generateUsage)")
            return 2
        }
        let parsed: Arguments
        do {
            parsed = try Arguments(longOutput(Array(arguments.dropFirst())), options: ["output", "type-name", "development-language"],
                                   flags: ["help"])
        } catch {
            printError("babelfit generate swift: \(error)\n\n\(generateUsage)")
            return 2
        }
        if parsed.flag("help") {
            print(generateUsage)
            return 0
        }
        if let tag = parsed.value("development-language"), let problem = OptionValues.unknownLanguage(tag) {
            printError("babelfit generate swift: --development-language: \(problem)")
            return 2
        }
        let folders = parsed.positional.isEmpty ? ["."] : parsed.positional
        let translations = Translations(folders: folders, developmentLanguage: parsed.value("development-language"))
        // Accessors generated from part of the translations would silently drop keys:
        // when a file cannot be read, nothing is written and the output stays as it was.
        guard translations.problems.isEmpty else {
            for problem in translations.problems { printError(problem.description) }
            return 2
        }
        let source = SwiftCodeGenerator.generate(translations, typeName: parsed.value("type-name") ?? "Strings")
        guard emit(source, to: parsed.value("output"), inputs: translations.files.map(\.path), command: "generate swift") else { return 2 }
        return 0
    }

    static let extractUsage = """
    usage: babelfit strings extract [PATH…] [-o FILE.strings | -o DIR]

    Writes the development language's .strings tables that Swift sources, layouts, storyboards
    and XIBs use. PATH is a Swift file, a layout, a storyboard or XIB, or a folder searched for
    all of them (default: the current folder; storyboards and XIBs below a folder only with
    -o DIR, and not a language's .lproj copy). A storyboard or XIB gives the table named after it
    (Main.storyboard: Main), as `ibtool --export-strings-file` writes it: each text under a
    /* Class = "UILabel"; text = "Name"; ObjectID = "…"; */ comment, keyed ObjectID.property.
    Swift sources and layouts are read as genstrings reads sources, finding,
    with string-literal arguments:
      NSLocalizedString("key", tableName: "T", bundle: …, value: "default", comment: "…")
      String(localized: "key", defaultValue: "default", table: "T", comment: "…")
      LocalizedStringResource("key", defaultValue: "default", table: "T", comment: "…")
      LocalizedStringKey("key"), and SwiftUI's Text("key", tableName: "T", comment: "…")
      (not Text(verbatim:), nor Text of a String variable, which are shown as they are)
    and the "[Key]" and { "key": …, "table": …, "comment": …, "default": … } texts of layouts.

    Each table is its keys, sorted, each under its comments ("No comment provided by
    engineer." when none), its value the default value, else the key; UTF-8.

      -o, --output  FILE.strings for one table, or a folder to write DIR/<Table>.strings in
                    (default: standard output, for one table); a table of two sources (two
                    storyboards named Main, a storyboard and Swift code's table Main) is an error

    A key that is not a string literal (or interpolates), and a key given two different default
    values, are warnings on standard error, with file:line:column. When a source cannot be read,
    nothing is written. Each file is written whole or not at all.

    Exit status: 0 written, 2 a source could not be read or a file written (or bad usage).
    """

    /// `babelfit strings extract …`; `arguments` are those after `extract`.
    public static func extract(_ arguments: [String]) -> Int32 {
        let parsed: Arguments
        do {
            parsed = try Arguments(longOutput(arguments), options: ["output"], flags: ["help"])
        } catch {
            printError("babelfit strings extract: \(error)\n\n\(extractUsage)")
            return 2
        }
        if parsed.flag("help") {
            print(extractUsage)
            return 0
        }
        let paths = parsed.positional.isEmpty ? ["."] : parsed.positional
        // Storyboards found below folders give tables of their own, for a folder of tables only:
        // `-o en.lproj/Localizable.strings` of an app's folder writes the Swift code's table.
        let output = parsed.value("output")
        let toFolder = output.map { !$0.hasSuffix(".strings") } ?? false
        let named = paths.filter(isInterfaceBuilderFile)
        let canonical = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        let namedPaths = Set(named.map(canonical))
        let found = interfaceBuilderFiles(below: paths).filter { !namedPaths.contains(canonical($0)) }
        let interfaceFiles = named + (toFolder ? found : [])
        if !toFolder, !found.isEmpty {
            let what = found.count == 1 ? "1 storyboard or XIB below the folders is" : "\(found.count) storyboards and XIBs below the folders are"
            printError("babelfit strings extract: note: \(what) left out (\(found.map { ($0 as NSString).lastPathComponent }.joined(separator: ", "))): "
                + "each is a table of its own; give -o a folder, or name them, to extract them")
        }
        let sources = SourceScan.read(paths.filter { !isInterfaceBuilderFile($0) })
        for warning in sources.warnings { printError(warning.description) }
        // Tables written from part of the sources would silently drop keys.
        guard sources.problems.isEmpty else {
            for problem in sources.problems { printError(problem.description) }
            return 2
        }
        let extracted = ExtractedStrings(uses: sources.uses)
        for warning in extracted.warnings { printError(warning.description) }
        // Each storyboard's and XIB's table, as ibtool exports it.
        var contents: [String: String] = [:]
        var origins: [String: String] = [:]
        for table in extracted.tableNames {
            contents[table] = extracted.strings(table: table)
            origins[table] = "the Swift sources and layouts"
        }
        for file in interfaceFiles {
            let table = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            if let other = origins[table] {
                printError("babelfit strings extract: the table \(table) would come from both \(other) and \(file): extract them separately")
                return 2
            }
            do {
                contents[table] = InterfaceBuilderStrings.exportStringsFile(try InterfaceBuilderStrings.strings(path: file))
                origins[table] = file
            } catch {
                printError(InputError(decoding: error, file: file).description)
                return 2
            }
        }
        if contents.isEmpty {
            printError("babelfit strings extract: no localized keys in the \(sources.files.count) sources read")
        }
        // One file (or standard output) for one table; a folder with <Table>.strings for each.
        let tables = contents.keys.sorted()
        let files: [(path: String?, table: String?)]
        if let output, !output.hasSuffix(".strings") {
            files = tables.map { ((output as NSString).appendingPathComponent($0 + ".strings"), $0) }
        } else {
            guard tables.count <= 1 else {
                printError("babelfit strings extract: the sources use \(tables.count) tables (\(tables.joined(separator: ", "))): "
                    + "give -o a folder to write one .strings file for each")
                return 2
            }
            files = [(output, tables.first)]
        }
        for (path, table) in files {
            let folder = path.map { ($0 as NSString).deletingLastPathComponent } ?? ""
            do {
                if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            } catch {
                printError("babelfit strings extract: cannot create the folder \(folder): \(error.localizedDescription)")
                return 2
            }
            guard emit(table.flatMap { contents[$0] } ?? "", to: path, inputs: sources.files + interfaceFiles, command: "strings extract") else {
                return 2
            }
        }
        return 0
    }

    private static func isInterfaceBuilderFile(_ path: String) -> Bool {
        StoryboardReader().accepts(fileNamed: (path as NSString).lastPathComponent)
    }

    /// The storyboards and XIBs below the folders among paths (a missing path is the sources'
    /// error, a folder without any is no error here).
    static func interfaceBuilderFiles(below paths: [String]) -> [String] {
        let folders = paths.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
        return InterfaceBuilderImport.interfaceBuilderFiles(in: folders).files
    }

    /// The arguments with the short option `-o` (which Arguments does not know) written `--output`.
    static func longOutput(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                result.append(argument)
                result.append(contentsOf: remaining)
                break
            }
            result.append(argument == "-o" ? "--output" : argument)
        }
        return result
    }

    /// Writes `text` whole or not at all to the file `output` (a temporary file in
    /// its folder renamed into place), or to standard output; false (with a message)
    /// when the file cannot be written.
    private static func emit(_ text: String, to output: String?, inputs: [String], command: String) -> Bool {
        do {
            try Output.write(text, to: output, inputs: inputs)
            return true
        } catch {
            printError("babelfit \(command): \(error)")
            return false
        }
    }
}
