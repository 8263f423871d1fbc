import Text

/// The `babelfit` command line: dispatches to a subcommand.
public enum CLI {
    /// Whether the process ends when ``main(_:)`` returns, as the `babelfit` executable's does
    /// (it sets this first): a command then keeps what it made to the end (``keepToTheEnd(_:)``)
    /// rather than freeing it, object by object, just before the process ends and the system
    /// takes its memory back whole. False for any other caller, whose memory is freed as usual.
    nonisolated(unsafe) public static var endsProcess = false
    nonisolated(unsafe) private static var keptToTheEnd: [Any] = []

    /// Keeps `value` until the process ends where ``endsProcess``: a project after its check,
    /// its caches of laid-out texts and sessions (some 25 million instructions of freeing for
    /// 480 runs, on one thread, after the report is written); a run laid out alone, its
    /// sessions and its views (a tenth of the time of `babelfit layout` of 10,000 labels).
    static func keepToTheEnd(_ value: Any) {
        if endsProcess { keptToTheEnd.append(value) }
    }

    public static func main(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            print(usage)
            return 0
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "--version", "version":
            print("babelfit \(BabelfitVersion.string)")
            return 0
        case "check":
            return CheckCommand.run(rest)
        case "init":
            return InitCommand.run(rest)
        case "layout":
            return LayoutCommand.run(rest)
        case "import":
            return ImportCommand.run(rest)
        case "merge":
            return MergeCommand.run(rest)
        case "render": return RenderCommand.run(rest)
        case "report": return ReportCommand.run(rest)
        case "measure":
            return MeasureCommand.run(rest)
        case "strings":
            switch rest.first {
            case "lint": return StringsCommand.lint(Array(rest.dropFirst()))
            case "extract": return StringsCommand.extract(Array(rest.dropFirst()))
            case "budgets": return BudgetsCommand.run(Array(rest.dropFirst()))
            case "export": return BudgetsCommand.export(Array(rest.dropFirst()))
            default:
                printError("babelfit strings: unknown subcommand '\(rest.first ?? "")' "
                    + "(expected: babelfit strings lint [DIR…], babelfit strings extract [PATH…], babelfit strings budgets [PATH…] "
                    + "or babelfit strings export FILE --budgets PATH)")
                return 2
            }
        case "generate":
            return StringsCommand.generate(rest)
        case "--help", "-h", "help":
            print(usage)
            return 0
        default:
            printError("babelfit: unknown command '\(command)'\n\n\(usage)")
            return 2
        }
    }

    static let usage = """
    usage: babelfit <command> [options]

    commands:
      check [PATH…]     check every layout in every language, device and content size (the CI command)
      init [DIR]        write a babelfit.json for a project folder from the layouts, translations and fonts it holds
      layout FILE       lay one layout out in one language and device, and show every view
      import PATH -o DIR  write JSON layouts (and their translations) for storyboards and XIBs
      merge REPORT…     join the JSON reports of a sharded check
      render FILE -o P  draw one run (PNG, SVG or PDF) with its findings marked
      report REPORT     show a saved JSON report as text, or as the HTML report (--html DIR)
      measure TEXT      measure a string as a label shows it (width, height, lines, truncation)
      strings lint      check translations: missing, extra, empty, duplicate keys, format mismatches, plurals
      strings extract   write the .strings tables that Swift sources and layouts use, as genstrings does
      strings budgets   the room each key's text has in the layouts: widest width (and lines) before it truncates
      strings export    an XLIFF or .xcloc with each trans-unit's budget as maxwidth (--budgets PATH)
      generate swift    write typed Swift accessors for every key of the translations
      version           print the version

    Run 'babelfit <command> --help' for a command's options.
    """
}
