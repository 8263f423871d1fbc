import Foundation
import InterfaceBuilder
import Layout
import Localization
import Reports

/// Storyboards and XIBs turned into JSON layouts (`babelfit import`): one layout per scene or
/// top-level view, as `StoryboardReader` reads it and `LayoutJSONWriter` writes it, and the
/// translation files its texts are looked up in, to copy beside them. Checking the layouts
/// with the copied translations gives the findings that checking the IB files does.
///
/// Texts keep Interface Builder's keys (`ObjectID.text` in the table named after the file,
/// the file's text as the development language's default); the translations of each table a
/// file's layouts use (`fr.lproj/Main.strings`, `.stringsdict`, a `Main.xcstrings`) are found
/// as `check` finds them — below the folder that holds the file's `.lproj` folder (or the
/// file, when it lies in none), or below the folders given — and copied as they are. Two IB
/// files whose tables share a name but come from different folders (two apps' `Main`) keep
/// them apart: the second's table is renamed (`Main 2`) in its layouts and copies.
public struct InterfaceBuilderImport: Sendable {
    public struct Layout: Sendable {
        /// The layout's name, as `check` names the scene (`Main/Login`).
        public var name: String
        /// The IB file it was read from.
        public var source: String
        /// The file name to write it to: the name made safe (`Main-Login.json`), unique in the import.
        public var fileName: String
        public var document: LayoutDocument
        /// The JSON layout.
        public var json: String
    }

    /// A translation file to copy: from where, to which path below the output folder.
    public struct Translation: Sendable, Equatable {
        public var source: String
        /// `fr.lproj/Main.strings`, or `Main.xcstrings`.
        public var destination: String
    }

    public private(set) var layouts: [Layout] = []
    public private(set) var translations: [Translation] = []
    /// What the reader could not represent faithfully, as `File:LINE: <element> message`.
    public private(set) var warnings: [String] = []
    /// The IB files that could not be read (nothing should be written when there are any).
    public private(set) var errors: [InputError] = []

    /// Reads the IB files named, or found below the folders named (as `check` finds them);
    /// `strings` are the folders the translations are looked for in (nil: beside each file).
    public init(paths: [String], strings: [String]? = nil, reader: StoryboardReader = StoryboardReader()) {
        let (files, missing) = Self.interfaceBuilderFiles(in: paths, reader: reader)
        errors = missing
        var usedFileNames = Set<String>()
        /// Table names in the import, by the folders they were found in: the first keeps its name.
        var tableNames: [String: [String]] = [:]
        for path in files {
            let file = Project.displayPath(path)
            let read: InterfaceBuilderFile
            do {
                read = try reader.readFile(path: path)
            } catch {
                errors.append(InputError(decoding: error, file: file))
                continue
            }
            warnings += read.warnings.map(\.description)
            let folders = strings ?? [Self.translationRoot(of: path)]
            let key = folders.map { ($0 as NSString).standardizingPath }.joined(separator: "\n")
            var renamed: [String: String] = [:]
            for table in Self.tables(of: read.documents) {
                var owners = tableNames[table] ?? []
                if !owners.contains(key) { owners.append(key) }
                tableNames[table] = owners
                let index = owners.firstIndex(of: key)!
                if index > 0 { renamed[table] = "\(table) \(index + 1)" }
            }
            for var document in read.documents {
                if !renamed.isEmpty { document = Self.renamingTables(document, renamed) }
                let fileName = Self.fileName(for: document.name, taken: &usedFileNames)
                layouts.append(Layout(name: document.name, source: file, fileName: fileName, document: document,
                                      json: LayoutJSONWriter.json(document)))
            }
            for table in Self.tables(of: read.documents) {
                for copy in Self.translationFiles(table: table, in: folders) {
                    var destination = copy
                    if let newName = renamed[table] {
                        let ext = (copy.destination as NSString).pathExtension
                        let folder = (copy.destination as NSString).deletingLastPathComponent
                        destination.destination = (folder as NSString).appendingPathComponent("\(newName).\(ext)")
                    }
                    if !translations.contains(where: { $0.destination == destination.destination }) {
                        translations.append(destination)
                    }
                }
            }
        }
        translations.sort { $0.destination < $1.destination }
    }

