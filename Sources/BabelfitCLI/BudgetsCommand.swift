import Checks
import Foundation
import Layout
import Localization
import Reports
import Support

/// `babelfit strings budgets [PATH…]`: the room every key's text has in the layouts, and
/// `babelfit strings export FILE --budgets PATH`: an XLIFF with that room on each trans-unit.
public enum BudgetsCommand {
    static let usage = """
    usage: babelfit strings budgets [PATH…] [--layouts DIR]… [--strings DIR]… [--fonts DIR] [--config FILE]
                                    [--development-language TAG] [--devices "iPhone 15,…"] [--content-sizes L,AX1]
                                    [--format text|json|csv|xliff] [--output FILE] [--places]

    For every key shown in a layout, the room its text has: at each place it is shown (layout,
    view, device, content size), in the development language's layout with every other text as
    it is, the widest it can be on one line (for a wrapping label, the width it wraps at and
    the lines it can take) without being truncated or clipped, or making another text truncated
    or another view clipped. A key's budget is the smallest over its places; the output names
    the place that sets it. PATHs, --layouts, --strings, --fonts, --config, --devices and
    --content-sizes choose the layouts and places as for `babelfit check`.

      --format   text (default), json, csv, or xliff (the development language's texts, each
                 trans-unit with maxwidth, size-unit="point" and a note in words)
      --places   text, json and csv: every place of every key, not only the one that sets it

    A text fits its budget when its width on one line, in the font of the place (named in the
    output), is at most the budget; widths are in points, on the device's pixel grid.
    Exit status: 0 written, 2 an input could not be read (or bad usage).
    """

    static let exportUsage = """
    usage: babelfit strings export FILE.xliff|DIR.xcloc --budgets PATH [--budgets PATH]… [-o FILE]
                                   [--strings DIR]… [--fonts DIR] [--config FILE] [--devices …] [--content-sizes …]

    Writes the XLIFF (of a .xcloc, its Localized Contents/*.xliff) with each trans-unit whose key
    a layout of PATH shows given maxwidth="N" size-unit="point" and a <note from="babelfit">
    saying the budget in words ("at most 55 pt: about 6 characters of average width in Noto
    Sans 17"), so that translation tools warn while translators type. A trans-unit's earlier
    maxwidth and babelfit note are replaced; nothing else changes.

      -o, --output  the XLIFF to write (default: standard output); written whole or not at all

    Exit status: 0 written, 2 an input could not be read (or bad usage).
    """

    static let formats = ["text", "json", "csv", "xliff"]

    /// `babelfit strings budgets …`; `arguments` are those after `budgets`.
    public static func run(_ arguments: [String]) -> Int32 {
        do {
            let args = try Arguments(arguments, options: ProjectOptions.names.union(["format", "output"]), flags: ["places", "help"])
            if args.flag("help") {
                print(usage)
                return 0
            }
            let format = args.value("format") ?? "text"
            guard formats.contains(format) else { throw UsageError("--format must be text, json, csv or xliff, got '\(format)'") }
            let inputs = try ProjectOptions(args, paths: args.positional)
            try Output.check(args.value("output"), inputs: inputs.files)
            let report = inputs.project.budgets(devices: inputs.devices, contentSizes: inputs.contentSizes)
            for error in report.inputErrors { printError(error.description) }
            guard report.inputErrors.isEmpty else { return 2 }
            let rows = args.flag("places") ? report.places : report.budgets
            let text: String
            switch format {
            case "json": text = json(rows)
            case "csv": text = csv(rows)
            case "xliff": text = xliff(report, project: inputs.project)
            default: text = self.text(rows, places: args.flag("places"))
            }
            try Output.write(text, to: args.value("output"), inputs: inputs.files)
            return 0
        } catch {
            printError(message(error, command: "strings budgets"))
            return 2
        }
    }

    /// `babelfit strings export …`; `arguments` are those after `export`.
    public static func export(_ arguments: [String]) -> Int32 {
        do {
            let args = try Arguments(StringsCommand.longOutput(arguments),
                                     options: ProjectOptions.names.union(["budgets", "output"]), flags: ["help"])
            if args.flag("help") {
                print(exportUsage)
                return 0
            }
            guard args.positional.count == 1, let source = args.positional.first else {
                throw UsageError("name one XLIFF file or .xcloc folder")
            }
            guard !args.all("budgets").isEmpty else { throw UsageError("--budgets PATH names the layouts whose budgets to write") }
            let file = try xliffFile(of: source)
            let bytes = try TextDecoding.readRaw(path: file)
            let document = try XLIFFDocument(bytes: bytes, path: file)
            let inputs = try ProjectOptions(args, paths: args.all("budgets"))
            try Output.check(args.value("output"), inputs: inputs.files + [file])
            let report = inputs.project.budgets(devices: inputs.devices, contentSizes: inputs.contentSizes)
            for error in report.inputErrors { printError(error.description) }
            guard report.inputErrors.isEmpty else { return 2 }
            guard let text = String(bytes: bytes, encoding: .utf8) else {
                throw InputError(file: file, line: 1, column: 1, message: "is not UTF-8; babelfit writes budgets into UTF-8 XLIFF only")
            }
            try Output.write(XLIFFBudgets.annotate(text, document: document, budgets: report), to: args.value("output"),
                             inputs: inputs.files + [file])
            return 0
        } catch {
            printError(message(error, command: "strings export"))
            return 2
        }
    }

