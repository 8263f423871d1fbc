import Foundation

/// A usage error: the command line itself is wrong. Exit status 2.
public struct UsageError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Command-line arguments of one subcommand: positional values, `--flag`s and
/// `--option value` (or `--option=value`) pairs, where options may repeat.
///
/// A command declares which options take a value and which are flags; anything
/// else that starts with `--` is a usage error naming it.
public struct Arguments: Sendable {
    public private(set) var positional: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    public init(_ arguments: [String], options: Set<String>, flags allowedFlags: Set<String>) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positional.append(contentsOf: arguments[index...])
                break
            }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                positional.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if options.contains(name) {
                if let inlineValue {
                    values[name, default: []].append(inlineValue)
                } else {
                    guard index < arguments.count else { throw UsageError("--\(name) needs a value") }
                    values[name, default: []].append(arguments[index])
                    index += 1
                }
            } else if allowedFlags.contains(name) {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
            } else {
                throw UsageError("unknown option --\(name)")
            }
        }
    }

    /// The last value given for an option.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given for a repeatable option, in order.
    public func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Every value of a repeatable option, each also split at commas.
    public func list(_ name: String) -> [String] {
        all(name).flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }
    }

    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// A number option, with a usage error naming it when it is not a number.
    public func double(_ name: String) throws -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number.isFinite else {
            throw UsageError("--\(name) expects a number, got '\(text)'")
        }
        return number
    }

    public func int(_ name: String) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text) else { throw UsageError("--\(name) expects a whole number, got '\(text)'") }
        return number
    }
}

/// Writes to standard error.
public func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
