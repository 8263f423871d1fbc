import Support

extension CheckReport {
    /// Reads a report `check --format json` wrote (format 1, report-format.md) back into the
    /// value the writers take, so that a saved report can be shown again (`babelfit report`).
    /// Fields the reader does not know are passed over (the format may add fields); a field it
    /// needs that is missing or of the wrong kind is an `InputError` with the file, line, column
    /// and JSON path (`runs[3].findings[0].kind: unknown value 'cut'; expected one of …`).
    public init(json text: String, file: String) throws {
        let root: JSONNode
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw InputError(file: file, line: error.line, column: error.column, message: error.message)
        }
        do {
            self = try ReportReader.report(JSONCursor(node: root, path: "", file: file))
        } catch let error as JSONDecodingError {
            throw InputError(file: file, line: error.line, column: error.column,
                             message: error.path.isEmpty ? error.message : "\(error.path): \(error.message)")
        }
    }
}

/// The parts of `CheckReport(json:file:)`, one per value of the format.
private enum ReportReader {
    /// An object's members, whatever their names (the format may add fields); a key given twice is an error.
    static func object(_ cursor: JSONCursor, _ what: String) throws -> JSONObjectCursor {
        guard case .object(let members) = cursor.node.value else {
            throw cursor.fail("expected \(what), found \(cursor.node.kindName)")
        }
        return try cursor.object(allowing: members.map(\.key), what: what)
    }

    static func optional<T>(_ object: JSONObjectCursor, _ key: String,
                            _ read: (JSONCursor) throws -> T) throws -> T? {
        guard let field = object[key], !isNull(field) else { return nil }
        return try read(field)
    }

    static func isNull(_ cursor: JSONCursor) -> Bool {
        if case .null = cursor.node.value { return true }
        return false
    }

    static func report(_ cursor: JSONCursor) throws -> CheckReport {
        let root = try object(cursor, "a babelfit report")
        let format = try root.required("format")
        guard case .number(let number) = format.node.value, number == Double(CheckReport.format) else {
            throw format.fail("expected a babelfit report of format \(CheckReport.format)")
        }
        var version = ""
        if let tool = root["tool"] { version = try optional(try object(tool, "the tool"), "version") { try $0.string() } ?? "" }
        var runs: [RunReport] = []
        for item in try root.required("runs").array() { runs.append(try run(item)) }
        /// `inputErrors` and `readerNotes`: a message at a place.
        func located(_ key: String, _ what: String) throws -> [InputError] {
            var items: [InputError] = []
            for item in try optional(root, key, { try $0.array() }) ?? [] {
                let entry = try object(item, what)
                items.append(InputError(file: try entry.required("file").string(),
                                        line: try optional(entry, "line") { try $0.integer() },
                                        column: try optional(entry, "column") { try $0.integer() },
                                        message: try entry.required("message").string()))
            }
            return items
        }
        let inputErrors = try located("inputErrors", "an input error")
        var fixed: [FixedFinding]?
        if let items = try optional(root, "fixed", { try $0.array() }) {
            fixed = []
            for item in items {
                let entry = try object(item, "a fixed finding")
                fixed?.append(FixedFinding(fingerprint: try entry.required("fingerprint").string(),
                                           message: try entry.required("message").string()))
            }
        }
        var report = CheckReport(toolVersion: version, runs: runs, inputErrors: inputErrors, fixed: fixed,
                                 shard: try optional(root, "shard") { try $0.string() },
                                 plannedRuns: try optional(root, "plannedRuns") { try $0.integer() })
        report.readerNotes = try located("readerNotes", "a reader note")
        return report
    }

    static func run(_ cursor: JSONCursor) throws -> RunReport {
        let run = try object(cursor, "a run")
        var report = RunReport(index: try run.required("index").integer(), layout: try run.required("layout").string(),
                               file: try run.required("file").string(), language: try run.required("language").string(),
                               direction: try run.required("direction").string(), device: try run.required("device").string(),
                               contentSize: try run.required("contentSize").string(), views: [], findings: [])
        report.systemFont = try optional(run, "systemFont") { try $0.string() }
        for item in try optional(run, "views", { try $0.array() }) ?? [] { report.views.append(try view(item)) }
        for item in try run.required("findings").array() { report.findings.append(try finding(item)) }
        return report
    }

