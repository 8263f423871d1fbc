import CFreeType
import CHarfBuzz
import Foundation

/// One face of a font file, opened for measuring.
///
/// The file is checked before use: its sfnt table directory must lie inside
/// the file and the tables text measuring needs (`cmap`, `head`, `hhea`,
/// `hmtx`, `maxp`) must be present, so that a truncated or foreign file is
/// reported by name instead of measuring as zero. Units per em (`head`) and
/// vertical metrics (`hhea`) are read through FreeType, for outline and
/// bitmap-only (CBDT, as Noto Color Emoji) faces alike; shaping uses HarfBuzz at a scale of one unit per
/// design unit, so advances are unhinted design units.
public final class FontFile: @unchecked Sendable {
    public let path: String
    public let faceIndex: Int
    /// The family and weight the catalog knows this face by ("Noto Sans Arabic Bold").
    public let name: String
    /// Design units per em (`head.unitsPerEm`).
    public let unitsPerEm: Double
    /// `hhea` ascender, descender (negative below the baseline) and line gap, in design units.
    public let ascender: Double
    public let descender: Double
    public let lineGap: Double
    /// A stable number naming this face within one engine (used in cache keys).
    let identity: Int

    let hbFont: OpaquePointer
    private let hbFace: OpaquePointer
    private let hbBlob: OpaquePointer
    private var coverage: [UInt32: Bool] = [:]
    private let coverageLock = NSLock()

    init(path: String, faceIndex: Int, name: String, identity: Int) throws {
        self.path = path
        self.name = name
        self.faceIndex = faceIndex
        self.identity = identity
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TextError.fontFileMissing(path: path, family: "this font", installHint: nil)
        }
        try FontFile.validate(data, path: path, faceIndex: faceIndex)
        let metrics = try FontFile.readMetrics(data, path: path, faceIndex: faceIndex)
        unitsPerEm = metrics.unitsPerEm
        ascender = metrics.ascender
        descender = metrics.descender
        lineGap = metrics.lineGap

