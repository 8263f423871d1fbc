import Checks
import Foundation
import InterfaceBuilder

/// What `babelfit layout` and `babelfit render` share: one layout file (a JSON layout, or a
/// storyboard's or XIB's scene chosen with `--scene`) in one language, device and content size,
/// with translations from the layout's folder (for a storyboard in a `.lproj` folder, the folder
/// that holds it) unless `--strings` says otherwise, and fonts as every command finds them.
struct SingleRun {
    /// The options both commands take.
    static let options: Set<String> = ["scene", "language", "device", "content-size", "strings", "fonts", "system-fonts"]

    let file: String
    let scene: String?
    let language: String
    let device: String
    let contentSize: ContentSize
    let stringFolders: [String]
    let fonts: String
    /// San Francisco's files and folders (`--system-fonts`).
    let systemFonts: [String]

    /// Reads and checks the options, before anything is read: a usage error names what is wrong.
    init(_ args: Arguments, command: String, usage: String) throws {
        guard args.positional.count == 1 else { throw UsageError("\(command) takes one layout file\n\(usage)") }
        file = args.positional[0]
        scene = args.value("scene")
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue {
            throw UsageError("\(file) is a folder; \(command) takes one layout file (check takes folders)")
        }
        language = try OptionValues.language(args.value("language") ?? "en", option: "language")
        device = args.value("device") ?? "iPhone 15"
        _ = try OptionValues.device(device)
        contentSize = try args.value("content-size").map(OptionValues.contentSize) ?? .L
        let folders = args.all("strings")
        let interfaceBuilder = StoryboardReader().accepts(fileNamed: (file as NSString).lastPathComponent)
        stringFolders = !folders.isEmpty ? folders
            : [interfaceBuilder ? InterfaceBuilderImport.translationRoot(of: file) : OptionValues.translationFolder(for: file) ?? "."]
        fonts = FontsLocator.folder(args.value("fonts"))
        systemFonts = FontsLocator.systemFonts(args.value("system-fonts"))
    }

    /// Reads the layout and translations and checks the run. Input errors are printed; nil
    /// when the run cannot be checked (exit status 2), else the run and whether every input
    /// could be read.
    func check() throws -> (run: CheckedRun, project: Project)? {
        let project = try Project(layouts: [file], strings: stringFolders, fontsFolder: fonts, systemFonts: systemFonts)
        for error in project.inputErrors {
            printError("\(error)")
        }
        guard !project.layouts.isEmpty else {
            if project.inputErrors.isEmpty { printError("\(file): no scene or top-level view to lay out") }
            return nil
        }
        let layout = try LayoutCommand.scene(scene, of: project.layouts, file: file)
        do {
            let inspector = try RunInspector(project: project)
            let run = try inspector.check(layout: layout.document.name, language: language, device: device, contentSize: contentSize)
            // The run, its sessions (solvers and constraints) and the project not freed just
            // before the process ends, whichever command shows the run.
            CLI.keepToTheEnd((inspector, run, project))
            return (run, project)
        } catch let error as InputError {
            printError("\(error)")
            return nil
        }
    }

    /// Prints why a command failed (a usage error with the command's name, an input error as
    /// it is) and returns exit status 2.
    static func failure(_ error: any Error, command: String) -> Int32 {
        if let error = error as? InputError {
            printError("\(error)")
        } else {
            printError("babelfit \(command): \(error)")
        }
        return 2
    }
}
