import CCairo
import CZlib
import Foundation

/// A PNG file written from a cairo image surface's pixels, faster than cairo's own writer
/// (libpng tries every filter on every row and compresses at zlib's default level, which cost
/// most of a picture's time): each row is filtered with the one filter `up` (the difference with
/// the row above, zero wherever a row repeats the one above, as a device's flat areas do), and
/// zlib compresses at level 1. An opaque surface (`RGB24`) becomes 8-bit RGB, an `ARGB32` one
/// 8-bit RGBA with its colours un-premultiplied (rounded as cairo rounds them). No time, no text
/// chunks: the same pixels give the same bytes.
enum PNGWriter {
    /// The zlib level: 1, the fastest (the example runs' pictures come out a fifth (at 1x) to a half
    /// (at 3x) larger than cairo's, and are written three to four times faster).
    static let level: Int32 = 1

    static func png(of surface: OpaquePointer) throws -> Data {
        cairo_surface_flush(surface)
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_RGB24 || format == CAIRO_FORMAT_ARGB32 else {
            throw RenderError.cairo("a PNG is written from an RGB24 or ARGB32 image surface")
        }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        guard width > 0, height > 0, let pixels = cairo_image_surface_get_data(surface) else {
            throw RenderError.cairo("no pixels to write")
        }
        return try png(width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface)),
                       pixels: UnsafeRawPointer(pixels), alpha: format == CAIRO_FORMAT_ARGB32)
    }

    /// The PNG of `height` rows of `width` native-endian `0xAARRGGBB` words (alpha premultiplied;
    /// ignored unless `alpha`), each row `stride` bytes after the one before.
    static func png(width: Int, height: Int, stride: Int, pixels: UnsafeRawPointer, alpha: Bool) throws -> Data {
        let rowBytes = 1 + width * (alpha ? 4 : 3)
        let deflater = try Deflater()
        // Rows are filtered and compressed a few at a time, in a buffer that stays in the cache.
        let batchRows = max(1, 1 << 16 / rowBytes)
        var batch = [UInt8](repeating: 0, count: batchRows * rowBytes + 1)
        // The first row's `up` is the row itself: the row above it is zero. With alpha, rows are
        // un-premultiplied first, and the row above is the un-premultiplied one.
        var above = [UInt32](repeating: 0, count: width), straight = above
        var y = 0
        while y < height {
            let rows = min(batchRows, height - y)
            batch.withUnsafeMutableBufferPointer { out in
                for row in y..<y + rows {
                    let words = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
                    let out = out.baseAddress! + (row - y) * rowBytes
                    if alpha {
                        straight.withUnsafeMutableBufferPointer { unpremultiply(words, into: $0) }
                        filterUp(straight, above, width: width, alpha: true, into: out)
                        swap(&straight, &above)
                    } else if row > 0 {
                        filterUp(words, (pixels + (row - 1) * stride).assumingMemoryBound(to: UInt32.self),
                                 width: width, alpha: false, into: out)
                    } else {
                        filterUp(words, above, width: width, alpha: false, into: out)
                    }
                }
            }
            try batch.withUnsafeBufferPointer { try deflater.add(UnsafeBufferPointer(rebasing: $0[..<(rows * rowBytes)]), last: y + rows == height) }
            y += rows
        }
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, alpha ? 6 : 2, 0, 0, 0])  // depth, colour type, deflate, adaptive filters, no interlace
        var file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        appendChunk("IHDR", header, to: &file)
        appendChunk("IDAT", deflater.output, to: &file)
        appendChunk("IEND", Data(), to: &file)
        return file
    }

    /// One row filtered with `up`: its filter type (2), then each of its bytes (R, G, B and, with
    /// alpha, A) less the same byte of the row above. Each pixel is stored as four bytes (the
    /// next pixel's overwrites the fourth without alpha), so `out` has a byte to spare at its end.
    private static func filterUp(_ row: UnsafePointer<UInt32>, _ above: UnsafePointer<UInt32>, width: Int, alpha: Bool,
                                 into out: UnsafeMutablePointer<UInt8>) {
        out[0] = 2
        let step = alpha ? 4 : 3
        var at = UnsafeMutableRawPointer(out + 1)
        for x in 0..<width {
            // The four bytes less the four above, each on its own (no borrow from one to the next).
            let word = row[x], up = above[x]
            let d = ((word | 0x8080_8080) &- (up & 0x7F7F_7F7F)) ^ ((word ^ ~up) & 0x8080_8080)
            // 0xAARRGGBB as the bytes R, G, B, A.
            let bytes = (d >> 16) & 0xFF | d & 0xFF00 | (d & 0xFF) << 16 | d & 0xFF00_0000
            at.storeBytes(of: bytes.littleEndian, as: UInt32.self)
            at += step
        }
    }

    /// Premultiplied words as straight ones: each colour times 255 over alpha, rounded to the
    /// nearest (as cairo's writer rounds); a transparent pixel is all zero.
    private static func unpremultiply(_ words: UnsafePointer<UInt32>, into row: UnsafeMutableBufferPointer<UInt32>) {
        for x in 0..<row.count {
            let word = words[x], a = word >> 24
            guard a != 0 else { row[x] = 0; continue }
            func channel(_ shift: UInt32) -> UInt32 { min(255, (((word >> shift) & 0xFF) * 255 + a / 2) / a) << shift }
            row[x] = a << 24 | channel(16) | channel(8) | channel(0)
        }
    }

    /// A chunk: the body's length, the type, the body, and the CRC-32 of type and body.
    static func appendChunk(_ type: String, _ body: Data, to file: inout Data) {
        let type = Data(type.utf8)
        file.appendBigEndian(UInt32(body.count))
        file.append(type)
        file.append(body)
        file.appendBigEndian(UInt32(crc(body, after: crc(type, after: 0))))
    }

    /// zlib's CRC-32 of `bytes`, continuing `crc`.
    static func crc(_ bytes: Data, after crc: UInt) -> UInt {
        bytes.withUnsafeBytes { buffer in
            crc32(crc, buffer.bindMemory(to: Bytef.self).baseAddress, uInt(buffer.count))
        }
    }

}

/// One zlib stream, compressed as its bytes come.
private final class Deflater {
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private(set) var output = Data()

    init() throws {
        stream.initialize(to: z_stream())
        let status = deflateInit2_(stream, PNGWriter.level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY,
                                   zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deallocate()
            throw RenderError.cairo("zlib cannot start (\(status))")
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    /// Compresses `bytes`; the `last` ones end the stream.
    func add(_ bytes: UnsafeBufferPointer<UInt8>, last: Bool) throws {
        stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress)
        stream.pointee.avail_in = uInt(bytes.count)
        var status = Z_OK
        repeat {
            status = buffer.withUnsafeMutableBufferPointer { buffer in
                stream.pointee.next_out = buffer.baseAddress
                stream.pointee.avail_out = uInt(buffer.count)
                let status = deflate(stream, last ? Z_FINISH : Z_NO_FLUSH)
                output.append(buffer.baseAddress!, count: buffer.count - Int(stream.pointee.avail_out))
                return status
            }
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                throw RenderError.cairo("zlib cannot compress (\(status))")
            }
        } while stream.pointee.avail_out == 0 || (last && status != Z_STREAM_END)
    }
}

extension Data {
    mutating func appendBigEndian(_ value: UInt32) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }
}
