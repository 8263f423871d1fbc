import Foundation
import Localization
import Text

/// `babelfit strings lint` and `babelfit generate swift`: reading, checking
/// and generating from translation files. The library computes; this only
/// parses arguments, prints and chooses the exit status.
public enum StringsCommand {
    static let lintUsage = """
    usage: babelfit strings lint [DIR…] [--format text|json|sarif|github] [--output FILE]
                                 [--development-language LANG] [--only KIND[,KIND…]] [--summary]

    Reads every .lproj (.strings, .stringsdict), String Catalog (.xcstrings) and XLIFF
    (.xliff, .xcloc) below the folders (default: the current folder) and reports missing
    translations, keys absent from the development language, empty values, duplicate keys,
    format-specifier mismatches, new / needs-review / stale entries and missing plural
    categories. A file that cannot be read is reported with its line and column; the
    others are still checked.

      --format      text (default), json, sarif (SARIF 2.1.0) or github (workflow commands)
      --output      write the report to FILE instead of standard output
      --development-language
                    the language the app is written in (default: a catalog's sourceLanguage, else en)
      --only        report only these kinds (\(LintFinding.Kind.allCases.map(\.rawValue).joined(separator: ", ")))
      --summary     also print, on standard error, how many files of each kind were read

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
            parsed = try Arguments(arguments, options: ["format", "output", "development-language", "only"],
                                   flags: ["summary", "help"])
            if parsed.flag("help") {
                print(lintUsage)
                return 0
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
        let folders = parsed.positional.isEmpty ? ["."] : parsed.positional
        let translations = Translations(folders: folders, developmentLanguage: parsed.value("development-language"))
        let findings = translations.lint(only: kinds)
        let report = LintReport.render(findings, as: format, toolVersion: BabelfitVersion.string)
        guard emit(report, to: parsed.value("output"), command: "strings lint") else { return 2 }
        if parsed.flag("summary") {
            let counts = LoadedFile.Kind.allCases.map { kind in
                "\(translations.files.filter { $0.kind == kind }.count) .\(kind.rawValue)"
            }
            printError("babelfit strings lint: read \(translations.files.count) files (\(counts.joined(separator: ", "))), "
                + "\(translations.problems.count) unreadable, \(translations.languages.count) languages, "
                + "\(translations.tables.count) tables")
        }
        if !translations.problems.isEmpty { return 2 }
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
        // `-o FILE` is a short option, which Arguments does not know: turn it into --output.
        var rest: [String] = []
        var remaining = Array(arguments.dropFirst())[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                rest.append(argument)
                rest.append(contentsOf: remaining)
                break
            }
            rest.append(argument == "-o" ? "--output" : argument)
        }
        let parsed: Arguments
        do {
            parsed = try Arguments(rest, options: ["output", "type-name", "development-language"], flags: ["help"])
        } catch {
            printError("babelfit generate swift: \(error)\n\n\(generateUsage)")
            return 2
        }
        if parsed.flag("help") {
            print(generateUsage)
            return 0
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
        guard emit(source, to: parsed.value("output"), command: "generate swift") else { return 2 }
        return 0
    }

    /// Writes `text` whole or not at all to the file `output` (a temporary file in
    /// its folder renamed into place), or to standard output; false (with a message)
    /// when the file cannot be written.
    private static func emit(_ text: String, to output: String?, command: String) -> Bool {
        do {
            try Output.write(text, to: output)
            return true
        } catch {
            printError("babelfit \(command): \(error)")
            return false
        }
    }
}
