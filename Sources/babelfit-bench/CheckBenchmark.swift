import Checks
import Foundation

/// Measures whole checks: the example layouts in every language and device, as `check` runs them.
func checkBenchmark(layouts: String, fontsFolder: String, jobs: Int) throws -> String {
    let clock = ContinuousClock()
    var runs = 0
    var findings = 0
    let elapsed = try clock.measure {
        let project = try Project(layouts: [layouts], strings: [layouts], fontsFolder: fontsFolder)
        let report = project.check(CheckOptions(jobs: jobs))
        runs = report.runs.count
        findings = report.allFindings.count
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return String(format: "check: %d runs of %@ with %d job%@, %.2f s (%.0f runs/s), %d findings",
                  runs, layouts, jobs, jobs == 1 ? "" : "s", seconds, Double(runs) / seconds, findings)
}
