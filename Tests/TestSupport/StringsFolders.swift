import Foundation

/// Translations written for a test: each language's `Localizable.strings` in its own `.lproj`
/// folder under `folder` (made as needed).
public enum StringsFolders {
    public static func write(_ tables: [(language: String, strings: String)], in folder: URL) throws {
        for (language, strings) in tables {
            let lproj = folder.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            try Data(strings.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        }
    }
}