    /// `strings lint --budgets PATH`: the translations over their budgets; nil (with the
    /// errors printed) when an input could not be read.
    static func lintFindings(layouts: [String], fonts: String?, config: String?) -> [LintFinding]? {
        do {
            let options = layouts + (fonts.map { ["--fonts", $0] } ?? []) + (config.map { ["--config", $0] } ?? [])
            let inputs = try ProjectOptions(try Arguments(options, options: ProjectOptions.names, flags: []), paths: layouts)
            let report = inputs.project.budgets(devices: inputs.devices, contentSizes: inputs.contentSizes)
            for error in report.inputErrors { printError(error.description) }
            guard report.inputErrors.isEmpty else { return nil }
            return try inputs.project.budgetFindings(report)
        } catch {
            printError(message(error, command: "strings lint"))
            return nil
        }
    }

    private static func message(_ error: any Error, command: String) -> String {
        switch error {
        case let error as UsageError: return "babelfit \(command): \(error)\n\n\(command == "strings export" ? exportUsage : usage)"
        case let error as InputError: return error.description
        case let error as LocalizationError: return error.description
        default: return "babelfit \(command): \(error)"
        }
    }

    /// The XLIFF of a path: the file itself, or the one XLIFF in a .xcloc's Localized Contents.
    static func xliffFile(of path: String) throws -> String {
        guard OptionValues.isFolder(path) else { return path }
        let contents = (path as NSString).appendingPathComponent("Localized Contents")
        let found = ((try? FileManager.default.contentsOfDirectory(atPath: contents)) ?? []).filter { $0.hasSuffix(".xliff") }.sorted()
        guard found.count == 1 else {
            throw InputError(file: path, message: found.isEmpty
                ? "has no Localized Contents/*.xliff: not an .xcloc"
                : "has \(found.count) XLIFF files in Localized Contents; name the one to write")
        }
        return (contents as NSString).appendingPathComponent(found[0])
    }

    // MARK: Formats

    static func budgetWords(_ room: PlaceRoom) -> String {
        guard let width = room.room.width else { return "no limit: nothing in the layout limits the text" }
        let characters = room.characters.map { "about \($0) characters of average width in \(room.fontName)" } ?? room.fontName
        if room.room.lines == 1 { return "at most \(Number.format(width)) pt: \(characters)" }
        let lines = room.room.lines == 0 ? "any number of lines" : room.room.lines == 1 ? "1 line" : "\(room.room.lines) lines"
        return "\(lines) of at most \(Number.format(width)) pt: \(characters)"
    }

    static func placeWords(_ place: BudgetPlace) -> String {
        "\(place.layout) \(place.view) · \(place.device) · \(place.contentSize.rawValue)"
    }

    static func text(_ rows: [PlaceRoom], places: Bool) -> String {
        var lines: [String] = []
        var table: String?
        for row in rows {
            if row.table != table {
                table = row.table
                lines.append("\(row.table):")
            }
            lines.append("  \(row.key): \(budgetWords(row))")
            lines.append("    \(places ? "at" : "set by") \(placeWords(row.place)) (\(row.place.file):\(row.place.line))")
        }
        let keys = Set(rows.map { "\($0.table)\u{0}\($0.key)" }).count
        lines.append(places ? "\(rows.count) places of \(keys) keys" : "\(keys) keys")
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ rows: [PlaceRoom]) -> String {
        let budgets: [JSONValue] = rows.map { row in
            .object([
                "key": .string(row.key), "table": .string(row.table),
                "width": row.room.width.map { .number($0) } ?? .null, "lines": .number(Double(row.room.lines)),
                "layout": .string(row.place.layout), "view": .string(row.place.view),
                "device": .string(row.place.device), "contentSize": .string(row.place.contentSize.rawValue),
                "font": .string(row.fontName), "characters": row.characters.map { .number(Double($0)) } ?? .null,
            ])
        }
        return JSONValue.object(["budgets": .array(budgets)]).serialized(pretty: true) + "\n"
    }

