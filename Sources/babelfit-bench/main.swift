import Foundation
import Render

// babelfit-bench: how fast the engines are. Build it optimised:
//   swift run -c release babelfit-bench [--fonts DIR] [--layouts DIR] [--repetitions N] [--views N] [--labels N]
// Text figures are the best of N repetitions; the solver lays out a chain of N views
// (6 constraints each); the layout engine lays out a column of N labels in two languages;
// the check runs the example layouts with one job and with two, and render checks and draws
// each of their runs as a PNG (at 1x, at 2x as the HTML report does, and at each device's scale) and as an SVG with as many jobs,
// each line ending with its time over the check's (on the clock and in CPU time).
// `--only check-render` runs just the check and render figures.
//
// The subcommands `scripts/bench` runs (each prints one JSON object):
//   babelfit-bench systems FILE                 writes the solver systems (chains, rows, screens)
//   babelfit-bench solve FILE [--repetitions N] solves each system N times (medians, values)
//   babelfit-bench text [--strings N] [--repetitions N]  the text engine against bare hb_shape
//   babelfit-bench corpus DIR [--layouts N]     writes the generated app (12 languages, 2 devices)
//   babelfit-bench phases DIR [--jobs N] [--output FILE]  checks it in process, CPU time by phase

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let fonts = option("--fonts", in: arguments) ?? FileManager.default.currentDirectoryPath + "/Fonts"
let repetitions = Int(option("--repetitions", in: arguments) ?? "3") ?? 3
let views = Int(option("--views", in: arguments) ?? "10000") ?? 10000
let labels = Int(option("--labels", in: arguments) ?? "500") ?? 500
let layouts = option("--layouts", in: arguments) ?? FileManager.default.currentDirectoryPath + "/Layouts"

/// Prints a subcommand's result as JSON.
func printJSON(_ value: [String: Any]) throws {
    let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}

let only = option("--only", in: arguments)
do {
    if let command = arguments.first, !command.hasPrefix("-") {
        guard arguments.count > 1 || command == "text" else { throw BenchError("\(command) needs a path") }
        switch command {
        case "systems":
            try Systems.write(Systems.all(), to: arguments[1])
        case "solve":
            try printJSON(try Systems.benchmark(arguments[1], repetitions: repetitions))
        case "text":
            try printJSON(try ShapingBenchmark.run(fontsFolder: fonts, perLanguage: Int(option("--strings", in: arguments) ?? "300") ?? 300,
                                                   repetitions: repetitions))
        case "corpus":
            try Corpus.write(to: arguments[1], layouts: Int(option("--layouts", in: arguments) ?? "200") ?? 200)
        case "phases":
            try printJSON(try Corpus.phases(arguments[1], fontsFolder: fonts, jobs: Int(option("--jobs", in: arguments) ?? "2") ?? 2,
                                            output: option("--output", in: arguments)))
        default:
            throw BenchError("unknown subcommand \(command)")
        }
        exit(0)
    }
    if only != "check-render" {
        for line in try textBenchmark(fontsFolder: fonts, repetitions: repetitions) { print(line) }
        print(solverBenchmark(views: views))
        print(try layoutBenchmark(labels: labels, fontsFolder: fonts))
    }
    for jobs in [1, 2] {
        let check = try checkBenchmark(layouts: layouts, fontsFolder: fonts, jobs: jobs)
        print(check.line)
        for (format, scale) in [(RenderFormat.png, 1.0), (.png, 2.0), (.png, nil), (.svg, nil)] {
            print(try renderBenchmark(layouts: layouts, fontsFolder: fonts, jobs: jobs, format: format, scale: scale,
                                      check: check.timing))
        }
    }
} catch {
    FileHandle.standardError.write(Data("babelfit-bench: \(error)\n".utf8))
    exit(2)
}
