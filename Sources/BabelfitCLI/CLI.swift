import Text

/// The `babelfit` command line: dispatches to a subcommand.
public enum CLI {
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
        case "measure":
            return MeasureCommand.run(rest)
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
      measure TEXT      measure a string as a label shows it (width, height, lines, truncation)
      version           print the version

    Run 'babelfit <command> --help' for a command's options.
    """
}
