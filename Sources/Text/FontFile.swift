import CFreeType
import CHarfBuzz
import Foundation
import Support

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
    /// The face's variation axes (`fvar`), empty for a static font.
    public let axes: [FontAxis]
    /// The coordinates of the face's named instances (`fvar`), by their style name in
    /// lower case without spaces ("semibold").
    let namedInstances: [String: [String: Double]]
    /// The normal track of the face's `trak` table, if it has one.
    let trackingTable: TrackingTable?
    /// The variation coordinates this face is measured at: none for the default instance.
    public let variations: [FontVariation]
    /// Tracking added to the advance of every glyph that advances, in design units: the
    /// `trak` table's value at the point size this instance was made for (0 without one).
    let trackingUnits: Int32

    let hbFont: OpaquePointer
    private let hbFace: OpaquePointer
    private let hbBlob: OpaquePointer

    init(path: String, faceIndex: Int, name: String, identity: Int) throws {
        self.path = path
        self.name = name
        self.faceIndex = faceIndex
        self.identity = identity
        // The file is mapped, not read: only the pages that opening and shaping touch (the
        // tables HarfBuzz reads, not the outlines) take memory, and no copy is made.
        let blob = try FontFile.mappedBlob(path)
        let data = FontFile.bytes(of: blob)
        let metrics: Metrics
        do {
            try FontFile.validate(data, path: path, faceIndex: faceIndex)
            metrics = try FontFile.readMetrics(data, path: path, faceIndex: faceIndex)
        } catch {
            hb_blob_destroy(blob)
            throw error
        }
        unitsPerEm = metrics.unitsPerEm
        ascender = metrics.ascender
        descender = metrics.descender
        lineGap = metrics.lineGap

        hbBlob = blob
        hbFace = hb_face_create(blob, UInt32(faceIndex))
        hbFont = hb_font_create(hbFace)
        // hb_font_create already scales to units-per-em; set it explicitly so the intent is visible.
        let upem = Int32(hb_face_get_upem(hbFace))
        hb_font_set_scale(hbFont, upem, upem)
        hb_font_make_immutable(hbFont)
        axes = FontFile.axes(of: hbFace)
        namedInstances = axes.isEmpty ? [:] : FontFile.namedInstances(of: hbFace, axes: axes)
        do {
            trackingTable = try FontFile.table("trak", of: hbFace).flatMap { try TrackingTable($0) }
        } catch let error as TrackingError {
            throw TextError.damagedFont(path: path, reason: "trak table: \(error.reason)")
        }
        variations = []
        trackingUnits = 0
    }

    /// An instance of `parent`'s face at variation coordinates and with tracking, sharing its data.
    private init(instanceOf parent: FontFile, variations: [FontVariation], trackingUnits: Int32, name: String,
                 identity: Int) {
        path = parent.path
        faceIndex = parent.faceIndex
        self.name = name
        self.identity = identity
        unitsPerEm = parent.unitsPerEm
        axes = parent.axes
        namedInstances = parent.namedInstances
        trackingTable = parent.trackingTable
        self.variations = variations
        self.trackingUnits = trackingUnits
        hbBlob = hb_blob_reference(parent.hbBlob)
        let face = hb_face_reference(parent.hbFace)!
        let font = hb_font_create(face)!
        let upem = Int32(hb_face_get_upem(face))
        hb_font_set_scale(font, upem, upem)
        let settings = variations.map { hb_variation_t(tag: FontFile.tag($0.tag), value: Float($0.value)) }
        settings.withUnsafeBufferPointer { hb_font_set_variations(font, $0.baseAddress, UInt32($0.count)) }
        hb_font_make_immutable(font)
        hbFace = face
        hbFont = font
        // Vertical metrics as varied by the face's `MVAR` table, as Core Text reads them.
        ascender = parent.ascender + Double(hb_ot_metrics_get_variation(font, HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER))
        descender = parent.descender + Double(hb_ot_metrics_get_variation(font, HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER))
        lineGap = parent.lineGap + Double(hb_ot_metrics_get_variation(font, HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP))
    }

    /// This face at variation coordinates (clamped to the axes' ranges; axes it lacks are
    /// ignored) with the tracking of its `trak` table at `pointSize` (none when nil).
    /// `identity` names the instance in cache keys.
    func instance(variations requested: [FontVariation], trackingAt pointSize: Double?, name: String,
                  identity: Int) -> FontFile {
        let variations = requested.compactMap { variation -> FontVariation? in
            guard let axis = axes.first(where: { $0.tag == variation.tag }) else { return nil }
            return FontVariation(tag: variation.tag, value: min(axis.maximum, max(axis.minimum, variation.value)))
        }.sorted { $0.tag < $1.tag }
        let tracking = pointSize.flatMap { size in trackingTable.map { $0.value(atPointSize: size) } } ?? 0
        return FontFile(instanceOf: self, variations: variations, trackingUnits: Int32(tracking.rounded()), name: name,
                        identity: identity)
    }

    /// Whether measuring the face depends on the point size: it has an optical-size axis or
    /// a tracking table.
    public var isSizeDependent: Bool {
        trackingTable != nil || axes.contains { $0.tag == "opsz" }
    }

    deinit {
        coverageBits?.deallocate()
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        hb_blob_destroy(hbBlob)
    }

    // MARK: - Tables and names

    static func tag(_ text: String) -> hb_tag_t {
        text.utf8.prefix(4).reduce(0) { $0 << 8 | hb_tag_t($1) }
    }

    private static func tagText(_ tag: hb_tag_t) -> String {
        String(bytes: [24, 16, 8, 0].map { UInt8((tag >> $0) & 0xFF) }, encoding: .ascii) ?? "????"
    }

    /// A table's bytes, nil when the face has none.
    private static func table(_ name: String, of face: OpaquePointer) -> [UInt8]? {
        let blob = hb_face_reference_table(face, tag(name))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
    }

    private static func axes(of face: OpaquePointer) -> [FontAxis] {
        var count = hb_ot_var_get_axis_count(face)
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
        _ = hb_ot_var_get_axis_infos(face, 0, &count, &infos)
        return infos.prefix(Int(count)).map {
            FontAxis(tag: tagText($0.tag), minimum: Double($0.min_value), defaultValue: Double($0.default_value),
                     maximum: Double($0.max_value))
        }
    }

    private static func namedInstances(of face: OpaquePointer, axes: [FontAxis]) -> [String: [String: Double]] {
        var result: [String: [String: Double]] = [:]
        for index in 0..<hb_ot_var_get_named_instance_count(face) {
            guard let style = name(hb_ot_var_named_instance_get_subfamily_name_id(face, index), of: face) else { continue }
            var count = UInt32(axes.count)
            var coordinates = [Float](repeating: 0, count: axes.count)
            _ = hb_ot_var_named_instance_get_design_coords(face, index, &count, &coordinates)
            let key = style.lowercased().filter { !$0.isWhitespace && $0 != "-" }
            if result[key] == nil {
                result[key] = Dictionary(uniqueKeysWithValues: zip(axes.map(\.tag), coordinates.map(Double.init)))
            }
        }
        return result
    }

    /// A string of the `name` table, in English where it has one.
    static func name(_ id: hb_ot_name_id_t, of face: OpaquePointer) -> String? {
        for language in [hb_language_from_string("en", -1), nil] as [hb_language_t?] {
            var length = hb_ot_name_get_utf8(face, id, language, nil, nil) + 1
            guard length > 1 else { continue }
            var buffer = [CChar](repeating: 0, count: Int(length))
            _ = hb_ot_name_get_utf8(face, id, language, &length, &buffer)
            return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }

    /// The face's names and weight class, as a bundled font or a system font is known by.
    public var names: FontNames {
        let family = FontFile.name(16, of: hbFace) ?? FontFile.name(1, of: hbFace) ?? ""
        let style = FontFile.name(17, of: hbFace) ?? FontFile.name(2, of: hbFace) ?? "Regular"
        return FontNames(family: family, style: style, postScriptName: FontFile.name(6, of: hbFace),
                         weightClass: Double(hb_style_get_value(hbFont, HB_STYLE_TAG_WEIGHT)))
    }

    /// How many faces a font file holds (1 unless it is a collection); throws as opening a
    /// face does for a file that is not a font.
    static func faceCount(_ path: String) throws -> Int {
        let blob = try mappedBlob(path)
        defer { hb_blob_destroy(blob) }
        let data = bytes(of: blob)
        try validate(data, path: path, faceIndex: 0)
        return uint32(data, 0) == 0x7474_6366 ? Int(uint32(data, 8) ?? 1) : 1
    }

    /// The font file as a HarfBuzz blob over a read-only mapping of it (HarfBuzz reads the
    /// file into memory where it cannot be mapped).
    private static func mappedBlob(_ path: String) throws -> OpaquePointer {
        if let blob = hb_blob_create_from_file_or_fail(path) { return blob }
        // An empty file cannot be mapped: read it, so that it is reported as too short.
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TextError.fontFileMissing(path: path, family: "this font", installHint: nil)
        }
        try validate(data, path: path, faceIndex: 0)
        throw TextError.damagedFont(path: path, reason: "HarfBuzz could not read it")
    }

    /// The blob's bytes, without a copy: valid while the blob is.
    private static func bytes(of blob: OpaquePointer) -> Data {
        var length: UInt32 = 0
        guard let start = hb_blob_get_data(blob, &length), length > 0 else { return Data() }
        return Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: Int(length), deallocator: .none)
    }

    /// Whether the face maps the code point to a glyph. HarfBuzz is asked each time: its `cmap`
    /// lookup (cached, and safe from many threads, as shaping is) costs less than a lock and a
    /// dictionary of the answers did. A paragraph asks ``coverage(of:needsNoGlyph:)`` instead.
    public func covers(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0
    }

    /// What ``covers(_:)`` answered for the code points of the Basic Multilingual Plane, two
    /// bits each (asked, covered), allocated on the first ask; read and written under
    /// `coverageLock`.
    private var coverageBits: UnsafeMutablePointer<UInt8>?
    private let coverageLock = BriefLock()
    private static let coverageBytes = 0x10000 / 4

    /// Whether the face covers each of `scalars`, as ``covers(_:)`` tells it, and true for one
    /// that `needsNoGlyph`. A paragraph asks this once for each face it tries, for all its
    /// code points: a cluster that falls back is tried in several faces, and asking HarfBuzz
    /// for every cluster and face (about 180 instructions a code point) was a tenth of
    /// measuring a text. The answers for the BMP are kept, so a code point is looked up once
    /// in a face, under one lock for the whole paragraph.
    func coverage(of scalars: [UInt32], needsNoGlyph: (UInt32) -> Bool) -> [Bool] {
        var storage: [Bool] = []
        return coverage(of: scalars, reusing: &storage, needsNoGlyph: needsNoGlyph)
    }

    /// ``coverage(of:needsNoGlyph:)`` written in the storage of `storage` when it is large
    /// enough (taken from it: `Array.filled(with:count:reusing:)`).
    func coverage(of scalars: [UInt32], reusing storage: inout [Bool], needsNoGlyph: (UInt32) -> Bool) -> [Bool] {
        coverageLock.lock()
        defer { coverageLock.unlock() }
        let bits: UnsafeMutablePointer<UInt8>
        if let known = coverageBits {
            bits = known
        } else {
            bits = .allocate(capacity: FontFile.coverageBytes)
            bits.initialize(repeating: 0, count: FontFile.coverageBytes)
            coverageBits = bits
        }
        // Written through the buffers of an array made by `Array.filled`, without a closure per scalar.
        var coverage = [Bool].filled(with: false, count: scalars.count, reusing: &storage)
        scalars.withUnsafeBufferPointer { scalars in
            coverage.withUnsafeMutableBufferPointer { coverage in
                for index in scalars.indices {
                    let scalar = scalars[index]
                    // A scalar the face is known to have is covered whether or not it needs a
                    // glyph: told before asking `needsNoGlyph`, as most scalars are. Masking
                    // shifts (`&>>`) and a wrapping multiply: the shift, at most 6, needs no
                    // check of its width, asked of every scalar of every paragraph.
                    if scalar < 0x10000, bits[Int(scalar &>> 2)] &>> (UInt8(truncatingIfNeeded: scalar & 3) &* 2) & 3 == 3 {
                        coverage[index] = true
                        continue
                    }
                    if needsNoGlyph(scalar) {
                        coverage[index] = true
                        continue
                    }
                    guard scalar < 0x10000 else {
                        coverage[index] = covers(scalar)
                        continue
                    }
                    let byte = Int(scalar >> 2), shift = UInt8(truncatingIfNeeded: scalar & 3) * 2
                    let known = bits[byte] >> shift
                    if known & 1 != 0 {
                        coverage[index] = known & 2 != 0
                        continue
                    }
                    let covered = covers(scalar)
                    bits[byte] |= (covered ? 3 : 1) << shift
                    coverage[index] = covered
                }
            }
        }
        return coverage
    }

    // MARK: - Validation

    static func uint32(_ data: Data, _ offset: Int) -> UInt32? {
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
        return try data.withUnsafeBytes { buffer -> Metrics in
            var face: FT_Face?
            let error = FT_New_Memory_Face(library, buffer.baseAddress?.assumingMemoryBound(to: FT_Byte.self),
                                           FT_Long(buffer.count), FT_Long(faceIndex), &face)
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

/// A variation axis of a font (`fvar`).
public struct FontAxis: Equatable, Sendable {
    public var tag: String
    public var minimum: Double
    public var defaultValue: Double
    public var maximum: Double
}

/// A variation axis set to a value: `wght` 590, `opsz` 17.
public struct FontVariation: Hashable, Sendable {
    public var tag: String
    public var value: Double

    public init(tag: String, value: Double) {
        self.tag = tag
        self.value = value
    }
}

/// The names a face is known by, from its `name` table, and its weight class (`OS/2`, or the
/// default of a variable font's `wght` axis).
public struct FontNames: Equatable, Sendable {
    /// The typographic family (name ID 16), else the family (ID 1): "SF Pro", "Avenir Next".
    public var family: String
    /// The typographic subfamily (ID 17), else the subfamily (ID 2): "Bold", "Regular".
    public var style: String
    /// The PostScript name (ID 6): "AvenirNext-Bold".
    public var postScriptName: String?
    public var weightClass: Double
}
