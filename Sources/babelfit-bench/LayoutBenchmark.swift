import Checks
import Foundation

/// Lays out one long screen as `check` lays out a run, with the real fonts: a column of
/// `labels` labels, each 2 pt below the one before, in English and in Arabic (right to left),
/// on iPhone 15. Most of the time goes to the layout engine's ambiguity probe, which grows
/// with the number of views.
///
/// Returns one line: the seconds both runs took, and whether the Arabic column mirrors the
/// English one (every label at the same height, at the other side of the screen).
func layoutBenchmark(labels: Int, fontsFolder: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Column.json")
    try columnLayout(labels: labels).write(to: file, atomically: true, encoding: .utf8)
    let project = try Project(layouts: [file.path], strings: [], fontsFolder: fontsFolder)
    if let error = project.inputErrors.first { throw error }

    let clock = ContinuousClock()
    var runs: [RunReport] = []
    let elapsed = try clock.measure {
        runs = try ["en", "ar"].map { try project.run(layout: "Column", language: $0, device: "iPhone 15") }
    }
    let width = Device.named("iPhone 15")!.width
    let mirrored = runs[0].views.count == runs[1].views.count && zip(runs[0].views, runs[1].views).allSatisfy { en, ar in
        abs(ar.frame[0] - (width - en.frame[0] - en.frame[2])) < 1e-6 && ar.frame[1...] == en.frame[1...]
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return String(format: "layout: a column of %d labels in en and ar, %.2f s, %@", labels, seconds,
                  mirrored ? "mirrored" : "NOT MIRRORED")
}

/// The layout of the column: `{ "root": { … "subviews": [labels] }, "constraints": [...] }`.
func columnLayout(labels: Int) -> String {
    let views = (0..<labels).map { "{ \"id\": \"l\($0)\", \"type\": \"label\", \"text\": \"row \($0)\" }" }
    var constraints = ["\"l0.top == root.safeTop\""]
    for index in 0..<labels {
        constraints.append("\"l\(index).leading == root.leadingMargin\"")
        if index > 0 { constraints.append("\"l\(index).top == l\(index - 1).bottom + 2\"") }
    }
    return """
        { "format": 1, "name": "Column",
          "root": { "id": "root", "type": "view", "subviews": [\(views.joined(separator: ", "))] },
          "constraints": [\(constraints.joined(separator: ", "))] }
        """
}
