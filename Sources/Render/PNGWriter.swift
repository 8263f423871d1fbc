import CCairo
import CZlib
import Foundation

/// A PNG file written from a cairo image surface's pixels, faster than cairo's own writer
/// (libpng tries every filter on every row and compresses at zlib's default level, which cost
/// most of a picture's time) and than zlib at its fastest level: each row is filtered with the
/// one filter `up` (the difference with the row above, zero wherever a row repeats the one above,
/// as a device's flat areas do), and compressed by `ZlibPixelStream`, which finds the repeats by
/// comparing pixels instead of searching for matches. An opaque surface (`RGB24`) becomes 8-bit
/// RGB, an `ARGB32` one 8-bit RGBA with its colours un-premultiplied (rounded as cairo rounds
/// them). No time, no text chunks: the same pixels give the same bytes.
enum PNGWriter {
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
        let size = alpha ? 4 : 3
        // Without alpha, the word's high byte is not part of the pixel (cairo leaves it undefined).
        let mask: UInt32 = alpha ? 0xFFFF_FFFF : 0x00FF_FFFF
        var stream = ZlibPixelStream(capacity: width * height / 8 + 1024, rowBytes: 1 + width * size)
        // The first row's `up` is the row itself: the row above it is zero. With alpha, rows are
        // un-premultiplied first, and the row above is the un-premultiplied one.
        var above = [UInt32](repeating: 0, count: width), straight = above
        for row in 0..<height {
            let words = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
            if alpha {
                straight.withUnsafeMutableBufferPointer { unpremultiply(words, into: $0) }
                straight.withUnsafeBufferPointer { current in
                    above.withUnsafeBufferPointer { encodeRow(current.baseAddress!, $0.baseAddress!, width: width, size: size, mask: mask, into: &stream) }
                }
                swap(&straight, &above)
            } else if row > 0 {
                encodeRow(words, (pixels + (row - 1) * stride).assumingMemoryBound(to: UInt32.self),
                          width: width, size: size, mask: mask, into: &stream)
            } else {
                above.withUnsafeBufferPointer { encodeRow(words, $0.baseAddress!, width: width, size: size, mask: mask, into: &stream) }
            }
            stream.endRow()
        }
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, alpha ? 6 : 2, 0, 0, 0])  // depth, colour type, deflate, adaptive filters, no interlace
        var file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        appendChunk("IHDR", header, to: &file)
        appendChunk("IDAT", Data(stream.finish()), to: &file)
        appendChunk("IEND", Data(), to: &file)
        return file
    }

    /// One row filtered with `up` (its filter type, 2, then each byte (R, G, B and, with alpha,
    /// A) less the same byte of the row above), given to the stream as literals, with each stretch
    /// of pixels whose difference repeats the one before as one run.
    private static func encodeRow(_ row: UnsafePointer<UInt32>, _ above: UnsafePointer<UInt32>, width: Int, size: Int,
                                  mask: UInt32, into stream: inout ZlibPixelStream) {
        stream.literal(2)
        // A row the same as the one above is all zero: the first pixel's zeros, then one run.
        if memcmp(row, above, width * 4) == 0 {
            for _ in 0..<size { stream.literal(0) }
            if width > 1 { stream.repeatPixel(0, size: size, count: width - 1) }
            return
        }
        @inline(__always) func difference(_ x: Int) -> UInt32 {
            // The four bytes less the four above, each on its own (no borrow from one to the next).
            let word = row[x], up = above[x]
            let d = ((word | 0x8080_8080) &- (up & 0x7F7F_7F7F)) ^ ((word ^ ~up) & 0x8080_8080)
            // 0xAARRGGBB as the bytes R, G, B, A, least significant first.
            return ((d >> 16) & 0xFF | d & 0xFF00 | (d & 0xFF) << 16 | d & 0xFF00_0000) & (size == 4 ? 0xFFFF_FFFF : 0x00FF_FFFF)
        }
        var previous = difference(0)
        for j in 0..<size { stream.literal(UInt8((previous >> UInt32(8 * j)) & 0xFF)) }
        var x = 1
        while x < width {
            // A stretch where the pixels equal the ones above repeats a zero difference: found by words alone.
            var run = 0
            if previous == 0 {
                while x + run < width && (row[x + run] ^ above[x + run]) & mask == 0 { run += 1 }
            } else {
                while x + run < width && difference(x + run) == previous { run += 1 }
            }
            if run > 0 {
                stream.repeatPixel(previous, size: size, count: run)
                x += run
                continue
            }
            previous = difference(x)
            for j in 0..<size { stream.literal(UInt8((previous >> UInt32(8 * j)) & 0xFF)) }
            x += 1
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

extension Data {
    mutating func appendBigEndian(_ value: UInt32) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }
}
