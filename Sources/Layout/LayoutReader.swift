import Foundation

/// Reads one format of layout file into the layout model, with each view's and constraint's
/// line in the file, so that findings point at the place in the file.
///
/// A check finds its layouts through the readers: a file named directly is read by the reader
/// of its extension, and a folder contributes every file some reader accepts. Nothing
/// downstream of a reader knows which format a layout came from.
public protocol LayoutReader: Sendable {
    /// The file extensions the reader reads, without the dot (`json`).
    var fileExtensions: [String] { get }
    /// Whether a file found in a folder is a layout of this format (a JSON reader passes over
    /// the check's own `babelfit.json`).
    func accepts(fileNamed name: String) -> Bool
    /// The layouts a file holds: one for a JSON layout; a storyboard holds one per scene.
    func read(path: String) throws(LayoutDecodingError) -> [LayoutDocument]
    /// Whether a folder's layouts of this format are searched for in its subfolders too, as
    /// an app's storyboards lie anywhere in its Xcode project folder. JSON layouts are not:
    /// a project folder holds JSON files of every kind.
    var searchesSubfolders: Bool { get }
}

extension LayoutReader {
    public func accepts(fileNamed name: String) -> Bool {
        !name.hasPrefix(".") && fileExtensions.contains((name as NSString).pathExtension.lowercased())
    }

    public var searchesSubfolders: Bool { false }
}

/// The JSON layout format (`layout-format.md`).
public struct JSONLayoutReader: LayoutReader {
    public init() {}

    public var fileExtensions: [String] { ["json"] }

    public func accepts(fileNamed name: String) -> Bool {
        name != "babelfit.json" && !name.hasPrefix(".") && (name as NSString).pathExtension == "json"
    }

    public func read(path: String) throws(LayoutDecodingError) -> [LayoutDocument] {
        [try LayoutDocument.load(path: path)]
    }
}

/// The readers of every layout format the Layout module reads. Readers of other modules
/// (InterfaceBuilder's storyboard reader) depend on Layout, so Layout cannot list them: a
/// caller that knows them passes its own list to `reader(for:among:)`.
public enum LayoutReaders {
    public static let all: [any LayoutReader] = [JSONLayoutReader()]

    /// The reader for a file named directly: the one whose extension it has, else the JSON
    /// reader (whose errors then say why the file is not a layout).
    public static func reader(for path: String) -> any LayoutReader {
        reader(for: path, among: all)
    }

    /// The reader among `readers` for a file named directly: the one whose extension it has,
    /// else the JSON reader.
    public static func reader(for path: String, among readers: [any LayoutReader]) -> any LayoutReader {
        let ext = (path as NSString).pathExtension.lowercased()
        return readers.first { $0.fileExtensions.contains(ext) } ?? JSONLayoutReader()
    }
}
