import Foundation

/// Where a check's CPU time goes, by phase, for the benchmark (`babelfit-bench phases`): off
/// unless ``PhaseTimes/recording`` is set, and then each thread's CPU time is charged to the
/// phase it is in, a phase inside another (measuring a text inside a layout) counting for
/// itself alone. Never part of a report.
public final class PhaseTimes: @unchecked Sendable {
    public enum Phase: String, CaseIterable, Sendable {
        /// Texts looked up in the translations and formatted.
        case lookUp = "look up"
        /// Texts measured: the text engine, from its cache or shaping.
        case shape
        /// Layouts made and solved, ambiguity found (their texts' measuring apart).
        case solve
        /// The rules run on a laid-out run (the layouts they ask for apart).
        case check
        /// A run's report made.
        case report
    }

    /// The times being recorded, or nil (the default): set only while no check runs.
    nonisolated(unsafe) public static var recording: PhaseTimes?

    private let lock = NSLock()
    private var seconds: [Phase: Double] = [:]

    public init() {}

    /// The CPU seconds charged to each phase so far.
    public var totals: [Phase: Double] {
        lock.lock()
        defer { lock.unlock() }
        return seconds
    }

    /// Runs `body` in `phase` when times are recorded; else just runs it.
    @inline(__always)
    static func measure<T>(_ phase: Phase, _ body: () throws -> T) rethrows -> T {
        guard let times = recording else { return try body() }
        let stack = PhaseStack.current
        stack.enter(phase, times)
        defer { stack.leave(times) }
        return try body()
    }

    fileprivate func add(_ phase: Phase, _ value: Double) {
        lock.lock()
        seconds[phase, default: 0] += value
        lock.unlock()
    }
}

/// A thread's phases, innermost last, and when the time charged last was read.
private final class PhaseStack {
    private var phases: [PhaseTimes.Phase] = []
    private var since = 0.0

    static var current: PhaseStack {
        let dictionary = Thread.current.threadDictionary
        if let stack = dictionary["babelfit.phases"] as? PhaseStack { return stack }
        let stack = PhaseStack()
        dictionary["babelfit.phases"] = stack
        return stack
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    func enter(_ phase: PhaseTimes.Phase, _ times: PhaseTimes) {
        let now = Self.now()
        if let outer = phases.last { times.add(outer, now - since) }
        phases.append(phase)
        since = now
    }

    func leave(_ times: PhaseTimes) {
        let now = Self.now()
        if let inner = phases.popLast() { times.add(inner, now - since) }
        since = now
    }
}