    static func view(_ cursor: JSONCursor) throws -> ViewReport {
        let item = try object(cursor, "a view")
        var frame: [Double] = []
        for number in try item.required("frame").array() { frame.append(try number.number()) }
        guard frame.count == 4 else { throw try item.required("frame").fail("expected [x, y, width, height]") }
        func text(_ key: String) throws -> String? {
            try optional(item, key) { try $0.string() }
        }
        var view = ViewReport(id: try item.required("id").string(), frame: frame, text: try text("text"),
                              shown: try text("shown"),
                              lines: try optional(item, "lines") { try $0.integer() },
                              font: try text("font"),
                              flipped: try optional(item, "flipped") { try $0.bool() } ?? false)
        view.alignment = try text("alignment")
        view.textLanguage = try text("textLanguage")
        return view
    }

    static func finding(_ cursor: JSONCursor) throws -> Finding {
        let item = try object(cursor, "a finding")
        func text(_ key: String) throws -> String? {
            try optional(item, key) { try $0.string() }
        }
        func number(_ key: String) throws -> Double? {
            try optional(item, key) { try $0.number() }
        }
        func integer(_ key: String) throws -> Int? {
            try optional(item, key) { try $0.integer() }
        }
        var constraints: [String]?
        if let items = try optional(item, "constraints", { try $0.array() }) {
            constraints = []
            for constraint in items { constraints?.append(try constraint.string()) }
        }
        var finding = Finding(kind: try item.required("kind").oneOf(FindingKind.self),
                       severity: try item.required("severity").oneOf(Severity.self),
                       view: try text("view"), message: try item.required("message").string(),
                       needed: try number("needed"), available: try number("available"),
                       neededLines: try integer("neededLines"), availableLines: try integer("availableLines"),
                       text: try text("text"), shown: try text("shown"), key: try text("key"),
                       constraints: constraints, otherView: try text("otherView"), line: try integer("line"),
                       baselined: try optional(item, "baselined") { try $0.bool() } ?? false)
        finding.subject.translatorNote = try text("translatorNote")
        for fix in try optional(item, "fixes", { try $0.array() }) ?? [] { finding.fixes.append(try FixReader.fix(fix)) }
        finding.tie = try optional(item, "tie", FixReader.tie)
        return finding
    }
}

/// A finding's `fixes` and `tie` (Fix.swift), as the JSON report writes them.
private enum FixReader {
    static func fix(_ cursor: JSONCursor) throws -> Fix {
        let item = try ReportReader.object(cursor, "a fix")
        var fix = Fix(summary: try item.required("summary").string())
        if let constraints = item["constraints"] {
            let lists = try ReportReader.object(constraints, "a fix's constraints")
            fix.removeConstraints = try strings(lists["remove"])
            fix.addConstraints = try strings(lists["add"])
        }
        if let views = item["views"] {
            let byView = try ReportReader.object(views, "a fix's views")
            for member in byView.members { fix.views[member.key] = try view(byView.required(member.key)) }
        }
        if let text = item["text"] {
            let edit = try ReportReader.object(text, "a fix's text")
            fix.text = TextEdit(key: try edit.required("key").string(), table: try edit.required("table").string(),
                                language: try edit.required("language").string(),
                                maxWidth: try edit.required("maxWidth").number(), shorterBy: try edit.required("shorterBy").number(),
                                characters: try edit.required("characters").integer())
        }
        if let wraps = item["wraps"] {
            let outcome = try ReportReader.object(wraps, "a fix's wrapping")
            fix.wraps = WrapOutcome(view: try outcome.required("view").string(), lines: try outcome.required("lines").integer(),
                                    height: try outcome.required("height").number())
        }
        return fix
    }

    static func tie(_ cursor: JSONCursor) throws -> PriorityTie {
        let item = try ReportReader.object(cursor, "a priority tie")
        guard let priority = PriorityTie.Priority(rawValue: try item.required("priority").string()) else {
            throw try item.required("priority").fail("expected hugging or compressionResistance")
        }
        return PriorityTie(priority: priority, axis: try item.required("axis").string(),
                           value: try item.required("value").integer(), views: try strings(item.required("views")))
    }

    private static func strings(_ cursor: JSONCursor?) throws -> [String] {
        guard let cursor else { return [] }
        return try cursor.array().map { try $0.string() }
    }

    private static func view(_ cursor: JSONCursor) throws -> ViewEdit {
        let item = try ReportReader.object(cursor, "a fix's view")
        func priorities(_ key: String) throws -> AxisPriorityEdit? {
            guard let field = item[key] else { return nil }
            let pair = try ReportReader.object(field, "a priority pair")
            return AxisPriorityEdit(horizontal: try pair["h"]?.integer(), vertical: try pair["v"]?.integer())
        }
        return ViewEdit(lines: try item["lines"]?.integer(), hugging: try priorities("hugging"),
                        compressionResistance: try priorities("compressionResistance"),
                        minimumScaleFactor: try item["minimumScaleFactor"]?.number(), alignment: try item["alignment"]?.string())
    }
}
