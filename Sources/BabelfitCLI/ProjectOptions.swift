import Checks
import Foundation
import Layout

/// The options that choose a project and its places, as `check` reads them: PATHs, --layouts,
/// --strings, --fonts, --config (else ./babelfit.json), --development-language, --devices and
/// --content-sizes, each falling back on the config, then on ./Layouts, else the current folder.
struct ProjectOptions {
    static let names: Set<String> = ["layouts", "strings", "fonts", "config", "development-language", "devices", "content-sizes"]

    var config: CheckConfig
    var configPath: String?
    var layoutPaths: [String]
    var project: Project
    /// nil: each layout's own devices, else the standard four.
    var devices: [Device]?
    var contentSizes: [ContentSize]

    /// Every file read: neither a report nor an output may be written over one.
    var files: [String] {
        layoutPaths + project.layouts.map(\.file) + project.inputErrors.map(\.file)
            + project.translationSets.flatMap { $0.files.map(\.path) } + [configPath].compactMap { $0 }
    }

    /// `paths` are the layouts named (check's PATHs); --layouts adds to them.
    init(_ args: Arguments, paths: [String]) throws {
        config = CheckConfig()
        configPath = args.value("config") ?? (FileManager.default.fileExists(atPath: "babelfit.json") ? "babelfit.json" : nil)
        if let configPath { config = try CheckConfig(path: configPath) }
        // Inputs: PATHs, then --layouts/--strings, then the config, then ./Layouts, else the
        // current folder as a project.
        var layoutPaths = paths + args.all("layouts")
        var stringFolders = args.all("strings") + paths.compactMap(OptionValues.translationFolder)
        if layoutPaths.isEmpty { layoutPaths = config.layouts }
        if stringFolders.isEmpty { stringFolders = config.strings }
        if layoutPaths.isEmpty { layoutPaths = [OptionValues.isFolder("Layouts") ? "Layouts" : "."] }
        self.layoutPaths = layoutPaths
        let parts = CheckCommand.parts(layouts: layoutPaths, strings: stringFolders,
                                       explicitStrings: !args.all("strings").isEmpty || !config.strings.isEmpty)
        if let tag = args.value("development-language") { _ = try OptionValues.language(tag, option: "development-language") }
        let deviceNames = try OptionValues.list(args, "devices", of: "device names") ?? config.devices
        let custom = config.customDevices
        devices = try deviceNames.map { try $0.map { try OptionValues.device($0, custom: custom) } }
        let sizeNames = try OptionValues.list(args, "content-sizes", of: "content sizes (XS … AX5)") ?? config.contentSizes
        contentSizes = try sizeNames.map { try $0.map(OptionValues.contentSize) } ?? [.L]
        project = try Project(parts: parts,
                              fontsFolder: FontsLocator.folder(args.value("fonts") ?? config.fonts),
                              developmentLanguage: args.value("development-language") ?? config.developmentLanguage,
                              customDevices: config.customDevices,
                              documentationLanguages: config.documentationLanguages)
    }
}
