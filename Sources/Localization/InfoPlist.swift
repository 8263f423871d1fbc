import Foundation
import Support

/// What babelfit reads of an app's `Info.plist`: the fonts it bundles (`UIAppFonts`).
public enum InfoPlist {
    /// The font files `UIAppFonts` names (paths relative to the app bundle, such as
    /// `Fonts/Brand-Bold.ttf`), each with its place in the file; empty without the key.
    /// A binary property list (`bplist`, what a built app holds, not a project's source) is
    /// not read and names none. Throws a `ReadError` for malformed XML or a `UIAppFonts`
    /// that is not an array of strings.
    public static func appFonts(path: String) throws -> [(name: String, location: SourceLocation)] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError("cannot be read", at: SourceLocation(file: path, line: 1, column: 1))
        }
        let bytes = [UInt8](data)
        if bytes.starts(with: Array("bplist".utf8)) { return [] }
        guard case .dictionary(let entries, _) = try PropertyListValue.parse(bytes: bytes, file: path) else { return [] }
        guard let entry = entries.first(where: { $0.key == "UIAppFonts" }) else { return [] }
        guard case .array(let items, _) = entry.value else {
            throw ReadError("UIAppFonts: expected an array of font file names, found \(entry.value.kindName)", at: entry.value.location)
        }
        return try items.map { item in
            guard case .string(let name, let location) = item else {
                throw ReadError("UIAppFonts: expected a font file name, found \(item.kindName)", at: item.location)
            }
            return (name, location)
        }
    }
}
