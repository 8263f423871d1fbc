import Foundation
import Layout
import Localization
import Support

/// The keys that Swift sources and layouts use, for `strings extract` and `strings lint
/// --sources`. Localization reads the Swift; the layouts are read here, through the layout
/// readers, because Localization does not know the layout model.
enum SourceScan {
    /// Reads every path: a Swift file, a layout, or a folder searched (hidden entries left out)
    /// for `*.swift` and for the layouts among the files a layout reader accepts (a JSON file
    /// is a layout when its top-level object has a `root`; other JSON, such as an asset
    /// catalog's `Contents.json`, is passed over).
    static func read(_ paths: [String]) -> SourceKeys {
        var keys = SourceKeys()
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                keys.add(ReadError("no such file or folder", at: SourceLocation(file: path, line: 1, column: 1)))
                continue
            }
            guard isFolder.boolValue else {
                if path.hasSuffix(".swift") {
                    keys.addSwiftFile(path: path)
                } else if LayoutReaders.all.contains(where: { $0.fileExtensions.contains((path as NSString).pathExtension.lowercased()) }) {
                    addLayouts(path, to: &keys, found: false)
                } else {
                    keys.add(ReadError("not a Swift source (.swift) or a layout", at: SourceLocation(file: path, line: 1, column: 1)))
                }
                continue
            }
            for file in SourceKeys.files(below: path) {
                let name = (file as NSString).lastPathComponent
                if name.hasSuffix(".swift") {
                    keys.addSwiftFile(path: file)
                } else if LayoutReaders.all.contains(where: { $0.accepts(fileNamed: name) }) {
                    addLayouts(file, to: &keys, found: true)
                }
            }
        }
        return keys
    }

    /// Adds the keys of a layout file's layouts; a file `found` in a folder that is not a
    /// layout at all is passed over, any other that cannot be read is a problem.
    private static func addLayouts(_ path: String, to keys: inout SourceKeys, found: Bool) {
        do {
            let documents = try LayoutReaders.reader(for: path).read(path: path)
            keys.add(file: path, uses: documents.flatMap { uses(of: $0, file: path) })
        } catch {
            if found, !looksLikeLayout(path) { return }
            var message = error.path.isEmpty ? error.message : "\(error.path): \(error.message)"
            if let detail = error.detail { message += "\n" + detail }
            keys.add(ReadError(message, at: SourceLocation(file: path, line: max(error.line, 1), column: max(error.column, 1))))
        }
    }

    /// Whether a JSON file that failed to decode as a layout was meant to be one: it is not
    /// JSON at all, or its top-level object has a `root`.
    private static func looksLikeLayout(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return true }
        guard let node = try? JSONParser.parse(String(decoding: data, as: UTF8.self)) else { return true }
        return node["root"] != nil
    }

    /// The keys a layout's texts use (labels, button titles, text fields' text and placeholder):
    /// `"[Name]"` and `{ "key": … }` values, in the layout's table unless they name one, at the
    /// line of their view.
    static func uses(of document: LayoutDocument, file: String) -> [KeyUse] {
        document.allViews.flatMap { view -> [KeyUse] in
            view.kind.texts.compactMap { text in
                guard case .localized(let localized) = text else { return nil }
                return KeyUse(key: localized.key, table: localized.table ?? document.table, defaultValue: localized.defaultValue,
                              comment: localized.comment, location: SourceLocation(file: file, line: max(view.line, 1), column: 1))
            }
        }
    }
}
