import CCairo
import CZlib
import Foundation
@testable import Render
import XCTest

/// babelfit writes its PNGs itself (`PNGWriter`): read back by cairo, they hold exactly the
/// pixels drawn, and their chunks are what the PNG specification asks (checked here without the
/// writer's own code: the CRC is computed bit by bit, the rows inflated by zlib).
final class PNGWriterTests: XCTestCase {
    func testARunsPNGHoldsExactlyThePixelsDrawn() throws {
        let inspector = try RenderTests.inspector("ItemDetail")
        let run = try inspector.check(layout: "ItemDetail", language: "ar", device: "iPhone SE (3rd generation)")
        var drawn: [UInt32] = [], width = 0, height = 0
        let png = try RunRenderer(engine: inspector.project.engine).render(run, format: .png, scale: 2) { canvas in
            try canvas.check()
            let data = try canvas.finish()
            (drawn, width, height) = Self.words(canvas.surface, mask: 0x00FF_FFFF)
            return data
        }
        XCTAssertGreaterThan(width * height, 1_000_000, "iPhone SE at 2x")
        let decoded = try Self.decoded(png)
        XCTAssertEqual(decoded.width, width)
        XCTAssertEqual(decoded.height, height)
        XCTAssertEqual(decoded.words.count, drawn.count)
        let differing = zip(decoded.words, drawn).filter { ($0 & 0x00FF_FFFF) != $1 }.count
        XCTAssertEqual(differing, 0, "pixels that differ from the ones drawn")
        // More than a handful of colours: text, marks and outlines were drawn, not a blank page.
        XCTAssertGreaterThan(Set(drawn).count, 50)
        let chunks = try Self.chunks(png)
        XCTAssertEqual(chunks.first?.type, "IHDR")
        XCTAssertEqual(chunks.first.map { Array($0.body.suffix(5)) }, [8, 2, 0, 0, 0], "8-bit RGB, not interlaced")
    }

