import Dispatch
import Foundation
import Layout
import Reports
import Text
import Support

/// What a check covers and how it reports.
public struct CheckOptions: Sendable {
    /// Languages to check; nil: every language the translations have (development language first).
    public var languages: [String]?
    /// Devices to check; nil: each layout's own list, else the four standard devices.
    public var devices: [Device]?
    public var contentSizes: [ContentSize]
    public var severities: SeverityPolicy
    /// Check only shard `index` of `count` (1-based).
    public var shard: (index: Int, count: Int)?
    /// Runs at once; 0: one per core.
    public var jobs: Int
    /// Whether findings carry verified fixes (Fixes.swift).
    public var fixes: Bool = true
    /// Whether each run's report lists its views (frames, texts, fonts), which only a JSON
    /// report writes; without them a check holds much less.
    public var reportsViews: Bool = true
    /// Whether each right-to-left run's mirrored layout is laid out even where it is the run's
    /// own mirrored (``RunContext/mirrorsItself``), in fixes' trials too, and what counts the
    /// runs that read it off and those that laid it out: what a test compares the two ways with.
    var laysOutEveryMirror = false
    var mirrorCounts: MirrorCounts?

    public init(languages: [String]? = nil, devices: [Device]? = nil, contentSizes: [ContentSize] = [.L],
                severities: SeverityPolicy = SeverityPolicy(), shard: (index: Int, count: Int)? = nil, jobs: Int = 0) {
        self.languages = languages
        self.devices = devices
        self.contentSizes = contentSizes
        self.severities = severities
        self.shard = shard
        self.jobs = jobs
    }
}

extension Project {
    /// Lays out one layout in one language, device and content size, with its findings:
    /// what a test of the user's own calls. `device` may be `design`, the device the layout
    /// was drawn for. Throws an `InputError` for a layout or device it
    /// does not know, and for a font the run needs that cannot be used.
    public func run(layout name: String, language: String, device: String = "iPhone 15",
                    contentSize: ContentSize = .L, severities: SeverityPolicy = SeverityPolicy()) throws -> RunReport {
        try RunInspector(project: self, severities: severities)
            .check(layout: name, language: language, device: device, contentSize: contentSize).report
    }

