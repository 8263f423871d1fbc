import CCairo
import Foundation
import Layout

/// The three file formats a run is drawn to.
public enum RenderFormat: String, CaseIterable, Sendable {
    case png, svg, pdf

    /// The format a file name's extension names (`out.png`, any case), or nil.
    public init?(fileName: String) {
        self.init(rawValue: (fileName as NSString).pathExtension.lowercased())
    }
}

/// Why a run could not be drawn.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// A font file of the run's glyphs that FreeType or cairo cannot use.
    case font(String, String)
    /// Cairo failed (its status, as cairo words it).
    case cairo(String)
    /// A scale other than 1, 2 or 3.
    case scale(Double)

    public var description: String {
        switch self {
        case .font(let path, let why): return "\(path): \(why)"
        case .cairo(let status): return "cairo: \(status)"
        case .scale(let scale): return "scale \(Number.format(scale)) is not 1, 2 or 3"
        }
    }
}

/// An RGBA colour, components 0…1.
struct Colour {
    var red, green, blue: Double
    var alpha = 1.0

    static let background = Colour(red: 0.93, green: 0.93, blue: 0.945)
    static let bezel = Colour(red: 0.11, green: 0.11, blue: 0.12)
    static let screen = Colour(red: 1, green: 1, blue: 1)
    static let safeArea = Colour(red: 0.25, green: 0.45, blue: 0.95, alpha: 0.10)
    static let outline = Colour(red: 0.35, green: 0.35, blue: 0.40, alpha: 0.55)
    static let text = Colour(red: 0, green: 0, blue: 0)
    static let tint = Colour(red: 0, green: 0.478, blue: 1)
    static let placeholderText = Colour(red: 0.235, green: 0.235, blue: 0.263, alpha: 0.3)
    static let fieldBorder = Colour(red: 0.78, green: 0.78, blue: 0.80)
    static let placeholderFill = Colour(red: 0.90, green: 0.90, blue: 0.92)
    static let placeholderInk = Colour(red: 0.45, green: 0.45, blue: 0.50)
    static let error = Colour(red: 0.86, green: 0.1, blue: 0.1)
    static let warning = Colour(red: 0.93, green: 0.55, blue: 0)
    static let caption = Colour(red: 0.2, green: 0.2, blue: 0.22)
}

/// A cairo surface of one of the formats and its context, drawn on in points (the scale is the
/// context's transformation), then turned into the file's bytes.
final class Canvas {
    let context: OpaquePointer
    let surface: OpaquePointer
    private let format: RenderFormat
    private let sink: ByteSink
    /// A PNG canvas's pixels, lent by `PixelBuffers` and given back when the canvas goes.
    private var pixels: PixelBuffers.Buffer?

