// Shared by every harness: the input as bytes or text, a scratch folder of this process's own,
// and the translation pipeline the four translation readers' harnesses all drive.
import Foundation
import Localization

enum FuzzInput {
    /// The input's bytes.
    static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// The input as text; bytes that are not UTF-8 become U+FFFD.
    static func text(_ data: UnsafePointer<UInt8>?, _ size: Int) -> String {
        String(decoding: bytes(data, size), as: UTF8.self)
    }

    /// A folder of this process's own in memory when /dev/shm exists, for readers that take a path.
    static let folder: String = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let path = "\(base)/babelfit-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// Writes `bytes` to `name` below the scratch folder (making its folders) and returns the path.
    @discardableResult
    static func write(_ bytes: [UInt8], to name: String) -> String {
        let path = folder + "/" + name
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }
}

enum FuzzTranslations {
    /// The development language's table the fuzzed translation files sit beside.
    static let development = #"""
    "greeting" = "Hello %@";
    "items" = "%d items";
    "save" = "Save";
    "percent" = "Save 14%";
    "position" = "%2$@ of %1$@";
    """#

    /// Writes `file` at `name` in a folder of its own beside `en.lproj/Localizable.strings`,
    /// then reads the folder, lints it, looks every key up in every language (and two
    /// pseudolanguages) with arguments of each kind, and writes the generated Swift accessors:
    /// what `check`, `strings lint` and `generate swift` do with a translation file.
    static func exercise(file: [UInt8], at name: String) {
        let folder = FuzzInput.folder + "/translations-" + name.replacingOccurrences(of: "/", with: "-")
        FuzzInput.write(Array(development.utf8), to: (folder as NSString).lastPathComponent + "/en.lproj/Localizable.strings")
        FuzzInput.write(file, to: (folder as NSString).lastPathComponent + "/" + name)
        let translations = Translations(folders: [folder], developmentLanguage: "en")
        _ = translations.lint()
        let arguments: [FormatArgument] = [.count(3), .string("Ada"), .double(2.5), .integer(-7)]
        for table in translations.tables {
            for language in translations.languages(table: table) + ["x-pseudo-longest", "x-pseudo-rtl"] {
                for key in translations.keys(table: table).prefix(50) {
                    _ = translations.resolve(.key(key, table: table, arguments: arguments), language: language)
                    _ = translations.formatDifferences(key: key, table: table, language: language)
                }
            }
        }
        _ = SwiftCodeGenerator.generate(translations)
    }
}
