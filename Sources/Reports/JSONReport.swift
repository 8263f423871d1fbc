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
        try write(report, flush: { try emit($0.text) }) { writer in
            writer.beginArray()
            for run in report.runs {
                write(run, to: &writer)
                if writer.byteCount >= pieceSize {
                    try emit(writer.text)
                    writer.removeAll()
                }
            }
            writer.endArray()
        }
    }

    /// The text ``render(_:)`` gives, but for the runs, which `spool` holds as this text
    /// writes them (``JSONRunSpool``): the report's runs may have lost their views, as long as
    /// they are as many as the spool's and in its order. `emit` is handed pieces of about a
    /// megabyte.
    public static func write(_ report: CheckReport, spooled spool: JSONRunSpool,
                             to emit: (String) throws -> Void) throws {
        try write(report, spooled: spool, flush: { try emit($0.text) }) { try spool.read(in: pieceSize, to: emit) }
    }

    /// The UTF-8 of the text ``write(_:spooled:to:)`` gives, handed to `emit` in pieces of at
    /// most about a megabyte that may end inside a character: how `check` writes its report
    /// to a file, the spool's text copied as it is read.
    public static func write(_ report: CheckReport, spooled spool: JSONRunSpool,
                             bytes emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        try write(report, spooled: spool, flush: { try $0.withUnsafeBytes(emit) }) {
            try spool.read(in: pieceSize, bytes: emit)
        }
    }

    /// The text ``write(_:spooled:to:)`` gives, written to `output`, a descriptor open for
    /// writing: the text before and after the runs handed to `emit` (which writes it to
    /// `output`), the spool's runs copied to `output` by the system between them
    /// (``JSONRunSpool/copy(to:else:)``). How `check` writes its report.
    public static func write(_ report: CheckReport, spooled spool: JSONRunSpool, to output: Int32,
                             bytes emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        try write(report, spooled: spool, flush: { try $0.withUnsafeBytes(emit) }) {
            try spool.copy(to: output, else: emit)
        }
    }

    /// The report with the spool's runs, the text before them handed to `flush`, then the
    /// spool's text to `read`, the rest to `flush`.
    private static func write(_ report: CheckReport, spooled spool: JSONRunSpool, flush: (JSONWriter) throws -> Void,
                              read: () throws -> Void) throws {
        precondition(spool.count == report.runs.count, "a spool of \(spool.count) runs for a report of \(report.runs.count)")
        try write(report, flush: flush) { writer in
            writer.beginArray()
            if spool.count > 0 {
                try flush(writer)
                writer.removeAll()
                try read()
                writer.skipElements(spool.count)
            }
            writer.endArray()
        }
    }

    /// The report's members in key order, the runs written by `runs` (given the writer of the
    /// text so far, which it may hand out and empty), the rest handed to `flush` at the end.
    private static func write(_ report: CheckReport, flush: (JSONWriter) throws -> Void,
                              runs: (inout JSONWriter) throws -> Void) rethrows {
        guard case .object(let members) = value(report, runs: false) else { preconditionFailure("a report is an object") }
        var writer = JSONWriter(indent: 0)
        writer.beginObject()
        for key in (Array(members.keys) + ["runs"]).sorted() {
            writer.key(key)
            if let member = members[key] {
                writer.value(member)
            } else {
                assert(writer.indent == runsIndent, "the runs are spooled at the indentation they are written at")
                try runs(&writer)
            }
        }
        writer.endObject()
        writer.endLine()
        try flush(writer)
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
        var kinds: [String: Int] = [:]
        for run in report.runs {
            for finding in run.findings { kinds[finding.kind.rawValue, default: 0] += 1 }
        }
        return .object([
            "runs": .number(Double(report.runs.count)),
            "findings": .object(kinds.mapValues { .number(Double($0)) }),
            "errors": .number(Double(report.count(.error))),
            "warnings": .number(Double(report.count(.warning))),
            "failing": .number(Double(report.failingFindings)),
        ])
    }

    public static func value(_ run: RunReport) -> JSONValue {
        JSONValueBuilder.build { write(run, to: &$0) }
    }

    /// Writes the run as ``value(_:)-(RunReport)`` gives it, members in key order.
    public static func write<Sink: JSONSink>(_ run: RunReport, to sink: inout Sink) {
        sink.object { sink in
            sink.member("contentSize", run.contentSize)
            sink.member("device", run.device)
            sink.member("direction", run.direction)
            sink.member("file", run.file)
            sink.member("findings") { $0.array(run.findings) { sink, finding in write(finding, to: &sink) } }
            sink.member("index", run.index)
            sink.member("language", run.language)
            sink.member("layout", run.layout)
            sink.member("systemFont", run.systemFont)
            sink.member("views") { $0.array(run.views) { sink, view in write(view, to: &sink) } }
        }
    }

    static func value(_ view: ViewReport) -> JSONValue {
        JSONValueBuilder.build { write(view, to: &$0) }
    }

    static func write<Sink: JSONSink>(_ view: ViewReport, to sink: inout Sink) {
        sink.object { sink in
            sink.member("alignment", view.alignment)
            sink.member("flipped", view.flipped)
            sink.member("font", view.font)
            sink.member("frame") { $0.array(view.frame) { sink, length in sink.number(length) } }
            sink.member("id", view.id)
            sink.member("lines", view.lines)
            sink.member("shown", view.shown)
            sink.member("text", view.text)
            sink.member("textLanguage", view.textLanguage)
        }
    }

    static func value(_ finding: Finding) -> JSONValue {
        JSONValueBuilder.build { write(finding, to: &$0) }
    }

    static func write<Sink: JSONSink>(_ finding: Finding, to sink: inout Sink) {
        sink.object { sink in
            sink.member("available", finding.available)
            sink.member("availableLines", finding.availableLines)
            if finding.baselined { sink.member("baselined", true) }
            if let constraints = finding.constraints { sink.member("constraints") { $0.array(constraints) } }
            if !finding.fixes.isEmpty {
                sink.member("fixes") { $0.array(finding.fixes) { sink, fix in fix.write(to: &sink) } }
            }
            sink.member("key", finding.key)
            sink.member("kind", finding.kind.rawValue)
            sink.member("line", finding.line)
            sink.member("message", finding.message)
            sink.member("needed", finding.needed)
            sink.member("neededLines", finding.neededLines)
            sink.member("otherView", finding.otherView)
            sink.member("severity", finding.severity.rawValue)
            sink.member("shown", finding.shown)
            sink.member("text", finding.text)
            if let tie = finding.tie { sink.member("tie") { tie.write(to: &$0) } }
            sink.member("translatorNote", finding.translatorNote)
            sink.member("view", finding.view)
        }
    }
}