    static func csv(_ rows: [PlaceRoom]) -> String {
        func field(_ text: String) -> String {
            text.contains(where: { ",\"\n\r".contains($0) }) ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        }
        var lines = ["key,table,width,lines,layout,view,device,contentSize,font,characters"]
        for row in rows {
            lines.append([
                row.key, row.table, row.room.width.map(Number.format) ?? "", String(row.room.lines), row.place.layout, row.place.view,
                row.place.device, row.place.contentSize.rawValue, row.fontName, row.characters.map(String.init) ?? "",
            ].map(field).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// An XLIFF 1.2 document of the development language's texts, a `<file>` per table.
    static func xliff(_ report: BudgetReport, project: Project) -> String {
        let development = project.translations.developmentLanguage
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">

        """
        var byTable: [String: [PlaceRoom]] = [:]
        for budget in report.budgets { byTable[budget.table, default: []].append(budget) }
        for table in byTable.keys.sorted() {
            out += "  <file original=\"\(XLIFFBudgets.escape(table)).strings\" source-language=\"\(XLIFFBudgets.escape(development))\" datatype=\"plaintext\">\n"
            out += "    <body>\n"
            for budget in byTable[table] ?? [] {
                let source = project.translations.translation(key: budget.key, table: table, language: development)?
                    .message.representativeText ?? budget.key
                out += "      <trans-unit id=\"\(XLIFFBudgets.escape(budget.key))\"\(XLIFFBudgets.attributes(budget))>\n"
                out += "        <source>\(XLIFFBudgets.escape(source))</source>\n"
                out += "        \(XLIFFBudgets.note(budget))\n"
                out += "      </trans-unit>\n"
            }
            out += "    </body>\n  </file>\n"
        }
        return out + "</xliff>\n"
    }
}

/// Budgets written into XLIFF: `maxwidth` and `size-unit` on a trans-unit, and a note.
enum XLIFFBudgets {
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// ` maxwidth="55" size-unit="point"` (nothing for a text without limit); XLIFF's maxwidth is
    /// a whole number, so the budget rounded down.
    static func attributes(_ budget: PlaceRoom) -> String {
        guard let width = budget.room.width else { return "" }
        let lines = budget.room.lines
        let total = lines == 1 ? width : lines == 0 ? nil : width * Double(lines)
        return total.map { " maxwidth=\"\(Int(($0 + 1e-9).rounded(.down)))\" size-unit=\"point\"" } ?? ""
    }

    static func note(_ budget: PlaceRoom) -> String {
        "<note from=\"babelfit\">\(escape(BudgetsCommand.budgetWords(budget) + "; set by " + BudgetsCommand.placeWords(budget.place)))</note>"
    }

    /// The XLIFF text with every trans-unit whose key has a budget (in its file's table) given
    /// it: its start tag's maxwidth and size-unit replaced, its babelfit note replaced.
    static func annotate(_ text: String, document: XLIFFDocument, budgets: BudgetReport) -> String {
        let lineStarts = lineOffsets(text)
        let utf8 = Array(text.utf8)
        var edits: [(range: Range<Int>, replacement: String)] = []
        for file in document.files {
            for unit in file.units {
                guard let budget = budgets.budget(key: unit.id, table: file.tableName),
                      unit.location.line >= 1, unit.location.line <= lineStarts.count else { continue }
                let start = lineStarts[unit.location.line - 1] + max(0, unit.location.column - 1)
                guard let open = find(Array("<trans-unit".utf8), in: utf8, from: start),
                      let tagEnd = find(Array(">".utf8), in: utf8, from: open),
                      let close = find(Array("</trans-unit>".utf8), in: utf8, from: tagEnd) else { continue }
                var tag = String(decoding: utf8[open..<tagEnd], as: UTF8.self)
                for name in ["maxwidth", "size-unit"] {
                    tag = tag.replacingOccurrences(of: " \(name)=\"[^\"]*\"", with: "", options: .regularExpression)
                }
                let selfClosing = tag.hasSuffix("/")
                if selfClosing { continue }
                edits.append((open..<tagEnd, tag + attributes(budget)))
                // The unit's body: an earlier babelfit note goes, the new one comes last.
                var body = String(decoding: utf8[(tagEnd + 1)..<close], as: UTF8.self)
                body = body.replacingOccurrences(of: "\\s*<note from=\"babelfit\">[^<]*</note>", with: "", options: .regularExpression)
                // The unit's own indentation: its children one step further in.
                var lineStart = open
                while lineStart > 0, utf8[lineStart - 1] == UInt8(ascii: " ") || utf8[lineStart - 1] == UInt8(ascii: "\t") { lineStart -= 1 }
                let indent = lineStart > 0 && utf8[lineStart - 1] == UInt8(ascii: "\n")
                    ? "\n" + String(decoding: utf8[lineStart..<open], as: UTF8.self) : ""
                body = body.replacingOccurrences(of: "\\s*$", with: "", options: .regularExpression)
                    + (indent.isEmpty ? "" : indent + "  ") + note(budget) + indent
                edits.append(((tagEnd + 1)..<close, body))
            }
        }
        var result = utf8
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func lineOffsets(_ text: String) -> [Int] {
        var starts = [0]
        for (offset, byte) in text.utf8.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        return starts
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, start >= 0, haystack.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0], Array(haystack[index..<(index + needle.count)]) == needle { return index }
            index += 1
        }
        return nil
    }
}
