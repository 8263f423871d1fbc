import Support

/// `check --format json`: the report as report-format.md specifies it, with
/// keys sorted and numbers of at most three decimals, so the same inputs give
/// the same bytes. Added to the specified shape (fields may be added): each
/// run's `index` in the full run list (what `merge` orders by), findings'
/// `key`, `constraints`, `otherView`, `line` and `baselined`, and at the top
/// `inputErrors`, `fixed` (with a baseline) and `shard` (when sharded), each
/// only when it applies; findings' verified `fixes` and an ambiguity's `tie` (Fix.swift); and views' `textLanguage`, where a text came from another language,
/// and `alignment`, a text view's alignment as drawn; `limits` with `check --limits`.
public enum JSONReport {
    /// The report as ``value(_:)`` gives it, written run by run: a check's runs are most of
    /// its report, and the value of each is made only when its turn comes (the whole report as
    /// one value took about four times the size of the text it writes).
    public static func render(_ report: CheckReport) -> String {
        var whole = ""
        write(report) { whole += $0 }
        return whole
    }

    /// The text ``render(_:)`` gives, handed to `emit` in pieces of about a megabyte, each
    /// ending after a run: how `check` writes a whole app's report without holding its text.
    public static func write(_ report: CheckReport, to emit: (String) throws -> Void) rethrows {
        try write(report, to: emit) { out, indent in
            try JSONValue.writeArray(count: report.runs.count, to: &out, indent: indent) { index, out, indent in
                value(report.runs[index]).write(to: &out, indent: indent)
                if out.utf8.count >= pieceSize {
                    try emit(out)
                    out = ""
                }
            }
        }
    }

    /// The text ``render(_:)`` gives, but for the runs, which `spool` holds as this text
    /// writes them (``JSONRunSpool``): the report's runs may have lost their views, as long as
    /// they are as many as the spool's and in its order. `emit` is handed pieces of about a
    /// megabyte.
    public static func write(_ report: CheckReport, spooled spool: JSONRunSpool,
                             to emit: (String) throws -> Void) throws {
        precondition(spool.count == report.runs.count, "a spool of \(spool.count) runs for a report of \(report.runs.count)")
        try write(report, to: emit) { out, indent in
            guard spool.count > 0 else { return out += "[]" }
            out += "["
            try emit(out)
            out = ""
            try spool.read(in: pieceSize, to: emit)
            JSONValue.closeArray(to: &out, indent: indent)
        }
    }

    /// The report's members in key order, the runs written by `runs` (given the text so far,
    /// which it may emit and empty, and the runs' indentation), the last piece emitted.
    private static func write(_ report: CheckReport, to emit: (String) throws -> Void,
                              runs: (inout String, Int?) throws -> Void) rethrows {
        guard case .object(let members) = value(report, runs: false) else { preconditionFailure("a report is an object") }
        var out = ""
        try JSONValue.writeObject(keys: Array(members.keys) + ["runs"], to: &out, indent: 0) { key, out, indent in
            guard key == "runs" else { return members[key]!.write(to: &out, indent: indent) }
            assert(indent == runsIndent, "the runs are spooled at the indentation they are written at")
            try runs(&out, indent)
        }
        out += "\n"
        try emit(out)
    }

    /// The indentation of the report's runs array (a member of the top-level object).
    static let runsIndent = 1

    private static let pieceSize = 1 << 20

    public static func value(_ report: CheckReport) -> JSONValue {
        value(report, runs: true)
    }

