import CCairo
import Foundation
import Support

/// Cairo font faces for the font files the text engine measured with, one per file and face
/// index, made from FreeType faces (cairo-ft) and kept for the life of the process: cairo keeps
/// recently used scaled fonts (and so their faces) alive beyond any one drawing, so a face is
/// never freed while cairo may still hold it. FreeType is reached through cairo-ft.h.
///
/// Thread-safe: faces are made under a lock, and cairo locks a FreeType face while it uses it.
final class FontFaces: @unchecked Sendable {
    static let shared = FontFaces()

    private struct Key: Hashable {
        var path: String
        var index: Int
        var variations: [String: Double]
    }

    private let lock = NSLock()
    private var library: FT_Library?
    private var faces: [Key: OpaquePointer] = [:]

    /// FreeType load flags: outlines unhinted (the advances are the design's, as measured), and
    /// colour glyphs (the emoji font's bitmaps) in colour.
    private static let loadFlags: Int32 = 1 << 1 /* FT_LOAD_NO_HINTING */ | 1 << 20 /* FT_LOAD_COLOR */

    /// The cairo font face for a glyph run's face (a `cairo_font_face_t *`).
    func face(_ face: GlyphRun.Face) throws -> OpaquePointer {
        let key = Key(path: face.path, index: face.index, variations: face.variations)
        lock.lock()
        defer { lock.unlock() }
        if let known = faces[key] { return known }
        if library == nil {
            var made: FT_Library?
            guard FT_Init_FreeType(&made) == 0, let made else { throw RenderError.font(face.path, "FreeType could not start") }
            library = made
        }
        var ftFace: FT_Face?
        let error = FT_New_Face(library, face.path, FT_Long(face.index), &ftFace)
        guard error == 0, let ftFace else {
            throw RenderError.font(face.path, "FreeType cannot open face \(face.index) of it (error \(error))")
        }
        if !face.variations.isEmpty {
            // The instance the glyphs were measured at (San Francisco's `wght` and `opsz`):
            // FreeType takes design coordinates in the order of the face's axes, in 16.16.
            var master: UnsafeMutablePointer<FT_MM_Var>?
            guard FT_Get_MM_Var(ftFace, &master) == 0, let master else {
                FT_Done_Face(ftFace)
                throw RenderError.font(face.path, "FreeType cannot read its variation axes")
            }
            defer { FT_Done_MM_Var(library, master) }
            var coordinates = (0..<Int(master.pointee.num_axis)).map { index -> FT_Fixed in
                let axis = master.pointee.axis[index]
                let tag = String(bytes: [24, 16, 8, 0].map { UInt8((UInt(axis.tag) >> $0) & 0xFF) }, encoding: .ascii) ?? ""
                return face.variations[tag].map { FT_Fixed(($0 * 65536).rounded()) } ?? axis.def
            }
            guard FT_Set_Var_Design_Coordinates(ftFace, FT_UInt(coordinates.count), &coordinates) == 0 else {
                FT_Done_Face(ftFace)
                throw RenderError.font(face.path, "FreeType cannot set its variations")
            }
        }
        guard let cairoFace = cairo_ft_font_face_create_for_ft_face(ftFace, Self.loadFlags),
              cairo_font_face_status(cairoFace) == CAIRO_STATUS_SUCCESS else {
            FT_Done_Face(ftFace)
            throw RenderError.font(face.path, "cairo cannot use it")
        }
        faces[key] = cairoFace
        return cairoFace
    }
}