    /// Checks every run of the plan (or of one shard of it), in parallel, and reports them in
    /// plan order. `progress` is told after each run how many are done, of how many. `eachRun`,
    /// when given, is handed every run checked with what its report was made from (its layout
    /// result), on the thread that checked it, before the run counts as done: how `check --html`
    /// draws every run without laying it out a second time. `inOrder`, when given, is handed
    /// each run's report in plan order once every run before it is done (a run that could not
    /// be checked is passed over), one at a time, on the thread that finished the last of them;
    /// what it leaves of the report is what the check keeps: how `check --format json` writes
    /// each run's views to a spool (``JSONRunSpool``) instead of holding them all.
    public func check(_ options: CheckOptions, progress: (@Sendable (Int, Int) -> Void)? = nil,
                      eachRun: (@Sendable (CheckedRun) -> Void)? = nil,
                      inOrder: (@Sendable (inout RunReport) -> Void)? = nil) -> CheckReport {
        let plan = RunPlan(project: self, languages: options.languages, devices: options.devices,
                           contentSizes: options.contentSizes)
        let specs = options.shard.map { plan.shard($0.index, of: $0.count) } ?? plan.runs
        var configured = RunChecker(project: self, policy: options.severities, developmentLayouts: LayoutCache(), sessions: LayoutSessions(),
                                    fixes: options.fixes ? FixVerifier() : nil)
        configured.reportsViews = options.reportsViews
        configured.laysOutEveryMirror = options.laysOutEveryMirror
        configured.mirrorCounts = options.mirrorCounts
        let checker = configured
        let results = RunResults(count: specs.count, inOrder: inOrder)
        let failures = RunFailures()
        let workers = max(1, options.jobs > 0 ? options.jobs : ProcessInfo.processInfo.activeProcessorCount)
        let next = Counter()
        // A layout's sessions and development layouts are let go once its last run is done,
        // so that memory holds the layouts in progress, not every layout checked (a report
        // never depends on what those caches hold).
        let unfinished = UnfinishedRuns(specs.map(\.layout))
        // One thread per worker, each taking the next runs of one layout in one language (its
        // devices and content sizes, side by side in the plan) until none is left: those runs
        // show the same texts, which one thread then lays out once, where two threads taking
        // them side by side each laid the same texts out at the same time. A check of fewer
        // such batches than four a worker (one layout in one language on several devices)
        // gives each worker one run at a time: batches would leave workers idle.
        let grouped = Self.batches(specs)
        let batches = Self.workOrder(grouped.count >= 4 * workers ? grouped : specs.indices.map { $0..<$0 + 1 }, of: specs,
                                     lookahead: workers) { spec in
            spec.language == self.seedLanguage(of: self.layout(at: spec.layout), direction: TextDirection(language: spec.language))
        }
        let group = DispatchGroup()
        let share = WorkerShare(WorkerShare.Work(project: self, checker: checker, specs: specs, batches: batches, next: next,
                                                 results: results, failures: failures, unfinished: unfinished,
                                                 eachRun: eachRun, progress: progress))
        for _ in 0..<min(workers, max(1, batches.count)) {
            group.enter()
            let thread = Thread {
                share.work()
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        // A thread lets its closure go when it ends, which may come after this returns: what
        // the closure held was then freed on that thread at a time no one chose (a check that
        // counted its instructions twice counted two amounts of freeing). The workers' work
        // is let go here, and what it alone held freed now, on this thread.
        share.letGo()
        let errors = inputErrors + failures.all
        var report = CheckReport(toolVersion: BabelfitVersion.string, runs: results.all, inputErrors: errors.sorted(),
                           shard: options.shard.map { "\($0.index)/\($0.count)" },
                           plannedRuns: options.shard == nil ? nil : plan.runs.count)
        report.readerNotes = readerNotes
        return report
    }

    /// The order the workers take `batches` in: each layout's batches of its seed languages
    /// (``seedLanguage(of:direction:)``: the development language, and the first written in the
    /// other direction) `lookahead` layouts (the number of workers) ahead of its others. A run starts
    /// its first passes where its session's solvers were left by its seed language's texts
    /// (``LayoutSession``), which the first run to ask lays out while any other that asks waits:
    /// taken in the plan's order, the workers each took a batch of the same layout at once, and
    /// all but one waited for its development language's layout on every device. Taken so, that
    /// layout is done, mostly, by the seed language's own runs, before the others ask. The
    /// report keeps the plan's order, whatever order its runs are checked in.
    static func workOrder(_ batches: [Range<Int>], of specs: [RunSpec], lookahead: Int,
                          isSeed: (RunSpec) -> Bool) -> [Range<Int>] {
        // By layout, in the plan's order: its seed languages' batches, and the others.
        var layouts: [(seeds: [Range<Int>], others: [Range<Int>])] = []
        var last: Int?
        for batch in batches {
            let spec = specs[batch.lowerBound]
            if spec.layout != last {
                layouts.append(([], []))
                last = spec.layout
            }
            if isSeed(spec) {
                layouts[layouts.count - 1].seeds.append(batch)
            } else {
                layouts[layouts.count - 1].others.append(batch)
            }
        }
        var order = layouts.prefix(lookahead).flatMap(\.seeds)
        for index in layouts.indices {
            if index + lookahead < layouts.count { order += layouts[index + lookahead].seeds }
            order += layouts[index].others
        }
        return order
    }

    /// The positions of `specs` in runs of one layout in one language each, in order: the
    /// runs a worker takes at once (the plan lists a layout's runs language by language,
    /// each language's devices and content sizes side by side).
    static func batches(_ specs: [RunSpec]) -> [Range<Int>] {
        var batches: [Range<Int>] = []
        var start = 0
        for position in specs.indices.dropFirst()
            where specs[position].layout != specs[start].layout || specs[position].language != specs[start].language {
            batches.append(start..<position)
            start = position
        }
        if !specs.isEmpty { batches.append(start..<specs.count) }
        return batches
    }

    /// The layout readers' warnings, each once, in file and line order.
    public var readerNotes: [InputError] {
        var seen = Set<LayoutWarning>()
        return layouts.flatMap(\.document.warnings).filter { seen.insert($0).inserted }
            .map { InputError(file: Project.displayPath($0.file), line: $0.line, message: $0.message) }.sorted()
    }
}

/// What a check's workers share: each takes the next batch of runs until none is left. Held by
/// one object, which the check lets go of (``letGo()``) once every worker is done.
private final class WorkerShare: @unchecked Sendable {
    struct Work {
        let project: Project
        let checker: RunChecker
        let specs: [RunSpec]
        let batches: [Range<Int>]
        let next: Counter
        let results: RunResults
        let failures: RunFailures
        let unfinished: UnfinishedRuns
        let eachRun: (@Sendable (CheckedRun) -> Void)?
        let progress: (@Sendable (Int, Int) -> Void)?
    }
    /// Read by the workers while they run; set to nil by the check's thread once they are done.
    private var shared: Work?

    init(_ work: Work) {
        shared = work
    }

    /// One worker's runs: what it read of the work is let go when this returns.
    func work() {
        guard let work = shared else { return }
        let project = work.project, checker = work.checker, specs = work.specs
        while let batch = work.next.take(below: work.batches.count) {
            for position in work.batches[batch] {
                let spec = specs[position]
                switch checker.checkLaidOut(spec) {
                case .success(let run):
                    work.eachRun?(CheckedRun(report: run.report, result: run.result, layout: project.layout(at: spec.layout),
                                             device: spec.device, contentSize: spec.contentSize))
                    work.results.set(position, run.report)
                case .failure(let error): work.failures.add(error); work.results.set(position, nil)
                }
                if work.unfinished.finish(spec.layout) { checker.release(project.layout(at: spec.layout)) }
                work.progress?(work.results.done, specs.count)
            }
        }
    }

    /// Lets the work go; called once no worker runs.
    func letGo() {
        shared = nil
    }
}

/// Run reports by position, filled from many threads; each handed to `inOrder`, if given, once
/// every position before it is filled.
private final class RunResults: @unchecked Sendable {
    private var slots: [RunReport?]
    private var finished = 0
    private let inOrder: (@Sendable (inout RunReport) -> Void)?
    /// Positions filled but not handed to `inOrder` yet (nil: a run that could not be checked).
    private var waiting: [Int: RunReport?] = [:]
    private var next = 0
    private let lock = BriefLock()

    init(count: Int, inOrder: (@Sendable (inout RunReport) -> Void)?) {
        slots = Array(repeating: nil, count: count)
        self.inOrder = inOrder
    }

    /// Fills `index` with a run's report, or with nil for a run that could not be checked
    /// (which still counts as done).
    func set(_ index: Int, _ report: RunReport?) {
        lock.lock()
        defer { lock.unlock() }
        finished += 1
        guard let inOrder else { return slots[index] = report }
        waiting.updateValue(report, forKey: index)
        while let ready = waiting.removeValue(forKey: next) {
            if var report = ready {
                inOrder(&report)
                slots[next] = report
            }
            next += 1
        }
    }

    var done: Int {
        lock.lock()
        defer { lock.unlock() }
        return finished
    }

    var all: [RunReport] { slots.compactMap { $0 } }
}

/// Runs that could not be checked, each cause once (the first view and run that met it).
private final class RunFailures: @unchecked Sendable {
    private var errors: [String: InputError] = [:]
    private let lock = BriefLock()

    func add(_ failure: RunFailure) {
        lock.lock()
        if let known = errors[failure.cause], !(failure.error < known) {
            lock.unlock()
            return
        }
        errors[failure.cause] = failure.error
        lock.unlock()
    }

    var all: [InputError] {
        lock.lock()
        defer { lock.unlock() }
        return Array(errors.values)
    }
}

/// How many runs of each layout are not done yet.
private final class UnfinishedRuns: @unchecked Sendable {
    private var counts: [Int: Int] = [:]
    private let lock = BriefLock()

    init(_ layouts: [Int]) {
        for layout in layouts { counts[layout, default: 0] += 1 }
    }

    /// Counts a run of `layout` done; true when it was the layout's last.
    func finish(_ layout: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        counts[layout, default: 1] -= 1
        return counts[layout] == 0
    }
}

/// How many right-to-left runs' mirrored layouts were read off the run (their own frames
/// mirrored) and how many were laid out (``CheckOptions/mirrorCounts``).
final class MirrorCounts: @unchecked Sendable {
    private var counts = (readOff: 0, laidOut: 0)
    private let lock = BriefLock()

    func count(readOff: Bool) {
        lock.lock()
        if readOff { counts.readOff += 1 } else { counts.laidOut += 1 }
        lock.unlock()
    }

    var value: (readOff: Int, laidOut: Int) {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }
}

/// Hands out positions 0, 1, 2 … to workers.
private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = BriefLock()

    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}
