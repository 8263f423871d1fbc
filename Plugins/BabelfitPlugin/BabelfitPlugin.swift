import Foundation
import PackagePlugin

/// `swift package babelfit check …`: runs the `babelfit` command line built from this package,
/// in the package's folder, with the arguments given (`check` when none are). The fonts are the
/// babelfit package's own `Fonts/` (unless `--fonts` or `BABELFIT_FONTS` says otherwise), so a
/// package that depends on babelfit checks its layouts with them. A check that fails (exit
/// status 1: errors remain; 2: an input could not be read) fails the command.
@main
struct BabelfitPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "babelfit")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments.isEmpty ? ["check"] : arguments
        process.currentDirectoryURL = context.package.directoryURL
        var environment = ProcessInfo.processInfo.environment
        if environment["BABELFIT_FONTS"] == nil, !arguments.contains("--fonts"),
           let babelfit = Self.babelfitPackage(context.package) {
            environment["BABELFIT_FONTS"] = babelfit.directoryURL.appendingPathComponent("Fonts").path
        }
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw PluginFailure(command: process.arguments?.first ?? "", status: process.terminationStatus)
        }
    }

    /// The babelfit package: the one this plugin runs in, or a dependency of it, at any depth.
    static func babelfitPackage(_ package: Package) -> Package? {
        if package.products.contains(where: { $0.name == "babelfit" }) { return package }
        for dependency in package.dependencies {
            if let found = babelfitPackage(dependency.package) { return found }
        }
        return nil
    }
}

/// A babelfit command that did not succeed: the plugin fails with its exit status.
struct PluginFailure: Error, CustomStringConvertible {
    var command: String
    var status: Int32
    var description: String { "babelfit \(command) exited with status \(status)" }
}
