import Checks
import Foundation
import Localization
import Reports
import Support

/// `babelfit init [DIR] [--force]`: writes `DIR/babelfit.json` (the config `check` reads) from
/// what the folder holds: its layouts, its translations, a fonts folder with a `catalog.json`,
/// and the development language (an Xcode project's `developmentRegion`, else what the
/// translations say). An existing `babelfit.json` is kept unless `--force`.
enum InitCommand {
    static let usage = """
    usage: babelfit init [DIR] [--force]

    Writes DIR/babelfit.json (DIR: the current folder) for the project in DIR: `layouts` (its
    Layouts/ folder, else the folder itself when it holds JSON layouts, storyboards or XIBs),
    `strings` (the folders that hold its *.lproj folders, String Catalogs and XLIFF), `fonts` (a
    folder with a catalog.json, when there is one) and `developmentLanguage` (the Xcode
    project's developmentRegion, else the translations' source language). `babelfit check` in
    DIR then reads it. An existing babelfit.json is not replaced unless --force.
    Exit status: 0 when written, 2 when DIR has no layouts, or babelfit.json exists.
    """

    /// Folders a project search passes over, as `check` does.
    static let skipped: Set<String> = ["build", "DerivedData", "Pods", "Carthage", "node_modules"]

    static func run(_ arguments: [String]) -> Int32 {
        do {
            let args = try Arguments(arguments, options: [], flags: ["force", "help"])
            if args.flag("help") {
                print(usage)
                return 0
            }
            guard args.positional.count <= 1 else { throw UsageError("expects at most one folder, got \(args.positional.count)") }
            let folder = args.positional.first ?? "."
            guard OptionValues.isFolder(folder) else { throw InputError(file: folder, message: "no such folder") }
            let target = (folder as NSString).appendingPathComponent("babelfit.json")
            if FileManager.default.fileExists(atPath: target), !args.flag("force") {
                throw InputError(file: target, message: "babelfit.json exists; it is kept (--force writes a new one)")
            }
            let found = try ProjectSurvey(folder: folder)
            try Output.write(found.config, to: target, inputs: [])
            print("babelfit init: wrote \(target)")
            for line in found.notes { print("  \(line)") }
            return 0
        } catch let error as UsageError {
            printError("babelfit init: \(error)")
            return 2
        } catch let error as InputError {
            printError("\(error)")
            return 2
        } catch {
            printError("babelfit init: \(error)")
            return 2
        }
    }
}

/// What a project folder holds, as `init` reports it and writes it down.
struct ProjectSurvey {
    var layouts: [String] = []
    var strings: [String] = []
    var fonts: String?
    var developmentLanguage: String?
    /// One line each: what was found and where.
    var notes: [String] = []

