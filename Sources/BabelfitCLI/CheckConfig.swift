import Foundation
import Layout
import Reports
import Support

/// `babelfit.json`: what `check` options say, for a project to keep in its repository.
///
/// ```json
/// { "layouts": ["Layouts"], "strings": ["Resources"], "fonts": "Fonts",
///   "languages": ["en", "ar"], "devices": ["iPhone 15"], "contentSizes": ["L", "AX1"],
///   "format": "text", "output": "report.txt", "baseline": "babelfit-baseline.json",
///   "severities": { "missing-translation": "error", "shrunk": "off" }, "jobs": 2,
///   "developmentLanguage": "en" }
/// ```
/// Paths are relative to the file's folder. Options on the command line win.
struct CheckConfig {
    var layouts: [String] = []
    var strings: [String] = []
    var fonts: String?
    var languages: [String]?
    var devices: [String]?
    var contentSizes: [String]?
    var format: String?
    var output: String?
    var baseline: String?
    var severities: [FindingKind: Severity?] = [:]
    var jobs: Int?
    var developmentLanguage: String?

    static let fields: Set<String> = ["layouts", "strings", "fonts", "languages", "devices", "contentSizes", "format",
                                      "output", "baseline", "severities", "jobs", "developmentLanguage"]

    init() {}

    init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, message: "config file not found")
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw InputError(file: path, line: error.line, column: error.column, message: error.message)
        }
        guard case .object(let members) = root.value else {
            throw InputError(file: path, line: root.line, message: "expected an object of check options")
        }
        let folder = (path as NSString).deletingLastPathComponent
        func resolve(_ relative: String) -> String {
            relative.hasPrefix("/") || folder.isEmpty ? relative : (folder as NSString).appendingPathComponent(relative)
        }
        func fail(_ member: JSONMember, _ message: String) -> InputError {
            InputError(file: path, line: member.line, column: member.column, message: "\(member.key): \(message)")
        }
        func stringList(_ member: JSONMember) throws -> [String] {
            guard case .array(let items) = member.value.value else { throw fail(member, "expected an array of strings") }
            return try items.map { item in
                guard case .string(let text) = item.value else { throw fail(member, "expected an array of strings") }
                return text
            }
        }
        func string(_ member: JSONMember) throws -> String {
            guard case .string(let text) = member.value.value, !text.isEmpty else { throw fail(member, "expected a string") }
            return text
        }
        func nonEmpty(_ member: JSONMember) throws -> [String] {
            let list = try stringList(member)
            guard !list.isEmpty else { throw fail(member, "expected at least one value; leave the option out for the default") }
            return list
        }
        for member in members {
            switch member.key {
            case "layouts": layouts = try nonEmpty(member).map(resolve)
            case "strings": self.strings = try nonEmpty(member).map(resolve)
            case "fonts": fonts = resolve(try string(member))
            case "languages":
                languages = try nonEmpty(member)
                if let problem = languages?.lazy.compactMap(OptionValues.unknownLanguage).first { throw fail(member, problem) }
            case "developmentLanguage":
                developmentLanguage = try string(member)
                if let problem = developmentLanguage.flatMap(OptionValues.unknownLanguage) { throw fail(member, problem) }
            case "devices":
                devices = try nonEmpty(member)
                if let problem = devices?.lazy.compactMap(OptionValues.unknownDevice).first { throw fail(member, problem) }
            case "contentSizes":
                contentSizes = try nonEmpty(member)
                if let problem = contentSizes?.lazy.compactMap(OptionValues.unknownContentSize).first { throw fail(member, problem) }
            case "format":
                format = try string(member)
                guard CheckCommand.formats.contains(format!) else {
                    throw fail(member, "expected one of \(CheckCommand.formats.joined(separator: ", "))")
                }
            case "output": output = resolve(try string(member))
            case "baseline": baseline = resolve(try string(member))
            case "jobs":
                guard case .number(let number) = member.value.value, number >= 0, number <= 1024, number == number.rounded() else {
                    throw fail(member, "expected a whole number from 0 (one per core) to 1024")
                }
                jobs = Int(number)
            case "severities":
                guard case .object(let entries) = member.value.value else { throw fail(member, "expected an object") }
                for entry in entries {
                    guard let kind = FindingKind(rawValue: entry.key) else {
                        throw InputError(file: path, line: entry.line, column: entry.column,
                                         message: "severities.\(entry.key): unknown finding kind; expected one of \(FindingKind.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    guard case .string(let name) = entry.value.value, name == "off" || Severity(rawValue: name) != nil else {
                        throw InputError(file: path, line: entry.line, column: entry.column,
                                         message: "severities.\(entry.key): expected error, warning or off")
                    }
                    severities[kind] = Severity(rawValue: name)
                }
            default:
                throw fail(member, "unknown option; expected one of \(Self.fields.sorted().joined(separator: ", "))")
            }
        }
    }
}
