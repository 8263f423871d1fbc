import Checks
import Foundation

/// How long a benchmark took: on the clock, and the CPU time the process spent (user and
/// system, every thread), which a busy machine disturbs less.
struct Timing {
    var wall: Double
    var cpu: Double

    static func of(_ body: () throws -> Void) rethrows -> Timing {
        let clock = ContinuousClock()
        let cpuBefore = cpuSeconds()
        let elapsed = try clock.measure(body)
        return Timing(wall: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                      cpu: cpuSeconds() - cpuBefore)
    }

    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// `12.34 s (28 runs/s, CPU 11.90 s)`.
    func describe(runs: Int) -> String {
        String(format: "%.2f s (%.0f runs/s, CPU %.2f s)", wall, Double(runs) / wall, cpu)
    }
}

/// Measures whole checks: the example layouts in every language and device, as `check` runs them.
/// The line to print and how long the check took.
func checkBenchmark(layouts: String, fontsFolder: String, jobs: Int) throws -> (line: String, timing: Timing) {
    var runs = 0
    var findings = 0
    let timing = try Timing.of {
        // As `check` without --html: the texts keep no glyph runs.
        let project = try Project(layouts: [layouts], strings: [layouts], fontsFolder: fontsFolder, keepsGlyphRuns: false)
        let report = project.check(CheckOptions(jobs: jobs))
        runs = report.runs.count
        findings = report.allFindings.count
    }
    return ("check: \(runs) runs of \(layouts) with \(jobs) job\(jobs == 1 ? "" : "s"), \(timing.describe(runs: runs)), \(findings) findings",
            timing)
}