    /// The report's value, with its runs or without them (what ``render(_:)`` adds run by run).
    private static func value(_ report: CheckReport, runs: Bool) -> JSONValue {
        var object: [String: JSONValue] = [
            "format": .number(Double(CheckReport.format)),
            "tool": .object(["name": .string("babelfit"), "version": .string(report.toolVersion)]),
            "summary": summary(report),
        ]
        if runs { object["runs"] = .array(report.runs.map(value)) }
        func located(_ error: InputError) -> JSONValue {
            var item: [String: JSONValue] = ["file": .string(error.file), "message": .string(error.message)]
            if let line = error.line { item["line"] = .number(Double(line)) }
            if let column = error.column { item["column"] = .number(Double(column)) }
            return .object(item)
        }
        if !report.inputErrors.isEmpty { object["inputErrors"] = .array(report.inputErrors.map(located)) }
        if !report.readerNotes.isEmpty { object["readerNotes"] = .array(report.readerNotes.map(located)) }
        if let fixed = report.fixed {
            object["fixed"] = .array(fixed.map { .object(["fingerprint": .string($0.fingerprint), "message": .string($0.message)]) })
        }
        if let shard = report.shard { object["shard"] = .string(shard) }
        if let planned = report.plannedRuns { object["plannedRuns"] = .number(Double(planned)) }
        if let limits = report.limits { object["limits"] = ScreenLimits.json(limits) }
        return .object(object)
    }

    /// `{ "runs", "findings": { kind: count }, "errors", "warnings", "failing" }`.
    public static func summary(_ report: CheckReport) -> JSONValue {
        var kinds: [String: JSONValue] = [:]
        for (_, finding) in report.allFindings {
            if case let .number(count)? = kinds[finding.kind.rawValue] {
                kinds[finding.kind.rawValue] = .number(count + 1)
            } else {
                kinds[finding.kind.rawValue] = .number(1)
            }
        }
        return .object([
            "runs": .number(Double(report.runs.count)),
            "findings": .object(kinds),
            "errors": .number(Double(report.count(.error))),
            "warnings": .number(Double(report.count(.warning))),
            "failing": .number(Double(report.failingFindings)),
        ])
    }

    public static func value(_ run: RunReport) -> JSONValue {
        .object([
            "index": .number(Double(run.index)),
            "layout": .string(run.layout),
            "file": .string(run.file),
            "language": .string(run.language),
            "direction": .string(run.direction),
            "device": .string(run.device),
            "contentSize": .string(run.contentSize),
            "views": .array(run.views.map(value)),
            "findings": .array(run.findings.map(value)),
        ].merging(run.systemFont.map { ["systemFont": .string($0)] } ?? [:]) { $1 })
    }

    static func value(_ view: ViewReport) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(view.id),
            "frame": .array(view.frame.map { .number($0) }),
            "flipped": .bool(view.flipped),
        ]
        if let text = view.text { object["text"] = .string(text) }
        if let shown = view.shown { object["shown"] = .string(shown) }
        if let lines = view.lines { object["lines"] = .number(Double(lines)) }
        if let font = view.font { object["font"] = .string(font) }
        if let source = view.textLanguage { object["textLanguage"] = .string(source) }
        if let alignment = view.alignment { object["alignment"] = .string(alignment) }
        return .object(object)
    }

    static func value(_ finding: Finding) -> JSONValue {
        var object: [String: JSONValue] = [
            "kind": .string(finding.kind.rawValue),
            "severity": .string(finding.severity.rawValue),
            "message": .string(finding.message),
        ]
        if let view = finding.view { object["view"] = .string(view) }
        if let needed = finding.needed { object["needed"] = .number(needed) }
        if let available = finding.available { object["available"] = .number(available) }
        if let lines = finding.neededLines { object["neededLines"] = .number(Double(lines)) }
        if let lines = finding.availableLines { object["availableLines"] = .number(Double(lines)) }
        if let text = finding.text { object["text"] = .string(text) }
        if let shown = finding.shown { object["shown"] = .string(shown) }
        if let key = finding.key { object["key"] = .string(key) }
        if let note = finding.translatorNote { object["translatorNote"] = .string(note) }
        if let constraints = finding.constraints { object["constraints"] = .array(constraints.map { .string($0) }) }
        if let other = finding.otherView { object["otherView"] = .string(other) }
        if let line = finding.line { object["line"] = .number(Double(line)) }
        if finding.baselined { object["baselined"] = .bool(true) }
        if !finding.fixes.isEmpty { object["fixes"] = .array(finding.fixes.map(\.jsonValue)) }
        if let tie = finding.tie { object["tie"] = tie.jsonValue }
        return .object(object)
    }
}
