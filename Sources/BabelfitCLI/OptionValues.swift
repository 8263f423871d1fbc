import Foundation
import Checks
import Layout

/// Values that several commands take, each read one way with one message when it is wrong.
enum OptionValues {
    /// Why a device name is not one babelfit knows (nor `design`, nor one of `custom`), or nil
    /// when it is.
    static func unknownDevice(_ name: String, custom: [Device] = []) -> String? {
        name == Device.designName || Device.named(name, custom: custom) != nil ? nil
            : "unknown device '\(name)'; babelfit knows \(Device.knownDescription), \(custom.isEmpty ? "" : "the configuration's \(custom.map(\.name).joined(separator: ", ")), ")and design (each layout's design device)"
    }

    /// Why a content size name is not one of XS … AX5, or nil when it is.
    static func unknownContentSize(_ name: String) -> String? {
        ContentSize(name: name) == nil
            ? "unknown content size '\(name)'; expected one of \(ContentSize.allCases.map(\.rawValue).joined(separator: ", "))" : nil
    }

    /// Where the translations of a layout path are looked for: the folder itself, or the
    /// folder a layout file is in ("." for a file in the current folder), or for a file in an
    /// `.lproj` folder (`Base.lproj/Main.storyboard`) the folder that holds the `.lproj`s; nil
    /// when the path does not exist (the layouts report that).
    static func translationFolder(for path: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        return isFolder.boolValue ? path : InterfaceBuilderImport.translationRoot(of: path)
    }

    /// ISO 639 language codes, as ICU lists them.
    private static let languageCodes = Set(Locale.LanguageCode.isoLanguageCodes.map { $0.identifier.lowercased() })

    /// Why `tag` is not a language babelfit can check, or nil when it is: a BCP 47 tag (RFC 5646:
    /// language, then script, region, variants, extensions and private use; `_` taken for `-`, as
    /// `.lproj` folders write it) whose language is an ISO 639 code, or private use (`x-pseudo-rtl`).
    static func unknownLanguage(_ tag: String) -> String? {
        let subtags = tag.replacingOccurrences(of: "_", with: "-").split(separator: "-", omittingEmptySubsequences: false)
            .map { $0.lowercased() }
        func alpha(_ text: String, _ counts: ClosedRange<Int>) -> Bool {
            counts.contains(text.count) && text.allSatisfy { $0.isASCII && $0.isLetter }
        }
        func alphanumeric(_ text: String, _ counts: ClosedRange<Int>) -> Bool {
            counts.contains(text.count) && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
        let syntax = "'\(tag)' is not a BCP 47 language tag (such as en, pt-BR, zh-Hans or sr-Latn-RS)"
        guard let language = subtags.first, !language.isEmpty else { return syntax }
        var index = 1
        if language == "x" {
            // Private use only: x-pseudo-double.
            return subtags.count > 1 && subtags.dropFirst().allSatisfy({ alphanumeric($0, 1...8) }) ? nil : syntax
        }
        guard alpha(language, 2...3) else { return syntax }
        while index < subtags.count, index <= 3, alpha(subtags[index], 3...3) { index += 1 }       // extlang
        if index < subtags.count, alpha(subtags[index], 4...4) { index += 1 }                        // script
        if index < subtags.count, alpha(subtags[index], 2...2)
            || (subtags[index].count == 3 && subtags[index].allSatisfy { $0.isASCII && $0.isNumber }) { index += 1 } // region
        while index < subtags.count, alphanumeric(subtags[index], 5...8)
            || (subtags[index].count == 4 && subtags[index].first!.isNumber && alphanumeric(subtags[index], 4...4)) { index += 1 } // variants
        while index < subtags.count, subtags[index].count == 1, subtags[index] != "x" {          // extensions
            index += 1
            let start = index
            while index < subtags.count, alphanumeric(subtags[index], 2...8) { index += 1 }
            guard index > start else { return syntax }
        }
        if index < subtags.count, subtags[index] == "x" {                                           // private use
            index += 1
            let start = index
            while index < subtags.count, alphanumeric(subtags[index], 1...8) { index += 1 }
            guard index > start else { return syntax }
        }
        guard index == subtags.count else { return syntax }
        // qaa…qtz are reserved for private use.
        let privateUse = language.count == 3 && ("qaa"..."qtz").contains(language)
        guard languageCodes.contains(language) || privateUse else {
            return "'\(tag)' is not a language: '\(subtags[0])' is no ISO 639 language code"
        }
        return nil
    }

    static func language(_ tag: String, option: String) throws -> String {
        if let problem = unknownLanguage(tag) { throw UsageError("--\(option): \(problem)") }
        return tag
    }

    /// The names of a list option given on the command line (nil when it is not given); an
    /// option given with nothing in it (`--devices ""`) is an error rather than the default.
    static func list(_ args: Arguments, _ name: String, of what: String) throws -> [String]? {
        let values = args.all(name)
        guard !values.isEmpty else { return nil }
        let empty = values.contains { $0.split(separator: ",").allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty } }
        guard !empty else { throw UsageError("--\(name) is empty: give \(what), separated by commas, or leave the option out") }
        return args.list(name)
    }

    /// A device by name: one babelfit knows, one of `custom`, or `Device.design`.
    static func device(_ name: String, custom: [Device] = []) throws -> Device {
        if let problem = unknownDevice(name, custom: custom) { throw UsageError(problem) }
        return name == Device.designName ? .design : Device.named(name, custom: custom)!
    }

    static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    static func contentSize(_ name: String) throws -> ContentSize {
        if let problem = unknownContentSize(name) { throw UsageError(problem) }
        return ContentSize(name: name)!
    }
}
