import Foundation

// babelfit-bench: how fast the engines are. Build it optimised:
//   swift run -c release babelfit-bench [--fonts DIR] [--repetitions N]
// Each figure is the best of N repetitions.

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let fonts = option("--fonts", in: arguments) ?? FileManager.default.currentDirectoryPath + "/Fonts"
let repetitions = Int(option("--repetitions", in: arguments) ?? "3") ?? 3

do {
    for line in try textBenchmark(fontsFolder: fonts, repetitions: repetitions) { print(line) }
} catch {
    FileHandle.standardError.write(Data("babelfit-bench: \(error)\n".utf8))
    exit(2)
}
