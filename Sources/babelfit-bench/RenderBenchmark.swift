import Checks
import Foundation
import Render

/// Measures drawing against `check`: every run of the example layouts checked and drawn as a
/// picture (a PNG at `scale`, or each device's own; or an SVG or PDF) as `check --html` draws
/// them (each run as the check lays it out), with `jobs` threads, against checking them without
/// pictures (`checkBenchmark`, which took `check` with as many jobs just before): the line ends
/// with the ratios, on the clock and in CPU time. The target: drawing takes at most twice the
/// check's time (README, "Benchmarks": met when it was set, not since the check became seven to
/// nine times cheaper).
func renderBenchmark(layouts: String, fontsFolder: String, jobs: Int, format: RenderFormat = .png, scale: Double?,
                     check: Timing) throws -> String {
    let counts = Counts()
    let timing = try Timing.of {
        let project = try Project(layouts: [layouts], strings: [layouts], fontsFolder: fontsFolder)
        let renderer = RunRenderer(engine: project.engine)
        _ = project.check(CheckOptions(jobs: jobs), eachRun: { run in
            do {
                counts.add(bytes: try renderer.render(run, format: format, scale: scale).count)
            } catch {
                counts.fail("\(error)")
            }
        })
    }
    if let failure = counts.failure { throw InputError(file: layouts, message: failure) }
    let how = format == .png ? "PNG at \(scale.map { "\(Int($0))x" } ?? "each device's scale")" : format.rawValue.uppercased()
    return "render: \(counts.runs) runs of \(layouts) as \(how) with \(jobs) job\(jobs == 1 ? "" : "s"), "
        + timing.describe(runs: counts.runs)
        + String(format: ", %.1f MB, %.1fx the check (CPU %.1fx)", Double(counts.bytes) / 1e6,
                 timing.wall / check.wall, timing.cpu / check.cpu)
}

/// Runs handed out and pictures counted, from several threads.
private final class Counts: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var runs = 0
    private(set) var bytes = 0
    private(set) var failure: String?

    func add(bytes count: Int) {
        lock.lock()
        runs += 1
        bytes += count
        lock.unlock()
    }

    func fail(_ message: String) {
        lock.lock()
        failure = failure ?? message
        lock.unlock()
    }
}
