/// A font's size-specific tracking: the normal track (track value 0) of its `trak` table.
///
/// San Francisco carries the tracking iOS applies to it in this table, and Core Text applies
/// it by itself to every font that has one. As Apple's TrueType Reference Manual ('trak')
/// documents it: the per-size values are in font units; for a point size between two of the
/// table's sizes the value is interpolated linearly, and beyond the first or last size it is
/// extrapolated from the two nearest; the value is added to each glyph's advance. HarfBuzz
/// 6.0 (`hb_font_set_ptem`) computes the same values, which scripts/system-font-reference
/// uses to check the engine.
///
/// Apple's Human Interface Guidelines publish the same tracking per point size for SF Pro
/// (in 1/1000 em: 10 pt +12, 12 pt 0, 13 pt −6, 17 pt −26, 28 pt +14). babelfit uses the
/// font's own table, not the published values: the table is what Core Text applies, holds
/// every size (the guidelines stop at whole points), and follows the font's version. The
/// test font's table holds the published values at those sizes (scripts/make-test-font),
/// and `SystemFontTests` checks the engine's tracking against them.
struct TrackingTable: Equatable, Sendable {
    /// Point sizes, ascending, and the normal track's value at each, in font units.
    let sizes: [Double]
    let values: [Double]

    /// Reads the horizontal data of a `trak` table; nil when it has no normal track or no
    /// sizes. Throws a description of what is wrong with a table cut short.
    init?(_ bytes: [UInt8]) throws {
        func uint16(_ offset: Int) throws -> Int {
            guard offset >= 0, offset + 2 <= bytes.count else { throw TrackingError("the table is cut short at byte \(offset)") }
            return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
        }
        func int16(_ offset: Int) throws -> Int { Int(Int16(bitPattern: UInt16(try uint16(offset)))) }
        func fixed(_ offset: Int) throws -> Double {
            let high = try uint16(offset), low = try uint16(offset + 2)
            return Double(Int32(bitPattern: UInt32(high << 16 | low))) / 65536
        }
        let horizontal = try uint16(6)
        guard horizontal != 0 else { return nil }
        let trackCount = try uint16(horizontal), sizeCount = try uint16(horizontal + 2)
        let sizeTable = try uint16(horizontal + 4) << 16 | uint16(horizontal + 6)
        guard sizeCount > 0 else { return nil }
        var normal: Int?
        for track in 0..<trackCount {
            let entry = horizontal + 8 + 8 * track
            if try fixed(entry) == 0 {
                normal = try uint16(entry + 6)
                break
            }
        }
        guard let normal else { return nil }
        var pairs: [(Double, Double)] = []
        for index in 0..<sizeCount {
            pairs.append((try fixed(sizeTable + 4 * index), Double(try int16(normal + 2 * index))))
        }
        pairs.sort { $0.0 < $1.0 }
        sizes = pairs.map(\.0)
        values = pairs.map(\.1)
    }

    /// The tracking at a point size, in font units (see the type's description).
    func value(atPointSize size: Double) -> Double {
        guard sizes.count > 1 else { return values[0] }
        var upper = 1
        while upper < sizes.count - 1, sizes[upper] < size { upper += 1 }
        let (s0, s1, v0, v1) = (sizes[upper - 1], sizes[upper], values[upper - 1], values[upper])
        guard s1 > s0 else { return v0 }
        return v0 + (size - s0) / (s1 - s0) * (v1 - v0)
    }
}

struct TrackingError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
