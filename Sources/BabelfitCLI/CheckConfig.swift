import Foundation
import Layout
import Localization
import Reports
import Support

/// `babelfit.json`: what `check` options say, for a project to keep in its repository.
///
/// ```json
/// { "layouts": ["Layouts"], "strings": ["Resources"], "fonts": "Fonts",
///   "languages": ["en", "ar"], "devices": ["iPhone 15"], "contentSizes": ["L", "AX1"],
///   "format": "text", "output": "report.txt", "baseline": "babelfit-baseline.json",
///   "severities": { "missing-translation": "error", "shrunk": "off" }, "jobs": 2,
///   "developmentLanguage": "en", "documentationLanguages": ["qqq"], "systemFonts": ["~/SF"],
///   "customDevices": [ { "name": "Kiosk", "width": 800, "height": 1280, "scale": 2,
///                        "safeArea": { "top": 24, "bottom": 20 } } ] }
/// ```
/// Paths are relative to the file's folder. Options on the command line win.
struct CheckConfig {
    var layouts: [String] = []
    var strings: [String] = []
    var fonts: String?
    /// San Francisco's files and folders (`SF-Pro.ttf`, the SF Pro Text and Display files,
    /// SF Arabic …): the system font is measured in them rather than in Noto Sans.
    var systemFonts: [String]?
    var languages: [String]?
    var devices: [String]?
    var contentSizes: [String]?
    var format: String?
    var output: String?
    var baseline: String?
    var severities: [FindingKind: Severity?] = [:]
    var jobs: Int?
    var developmentLanguage: String?
    /// Languages that hold notes for translators (`qqq`): never checked or laid out.
    var documentationLanguages: Set<String> = Translations.defaultDocumentationLanguages
    /// Texts and keys that stay the same in every language ("OK"), for `strings lint`'s
    /// `untranslated`.
    var allowUntranslated: [String] = []
    /// Devices the project defines, named in `devices`, `--devices` and layouts' `devices`.
    var customDevices: [Device] = []

    static let fields: Set<String> = ["layouts", "strings", "fonts", "languages", "devices", "contentSizes", "format",
                                      "output", "baseline", "severities", "jobs", "developmentLanguage", "customDevices",
                                      "documentationLanguages", "allowUntranslated", "systemFonts"]

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
        // Custom devices first: `devices` may name them.
        if let member = members.first(where: { $0.key == "customDevices" }) {
            customDevices = try Self.customDevices(member, file: path)
        }
        for member in members {
            switch member.key {
            case "customDevices": continue
            case "layouts": layouts = try nonEmpty(member).map(resolve)
            case "strings": self.strings = try nonEmpty(member).map(resolve)
            case "fonts": fonts = resolve(try string(member))
            case "systemFonts":
                systemFonts = try nonEmpty(member).map { resolve(($0 as NSString).expandingTildeInPath) }
                if let missing = systemFonts?.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
                    throw fail(member, "\(missing) is not found (San Francisco's files or the folder that holds them)")
                }
            case "languages":
                languages = try nonEmpty(member)
                if let problem = languages?.lazy.compactMap(OptionValues.unknownLanguage).first { throw fail(member, problem) }
            case "allowUntranslated": allowUntranslated = try stringList(member)
            case "documentationLanguages":
                documentationLanguages = Set(try stringList(member))
            case "developmentLanguage":
                developmentLanguage = try string(member)
                if let problem = developmentLanguage.flatMap(OptionValues.unknownLanguage) { throw fail(member, problem) }
            case "devices":
                devices = try nonEmpty(member)
                let custom = customDevices
                if let problem = devices?.lazy.compactMap({ OptionValues.unknownDevice($0, custom: custom) }).first {
                    throw fail(member, problem)
                }
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

    /// `customDevices`: each a name, a width and height in points, a scale (1 to 4), and a
    /// safe area (`top`, `left`, `bottom`, `right`, each 0 when left out). A name may not be
    /// `design` nor repeat; a known device's name is taken over by the custom one.
    static func customDevices(_ member: JSONMember, file: String) throws -> [Device] {
        func fail(_ node: JSONNode, _ message: String) -> InputError {
            InputError(file: file, line: node.line, column: node.column, message: message)
        }
        guard case .array(let items) = member.value.value else { throw fail(member.value, "customDevices: expected an array of devices") }
        var devices: [Device] = []
        for (index, item) in items.enumerated() {
            let at = "customDevices[\(index)]"
            guard case .object(let fields) = item.value else { throw fail(item, "\(at): expected a device object") }
            var values: [String: JSONMember] = [:]
            for field in fields {
                guard ["name", "width", "height", "scale", "safeArea"].contains(field.key) else {
                    throw fail(field.value, "\(at).\(field.key): unknown field; expected name, width, height, scale, safeArea")
                }
                values[field.key] = field
            }
            func number(_ key: String, in range: ClosedRange<Double>, of node: [String: JSONMember], path: String,
                        default fallback: Double? = nil) throws -> Double {
                guard let field = node[key] else {
                    if let fallback { return fallback }
                    throw fail(item, "\(path): missing field '\(key)'")
                }
                guard case .number(let value) = field.value.value, range.contains(value) else {
                    throw fail(field.value, "\(path).\(key): expected a number from \(Number.exact(range.lowerBound)) to \(Number.exact(range.upperBound))")
                }
                return value
            }
            guard let nameField = values["name"], case .string(let name) = nameField.value.value,
                  !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw fail(values["name"]?.value ?? item, "\(at).name: expected the device's name")
            }
            guard name != Device.designName, !name.hasSuffix(Device.landscapeSuffix) else {
                throw fail(nameField.value, "\(at).name: '\(name)' is reserved (design, and names ending in landscape)")
            }
            guard !devices.contains(where: { $0.name == name }) else {
                throw fail(nameField.value, "\(at).name: '\(name)' is defined twice")
            }
            var safeArea = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
            if let safe = values["safeArea"] {
                guard case .object(let sides) = safe.value.value else { throw fail(safe.value, "\(at).safeArea: expected an object") }
                var byName: [String: JSONMember] = [:]
                for side in sides {
                    guard ["top", "left", "bottom", "right"].contains(side.key) else {
                        throw fail(side.value, "\(at).safeArea.\(side.key): unknown side; expected top, left, bottom, right")
                    }
                    byName[side.key] = side
                }
                let path = "\(at).safeArea"
                safeArea = EdgeInsets(top: try number("top", in: 0...10_000, of: byName, path: path, default: 0),
                                      left: try number("left", in: 0...10_000, of: byName, path: path, default: 0),
                                      bottom: try number("bottom", in: 0...10_000, of: byName, path: path, default: 0),
                                      right: try number("right", in: 0...10_000, of: byName, path: path, default: 0))
            }
            let width = try number("width", in: 1...100_000, of: values, path: at)
            let height = try number("height", in: 1...100_000, of: values, path: at)
            guard safeArea.top + safeArea.bottom < height, safeArea.left + safeArea.right < width else {
                throw fail(values["safeArea"]!.value, "\(at).safeArea: leaves no safe area on a \(Number.exact(width)) × \(Number.exact(height)) screen")
            }
            devices.append(Device(name: name, width: width, height: height, safeArea: safeArea,
                                  scale: try number("scale", in: 1...4, of: values, path: at, default: 2)))
        }
        return devices
    }
}
