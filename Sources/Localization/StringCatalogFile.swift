import Foundation

/// A String Catalog (`.xcstrings`): one JSON file with every language of a table.
public struct StringCatalogFile: Sendable {
    /// One key of the catalog.
    public struct Entry: Sendable {
        public var key: String
        public var comment: String?
        public var extractionState: String?
        public var shouldTranslate: Bool
        public var location: SourceLocation
        /// The translation of each language that has one.
        public var localizations: [String: Translation]
    }

    public var path: String
    public var sourceLanguage: String
    public var version: String?
    /// Entries in file order.
    public var entries: [Entry]
    /// Keys that appear twice in `strings` (JSON allows it; the last wins).
    public var duplicateKeys: [(key: String, location: SourceLocation)]

    /// The table a catalog holds: its file name without extension.
    public var tableName: String { tableNameOf(path) }

    public init(path: String) throws {
        try self.init(bytes: try TextDecoding.readRaw(path: path), path: path)
    }

    public init(bytes: [UInt8], path: String) throws {
        self.path = path
        let root = try JSONReader.parse(bytes: bytes, file: path)
        _ = try root.object()
        guard let source = root.member("sourceLanguage") else { throw root.error("the catalog has no sourceLanguage") }
        sourceLanguage = try source.string()
        version = try root.member("version")?.string()
        guard let strings = root.member("strings") else { throw root.error("the catalog has no strings") }
        entries = []
        duplicateKeys = []
        var seen = Set<String>()
        for (key, node) in try strings.object() {
            if !seen.insert(key).inserted { duplicateKeys.append((key, node.location)) }
            entries.append(try Self.entry(key: key, node: node))
        }
    }

    private static func entry(key: String, node: CatalogNode) throws -> Entry {
        _ = try node.object()
        let comment = try node.member("comment")?.string()
        let extractionState = try node.member("extractionState")?.string()
        let shouldTranslate = try node.member("shouldTranslate")?.bool() ?? true
        var localizations: [String: Translation] = [:]
        if let languages = node.member("localizations") {
            for (language, localization) in try languages.object() {
                var states: [TranslationState] = []
                let message = try self.message(localization, states: &states)
                var substitutions: [String: Substitution] = [:]
                if let substitutionsNode = localization.member("substitutions") {
                    let nodes = try substitutionsNode.object()
                    for (name, substitution) in nodes {
                        substitutions[name] = try self.substitution(substitution, states: &states)
                    }
                    if let name = Substitution.selfReferring(substitutions), let node = nodes.last(where: { $0.key == name })?.value {
                        throw node.error("the substitution %#@\(name)@ refers to itself, so it has no text")
                    }
                }
                let state = [TranslationState.new, .needsReview, .stale, .translated].first { states.contains($0) }
                localizations[language] = Translation(
                    key: key, message: message, substitutions: substitutions, comment: comment, state: state,
                    shouldTranslate: shouldTranslate, extractionState: extractionState, location: localization.location)
            }
        }
        return Entry(key: key, comment: comment, extractionState: extractionState, shouldTranslate: shouldTranslate,
                     location: node.location, localizations: localizations)
    }

    /// A localization node: a `stringUnit`, or `variations` by plural or device.
    private static func message(_ node: CatalogNode, states: inout [TranslationState]) throws -> Message {
        _ = try node.object()
        if let variations = node.member("variations") {
            let kinds = try variations.object()
            if let unknown = kinds.first(where: { $0.key != "plural" && $0.key != "device" }) {
                throw unknown.value.error("unknown variation '\(unknown.key)' (expected plural or device)")
            }
            // Device variations enclose plural ones; should both stand side by side, the device's win.
            guard let (kind, forms) = kinds.first(where: { $0.key == "device" }) ?? kinds.first else {
                throw variations.error("variations must hold plural or device")
            }
            switch kind {
            case "plural":
                var result: [PluralCategory: Message] = [:]
                for (name, form) in try forms.object() {
                    guard let category = PluralCategory(rawValue: name) else {
                        throw form.error("'\(name)' is not a plural category (zero, one, two, few, many, other)")
                    }
                    result[category] = try message(form, states: &states)
                }
                return .plural(result)
            case "device":
                var result: [String: Message] = [:]
                for (device, form) in try forms.object() {
                    result[device] = try message(form, states: &states)
                }
                return .device(result)
            default:
                throw variations.error("unknown variation '\(kind)' (expected plural or device)")
            }
        }
        guard let unit = node.member("stringUnit") else {
            if node.member("substitutions") != nil { return .text("") }
            throw node.error("a localization needs a stringUnit or variations")
        }
        _ = try unit.object()
        if let stateNode = unit.member("state") {
            let name = try stateNode.string()
            guard let state = TranslationState(rawValue: name) else {
                throw stateNode.error("unknown state '\(name)' (expected translated, new, needs_review or stale)")
            }
            states.append(state)
        }
        guard let value = unit.member("value") else { throw unit.error("a stringUnit needs a value") }
        return .text(try value.string())
    }

    private static func substitution(_ node: CatalogNode, states: inout [TranslationState]) throws -> Substitution {
        _ = try node.object()
        let argumentNumber = try node.member("argNum")?.integer()
        if let argumentNumber, argumentNumber < 1 { throw node.member("argNum")!.error("argNum counts from 1") }
        if let argumentNumber, argumentNumber > TranslationLimits.argumentPosition {
            throw node.member("argNum")!.error("argNum \(argumentNumber) is past babelfit's limit of \(TranslationLimits.argumentPosition) arguments")
        }
        let specifier = try node.member("formatSpecifier")?.string() ?? "@"
        // `%arg` stands for the argument; written as a specifier without position
        // it formats the variable's own argument.
        let message = try message(node, states: &states).mapTexts {
            $0.replacingOccurrences(of: "%arg", with: "%" + specifier)
        }
        return Substitution(argumentNumber: argumentNumber, formatSpecifier: specifier, message: message)
    }
}

/// A table's name from its file's path: `de.lproj/Main.strings` → `Main`.
func tableNameOf(_ path: String) -> String {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = file.lastIndex(of: ".") else { return file }
    return String(file[..<dot])
}
