import Foundation

/// Finds the fonts folder: `--fonts DIR`, else `$BABELFIT_FONTS`, else
/// `Fonts/` in the current folder, else the `Fonts/` of the checkout the
/// executable was built in (found by walking up from the executable).
enum FontsLocator {
    static func folder(_ option: String?) -> String {
        if let option { return option }
        if let environment = ProcessInfo.processInfo.environment["BABELFIT_FONTS"], !environment.isEmpty {
            return environment
        }
        let manager = FileManager.default
        let local = (manager.currentDirectoryPath as NSString).appendingPathComponent("Fonts")
        if manager.fileExists(atPath: (local as NSString).appendingPathComponent("catalog.json")) { return local }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("Fonts")
            if manager.fileExists(atPath: candidate.appendingPathComponent("catalog.json").path) { return candidate.path }
            folder.deleteLastPathComponent()
        }
        return local
    }

    /// San Francisco's files and folders: `--system-fonts A,B` (comma-separated), else the
    /// config's `systemFonts`, else `$BABELFIT_SYSTEM_FONTS` (colon-separated), else none.
    static func systemFonts(_ option: String?, config: [String]? = nil) -> [String] {
        if let option { return option.split(separator: ",").map(String.init).filter { !$0.isEmpty } }
        if let config { return config }
        if let environment = ProcessInfo.processInfo.environment["BABELFIT_SYSTEM_FONTS"], !environment.isEmpty {
            return environment.split(separator: ":").map(String.init)
        }
        return []
    }
}