    /// Translucent pixels are un-premultiplied as cairo's own writer does it: both PNGs read
    /// back to the same premultiplied pixels, transparent ones and faint ones included.
    func testTranslucentPixelsReadBackAsCairosOwnPNGDoes() throws {
        let surface = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 301, 97))
        defer { cairo_surface_destroy(surface) }
        let cr = try XCTUnwrap(cairo_create(surface))
        let gradient = try XCTUnwrap(cairo_pattern_create_linear(0, 0, 301, 97))
        cairo_pattern_add_color_stop_rgba(gradient, 0, 1, 0.2, 0.1, 0)
        cairo_pattern_add_color_stop_rgba(gradient, 0.5, 0.1, 0.9, 0.3, 0.02)
        cairo_pattern_add_color_stop_rgba(gradient, 1, 0.2, 0.4, 1, 1)
        cairo_set_source(cr, gradient)
        cairo_rectangle(cr, 0, 0, 250, 97)
        cairo_fill(cr)
        cairo_set_source_rgba(cr, 0.86, 0.1, 0.1, 0.55)
        cairo_set_line_width(cr, 3.3)
        cairo_arc(cr, 150, 48, 40, 0, 6.3)
        cairo_stroke(cr)
        cairo_set_source_rgb(cr, 0.1, 0.2, 0.3)
        cairo_rectangle(cr, 260, 0, 41, 20)
        cairo_fill(cr)
        cairo_pattern_destroy(gradient)
        cairo_destroy(cr)

        let ours = try PNGWriter.png(of: surface)
        let sink = DataBox()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
                Unmanaged<DataBox>.fromOpaque(closure!).takeUnretainedValue().data.append(bytes!, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        XCTAssertEqual(status, CAIRO_STATUS_SUCCESS)
        let theirs = sink.data

        let chunks = try Self.chunks(ours)
        XCTAssertEqual(chunks.first.map { Array($0.body.suffix(5)) }, [8, 6, 0, 0, 0], "8-bit RGBA")
        let mine = try Self.decoded(ours), cairos = try Self.decoded(theirs)
        XCTAssertEqual(mine.width, 301)
        XCTAssertEqual(mine.height, 97)
        XCTAssertEqual(mine.words, cairos.words)
        // The picture has transparent, faint, half and opaque pixels.
        let alphas = Set(mine.words.map { $0 >> 24 })
        XCTAssertTrue(alphas.contains(0) && alphas.contains(255) && alphas.contains { $0 > 0 && $0 < 8 },
                      "alphas \(alphas.sorted())")
    }

    func testChunksAreSignatureIHDRIDATIENDWithTheirCRCsAndRowsInflateFilteredUp() throws {
        let width = 37, height = 23
        let surface = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)))
        defer { cairo_surface_destroy(surface) }
        let cr = try XCTUnwrap(cairo_create(surface))
        cairo_set_source_rgb(cr, 0.93, 0.93, 0.945)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, 0.2, 0.6, 0.1)
        cairo_move_to(cr, 2, 20)
        cairo_line_to(cr, 35, 3)
        cairo_stroke(cr)
        cairo_destroy(cr)

        let png = try PNGWriter.png(of: surface)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let chunks = try Self.chunks(png)   // checks each chunk's length and CRC
        XCTAssertEqual(chunks.map(\.type), ["IHDR", "IDAT", "IEND"])
        let header = chunks[0].body
        XCTAssertEqual(header.count, 13)
        XCTAssertEqual(Self.bigEndian(header, at: 0), UInt32(width))
        XCTAssertEqual(Self.bigEndian(header, at: 4), UInt32(height))
        XCTAssertEqual(Array(header.suffix(5)), [8, 2, 0, 0, 0], "depth 8, RGB, deflate, filter method 0, not interlaced")
        XCTAssertEqual(chunks[2].body.count, 0)

        // The zlib stream holds every row: a filter byte (2, up) and 3 bytes a pixel.
        let compressed = [UInt8](chunks[1].body)
        var rows = [UInt8](repeating: 0, count: height * (1 + 3 * width) + 1)
        var length = uLong(rows.count)
        XCTAssertEqual(uncompress(&rows, &length, compressed, uLong(compressed.count)), Z_OK)
        XCTAssertEqual(Int(length), height * (1 + 3 * width))
        for y in 0..<height { XCTAssertEqual(rows[y * (1 + 3 * width)], 2, "row \(y)'s filter") }
        // The first row is up from zero: its own bytes, the light grey background as R, G, B.
        let (words, _, _) = Self.words(surface, mask: 0x00FF_FFFF)
        XCTAssertEqual(Array(rows[1...3]), [UInt8(words[0] >> 16 & 0xFF), UInt8(words[0] >> 8 & 0xFF), UInt8(words[0] & 0xFF)])
        XCTAssertTrue(rows[1...3].allSatisfy { $0 > 230 } && rows[3] > rows[1], "\(rows[1...3])")
        // A row of background under a row of background is all zero after `up`.
        XCTAssertEqual(Set(rows[(1 + 3 * width + 1)..<(1 + 3 * width + 1 + 3 * 3)]), [0])
    }

    func testTheSamePixelsGiveTheSameBytes() throws {
        func drawn() throws -> Data {
            let surface = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 120, 80))
            defer { cairo_surface_destroy(surface) }
            let cr = try XCTUnwrap(cairo_create(surface))
            cairo_set_source_rgb(cr, 0.3, 0.5, 0.7)
            cairo_arc(cr, 60, 40, 30, 0, 6.3)
            cairo_fill(cr)
            cairo_destroy(cr)
            return try PNGWriter.png(of: surface)
        }
        XCTAssertEqual(try drawn(), try drawn())
    }

    /// Pictures whose rows seldom repeat (noise, gradients, runs of one colour that is not the one
    /// above) make many blocks of many codes: libpng and zlib read back every pixel, opaque and
    /// translucent, and zlib checks the stream's Adler-32.
    func testNoiseAndRunsOfManyBlocksReadBackExactly() throws {
        for format in [CAIRO_FORMAT_RGB24, CAIRO_FORMAT_ARGB32] {
            let width = 613, height = 419
            let surface = try XCTUnwrap(cairo_image_surface_create(format, Int32(width), Int32(height)))
            defer { cairo_surface_destroy(surface) }
            let stride = Int(cairo_image_surface_get_stride(surface))
            let data = try XCTUnwrap(cairo_image_surface_get_data(surface))
            var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    seed = seed &* 6364136223846793005 &+ 1442695040888963407
                    let noise = UInt32(truncatingIfNeeded: seed >> 33)
                    // Three bands: noise, a run of one colour a row (different from the row above),
                    // and a gradient; premultiplied (each colour at most its alpha) with alpha.
                    var word: UInt32 = y < 140 ? noise : y < 280 ? UInt32(y * 2_654_435_761 & 0xFFFF_FFFF) : UInt32(x * 0x010203 + y)
                    if format == CAIRO_FORMAT_ARGB32 {
                        let a = word >> 24
                        word = a << 24 | min((word >> 16) & 0xFF, a) << 16 | min((word >> 8) & 0xFF, a) << 8 | min(word & 0xFF, a)
                    }
                    row[x] = word
                }
            }
            cairo_surface_mark_dirty(surface)
            let png = try PNGWriter.png(of: surface)
            let chunks = try Self.chunks(png)
            let alpha = format == CAIRO_FORMAT_ARGB32
            let size = alpha ? 4 : 3
            var rows = [UInt8](repeating: 0, count: height * (1 + size * width) + 1)
            var length = uLong(rows.count)
            let compressed = [UInt8](chunks[1].body)
            XCTAssertEqual(uncompress(&rows, &length, compressed, uLong(compressed.count)), Z_OK, "zlib reads the stream, Adler-32 included")
            XCTAssertEqual(Int(length), height * (1 + size * width))
            // The rows undone (`up`) are the pixels, byte for byte (un-premultiplied with alpha, as
            // cairo's reader checks below).
            let decoded = try Self.decoded(png)
            let drawn = Self.words(surface, mask: alpha ? 0xFFFF_FFFF : 0x00FF_FFFF)
            XCTAssertEqual(decoded.width, width)
            if alpha {
                let readBack = decoded.words.map { $0 >> 24 == 0 ? 0 : $0 }, original = drawn.words.map { $0 >> 24 == 0 ? 0 : $0 }
                XCTAssertEqual(readBack.count, original.count)
                // Un-premultiplying and premultiplying again loses nothing at full alpha; elsewhere
                // it is what cairo's own writer gives (tested above), so compare opaque pixels exactly.
                let opaque = zip(readBack, original).filter { $0.1 >> 24 == 255 }
                XCTAssertGreaterThan(opaque.count, 100)
                XCTAssertEqual(opaque.filter { $0.0 != $0.1 }.count, 0)
            } else {
                XCTAssertEqual(zip(decoded.words, drawn.words).filter { ($0 & 0x00FF_FFFF) != $1 }.count, 0)
            }
            // More symbols than one block takes (2^17): the noise band alone is 140 rows of literals.
            XCTAssertGreaterThan(140 * width * size, 1 << 17)
        }
    }

    /// Deflate's codes are at most 15 bits long: counts that grow as Fibonacci's numbers would give
    /// a Huffman tree 30 deep; the lengths are cut to 15 and still form a complete prefix code.
    func testHuffmanCodeLengthsAreLimitedAndComplete() {
        var counts = [Int](repeating: 0, count: 286)
        var (a, b) = (1, 1)
        for symbol in 0..<30 {
            counts[symbol * 9] = a
            (a, b) = (b, a + b)
        }
        let lengths = Deflate.codeLengths(counts, limit: 15)
        XCTAssertEqual(lengths.max(), 15)
        XCTAssertEqual(lengths.enumerated().filter { $0.element > 0 }.map(\.offset), counts.indices.filter { counts[$0] > 0 })
        // Kraft's sum is exactly one: every code is used, none is a prefix of another.
        XCTAssertEqual(lengths.filter { $0 > 0 }.reduce(0) { $0 + (1 << (15 - $1)) }, 1 << 15)
        // A more frequent symbol never has a longer code.
        for i in counts.indices where counts[i] > 0 {
            for j in counts.indices where counts[j] > counts[i] { XCTAssertLessThanOrEqual(lengths[j], lengths[i]) }
        }
        // One symbol alone still gets a code of one bit, beside a spare one.
        let single = Deflate.codeLengths([0, 0, 5] + [Int](repeating: 0, count: 27), limit: 15)
        XCTAssertEqual(single.filter { $0 > 0 }, [1, 1])
        XCTAssertEqual(single[2], 1)
    }

    func testASurfaceOfAnotherFormatIsRefused() throws {
        let surface = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_A8, 10, 10))
        defer { cairo_surface_destroy(surface) }
        XCTAssertThrowsError(try PNGWriter.png(of: surface)) { error in
            XCTAssertEqual(error as? RenderError, .cairo("a PNG is written from an RGB24 or ARGB32 image surface"))
        }
    }

    // MARK: - Reading PNGs without the writer

    /// A surface's pixels as words, `mask`ed (an RGB24 surface's top byte is undefined).
    static func words(_ surface: OpaquePointer, mask: UInt32) -> (words: [UInt32], width: Int, height: Int) {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return ([], width, height) }
        var words: [UInt32] = []
        words.reserveCapacity(width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { words.append(row[x] & mask) }
        }
        return (words, width, height)
    }

    /// The PNG as cairo reads it (libpng), as ARGB32 words.
    static func decoded(_ png: Data) throws -> (words: [UInt32], width: Int, height: Int) {
        let reader = PNGReader(png)
        let surface = withExtendedLifetime(reader) { cairo_image_surface_create_from_png_stream({ closure, bytes, length in
            Unmanaged<PNGReader>.fromOpaque(closure!).takeUnretainedValue().read(into: bytes!, Int(length))
        }, Unmanaged.passUnretained(reader).toOpaque()) }
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            let status = surface.map { String(cString: cairo_status_to_string(cairo_surface_status($0))) } ?? "no surface"
            if let surface { cairo_surface_destroy(surface) }
            XCTFail("cairo cannot read the PNG: \(status)")
            throw CocoaError(.fileReadCorruptFile)
        }
        defer { cairo_surface_destroy(surface) }
        XCTAssertEqual(reader.offset, png.count, "cairo read the whole file")
        return words(surface, mask: 0xFFFF_FFFF)
    }

    /// The chunks after the signature; fails when a length runs past the end or a CRC is wrong.
    static func chunks(_ png: Data) throws -> [(type: String, body: Data)] {
        let bytes = [UInt8](png)
        var chunks: [(type: String, body: Data)] = []
        var at = 8
        while at < bytes.count {
            guard at + 12 <= bytes.count else { XCTFail("a chunk is cut at \(at)"); throw CocoaError(.fileReadCorruptFile) }
            let length = Int(bigEndian(png, at: at))
            guard at + 12 + length <= bytes.count else { XCTFail("chunk at \(at) runs past the end"); throw CocoaError(.fileReadCorruptFile) }
            let typeAndBody = Array(bytes[(at + 4)..<(at + 8 + length)])
            XCTAssertEqual(bigEndian(png, at: at + 8 + length), crc32BitByBit(typeAndBody),
                           "CRC of chunk \(String(decoding: typeAndBody.prefix(4), as: UTF8.self))")
            chunks.append((String(decoding: typeAndBody.prefix(4), as: UTF8.self), Data(typeAndBody.dropFirst(4))))
            at += 12 + length
        }
        XCTAssertEqual(at, bytes.count)
        XCTAssertEqual(chunks.last?.type, "IEND")
        return chunks
    }

    static func bigEndian(_ data: Data, at offset: Int) -> UInt32 {
        let bytes = [UInt8](data[(data.startIndex + offset)..<(data.startIndex + offset + 4)])
        return bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The PNG specification's CRC-32 (polynomial 0xEDB88320, reflected), one bit at a time.
    static func crc32BitByBit(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    func testTheBitByBitCRCIsTheSpecificationsCheckValue() {
        // "123456789" has CRC-32 0xCBF43926; IEND's CRC is AE 42 60 82 in every PNG.
        XCTAssertEqual(Self.crc32BitByBit(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(Self.crc32BitByBit(Array("IEND".utf8)), 0xAE42_6082)
    }
}

/// A PNG's bytes handed to cairo as it asks for them.
private final class PNGReader {
    let bytes: [UInt8]
    var offset = 0

    init(_ data: Data) { bytes = [UInt8](data) }

    func read(into buffer: UnsafeMutablePointer<UInt8>, _ length: Int) -> cairo_status_t {
        guard offset + length <= bytes.count else { return CAIRO_STATUS_READ_ERROR }
        bytes.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + offset, count: length) }
        offset += length
        return CAIRO_STATUS_SUCCESS
    }
}

/// Bytes cairo's own writer writes.
private final class DataBox {
    var data = Data()
}
