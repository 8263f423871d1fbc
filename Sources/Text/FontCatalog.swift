import Foundation
import Support

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
        /// The SHA-256 the catalog records for the file (lowercase hexadecimal), checked when
        /// the file is first opened; nil for files the catalog records none for (system fonts).
        public var sha256: String? = nil
        /// For a variable font, the `wght` value this weight is drawn at: the named instance of
        /// the weight's name (SF Pro's Semibold is 590), else the weight class (600). Nil for
        /// a static face.
        public var weightAxis: Double? = nil
        /// The point sizes this face is used at (San Francisco's static Text and Display
        /// cuts); nil for all.
        public var pointSizes: Range<Double>? = nil
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
    /// Fallback families by ISO 15924 script code; `Zsye` (emoji) names the emoji families.
    public let fallback: [String: [String]]
    /// The CJK family by language tag, for Han and Kana.
    public let cjkByLanguage: [String: String]
    /// Families tried after the script's fallbacks.
    public let lastResort: [String]
    /// The family that stands in for the system font: San Francisco's when its files were
    /// given (`SystemFonts`), else `SystemFont.family` (Noto Sans).
    public let systemFamily: String
    /// San Francisco's families for scripts (SF Arabic for `Arab`), by ISO 15924 code, when given.
    public let systemScriptFamilies: [String: String]
    /// Whether a face of the system font or of the app's fonts measures differently at each
    /// point size (an optical-size axis, a `trak` table, Text and Display cuts): the engine
    /// then keeps its analyses per size.
    public let sizeDependent: Bool
    /// The fonts the app bundles that were read, as their files.
    public let appFontFiles: [String]

    private var opened: [String: FontFile] = [:]
    private let lock = BriefLock()

    /// The fonts given for each request, and the fallback families for each kind of cluster:
    /// every paragraph measured asks for its font and its clusters' fallbacks, and finding the
    /// face and naming it again each time cost more than a lookup. Only what was found is kept
    /// (a request that fails fails again), and the answers are those that would be made anew.
    private struct FontKey: Hashable {
        var family: String, weight: FontWeight, size: Double?
    }
    private let fonts = LockedCache<FontKey, FontFile>()
    private struct CandidatesKey: Hashable {
        var label: String, script: String, language: String, emoji: EmojiStyle
    }
    private let candidates = LockedCache<CandidatesKey, [String]>()

    /// Reads a catalog file; relative font paths are relative to its folder. `systemFonts`:
    /// files and folders that hold San Francisco (see `SystemFonts`; the catalog's own folder
    /// is searched too); `appFonts`: font files an app bundles, each face known by its family
    /// and its PostScript name unless the catalog file lists that family (the catalog overrides).
    public init(contentsOf path: String, systemFonts: [String] = [], appFonts: [String] = []) throws {
        self.path = path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TextError.badCatalog(path: path, reason: "font catalog not found (pass --fonts DIR, the folder with catalog.json)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw TextError.badCatalog(path: path, reason: "not UTF-8 text")
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw TextError.badCatalog(path: path, line: error.line, column: error.column,
                                       reason: "invalid JSON: \(error.message)")
        }
        let document = try CatalogDocument(root, reader: CatalogReader(path: path))
        let folder = (path as NSString).deletingLastPathComponent
        var families: [String: Family] = [:]
        for family in document.families {
            let faces = family.faces.map { face in
                Face(weight: face.weight,
                     path: face.file.hasPrefix("/") ? face.file : (folder as NSString).appendingPathComponent(face.file),
                     index: face.index ?? 0, sha256: face.sha256)
            }
            families[family.family] = Family(name: family.family, faces: faces, package: family.package)
        }
        var fallback = document.fallback
        for name in fallback.values.flatMap({ $0 }) + (document.cjkByLanguage ?? [:]).values + (document.lastResort ?? [])
            where families[name] == nil {
            throw TextError.badCatalog(path: path, reason: "fallback names family '\(name)', which the catalog does not list")
        }

        // San Francisco: the files given, and those in the catalog's folder it does not list.
        let listed = Set(families.values.flatMap { $0.faces.map { ($0.path as NSString).standardizingPath } })
        let found = SystemFonts.fontFiles(in: folder).filter { !listed.contains(($0 as NSString).standardizingPath) }
        var candidates: [(path: String, named: Bool)] = found.map { ($0, false) }
        for given in systemFonts {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: given, isDirectory: &isFolder) else {
                throw TextError.fontFileMissing(path: given, family: "the system font", installHint: "download San Francisco from https://developer.apple.com/fonts/")
            }
            candidates += isFolder.boolValue ? SystemFonts.fontFiles(in: given).map { ($0, false) } : [(given, true)]
        }
        var systemFaces: [String: [Face]] = [:]
        var primary: String?
        var scriptFamilies: [String: String] = [:]
        var sizeDependent = false
        var seenFiles = Set<String>()
        for candidate in candidates where seenFiles.insert((candidate.path as NSString).standardizingPath).inserted {
            for (file, face) in try FontCatalog.faces(of: candidate.path) {
                let names = file.names
                guard let role = SystemFonts.role(of: names, named: candidate.named) else { continue }
                let name: String
                switch role {
                case .primary(let cut):
                    name = SystemFonts.familyName(names)
                    if let primary, primary != name {
                        throw TextError.badCatalog(path: candidate.path, reason: "the system font is given as two families, '\(primary)' and '\(name)'")
                    }
                    primary = name
                    systemFaces[name, default: []] += FontCatalog.weightedFaces(face, file, pointSizes: SystemFonts.sizes(cut))
                    if cut != nil { sizeDependent = true }
                case .script(let script):
                    name = names.family
                    scriptFamilies[script] = name
                    systemFaces[name, default: []] += FontCatalog.weightedFaces(face, file, pointSizes: nil)
                }
                if file.isSizeDependent { sizeDependent = true }
            }
        }
        for (name, faces) in systemFaces {
            // Variable faces first: a static face of the same weight is then used only for
            // the sizes of its optical cut.
            families[name] = Family(name: name, faces: faces.filter { $0.weightAxis != nil } + faces.filter { $0.weightAxis == nil },
                                    package: nil)
        }
        for (script, name) in scriptFamilies {
            fallback[script] = [name] + (fallback[script] ?? []).filter { $0 != name }
        }

        // The app's fonts, by family and by PostScript name.
        var appFiles: [String] = []
        let catalogFamilies = Set(families.keys)
        for file in appFonts {
            appFiles.append(file)
            for (opened, face) in try FontCatalog.faces(of: file) {
                let names = opened.names
                for name in [names.family] + (names.postScriptName.map { [$0] } ?? []) where !catalogFamilies.contains(name) {
                    let faces = FontCatalog.weightedFaces(face, opened, pointSizes: nil)
                    if var family = families[name] {
                        family.faces += faces.filter { new in !family.faces.contains { $0.weight == new.weight } }
                        families[name] = family
                    } else {
                        families[name] = Family(name: name, faces: faces, package: nil)
                    }
                }
                if opened.isSizeDependent { sizeDependent = true }
            }
        }

        self.families = families
        self.fallback = fallback
        cjkByLanguage = document.cjkByLanguage ?? [:]
        lastResort = document.lastResort ?? []
        systemFamily = primary ?? SystemFont.family
        systemScriptFamilies = scriptFamilies
        self.sizeDependent = sizeDependent
        appFontFiles = appFiles
    }

    /// The catalog in a fonts folder (`DIR/catalog.json`), with San Francisco's files and an
    /// app's fonts as `init(contentsOf:systemFonts:appFonts:)` takes them.
    public convenience init(folder: String, systemFonts: [String] = [], appFonts: [String] = []) throws {
        try self.init(contentsOf: (folder as NSString).appendingPathComponent("catalog.json"), systemFonts: systemFonts,
                      appFonts: appFonts)
    }

    /// Every face of a font file, opened (which checks it), with its catalog face at its own
    /// weight class.
    private static func faces(of path: String) throws -> [(FontFile, Face)] {
        try (0..<FontFile.faceCount(path)).map { index in
            let file = try FontFile(path: path, faceIndex: index, name: path, identity: 0)
            return (file, Face(weight: .nearest(to: file.names.weightClass), path: path, index: index))
        }
    }

    /// A face as the catalog lists it: a variable font (a `wght` axis) once for each weight,
    /// at its named instance of the weight's name or else at the weight class; a static face
    /// at its own weight.
    private static func weightedFaces(_ face: Face, _ file: FontFile, pointSizes: Range<Double>?) -> [Face] {
        guard let axis = file.axes.first(where: { $0.tag == "wght" }) else {
            var face = face
            face.pointSizes = pointSizes
            return [face]
        }
        return FontWeight.allCases.map { weight in
            let named = file.namedInstances[weight.rawValue]?["wght"]
            var variable = face
            variable.weight = weight
            variable.weightAxis = min(axis.maximum, max(axis.minimum, named ?? Double(weight.value)))
            variable.pointSizes = pointSizes
            return variable
        }
    }

    /// Whether a file name is a font file's (`.ttf`, `.otf`, `.ttc`).
    public static func isFontFile(_ name: String) -> Bool { SystemFonts.isFontFile(name) }

    /// The family a request names: `SystemFont.name` ("system") is the system font's.
    public func familyName(_ name: String) -> String {
        name == SystemFont.name ? systemFamily : name
    }

    /// Which font stands in for the system font in a language: the system family, and the
    /// system font of the language's script when San Francisco has one ("SF Pro, SF Arabic").
    public func systemFontDescription(language: String) -> String {
        guard let script = UnicodeAnalysis.likelyScript(of: language), let family = systemScriptFamilies[script] else {
            return systemFamily
        }
        return "\(systemFamily), \(family)"
    }

    /// The face of a family closest to a weight: the weight itself, else the
    /// nearest weight class (the heavier one on a tie). With a point size, a face that is
    /// used only at some sizes (an optical cut) is chosen only for those.
    public func face(family requested: String, weight: FontWeight, size: Double? = nil) throws -> Face {
        let name = familyName(requested)
        guard let family = families[name] else {
            throw TextError.unknownFamily(name, known: families.keys.sorted())
        }
        let atSize = family.faces.filter { face in size.map { face.pointSizes?.contains($0) ?? true } ?? (face.pointSizes == nil) }
        let best = (atSize.isEmpty ? family.faces : atSize).min { a, b in
            let da = abs(a.weight.value - weight.value), db = abs(b.weight.value - weight.value)
            return da != db ? da < db : a.weight.value > b.weight.value
        }
        guard let best else {
            throw TextError.badCatalog(path: path, reason: "family '\(name)' has no faces")
        }
        return best
    }

    /// Opens (once) the font file of a face. With a point size, a face that measures
    /// differently at each size is set up for it as Core Text sets San Francisco up: its
    /// `opsz` axis at the point size (clamped to the axis's range, as Core Text does for a
    /// variable font with an optical-size axis) and the tracking of its `trak` table at that
    /// size; a variable face's weight is set on its `wght` axis (`Face.weightAxis`).
    public func font(family requested: String, weight: FontWeight, size: Double? = nil) throws -> FontFile {
        try fonts.value(for: FontKey(family: requested, weight: weight, size: size)) {
            try open(family: requested, weight: weight, size: size)
        }
    }

    private func open(family requested: String, weight: FontWeight, size: Double?) throws -> FontFile {
        let name = familyName(requested)
        let face = try face(family: name, weight: weight, size: size)
        let key = "\(face.path)#\(face.index)"
        lock.lock()
        defer { lock.unlock() }
        let faceName = face.weight == .regular ? name : "\(name) \(face.weight.rawValue.capitalized)"
        let font: FontFile
        if let known = opened[key] {
            font = known
        } else {
            guard FileManager.default.fileExists(atPath: face.path) else {
                let hint = families[name]?.package.map { "install it with: apt-get install \($0) (or run scripts/setup)" }
                throw TextError.fontFileMissing(path: face.path, family: name, installHint: hint)
            }
            if let expected = face.sha256 { try FontCatalog.verify(face.path, sha256: expected, catalog: path) }
            font = try FontFile(path: face.path, faceIndex: face.index, name: faceName, identity: opened.count + 1)
            opened[key] = font
        }
        var variations: [FontVariation] = []
        if let weight = face.weightAxis { variations.append(FontVariation(tag: "wght", value: weight)) }
        if let size, font.axes.contains(where: { $0.tag == "opsz" }) { variations.append(FontVariation(tag: "opsz", value: size)) }
        let tracked = size != nil && font.trackingTable != nil
        guard !variations.isEmpty || tracked else { return font }
        let instance = font.instance(variations: variations, trackingAt: tracked ? size : nil, name: faceName,
                                     identity: opened.count + 1)
        let instanceKey = key + instance.variations.map { " \($0.tag)=\($0.value)" }.joined() + " trak=\(instance.trackingUnits)"
        if let known = opened[instanceKey] { return known }
        opened[instanceKey] = instance
        return instance
    }

    /// Files whose digest was computed in this process, by path, with the size and modification
    /// time they had: each font file is hashed once however many catalogs and engines open it.
    nonisolated(unsafe) private static var digests: [String: (size: Int, modified: Date, sha256: String)] = [:]
    private static let digestLock = NSLock()

    /// Throws `TextError.checksumMismatch` when the file's SHA-256 is not the one the catalog
    /// records: another version of the font measures differently, and silently.
    static func verify(_ file: String, sha256 expected: String, catalog: String) throws {
        let attributes = try? FileManager.default.attributesOfItem(atPath: file)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
        let modified = attributes?[.modificationDate] as? Date ?? .distantPast
        digestLock.lock()
        let known = digests[file]
        digestLock.unlock()
        let actual: String
        if let known, known.size == size, known.modified == modified {
            actual = known.sha256
        } else {
            guard let data = FileManager.default.contents(atPath: file) else { return }   // FontFile says why
            actual = SHA256.hex(data)
            digestLock.lock()
            digests[file] = (size, modified, actual)
            digestLock.unlock()
        }
        guard actual == expected.lowercased() else {
            throw TextError.checksumMismatch(path: file, expected: expected.lowercased(), actual: actual, catalog: catalog)
        }
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

    /// The ISO 15924 code of emoji presentation ("Symbols, emoji variant"): `fallback["Zsye"]`
    /// names the families that draw emoji.
    public static let emojiScript = "Zsye"

    /// The families to try, in order, for a grapheme cluster of a script in a language,
    /// drawn in a label whose family is `label`:
    /// - a cluster shown as emoji (`EmojiStyle.emoji`) tries the emoji families (`Zsye`) first,
    ///   as Core Text draws emoji presentation in Apple Color Emoji whatever the label's font;
    /// - then the label's family, the script's fallbacks and the last resort;
    /// - a cluster with an emoji character in text presentation (`EmojiStyle.text`, such as ☺
    ///   or ↔) tries the emoji families last, when no text font has it.
    /// Clusters without emoji never reach the emoji families, so measuring them never needs
    /// the emoji font.
    public func candidateFamilies(label: String, script: String, language: String, emoji: EmojiStyle) -> [String] {
        candidates.value(for: CandidatesKey(label: label, script: script, language: language, emoji: emoji)) {
            listCandidates(label: label, script: script, language: language, emoji: emoji)
        }
    }

    private func listCandidates(label: String, script: String, language: String, emoji: EmojiStyle) -> [String] {
        let emojiFamilies = fallback[FontCatalog.emojiScript] ?? []
        var result = [label] + fallbackFamilies(script: script, language: language)
        switch emoji {
        case .none: break
        case .text: result += emojiFamilies
        case .emoji: result = emojiFamilies + result
        }
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

/// Reads values of a catalog's JSON, failing with the file, line, column and JSON path.
private struct CatalogReader {
    let path: String

    func error(_ node: JSONNode, _ jsonPath: String, _ message: String) -> TextError {
        .badCatalog(path: path, line: node.line, column: node.column,
                    reason: jsonPath.isEmpty ? message : "\(jsonPath): \(message)")
    }

    static func child(_ jsonPath: String, _ key: String) -> String {
        jsonPath.isEmpty ? key : "\(jsonPath).\(key)"
    }

    /// The member `key` of an object; nil when it is absent or null and `required` is false.
    func member(_ object: JSONNode, _ key: String, _ jsonPath: String, required: Bool = true) throws -> JSONNode? {
        guard case .object = object.value else { throw error(object, jsonPath, "expected an object, found \(object.kindName)") }
        guard let value = object[key], !value.isNull else {
            if required { throw error(object, CatalogReader.child(jsonPath, key), "missing") }
            return nil
        }
        return value
    }

    func string(_ node: JSONNode, _ jsonPath: String) throws -> String {
        guard case .string(let value) = node.value else { throw error(node, jsonPath, "expected a string, found \(node.kindName)") }
        return value
    }

    func int(_ node: JSONNode, _ jsonPath: String) throws -> Int {
        guard case .number(let value) = node.value, value == value.rounded(), abs(value) < 1e9 else {
            throw error(node, jsonPath, "expected a whole number, found \(node.kindName)")
        }
        return Int(value)
    }

    func array(_ node: JSONNode, _ jsonPath: String) throws -> [JSONNode] {
        guard case .array(let items) = node.value else { throw error(node, jsonPath, "expected an array, found \(node.kindName)") }
        return items
    }

    func strings(_ node: JSONNode, _ jsonPath: String) throws -> [String] {
        try array(node, jsonPath).enumerated().map { try string($1, "\(jsonPath)[\($0)]") }
    }

    /// An object whose members all hold values of one kind, in file order.
    func dictionary<Value>(_ node: JSONNode, _ jsonPath: String,
                           _ read: (JSONNode, String) throws -> Value) throws -> [String: Value] {
        guard case .object(let members) = node.value else {
            throw error(node, jsonPath, "expected an object, found \(node.kindName)")
        }
        var result: [String: Value] = [:]
        for member in members where result[member.key] == nil {
            result[member.key] = try read(member.value, CatalogReader.child(jsonPath, member.key))
        }
        return result
    }
}

private extension JSONNode {
    var isNull: Bool {
        if case .null = value { return true }
        return false
    }
}

/// The catalog file's shape (see `Fonts/README.md` and the project README).
private struct CatalogDocument {
    struct FaceEntry {
        var weight: FontWeight
        var file: String
        var index: Int?
        var sha256: String?
    }
    struct FamilyEntry {
        var family: String
        var faces: [FaceEntry]
        var package: String?
    }
    var format: Int
    var families: [FamilyEntry]
    var fallback: [String: [String]]
    var cjkByLanguage: [String: String]?
    var lastResort: [String]?

    init(_ root: JSONNode, reader: CatalogReader) throws {
        format = try reader.int(reader.member(root, "format", "")!, "format")
        families = try reader.array(reader.member(root, "families", "")!, "families").enumerated().map { index, node in
            let path = "families[\(index)]"
            let faces = try reader.array(reader.member(node, "faces", path)!, path + ".faces").enumerated().map { faceIndex, face in
                let facePath = "\(path).faces[\(faceIndex)]"
                let weightNode = try reader.member(face, "weight", facePath)!
                let weightName = try reader.string(weightNode, facePath + ".weight")
                guard let weight = FontWeight(rawValue: weightName) else {
                    throw reader.error(weightNode, facePath + ".weight", "expected one of "
                        + FontWeight.allCases.map(\.rawValue).joined(separator: ", ") + ", found '\(weightName)'")
                }
                return FaceEntry(weight: weight,
                                 file: try reader.string(reader.member(face, "file", facePath)!, facePath + ".file"),
                                 index: try reader.member(face, "index", facePath, required: false)
                                     .map { try reader.int($0, facePath + ".index") },
                                 sha256: try reader.member(face, "sha256", facePath, required: false).map { node in
                                     let digest = try reader.string(node, facePath + ".sha256")
                                     guard digest.count == 64, digest.allSatisfy(\.isHexDigit) else {
                                         throw reader.error(node, facePath + ".sha256", "expected 64 hexadecimal digits, found '\(digest)'")
                                     }
                                     return digest
                                 })
            }
            return FamilyEntry(family: try reader.string(reader.member(node, "family", path)!, path + ".family"),
                               faces: faces,
                               package: try reader.member(node, "package", path, required: false)
                                   .map { try reader.string($0, path + ".package") })
        }
        fallback = try reader.dictionary(reader.member(root, "fallback", "")!, "fallback", reader.strings)
        cjkByLanguage = try reader.member(root, "cjkByLanguage", "", required: false)
            .map { try reader.dictionary($0, "cjkByLanguage", reader.string) }
        lastResort = try reader.member(root, "lastResort", "", required: false).map { try reader.strings($0, "lastResort") }
    }
}