    init(folder: String) throws {
        let manager = FileManager.default
        var translationFolders: [String] = []
        var fontCatalogs: [String] = []
        var regions: [String] = []
        var layoutFiles: [String] = []
        // Walk the folder as `check` searches a project: hidden folders, build products and
        // dependencies passed over; bundles entered only where they hold what is looked for.
        func visit(_ relative: String, depth: Int) {
            guard depth < 32 else { return }
            let path = relative.isEmpty ? folder : (folder as NSString).appendingPathComponent(relative)
            for name in ((try? manager.contentsOfDirectory(atPath: path)) ?? []).sorted() where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : (relative as NSString).appendingPathComponent(name)
                var isFolder: ObjCBool = false
                guard manager.fileExists(atPath: (folder as NSString).appendingPathComponent(child), isDirectory: &isFolder) else { continue }
                let ext = (name as NSString).pathExtension
                if isFolder.boolValue {
                    if InitCommand.skipped.contains(name) { continue }
                    if ext == "lproj" || ext == "xcloc" {
                        translationFolders.append(relative)
                        if ext == "xcloc" { continue }
                    }
                    if ext == "xcodeproj" {
                        let pbxproj = (folder as NSString).appendingPathComponent((child as NSString).appendingPathComponent("project.pbxproj"))
                        if let region = Self.developmentRegion(pbxproj) { regions.append(region) }
                        continue
                    }
                    if ["xcworkspace", "xcassets", "app", "bundle", "framework"].contains(ext) { continue }
                    visit(child, depth: depth + 1)
                } else if ext == "xcstrings" || ext == "xliff" {
                    translationFolders.append(relative)
                } else if name == "catalog.json",
                          (try? manager.contentsOfDirectory(atPath: path))?.contains(where: { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") }) == true {
                    fontCatalogs.append(relative)
                } else if ext == "storyboard" || ext == "xib" || (ext == "json" && Self.isLayout(at: (folder as NSString).appendingPathComponent(child))) {
                    layoutFiles.append(child)
                }
            }
        }
        visit("", depth: 0)

        guard !layoutFiles.isEmpty else {
            throw InputError(file: folder, message: "no layouts (JSON layouts, storyboards, XIBs) below this folder; nothing to check")
        }
        // Layouts: Layouts/ for those below it (a check searches it whole); a JSON layout elsewhere
        // by its file (a folder holds JSON files of every kind); the folders of storyboards and
        // XIBs elsewhere (a check searches below each).
        var listed: Set<String> = []
        var interfaceFolders: Set<String> = []
        for file in layoutFiles {
            if file.hasPrefix("Layouts/") {
                listed.insert("Layouts")
            } else if file.hasSuffix(".json") {
                listed.insert(file)
            } else {
                let parent = (file as NSString).deletingLastPathComponent
                interfaceFolders.insert(parent.isEmpty ? "." : parent)
            }
        }
        layouts = listed.sorted() + Self.outermost(interfaceFolders)
        notes.append("layouts: \(layoutFiles.count) file\(layoutFiles.count == 1 ? "" : "s") in \(layouts.joined(separator: ", "))")
        // Translations: the outermost folders that hold them (a search goes below each).
        strings = Self.outermost(Set(translationFolders.map { $0.isEmpty ? "." : $0 }))
        let translations = Translations(folders: strings.map { $0 == "." ? folder : (folder as NSString).appendingPathComponent($0) })
        if strings.isEmpty {
            notes.append("strings: no .lproj folders, String Catalogs or XLIFF found; only the layouts' own texts will be checked")
        } else {
            notes.append("strings: \(strings.joined(separator: ", ")) (\(translations.languages.joined(separator: ", ")))")
        }
        if let catalog = fontCatalogs.first {
            fonts = catalog.isEmpty ? "." : catalog
            notes.append("fonts: \(fonts!) (its catalog.json)")
        } else {
            notes.append("fonts: none with a catalog.json here; babelfit's bundled fonts are used")
        }
        if let region = regions.first {
            developmentLanguage = region
            notes.append("developmentLanguage: \(region) (the Xcode project's developmentRegion)")
        } else if !strings.isEmpty {
            developmentLanguage = translations.developmentLanguage
            notes.append("developmentLanguage: \(translations.developmentLanguage) (from the translations)")
        }
    }

    /// The config as `babelfit.json`: sorted keys, two-space indent, a newline at the end.
    var config: String {
        var object: [String: JSONValue] = ["layouts": .array(layouts.map(JSONValue.string))]
        if !strings.isEmpty { object["strings"] = .array(strings.map(JSONValue.string)) }
        if let fonts { object["fonts"] = .string(fonts) }
        if let developmentLanguage { object["developmentLanguage"] = .string(developmentLanguage) }
        return JSONValue.object(object).serialized(pretty: true) + "\n"
    }

    /// The folders not below another of them, sorted.
    static func outermost(_ folders: Set<String>) -> [String] {
        folders.sorted().filter { folder in
            !folders.contains { other in other != folder && (other == "." || folder.hasPrefix(other + "/")) }
        }
    }

    /// `developmentRegion = de;` of an Xcode project file.
    static func developmentRegion(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let range = text.range(of: "developmentRegion = ") else { return nil }
        let value = text[range.upperBound...].prefix { $0 != ";" && !$0.isNewline }
        let region = value.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        return region.isEmpty ? nil : region
    }

    /// A JSON file that reads as a layout (a `root` view and a `format`), not a catalog or a config.
    static func isLayout(at path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path), data.count < 16 << 20,
              case .object(let members)? = try? JSONParser.parse(String(decoding: data, as: UTF8.self)).value else { return false }
        return members.contains { $0.key == "root" } && members.contains { $0.key == "format" }
    }
}
