import Foundation

/// SARIF 2.1.0 (the OASIS Static Analysis Results Interchange Format), which
/// code-scanning services read: one run of the babelfit driver, a rule per
/// kind of finding, results located in files. Shared by `check` and `strings lint`
/// (Reports adds the check report's rules and results).
public enum SARIF {
    /// SARIF's levels: a severity's, and `note` for what is neither an error nor a warning.
    public enum Level: String, Sendable {
        case error, warning, note

        public init(_ severity: Severity) {
            switch severity {
            case .error: self = .error
            case .warning: self = .warning
            }
        }
    }

    public struct Rule: Sendable {
        public var id: String
        public var summary: String
        public var level: Level
        public init(id: String, summary: String, level: Severity) {
            self.init(id: id, summary: summary, sarifLevel: Level(level))
        }
        public init(id: String, summary: String, sarifLevel level: Level) {
            self.id = id
            self.summary = summary
            self.level = level
        }
    }

    public struct Result: Sendable {
        public var ruleId: String
        public var level: Level
        public var message: String
        public var file: String
        public var line: Int?
        public var column: Int?
        /// Extra facts (language, device, view…), as the result's property bag.
        public var properties: [String: JSONValue]
        /// How many times this one result was observed (SARIF's `occurrenceCount`); nil to leave it out.
        public var occurrenceCount: Int?
        /// Places relevant to the result, each with a message of its own (SARIF's `relatedLocations`).
        public var relatedLocations: [RelatedLocation]
        public init(ruleId: String, level: Severity, message: String, file: String, line: Int? = nil, column: Int? = nil,
                    properties: [String: JSONValue] = [:], occurrenceCount: Int? = nil,
                    relatedLocations: [RelatedLocation] = []) {
            self.init(ruleId: ruleId, sarifLevel: Level(level), message: message, file: file, line: line, column: column,
                      properties: properties, occurrenceCount: occurrenceCount, relatedLocations: relatedLocations)
        }
        public init(ruleId: String, sarifLevel level: Level, message: String, file: String, line: Int? = nil, column: Int? = nil,
                    properties: [String: JSONValue] = [:], occurrenceCount: Int? = nil,
                    relatedLocations: [RelatedLocation] = []) {
            self.ruleId = ruleId
            self.level = level
            self.message = message
            self.file = file
            self.line = line
            self.column = column
            self.properties = properties
            self.occurrenceCount = occurrenceCount
            self.relatedLocations = relatedLocations
        }
    }

    /// A related location: a place in a file with a message; `id` is unique within its result.
    public struct RelatedLocation: Sendable {
        public var id: Int
        public var file: String
        public var line: Int?
        public var column: Int?
        public var message: String
        public init(id: Int, file: String, line: Int? = nil, column: Int? = nil, message: String) {
            self.id = id
            self.file = file
            self.line = line
            self.column = column
            self.message = message
        }
    }

    /// A path as a URI reference: characters other than unreserved ones and `/` percent-encoded
    /// (so `Écran, détail:1.json` cannot be taken for a scheme or break the URI).
    static func uri(_ path: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }


    /// `{ "artifactLocation": { "uri" }, "region": { "startLine", "startColumn" } }`, as far as known.
    static func physicalLocation(_ file: String, line: Int?, column: Int?) -> JSONValue {
        var region: [String: JSONValue] = [:]
        if let line { region["startLine"] = .number(Double(line)) }
        if let column { region["startColumn"] = .number(Double(column)) }
        var physical: [String: JSONValue] = ["artifactLocation": .object(["uri": .string(uri(file))])]
        if !region.isEmpty { physical["region"] = .object(region) }
        return .object(physical)
    }

    public static func render(rules: [Rule], results: [Result], version: String) -> String {
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let log: JSONValue = .object([
            "$schema": .string("https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"),
            "version": .string("2.1.0"),
            "runs": .array([.object([
                "tool": .object(["driver": .object([
                    "name": .string("babelfit"),
                    "version": .string(version),
                    "rules": .array(rules.map { rule in
                        .object([
                            "id": .string(rule.id),
                            "shortDescription": .object(["text": .string(rule.summary)]),
                            "defaultConfiguration": .object(["level": .string(rule.level.rawValue)]),
                        ])
                    }),
                ])]),
                "results": .array(results.map { result in
                    var object: [String: JSONValue] = [
                        "ruleId": .string(result.ruleId),
                        "level": .string(result.level.rawValue),
                        "message": .object(["text": .string(result.message)]),
                        "locations": .array([.object([
                            "physicalLocation": physicalLocation(result.file, line: result.line, column: result.column),
                        ])]),
                    ]
                    if let index = ruleIndex[result.ruleId] { object["ruleIndex"] = .number(Double(index)) }
                    if !result.properties.isEmpty { object["properties"] = .object(result.properties) }
                    if let count = result.occurrenceCount { object["occurrenceCount"] = .number(Double(count)) }
                    if !result.relatedLocations.isEmpty {
                        object["relatedLocations"] = .array(result.relatedLocations.map { related in
                            .object([
                                "id": .number(Double(related.id)),
                                "physicalLocation": physicalLocation(related.file, line: related.line, column: related.column),
                                "message": .object(["text": .string(related.message)]),
                            ])
                        })
                    }
                    return .object(object)
                }),
            ])]),
        ])
        return log.serialized(pretty: true) + "\n"
    }
}
