import Checks
import Foundation
import Reports

/// `babelfit import Main.storyboard -o Layouts`: JSON layouts that check to the same findings
/// as the storyboards and XIBs they come from, with the translations their texts use.
public enum ImportCommand {
    static let usage = """
    usage: babelfit import PATH… -o DIR [--strings DIR]… [--replace]

    Writes a JSON layout for every scene of each storyboard and every top-level view of each
    XIB (PATH: a file, or a folder searched as check searches an Xcode project folder), named
    after the layout (Main/Login → DIR/Main-Login.json), and copies the translations of the
    tables their texts use (fr.lproj/Main.strings …) into DIR, so that `babelfit check DIR`
    gives the findings `babelfit check` gives for the IB files. The reader's warnings (what it
    approximates) go to standard error.

      -o, --output  the folder to write; it must not exist or be empty, unless --replace
      --strings     where the translations are (repeatable; default: the folder holding the
                    file's .lproj folder, else the file's own folder)
      --replace     replace DIR and everything in it

    DIR is written whole or not at all (a temporary folder beside it, renamed into place).
    Exit status: 0 written, 2 a file could not be read or written (or bad usage).
    """

    public static func run(_ arguments: [String]) -> Int32 {
        let args: Arguments
        do {
            args = try Arguments(StringsCommand.longOutput(arguments), options: ["output", "strings"], flags: ["replace", "help"])
        } catch {
            printError("babelfit import: \(error)\n\n\(usage)")
            return 2
        }
        if args.flag("help") {
            print(usage)
            return 0
        }
        guard let output = args.value("output") else {
            printError("babelfit import: give the folder to write with -o DIR\n\n\(usage)")
            return 2
        }
        guard !args.positional.isEmpty else {
            printError("babelfit import: give a storyboard, a XIB or a folder that holds them\n\n\(usage)")
            return 2
        }
        let strings = args.all("strings")
        let imported = InterfaceBuilderImport(paths: args.positional, strings: strings.isEmpty ? nil : strings)
        for warning in imported.warnings { printError("\(warning)") }
        guard imported.errors.isEmpty else {
            for error in imported.errors { printError("\(error)") }
            printError("babelfit import: nothing written")
            return 2
        }
        guard !imported.layouts.isEmpty else {
            printError("babelfit import: \(args.positional.joined(separator: ", ")) holds no scene or top-level view to lay out; nothing written")
            return 2
        }
        do {
            let inputs = imported.layouts.map(\.source) + imported.translations.map(\.source)
            try FolderOutput.write(to: output, replacing: args.flag("replace"), inputs: inputs) { folder in
                for layout in imported.layouts {
                    try Data(layout.json.utf8).write(to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent(layout.fileName)))
                }
                for translation in imported.translations {
                    let destination = (folder as NSString).appendingPathComponent(translation.destination)
                    try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent,
                                                            withIntermediateDirectories: true)
                    guard let data = FileManager.default.contents(atPath: translation.source) else {
                        throw InputError(file: translation.source, message: "cannot read the translation file")
                    }
                    try data.write(to: URL(fileURLWithPath: destination))
                }
            }
        } catch let error as InputError {
            printError("\(error)")
            return 2
        } catch {
            printError("babelfit import: \(error)")
            return 2
        }
        for layout in imported.layouts {
            print("\(layout.name) → \((output as NSString).appendingPathComponent(layout.fileName))")
        }
        let tables = Set(imported.translations.map { (($0.destination as NSString).lastPathComponent as NSString).deletingPathExtension })
        print("\(imported.layouts.count) layout\(imported.layouts.count == 1 ? "" : "s") and \(imported.translations.count) translation file\(imported.translations.count == 1 ? "" : "s") (\(tables.sorted().joined(separator: ", "))) written to \(output)")
        return 0
    }
}

/// A folder written whole or not at all: its files go to a temporary folder beside it, which
/// is then renamed into place.
enum FolderOutput {
    /// Fills a temporary folder through `fill` and renames it to `path`. `path` must not exist,
    /// or be an empty folder; with `replacing`, an existing folder is replaced, unless it holds
    /// one of `inputs`.
    static func write(to path: String, replacing: Bool, inputs: [String], fill: (String) throws -> Void) throws {
        let manager = FileManager.default
        let target = (path as NSString).standardizingPath
        var isFolder: ObjCBool = false
        let exists = manager.fileExists(atPath: target, isDirectory: &isFolder)
        if exists {
            guard isFolder.boolValue else { throw UsageError("cannot write the folder \(path): a file of that name is there") }
            let absolute = URL(fileURLWithPath: target).resolvingSymlinksInPath().path
            for input in inputs {
                let inputPath = URL(fileURLWithPath: input).resolvingSymlinksInPath().path
                if inputPath == absolute || inputPath.hasPrefix(absolute + "/") {
                    throw UsageError("\(path) holds \(input), one of the inputs: babelfit does not write over what it reads; choose another folder")
                }
            }
            let empty = ((try? manager.contentsOfDirectory(atPath: target)) ?? []).isEmpty
            guard empty || replacing else {
                throw UsageError("\(path) already exists and is not empty: choose another folder, or give --replace to replace it")
            }
        }
        let parent = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let base = (parent.isEmpty ? "." : parent as NSString).appendingPathComponent(".\(name).\(getpid())")
        let temporary = base + ".tmp", old = base + ".old"
        do {
            try manager.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        } catch {
            throw UsageError("cannot write the folder \(path): \(error.localizedDescription)")
        }
        do {
            try fill(temporary)
            if exists {
                guard rename(target, old) == 0 else { throw UsageError("cannot replace \(path): \(String(cString: strerror(errno)))") }
            }
            guard rename(temporary, target) == 0 else {
                let reason = String(cString: strerror(errno))
                if exists { _ = rename(old, target) }
                throw UsageError("cannot write the folder \(path): \(reason)")
            }
        } catch {
            try? manager.removeItem(atPath: temporary)
            throw error
        }
        if exists { try? manager.removeItem(atPath: old) }
    }
}