        let bytes = [UInt8](data)
        let blob = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                hb_blob_create(pointer, UInt32(buffer.count), HB_MEMORY_MODE_DUPLICATE, nil, nil)
            }
        }
        guard let blob else { throw TextError.damagedFont(path: path, reason: "HarfBuzz could not read it") }
        hbBlob = blob
        hbFace = hb_face_create(blob, UInt32(faceIndex))
        hbFont = hb_font_create(hbFace)
        // hb_font_create already scales to units-per-em; set it explicitly so the intent is visible.
        let upem = Int32(hb_face_get_upem(hbFace))
        hb_font_set_scale(hbFont, upem, upem)
        hb_font_make_immutable(hbFont)
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        hb_blob_destroy(hbBlob)
    }

    /// Whether the face maps the code point to a glyph.
    public func covers(_ scalar: UInt32) -> Bool {
        coverageLock.lock()
        defer { coverageLock.unlock() }
        if let known = coverage[scalar] { return known }
        var glyph: hb_codepoint_t = 0
        let found = hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0
        coverage[scalar] = found
        return found
    }

    // MARK: - Validation

    private static func uint32(_ data: Data, _ offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= data.count else { return nil }
        let start = data.startIndex + offset
        return data[start..<start + 4].reduce(0) { ($0 << 8) | UInt32($1) }
    }

    private static func uint16(_ data: Data, _ offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= data.count else { return nil }
        let start = data.startIndex + offset
        return (UInt16(data[start]) << 8) | UInt16(data[start + 1])
    }

    /// Checks the sfnt header and table directory of the requested face.
    static func validate(_ data: Data, path: String, faceIndex: Int) throws {
        guard let tag = uint32(data, 0) else {
            throw TextError.notAFont(path: path, reason: "the file is \(data.count) bytes long")
        }
        var directory = 0
        switch tag {
        case 0x7474_6366: // 'ttcf'
            guard let count = uint32(data, 8) else {
                throw TextError.damagedFont(path: path, reason: "collection header cut short")
            }
            guard faceIndex < Int(count) else {
                throw TextError.damagedFont(path: path, reason: "face \(faceIndex) requested, the collection has \(count)")
            }
            guard let offset = uint32(data, 12 + 4 * faceIndex) else {
                throw TextError.damagedFont(path: path, reason: "collection header cut short")
            }
            directory = Int(offset)
        case 0x0001_0000, 0x4F54_544F, 0x7472_7565: // TrueType, 'OTTO', 'true'
            guard faceIndex == 0 else {
                throw TextError.damagedFont(path: path, reason: "face \(faceIndex) requested of a single-face file")
            }
        default:
            throw TextError.notAFont(path: path, reason: "it does not start with an OpenType or TrueType signature")
        }
        guard let tableCount = uint16(data, directory + 4) else {
            throw TextError.damagedFont(path: path, reason: "table directory cut short")
        }
        var present = Set<String>()
        for index in 0..<Int(tableCount) {
            let record = directory + 12 + 16 * index
            guard let tableTag = uint32(data, record), let offset = uint32(data, record + 8),
                  let length = uint32(data, record + 12)
            else {
                throw TextError.damagedFont(path: path, reason: "table directory cut short at table \(index + 1) of \(tableCount)")
            }
            let name = String(bytes: withUnsafeBytes(of: tableTag.bigEndian) { Array($0) }, encoding: .ascii) ?? "????"
            guard UInt64(offset) + UInt64(length) <= UInt64(data.count) else {
                throw TextError.damagedFont(
                    path: path,
                    reason: "table '\(name)' ends at byte \(UInt64(offset) + UInt64(length)) but the file has \(data.count) bytes")
            }
            present.insert(name)
        }
        let missing = ["cmap", "head", "hhea", "hmtx", "maxp"].filter { !present.contains($0) }
        guard missing.isEmpty else {
            throw TextError.damagedFont(path: path, reason: "required tables missing: \(missing.joined(separator: ", "))")
        }
    }

    private struct Metrics {
        var unitsPerEm: Double, ascender: Double, descender: Double, lineGap: Double
    }

    private static let freeTypeLock = NSLock()

    /// Reads `head.unitsPerEm` and the `hhea` metrics through FreeType.
    private static func readMetrics(_ data: Data, path: String, faceIndex: Int) throws -> Metrics {
        freeTypeLock.lock()
        defer { freeTypeLock.unlock() }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw TextError.damagedFont(path: path, reason: "FreeType could not start")
        }
        defer { FT_Done_FreeType(library) }
        let bytes = [UInt8](data)
        return try bytes.withUnsafeBufferPointer { buffer -> Metrics in
            var face: FT_Face?
            let error = FT_New_Memory_Face(library, buffer.baseAddress, FT_Long(buffer.count), FT_Long(faceIndex), &face)
            guard error == 0, let face else {
                throw TextError.damagedFont(path: path, reason: "FreeType error \(error) opening face \(faceIndex)")
            }
            defer { FT_Done_Face(face) }
            guard let raw = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA) else {
                throw TextError.damagedFont(path: path, reason: "no readable hhea table")
            }
            let hhea = raw.assumingMemoryBound(to: TT_HoriHeader.self).pointee
            // Units per em from `head` itself: FreeType leaves `units_per_EM` at 0 for a face
            // without outlines, such as the CBDT bitmaps of Noto Color Emoji, whose advances
            // (in `hmtx`) are still in design units.
            guard let rawHead = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD) else {
                throw TextError.damagedFont(path: path, reason: "no readable head table")
            }
            let unitsPerEm = Double(rawHead.assumingMemoryBound(to: TT_Header.self).pointee.Units_Per_EM)
            guard unitsPerEm > 0 else { throw TextError.damagedFont(path: path, reason: "unitsPerEm is 0") }
            return Metrics(unitsPerEm: unitsPerEm, ascender: Double(hhea.Ascender),
                           descender: Double(hhea.Descender), lineGap: Double(hhea.Line_Gap))
        }
    }
}
