import Foundation

/// An XLIFF 1.2 document as Xcode exports it (alone or inside a `.xcloc`):
/// one `<file>` per original table, one `<trans-unit>` per key or variant.
public struct XLIFFDocument: Sendable {
    public struct Unit: Sendable {
        public var id: String
        public var source: String
        public var target: String?
        /// The `state` of `<target>`, as written (`translated`, `new`, `needs-review-l10n`…).
        public var targetState: String?
        public var note: String?
        /// False where the unit says `translate="no"`.
        public var translate: Bool
        public var location: SourceLocation
    }

    public struct File: Sendable {
        /// The table's original path in the project (`Base.lproj/Main.storyboard`).
        public var original: String
        public var sourceLanguage: String
        public var targetLanguage: String?
        public var units: [Unit]
        public var location: SourceLocation

        /// The table the file translates: the original's name without extension.
        public var tableName: String { tableNameOf(original) }
    }

    public var path: String
    public var files: [File]

    public init(path: String) throws {
        try self.init(bytes: try TextDecoding.readRaw(path: path), path: path)
    }

    public init(bytes: [UInt8], path: String) throws {
        self.path = path
        let root = try XMLReader.parse(bytes: bytes, file: path)
        guard root.name == "xliff" else {
            throw LocalizationError("expected an <xliff> document, found <\(root.name)>", at: root.location)
        }
        if let version = root.attributes["version"], version != "1.2" {
            throw LocalizationError("XLIFF version \(version) is not supported (expected 1.2)", at: root.location)
        }
        files = try root.children(named: "file").map { file in
            guard let original = file.attributes["original"] else {
                throw LocalizationError("<file> has no original attribute", at: file.location)
            }
            guard let sourceLanguage = file.attributes["source-language"] else {
                throw LocalizationError("<file> has no source-language attribute", at: file.location)
            }
            var units: [Unit] = []
            for body in file.children(named: "body") {
                try Self.collectUnits(body, into: &units)
            }
            // XLIFF 1.2 ids are unique within a <file>: a repeat would silently replace a translation.
            var first: [String: SourceLocation] = [:]
            for unit in units {
                if let earlier = first[unit.id] {
                    throw LocalizationError("<trans-unit id=\"\(unit.id)\"> repeats the id of line \(earlier.line) in the same <file>",
                                            at: unit.location)
                }
                first[unit.id] = unit.location
            }
            return File(original: original, sourceLanguage: sourceLanguage, targetLanguage: file.attributes["target-language"],
                        units: units, location: file.location)
        }
    }

    /// Trans-units, also those inside `<group>`s.
    private static func collectUnits(_ element: MarkupElement, into units: inout [Unit]) throws {
        for child in element.children {
            switch child.name {
            case "group":
                try collectUnits(child, into: &units)
            case "trans-unit":
                guard let id = child.attributes["id"] else {
                    throw LocalizationError("<trans-unit> has no id", at: child.location)
                }
                guard let source = child.firstChild(named: "source") else {
                    throw LocalizationError("<trans-unit id=\"\(id)\"> has no <source>", at: child.location)
                }
                let target = child.firstChild(named: "target")
                units.append(Unit(id: id, source: source.text, target: target?.text, targetState: target?.attributes["state"],
                                  note: child.firstChild(named: "note")?.text, translate: child.attributes["translate"] != "no",
                                  location: child.location))
            default:
                continue
            }
        }
    }
}

extension XLIFFDocument.File {
    /// The translations the file gives for its source language (`target: false`)
    /// or its target language, rebuilt into the shape of the original table: a
    /// `.stringsdict` unit's id is a path (`/key:dict/VAR:dict/one:dict/:string`), a
    /// String Catalog variant's id is `key|==|plural.one` or
    /// `key|==|substitutions.VAR.plural.one`.
    public func translations(target: Bool) -> [Translation] {
        var order: [String] = []
        var builders: [String: TranslationBuilder] = [:]
        for unit in units {
            let text: String
            if target {
                guard let value = unit.target else { continue }
                text = value
            } else {
                text = unit.source
            }
            let (key, path) = Self.split(unitID: unit.id, original: original)
            if builders[key] == nil {
                order.append(key)
                builders[key] = TranslationBuilder(key: key, location: unit.location)
            }
            builders[key]!.add(path: path, text: text, unit: unit, target: target)
        }
        return order.map { builders[$0]!.build() }
    }

    /// The key and the variant path within it.
    private static func split(unitID: String, original: String) -> (String, [String]) {
        if original.hasSuffix(".stringsdict"), unitID.hasPrefix("/") {
            // "/key:dict/VAR:dict/one:dict/:string" → key, [VAR, one]
            let parts = unitID.dropFirst().components(separatedBy: ":dict/")
            let names = parts.filter { !$0.isEmpty && $0 != ":string" }
            guard let key = names.first else { return (unitID, []) }
            return (key, Array(names.dropFirst()))
        }
        if let range = unitID.range(of: "|==|") {
            let key = String(unitID[..<range.lowerBound])
            return (key, unitID[range.upperBound...].split(separator: ".").map(String.init))
        }
        return (unitID, [])
    }
}

/// Collects the units of one key into a Translation.
private struct TranslationBuilder {
    var key: String
    var location: SourceLocation
    var format: String?
    var plural: [PluralCategory: Message] = [:]
    var device: [String: Message] = [:]
    var variables: [String: [PluralCategory: Message]] = [:]
    var states: [TranslationState] = []
    var note: String?
    var translate = true

    init(key: String, location: SourceLocation) {
        self.key = key
        self.location = location
    }

    mutating func add(path: [String], text: String, unit: XLIFFDocument.Unit, target: Bool) {
        if target, let state = unit.targetState.flatMap(TranslationState.init(xliff:)) { states.append(state) }
        if note == nil, let unitNote = unit.note, !unitNote.isEmpty { note = unitNote }
        if !unit.translate { translate = false }
        switch path.count {
        case 0:
            format = text
        case 1 where path[0] == "NSStringLocalizedFormatKey":
            format = text
        case 2 where path[0] == "plural":
            if let category = PluralCategory(rawValue: path[1]) { plural[category] = .text(text) }
        case 2 where path[0] == "device":
            device[path[1]] = .text(text)
        case 2:
            // .stringsdict: VAR / category
            if let category = PluralCategory(rawValue: path[1]) { variables[path[0], default: [:]][category] = .text(text) }
        case 4 where path[0] == "substitutions" && path[2] == "plural":
            if let category = PluralCategory(rawValue: path[3]) { variables[path[1], default: [:]][category] = .text(text) }
        default:
            if format == nil { format = text }
        }
    }

    func build() -> Translation {
        let message: Message
        if !plural.isEmpty {
            message = .plural(plural)
        } else if !device.isEmpty {
            message = .device(device)
        } else {
            message = .text(format ?? "")
        }
        var substitutions: [String: Substitution] = [:]
        for (name, forms) in variables {
            let sample = forms[.other] ?? forms.values.first ?? .text("")
            let specifier = sample.texts.first.flatMap { FormatSpecifier.parse($0).first { $0.conversion != .percent } }
            substitutions[name] = Substitution(argumentNumber: specifier?.position, formatSpecifier: specifier?.conversionText ?? "d",
                                               message: .plural(forms))
        }
        let state = [TranslationState.new, .needsReview, .stale, .translated].first { states.contains($0) }
        return Translation(key: key, message: message, substitutions: substitutions, comment: note, state: state,
                           shouldTranslate: translate, location: location)
    }
}
