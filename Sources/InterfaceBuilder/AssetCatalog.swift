import Foundation
import Layout
import Support

/// An asset catalog (`Name.xcassets`): its image sets by name, each with the size it shows
/// at and how it follows the layout direction.
///
/// An image set is a folder `Name.imageset` whose `Contents.json` lists the files per scale
/// (`1x`, `2x`, `3x`, or none for a single vector image) and idiom. Its name is the folder's
/// name, prefixed by the names of enclosing groups that provide a namespace
/// (`"provides-namespace": true`). Its size in points is the largest-scale file's pixel size
/// divided by that scale (PNG and JPEG headers, read by `ImageFile`), or a PDF's or SVG's own
/// size. Universal and iPhone entries are read before iPad-only ones.
///
/// `"language-direction"` on the entries gives Xcode's Direction setting: entries all
/// `left-to-right` (Xcode's "Left to Right") are drawn mirrored in a right-to-left layout;
/// all `right-to-left` are drawn mirrored in a left-to-right one; entries of both directions
/// ("Both") are separate images, the right-to-left one shown in a right-to-left layout.
public struct AssetCatalog: Sendable {
    public enum Direction: String, Sendable {
        /// No `language-direction`: the same image in both directions.
        case fixed
        /// Drawn mirrored in a right-to-left layout.
        case leftToRight
        /// Drawn mirrored in a left-to-right layout.
        case rightToLeft
        /// A different image for each direction.
        case both

        /// Whether the image shows turned in a right-to-left layout, as the layout model's
        /// `mirrorsInRTL` says: mirrored (`leftToRight`), or replaced by its right-to-left
        /// image (`both`, which the model draws as the left-to-right one mirrored).
        public var mirrorsInRTL: Bool { self == .leftToRight || self == .both }
    }

    public struct Image: Hashable, Sendable {
        public var name: String
        /// The size in points; nil when no file of the set could be measured.
        public var size: Size?
        public var direction: Direction
        /// The `Name.imageset` folder.
        public var folder: String
    }

    /// The `.xcassets` folder.
    public let path: String
    public let images: [String: Image]
    /// Contents.json files that could not be read; the rest of the catalog is still read.
    public let problems: [ReadError]

    /// Reads the catalog at a `.xcassets` folder (an empty catalog when it has no image sets).
    public init(path: String) {
        self.path = path
        var images: [String: Image] = [:]
        var problems: [ReadError] = []
        Self.visit(folder: path, namespace: "", images: &images, problems: &problems)
        self.images = images
        self.problems = problems
    }

    public func image(named name: String) -> Image? { images[name] }

    /// Every `.xcassets` folder below a folder (not inside another catalog), sorted.
    public static func catalogs(below folder: String) -> [AssetCatalog] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") || name.hasSuffix(".xcassets") { enumerator.skipDescendants() }
            if name.hasSuffix(".xcassets") { found.append((folder as NSString).appendingPathComponent(relative)) }
        }
        return found.sorted().map(AssetCatalog.init(path:))
    }

    private static func contents(of folder: String, problems: inout [ReadError]) -> JSONNode? {
        let file = (folder as NSString).appendingPathComponent("Contents.json")
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        do throws(JSONSyntaxError) {
            return try JSONParser.parse(String(decoding: data, as: UTF8.self))
        } catch {
            problems.append(ReadError(error.message, at: SourceLocation(file: file, line: error.line, column: error.column)))
            return nil
        }
    }

    private static func visit(folder: String, namespace: String, images: inout [String: Image], problems: inout [ReadError]) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        for name in names where !name.hasPrefix(".") {
            let child = (folder as NSString).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: child, isDirectory: &isFolder), isFolder.boolValue else { continue }
            let base = (name as NSString).deletingPathExtension
            switch (name as NSString).pathExtension {
            case "imageset":
                let contents = Self.contents(of: child, problems: &problems)
                let image = imageSet(child, name: namespace + base, contents: contents)
                if images[image.name] == nil { images[image.name] = image }
            case "":
                let contents = Self.contents(of: child, problems: &problems)
                var providesNamespace = false
                if case .bool(let value)? = contents?["properties"]?["provides-namespace"]?.value { providesNamespace = value }
                visit(folder: child, namespace: providesNamespace ? namespace + base + "/" : namespace, images: &images,
                      problems: &problems)
            default:
                continue
            }
        }
    }

    private struct Entry {
        var filename: String?
        var idiom: String
        var scale: Double?
        var direction: String?
    }

    private static func imageSet(_ folder: String, name: String, contents: JSONNode?) -> Image {
        var entries: [Entry] = []
        if case .array(let list)? = contents?["images"]?.value {
            for node in list {
                func string(_ key: String) -> String? {
                    if case .string(let value)? = node[key]?.value { return value }
                    return nil
                }
                entries.append(Entry(filename: string("filename"), idiom: string("idiom") ?? "universal",
                                     // `2x`; a scale that is not a positive number (`0x`, `nanx`) is none.
                                     scale: string("scale").flatMap { Double(finite: $0.dropLast()) }.flatMap { $0 > 0 ? $0 : nil },
                                     direction: string("language-direction")))
            }
        }
        let directions = Set(entries.compactMap(\.direction))
        let direction: Direction
        switch (directions.contains("left-to-right"), directions.contains("right-to-left")) {
        case (true, true): direction = .both
        case (true, false): direction = .leftToRight
        case (false, true): direction = .rightToLeft
        case (false, false): direction = .fixed
        }
        // The size: iPhone-usable entries first, then the left-to-right image of a pair, the largest scale first.
        func rank(_ entry: Entry) -> (Int, Int, Double) {
            (entry.idiom == "ipad" ? 1 : 0, entry.direction == "right-to-left" ? 1 : 0, -(entry.scale ?? 0))
        }
        let ranked = entries.filter { $0.filename != nil }.sorted { rank($0) < rank($1) }
        let measured = ranked.lazy.compactMap { pointSize(of: $0, in: folder) }.first
        return Image(name: name, size: measured, direction: direction, folder: folder)
    }

    /// An entry's size in points: a bitmap's pixels over the entry's scale, a vector's own size.
    private static func pointSize(of entry: Entry, in folder: String) -> Size? {
        guard let filename = entry.filename else { return nil }
        let path = (folder as NSString).appendingPathComponent(filename)
        if let vector = VectorImageSize.size(path: path) { return vector }
        // ImageFile divides by the scale an @2x/@3x file name declares; the entry's scale counts instead.
        guard let named = ImageFile.size(path: path) else { return nil }
        let stem = (filename as NSString).deletingPathExtension
        let nameScale = stem.hasSuffix("@3x") ? 3.0 : stem.hasSuffix("@2x") ? 2.0 : 1.0
        let factor = nameScale / (entry.scale ?? 1)
        return Size(width: named.width * factor, height: named.height * factor)
    }
}
