import Foundation

/// The fonts babelfit measures with: families, their faces by weight, and the
/// fallback cascade by script, read from a catalog file (`Fonts/catalog.json`).
///
/// Faces are opened lazily, once, and shared; a face whose file is missing or
/// damaged fails with an error naming the file (and, for fonts that come from
/// a Debian package, the package to install).
public final class FontCatalog: @unchecked Sendable {
    public struct Face: Sendable, Equatable {
        public var weight: FontWeight
        /// Absolute path of the file.
        public var path: String
        public var index: Int
    }

    public struct Family: Sendable {
        public var name: String
        public var faces: [Face]
        /// The Debian package that installs this family's files, when they are not bundled.
        public var package: String?
    }

    /// The catalog file this was read from.
    public let path: String
    public let families: [String: Family]
    /// Fallback families by ISO 15924 script code.
    public let fallback: [String: [String]]
    /// The CJK family by language tag, for Han and Kana.
    public let cjkByLanguage: [String: String]
    /// Families tried after the script's fallbacks.
    public let lastResort: [String]

    private var opened: [String: FontFile] = [:]
    private let lock = NSLock()

    /// Reads a catalog file; relative font paths are relative to its folder.
    public init(contentsOf path: String) throws {
        self.path = path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TextError.badCatalog(path: path, reason: "font catalog not found (pass --fonts DIR, the folder with catalog.json)")
        }
        let document: CatalogDocument
        do {
            document = try JSONDecoder().decode(CatalogDocument.self, from: data)
        } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
            throw TextError.badCatalog(path: path, reason: "\(FontCatalog.jsonPath(context.codingPath)): \(context.debugDescription)")
        } catch let DecodingError.dataCorrupted(context) {
            throw TextError.badCatalog(path: path, reason: "invalid JSON: \(context.debugDescription)")
        } catch let DecodingError.keyNotFound(key, context) {
            throw TextError.badCatalog(path: path, reason: "\(FontCatalog.jsonPath(context.codingPath + [key])): missing")
        } catch let DecodingError.typeMismatch(_, context) {
            throw TextError.badCatalog(path: path, reason: "\(FontCatalog.jsonPath(context.codingPath)): \(context.debugDescription)")
        } catch let DecodingError.valueNotFound(_, context) {
            throw TextError.badCatalog(path: path, reason: "\(FontCatalog.jsonPath(context.codingPath)): missing value")
        }
        let folder = (path as NSString).deletingLastPathComponent
        var families: [String: Family] = [:]
        for family in document.families {
            let faces = family.faces.map { face in
                Face(weight: face.weight,
                     path: face.file.hasPrefix("/") ? face.file : (folder as NSString).appendingPathComponent(face.file),
                     index: face.index ?? 0)
            }
            families[family.family] = Family(name: family.family, faces: faces, package: family.package)
        }
        self.families = families
        fallback = document.fallback
        cjkByLanguage = document.cjkByLanguage ?? [:]
        lastResort = document.lastResort ?? []
        for name in fallback.values.flatMap({ $0 }) + cjkByLanguage.values + lastResort where families[name] == nil {
            throw TextError.badCatalog(path: path, reason: "fallback names family '\(name)', which the catalog does not list")
        }
    }

    /// The catalog in a fonts folder (`DIR/catalog.json`).
    public convenience init(folder: String) throws {
        try self.init(contentsOf: (folder as NSString).appendingPathComponent("catalog.json"))
    }

    private static func jsonPath(_ path: [CodingKey]) -> String {
        path.reduce("") { text, key in
            if let index = key.intValue { return text + "[\(index)]" }
            return text.isEmpty ? key.stringValue : text + "." + key.stringValue
        }
    }

    /// The face of a family closest to a weight: the weight itself, else the
    /// nearest weight class (the heavier one on a tie).
    public func face(family name: String, weight: FontWeight) throws -> Face {
        guard let family = families[name] else {
            throw TextError.unknownFamily(name, known: families.keys.sorted())
        }
        let best = family.faces.min { a, b in
            let da = abs(a.weight.value - weight.value), db = abs(b.weight.value - weight.value)
            return da != db ? da < db : a.weight.value > b.weight.value
        }
        guard let best else {
            throw TextError.badCatalog(path: path, reason: "family '\(name)' has no faces")
        }
        return best
    }

    /// Opens (once) the font file of a face.
    public func font(family name: String, weight: FontWeight) throws -> FontFile {
        let face = try face(family: name, weight: weight)
        let key = "\(face.path)#\(face.index)"
        lock.lock()
        defer { lock.unlock() }
        if let font = opened[key] { return font }
        guard FileManager.default.fileExists(atPath: face.path) else {
            let hint = families[name]?.package.map { "install it with: apt-get install \($0) (or run scripts/setup)" }
            throw TextError.fontFileMissing(path: face.path, family: name, installHint: hint)
        }
        let faceName = face.weight == .regular ? name : "\(name) \(face.weight.rawValue.capitalized)"
        let font = try FontFile(path: face.path, faceIndex: face.index, name: faceName, identity: opened.count + 1)
        opened[key] = font
        return font
    }

    /// The families to try, in order, for text of a script in a language,
    /// after the label's own family.
    public func fallbackFamilies(script: String, language: String) -> [String] {
        var result: [String] = []
        if ["Hani", "Hira", "Kana", "Hang", "Bopo"].contains(script), let family = cjkFamily(for: language) {
            result.append(family)
        }
        result += fallback[script] ?? []
        result += lastResort
        var seen = Set<String>()
        return result.filter { seen.insert($0).inserted }
    }

    private func cjkFamily(for language: String) -> String? {
        if let family = cjkByLanguage[language] { return family }
        var tag = language
        while let dash = tag.lastIndex(of: "-") {
            tag = String(tag[..<dash])
            if let family = cjkByLanguage[tag] { return family }
        }
        return nil
    }
}

private struct CatalogDocument: Decodable {
    struct FaceEntry: Decodable {
        var weight: FontWeight
        var file: String
        var index: Int?
    }
    struct FamilyEntry: Decodable {
        var family: String
        var faces: [FaceEntry]
        var package: String?
    }
    var format: Int
    var families: [FamilyEntry]
    var fallback: [String: [String]]
    var cjkByLanguage: [String: String]?
    var lastResort: [String]?
}