    /// The storyboards and XIBs at paths, as `check` finds them: a file named, and below a
    /// folder every one but those in a single language's `.lproj` copy; each once, sorted, as
    /// reports name them. Errors: a path that does not exist, a file that is not a storyboard
    /// or XIB, a folder that holds none.
    public static func interfaceBuilderFiles(in paths: [String], reader: StoryboardReader = StoryboardReader())
        -> (files: [String], errors: [InputError]) {
        var errors: [InputError] = []
        for path in paths where !reader.accepts(fileNamed: (path as NSString).lastPathComponent) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                errors.append(InputError(file: path, message: "not a storyboard or XIB"))
            }
        }
        let found = Project.layoutFiles(paths, errors: &errors, readers: [reader])
            .filter { reader.accepts(fileNamed: ($0 as NSString).lastPathComponent) }
            + paths.flatMap { Project.subfolderLayouts(of: $0, readers: [reader]) }
        var seen = Set<String>()
        let files = found.map { ($0 as NSString).standardizingPath }.filter { seen.insert($0).inserted }.sorted()
        return (files.map(Project.displayPath), errors)
    }

    /// Where a file's translations lie: the folder that holds its `.lproj` folder
    /// (`App/Base.lproj/Main.storyboard` → `App`), else its own folder.
    public static func translationRoot(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let root = (folder as NSString).pathExtension == "lproj" ? (folder as NSString).deletingLastPathComponent : folder
        return root.isEmpty ? "." : root
    }

    /// The tables the texts of layouts are looked up in, sorted.
    static func tables(of documents: [LayoutDocument]) -> [String] {
        var tables = Set<String>()
        for document in documents {
            for view in document.allViews {
                for text in view.kind.texts {
                    if case .localized(let localized) = text { tables.insert(localized.table ?? document.table) }
                }
            }
        }
        return tables.sorted()
    }

    /// A document whose texts look their keys up in renamed tables.
    static func renamingTables(_ document: LayoutDocument, _ names: [String: String]) -> LayoutDocument {
        func renamed(_ text: TextValue?) -> TextValue? {
            guard case .localized(var localized)? = text else { return text }
            let table = localized.table ?? document.table
            guard let name = names[table] else { return text }
            localized.table = name
            return .localized(localized)
        }
        func visit(_ view: ViewNode) -> ViewNode {
            var view = view
            switch view.kind {
            case .label(var label): label.text = renamed(label.text); view.kind = .label(label)
            case .button(var button): button.title = renamed(button.title); view.kind = .button(button)
            case .textField(var field):
                field.text = renamed(field.text)
                field.placeholder = renamed(field.placeholder)
                view.kind = .textField(field)
            case .view, .image, .stack, .control, .scroll: break
            }
            view.subviews = view.subviews.map(visit)
            return view
        }
        var document = document
        document.root = visit(document.root)
        return document
    }

    /// The translation files of a table below folders, as `check` finds them: each
    /// `<lang>.lproj/<table>.strings` and `.stringsdict`, and `<table>.xcstrings`; the first
    /// by path where two would be copied to one place.
    static func translationFiles(table: String, in folders: [String]) -> [Translation] {
        var found: [Translation] = []
        for file in Translations(folders: folders).files.sorted(by: { $0.path < $1.path }) {
            let name = (file.path as NSString).lastPathComponent
            guard (name as NSString).deletingPathExtension == table else { continue }
            let destination: String
            switch file.kind {
            case .strings, .stringsdict:
                let folder = ((file.path as NSString).deletingLastPathComponent as NSString).lastPathComponent
                guard (folder as NSString).pathExtension == "lproj" else { continue }
                destination = (folder as NSString).appendingPathComponent(name)
            case .xcstrings:
                destination = name
            case .xliff:
                continue
            }
            if !found.contains(where: { $0.destination == destination }) {
                found.append(Translation(source: file.path, destination: destination))
            }
        }
        return found
    }

    /// A layout name as a file name: `/` as `-`, anything but letters, digits, `-`, `_` and
    /// `.` as `_`, not hidden, not the config's `babelfit.json`; unique ignoring case (with
    /// `-2`, `-3` …), since a Mac's file system ignores it.
    public static func fileName(for name: String, taken: inout Set<String>) -> String {
        var base = String(name.map { character -> Character in
            if character == "/" { return "-" }
            return character.isLetter || character.isNumber || "-_.".contains(character) ? character : "_"
        })
        while base.hasPrefix(".") { base.removeFirst() }
        if base.isEmpty || base.lowercased() == "babelfit" { base = "layout-" + base }
        var candidate = base
        var number = 2
        while taken.contains(candidate.lowercased()) {
            candidate = "\(base)-\(number)"
            number += 1
        }
        taken.insert(candidate.lowercased())
        return candidate + ".json"
    }
}

extension InputError {
    /// A layout that could not be read, at its place in the file (`path: message`, the detail
    /// below), as a check reports it.
    public init(decoding error: LayoutDecodingError, file: String) {
        var message = error.message
        if error.path != "" { message = "\(error.path): \(message)" }
        if let detail = error.detail { message += "\n" + detail }
        self.init(file: file, line: error.line > 0 ? error.line : nil,
                  column: error.line > 0 && error.column > 0 ? error.column : nil, message: message)
    }
}