    init(format: RenderFormat, width: Double, height: Double, scale: Double) throws {
        self.format = format
        sink = ByteSink()
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let made: OpaquePointer?
        switch format {
        case .png:
            // Pixels in a buffer used again from one picture to the next (a new surface's are
            // cleared, and touched for the first time, at a cost near that of drawing them); every
            // pixel is painted over first (`paint`).
            let pixelWidth = Int32((width * scale).rounded(.up)), pixelHeight = Int32((height * scale).rounded(.up))
            let stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, pixelWidth)
            if stride > 0, pixelHeight > 0 {
                let buffer = PixelBuffers.shared.take(bytes: Int(stride) * Int(pixelHeight))
                pixels = buffer
                made = cairo_image_surface_create_for_data(buffer.bytes, CAIRO_FORMAT_RGB24, pixelWidth, pixelHeight, stride)
            } else {
                made = cairo_image_surface_create(CAIRO_FORMAT_RGB24, pixelWidth, pixelHeight)
            }
        case .svg:
            made = cairo_svg_surface_create_for_stream(writeToSink, closure, width, height)
        case .pdf:
            made = cairo_pdf_surface_create_for_stream(writeToSink, closure, width, height)
            if let made {
                // A fixed date, so that the same run gives the same bytes.
                cairo_pdf_surface_set_metadata(made, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
                cairo_pdf_surface_set_metadata(made, CAIRO_PDF_METADATA_MOD_DATE, "2000-01-01T00:00:00Z")
                cairo_pdf_surface_set_metadata(made, CAIRO_PDF_METADATA_CREATOR, "babelfit")
            }
        }
        guard let made else {
            pixels.map(PixelBuffers.shared.give)
            throw RenderError.cairo("no surface")
        }
        let status = cairo_surface_status(made)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(made)
            pixels.map(PixelBuffers.shared.give)
            throw RenderError.cairo(String(cString: cairo_status_to_string(status)))
        }
        surface = made
        context = cairo_create(made)
        if format == .png { cairo_scale(context, scale, scale) }
        // Glyph outlines unhinted and grey antialiasing: the same pixels on every machine that
        // has the same cairo, whatever its font configuration.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
        pixels.map(PixelBuffers.shared.give)
    }

    /// The file's bytes. The canvas is finished: nothing can be drawn after.
    func finish() throws -> Data {
        try check()
        if format == .png { return try PNGWriter.png(of: surface) }
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError.cairo(String(cString: cairo_status_to_string(status))) }
        return format == .svg ? Self.numberedInOrder(sink.data) : sink.data
    }

    /// Cairo's SVG surface names the drawing's group and its images by counters it keeps for
    /// the whole process (`surface6`, `image11`): a second drawing of the same run would name
    /// them otherwise. They are numbered again here in order of first appearance, from 1, where
    /// they stand as an `id="…"` or a reference `#…` (never inside an image's data).
    static func numberedInOrder(_ svg: Data) -> Data {
        let text = String(decoding: svg, as: UTF8.self)
        guard let pattern = try? NSRegularExpression(pattern: "(?<=id=\"|#)(surface|image|pattern|mask|source)([0-9]+)(?=[\")])") else { return svg }
        var numbers: [String: Int] = [:]
        var next: [String: Int] = [:]
        var result = ""
        var last = text.startIndex
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let whole = Range(match.range, in: text), let prefix = Range(match.range(at: 1), in: text) else { continue }
            let name = String(text[whole]), kind = String(text[prefix])
            let number = numbers[name] ?? {
                let made = (next[kind] ?? 0) + 1
                next[kind] = made
                numbers[name] = made
                return made
            }()
            result += text[last..<whole.lowerBound] + "\(kind)\(number)"
            last = whole.upperBound
        }
        result += text[last...]
        return Data(result.utf8)
    }

    /// Throws cairo's error, if drawing met one.
    func check() throws {
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError.cairo(String(cString: cairo_status_to_string(status))) }
    }

    // MARK: - Drawing

    func setColour(_ colour: Colour) {
        cairo_set_source_rgba(context, colour.red, colour.green, colour.blue, colour.alpha)
    }

    /// Covers the whole canvas, `rect` in points, with an opaque colour: in a PNG every pixel,
    /// the partly covered ones at its edges too (its buffer holds an earlier picture), except the
    /// whole pixels inside `hole` (which the caller covers itself with opaque paint).
    func paint(_ colour: Colour, covering rect: Rect, except hole: Rect? = nil) {
        guard format == .png else { return fill(rect, colour) }
        cairo_save(context)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        setColour(Colour(red: colour.red, green: colour.green, blue: colour.blue))
        if let hole, let pixels = wholePixels(inside: hole) {
            // Four bands around the hole, in pixels: above, below, left, right.
            let width = Double(cairo_image_surface_get_width(surface)), height = Double(cairo_image_surface_get_height(surface))
            cairo_identity_matrix(context)
            cairo_rectangle(context, 0, 0, width, pixels.y)
            cairo_rectangle(context, 0, pixels.y + pixels.height, width, height - pixels.y - pixels.height)
            cairo_rectangle(context, 0, pixels.y, pixels.x, pixels.height)
            cairo_rectangle(context, pixels.x + pixels.width, pixels.y, width - pixels.x - pixels.width, pixels.height)
            cairo_fill(context)
        } else {
            cairo_paint(context)
        }
        cairo_restore(context)
    }

    /// The pixels wholly inside `rect` (in the current user space), as a rectangle in pixels;
    /// nil when none is.
    func wholePixels(inside rect: Rect) -> Rect? {
        var x0 = rect.x, y0 = rect.y, x1 = rect.x + rect.width, y1 = rect.y + rect.height
        cairo_user_to_device(context, &x0, &y0)
        cairo_user_to_device(context, &x1, &y1)
        let left = min(x0, x1).rounded(.up), top = min(y0, y1).rounded(.up)
        let right = max(x0, x1).rounded(.down), bottom = max(y0, y1).rounded(.down)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Adds `rect` (in the current user space) to the path, as the rectangle of the whole pixels
    /// inside it, when it has any: edges on pixel boundaries, so a fill covers each pixel wholly or not at all.
    func addWholePixels(inside rect: Rect) {
        guard format == .png, let pixels = wholePixels(inside: rect) else { return }
        var x0 = pixels.x, y0 = pixels.y, x1 = pixels.x + pixels.width, y1 = pixels.y + pixels.height
        cairo_device_to_user(context, &x0, &y0)
        cairo_device_to_user(context, &x1, &y1)
        cairo_new_sub_path(context)
        cairo_rectangle(context, min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
    }

    func fill(_ rect: Rect, _ colour: Colour) {
        setColour(colour)
        cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(context)
    }

    /// Strokes a rectangle's outline inside-centred on its edges; `dash` > 0 dashes it.
    func stroke(_ rect: Rect, _ colour: Colour, width: Double, dash: Double = 0) {
        setColour(colour)
        cairo_set_line_width(context, width)
        if dash > 0 {
            var pattern = [dash, dash * 0.75]
            cairo_set_dash(context, &pattern, 2, 0)
        }
        cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        cairo_stroke(context)
        cairo_set_dash(context, nil, 0, 0)
    }

    func roundedRectangle(_ rect: Rect, radius: Double) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        cairo_new_sub_path(context)
        cairo_arc(context, rect.x + rect.width - r, rect.y + r, r, -Double.pi / 2, 0)
        cairo_arc(context, rect.x + rect.width - r, rect.y + rect.height - r, r, 0, Double.pi / 2)
        cairo_arc(context, rect.x + r, rect.y + rect.height - r, r, Double.pi / 2, Double.pi)
        cairo_arc(context, rect.x + r, rect.y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(context)
    }

    /// Diagonal hatching over `area`, limited to `clip` (when given) with the even-odd rule
    /// over `clip`'s rectangles: `[view, superview]` hatches the part of the view outside it.
    func hatch(_ area: Rect, _ colour: Colour, evenOdd rects: [Rect] = []) {
        cairo_save(context)
        cairo_rectangle(context, area.x, area.y, area.width, area.height)
        cairo_clip(context)
        if !rects.isEmpty {
            cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
            for rect in rects { cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height) }
            cairo_clip(context)
        }
        var translucent = colour
        translucent.alpha = 0.12
        setColour(translucent)
        cairo_paint(context)
        setColour(colour)
        cairo_set_line_width(context, 1)
        let step = 5.0
        var offset = -area.height
        while offset < area.width {
            cairo_move_to(context, area.x + offset, area.y + area.height)
            cairo_line_to(context, area.x + offset + area.height, area.y)
            offset += step
        }
        cairo_stroke(context)
        cairo_restore(context)
    }

    /// A horizontal arrow across `rect`'s middle, pointing right or left.
    func arrow(in rect: Rect, pointingRight: Bool, _ colour: Colour, width: Double, dash: Double = 0) {
        let inset = min(rect.width, rect.height) * 0.2
        let y = rect.y + rect.height / 2
        let tail = pointingRight ? rect.x + inset : rect.x + rect.width - inset
        let head = pointingRight ? rect.x + rect.width - inset : rect.x + inset
        let barb = min(rect.width, rect.height) * 0.25 * (pointingRight ? -1 : 1)
        setColour(colour)
        cairo_set_line_width(context, width)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        if dash > 0 {
            var pattern = [dash, dash]
            cairo_set_dash(context, &pattern, 2, 0)
        }
        cairo_move_to(context, tail, y)
        cairo_line_to(context, head, y)
        cairo_move_to(context, head + barb, y - abs(barb))
        cairo_line_to(context, head, y)
        cairo_line_to(context, head + barb, y + abs(barb))
        cairo_stroke(context)
        cairo_set_dash(context, nil, 0, 0)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
    }
}

