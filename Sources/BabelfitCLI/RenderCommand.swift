import Checks
import Foundation
import Render

/// `babelfit render LAYOUT --language ar --device "iPhone 15" -o out.png`: one run drawn as a
/// picture, from the glyphs it was measured with, with its findings marked.
public enum RenderCommand {
    static let usage = """
    usage: babelfit render FILE -o OUT.png|OUT.svg|OUT.pdf [--scene NAME] [--language TAG] [--device NAME]
                           [--content-size L] [--strings DIR]… [--fonts DIR] [--system-fonts PATH,…] [--scale 1|2|3]

      -o, --output  the picture to write; its extension (.png, .svg, .pdf) is its format
      --scale       pixels per point of a PNG (default: the device's)

    FILE, --scene and the other options are read as babelfit layout reads them.

    Exit status: 0 when the picture is written, 2 when an input or the output cannot be used.
    """

    public static func run(_ arguments: [String]) -> Int32 {
        do {
            let args = try Arguments(StringsCommand.longOutput(arguments), options: SingleRun.options.union(["output", "scale"]),
                                     flags: ["help"])
            if args.flag("help") {
                print(usage)
                return 0
            }
            let single = try SingleRun(args, command: "render", usage: usage)
            guard let output = args.value("output") else { throw UsageError("render needs -o FILE (.png, .svg or .pdf)\n\(usage)") }
            guard let format = RenderFormat(fileName: output) else {
                let found = (output as NSString).pathExtension
                throw UsageError("\(output): cannot tell the picture's format from \(found.isEmpty ? "no extension" : "the extension .\(found)"); use .png, .svg or .pdf")
            }
            let scale = try args.double("scale")
            if let scale, ![1.0, 2, 3].contains(scale) { throw UsageError("--scale must be 1, 2 or 3") }
            try Output.check(output, inputs: [single.file])
            guard let (run, project) = try single.check() else { return 2 }
            let bytes = try RunRenderer(engine: project.engine).render(run, format: format, scale: scale)
            try Output.write(bytes, to: output, inputs: [single.file])
            let count = run.findings.count
            printError("babelfit render: \(output): \(run.report.layout) · \(run.report.title), \(count) finding\(count == 1 ? "" : "s")")
            return project.inputErrors.isEmpty ? 0 : 2
        } catch {
            return SingleRun.failure(error, command: "render")
        }
    }
}