/// Bytes cairo writes, collected.
private final class ByteSink {
    var data = Data()
}

private func writeToSink(_ closure: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<UInt8>?, _ length: UInt32) -> cairo_status_t {
    guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
    Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
    return CAIRO_STATUS_SUCCESS
}

/// Pixel buffers lent to PNG canvases and taken back, so that a picture reuses the memory of one
/// drawn before it. Keeps as many as were in use at once (one a thread drawing).
final class PixelBuffers: @unchecked Sendable {
    static let shared = PixelBuffers()

    struct Buffer {
        let bytes: UnsafeMutablePointer<UInt8>
        let capacity: Int
    }

    private var free: [Buffer] = []
    private let lock = NSLock()

    /// A buffer of at least `bytes` bytes; its contents are whatever was drawn in it before.
    func take(bytes: Int) -> Buffer {
        lock.lock()
        let index = free.firstIndex { $0.capacity >= bytes } ?? free.indices.last
        let found = index.map { free.remove(at: $0) }
        lock.unlock()
        if let found, found.capacity >= bytes { return found }
        found.map { $0.bytes.deallocate() }
        return Buffer(bytes: .allocate(capacity: bytes), capacity: bytes)
    }

    func give(_ buffer: Buffer) {
        lock.lock()
        free.append(buffer)
        lock.unlock()
    }
}
