import CCairo
import Checks
import Foundation
import Layout
import Support

/// Draws a checked run as a picture: the device with its safe area shaded, every view's outline,
/// texts drawn from the glyph runs they were measured with (the same faces, glyphs and
/// positions, after bidi, wrapping and truncation), images (flipped where mirrored), and every
/// finding of the run marked on the view it is about, listed under the device.
///
/// A finding is marked in its severity's colour (red for errors, orange for warnings): a
/// truncated text outlined, with the width (or lines) it needs drawn dashed beyond it; a view
/// clipped by its superview or a text cut off vertically hatched where it is cut; two
/// overlapping views hatched where they meet; a view that does not mirror with a dashed
/// outline where it should be (the mirrored frame, the text's natural place, or the arrow of an
/// image that stays unflipped); any other finding about a view outlines it.
///
/// Thread-safe: one renderer may draw many runs at once, from any threads (the HTML report
/// draws every run of a check). Same run, format and scale, same bytes.
public struct RunRenderer: Sendable {
    /// The text engine the run was measured with: it lays out the renderer's own words (the
    /// caption, the findings, symbol names) in the bundled fonts.
    public let engine: TextEngine

    public init(engine: TextEngine) {
        self.engine = engine
    }

    /// The run drawn as a PNG, SVG or PDF file's bytes. `scale` (1, 2 or 3; by default the
    /// device's) is the PNG's pixels per point; SVG and PDF are drawn in points.
    public func render(_ run: CheckedRun, format: RenderFormat, scale: Double? = nil) throws -> Data {
        try render(run, format: format, scale: scale) { try $0.finish() }
    }

    /// The run drawn, its canvas turned into bytes by `finish` (the tests read a PNG's pixels).
    func render(_ run: CheckedRun, format: RenderFormat, scale: Double?, finish: (Canvas) throws -> Data) throws -> Data {
        let scale = scale ?? run.device.scale
        guard [1.0, 2, 3].contains(scale) else { throw RenderError.scale(scale) }
        return try Drawing(run: run, engine: engine).draw(format: format, scale: scale, finish: finish)
    }

    /// The picture's size in points (a PNG has `scale` pixels per point) and where the root
    /// view's origin lies on it: a view's frame `(x, y, w, h)` is drawn at `(x + origin.x, y + origin.y)`.
    public func geometry(_ run: CheckedRun) throws -> (width: Double, height: Double, screenOrigin: (x: Double, y: Double)) {
        let plan = try Drawing(run: run, engine: engine).plan()
        return (plan.width, plan.height, plan.screenOrigin)
    }

    /// The glyphs drawn for a text view's text (empty for a view without text), in root-view
    /// points: each line's glyph runs placed in the view as UIKit places its text.
    public func placedGlyphs(_ run: CheckedRun, view id: String) throws -> [PlacedGlyph] {
        try Drawing(run: run, engine: engine).glyphs(ofView: id)
    }
}

/// Drawing one run: what is drawn where, computed before the canvas is made (its size depends
/// on how far the marks reach beyond the device), then drawn in order.
private final class Drawing {
    let run: CheckedRun
    let engine: TextEngine
    let nodes: [String: ViewNode]
    let device: Device
    /// The folder image paths are relative to: the layout file's.
    let folder: String

    static let margin = 24.0
    static let bezel = 10.0
    static let captionSize = 15.0
    static let listSize = 12.0
    static let noteSize = 9.0

    private var advances: [AdvanceKey: Double] = [:]
    private var images: [String: OpaquePointer?] = [:]

    private struct AdvanceKey: Hashable {
        var face: GlyphRun.Face
        var size: Double
        var glyph: UInt32
    }

    init(run: CheckedRun, engine: TextEngine) {
        self.run = run
        self.engine = engine
        nodes = Dictionary(run.layout.document.allViews.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        device = run.result.device
        let directory = (run.layout.file as NSString).deletingLastPathComponent
        folder = directory.isEmpty ? "." : directory
    }

    deinit {
        for case let image? in images.values { cairo_surface_destroy(image) }
    }

    // MARK: - The picture

    /// What goes where on the picture, in points.
    struct Plan {
        var marks: [Mark]
        /// The screen with its bezel and every mark, in root-view points.
        var bounds: Rect
        var caption: TextLayout
        var captionHeight: Double
        var list: [(layout: TextLayout, colour: Colour)]
        var listWidth: Double
        var width: Double
        var height: Double

        /// Where the root view's origin (the screen's top left corner) lies on the picture.
        var screenOrigin: (x: Double, y: Double) { (Drawing.margin - bounds.x, Drawing.margin + captionHeight - bounds.y) }
    }

    func plan() throws -> Plan {
        let marks = self.marks()
        let screen = Rect(x: 0, y: 0, width: device.width, height: device.height)
        var bounds = inset(screen, by: -Self.bezel)
        for mark in marks { bounds = union(bounds, mark.reach) }
        let caption = try engine.layout(
            "\(run.report.layout) · \(run.report.language) (\(run.report.direction)) · \(run.report.device) · \(run.report.contentSize)",
            font: FontRequest(family: SystemFont.family, size: Self.captionSize, weight: .semibold), language: "en")
        let width = bounds.width + 2 * Self.margin
        let listWidth = width - 2 * Self.margin - 14
        let list = try findingLines(width: listWidth)
        let captionHeight = caption.height + 12
        let listHeight = 14 + list.reduce(0) { $0 + $1.layout.height + 4 }
        return Plan(marks: marks, bounds: bounds, caption: caption, captionHeight: captionHeight, list: list,
                    listWidth: listWidth, width: width, height: captionHeight + bounds.height + listHeight + 2 * Self.margin)
    }

    func draw(format: RenderFormat, scale: Double, finish: (Canvas) throws -> Data) throws -> Data {
        let plan = try self.plan()
        let (marks, bounds, caption, captionHeight, list, listWidth, width, height) =
            (plan.marks, plan.bounds, plan.caption, plan.captionHeight, plan.list, plan.listWidth, plan.width, plan.height)
        let canvas = try Canvas(format: format, width: width, height: height, scale: scale)
        let cr = canvas.context
        // The background around the device; the bezel is painted over the middle (less to fill).
        let bezel = Rect(x: plan.screenOrigin.x - Self.bezel, y: plan.screenOrigin.y - Self.bezel,
                         width: device.width + 2 * Self.bezel, height: device.height + 2 * Self.bezel)
        canvas.paint(.background, covering: Rect(x: 0, y: 0, width: width, height: height),
                     except: inset(bezel, by: screenCorner + Self.bezel))
        try drawText(caption, origins: TextPlacement.lineOrigins(
            caption, in: Rect(x: Self.margin, y: Self.margin, width: width - 2 * Self.margin, height: caption.height),
            alignment: .left), colour: .caption, on: canvas)

        cairo_save(cr)
        cairo_translate(cr, plan.screenOrigin.x, plan.screenOrigin.y)
        try drawDevice(on: canvas)
        for view in run.result.views where !view.hidden {
            guard let node = nodes[view.id] else { continue }
            try drawView(view, node, on: canvas)
        }
        try drawMarks(marks, on: canvas)
        cairo_restore(cr)

        var y = Self.margin + captionHeight + bounds.height + 14
        for item in list {
            let bullet = Rect(x: Self.margin, y: y + (item.layout.lines.first?.ascent ?? 10) - 8, width: 8, height: 8)
            canvas.setColour(item.colour)
            canvas.roundedRectangle(bullet, radius: 4)
            cairo_fill(cr)
            try drawText(item.layout, origins: TextPlacement.lineOrigins(
                item.layout, in: Rect(x: Self.margin + 14, y: y, width: listWidth, height: item.layout.height),
                alignment: .left), colour: .caption, on: canvas)
            y += item.layout.height + 4
        }
        return try finish(canvas)
    }

    /// The radius of the screen's corners: rounded on a device without a Home button.
    private var screenCorner: Double { device.safeArea.bottom > 0 ? 38.0 : 0 }

    /// The device: a bezel, the screen (with rounded corners on a device without a Home button),
    /// and the parts of the screen outside the safe area shaded. Views are not clipped to it.
    private func drawDevice(on canvas: Canvas) throws {
        let cr = canvas.context
        let screen = Rect(x: 0, y: 0, width: device.width, height: device.height)
        let corner = screenCorner
        canvas.setColour(.bezel)
        canvas.roundedRectangle(inset(screen, by: -Self.bezel), radius: corner + Self.bezel)
        // Not under the middle of the screen, which the screen covers wholly (less to fill).
        canvas.addWholePixels(inside: inset(screen, by: corner))
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_fill(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        // The screen filled as its own shape (faster than a fill through a clip of that shape),
        // then the clip for the bands.
        canvas.setColour(.screen)
        canvas.roundedRectangle(screen, radius: corner)
        cairo_fill(cr)
        cairo_save(cr)
        canvas.roundedRectangle(screen, radius: corner)
        cairo_clip(cr)
        let safe = device.safeArea
        for band in [Rect(x: 0, y: 0, width: device.width, height: safe.top),
                     Rect(x: 0, y: device.height - safe.bottom, width: device.width, height: safe.bottom),
                     Rect(x: 0, y: safe.top, width: safe.left, height: device.height - safe.top - safe.bottom),
                     Rect(x: device.width - safe.right, y: safe.top, width: safe.right,
                          height: device.height - safe.top - safe.bottom)]
            where band.width > 0 && band.height > 0 {
            canvas.fill(band, .safeArea)
        }
        cairo_restore(cr)
    }

    // MARK: - Views

    private func drawView(_ view: ViewLayout, _ node: ViewNode, on canvas: Canvas) throws {
        let frame = view.frame
        switch node.kind {
        case .label:
            if let fitted = view.fitted {
                try drawText(fitted.layout, origins: textOrigins(view, node, fitted), colour: .text, on: canvas)
            }
        case .button(let button):
            if let image = button.image, let rect = buttonParts(view, node).image {
                try drawImage(image, in: rect, view: view, on: canvas)
            }
            if let fitted = view.fitted {
                try drawText(fitted.layout, origins: textOrigins(view, node, fitted), colour: .tint, on: canvas)
            }
        case .textField(let field):
            canvas.setColour(.fieldBorder)
            cairo_set_line_width(canvas.context, 1)
            canvas.roundedRectangle(inset(frame, by: 0.5), radius: 5)
            cairo_stroke(canvas.context)
            if let fitted = view.fitted {
                try drawText(fitted.layout, origins: textOrigins(view, node, fitted),
                             colour: field.text == nil ? .placeholderText : .text, on: canvas)
            }
        case .image(let image):
            try drawImage(image, in: frame, view: view, on: canvas)
        case .view, .stack, .scroll, .control:
            // Containers draw nothing of their own; a control (a switch, a slider) is its outline.
            break
        }
        if view.id != run.layout.document.root.id { canvas.stroke(inset(frame, by: 0.25), .outline, width: 0.5) }
    }

    /// Where a button's image and title go: centred together in its frame less its content
    /// insets, the image on the leading side.
    private func buttonParts(_ view: ViewLayout, _ node: ViewNode) -> (image: Rect?, title: Rect) {
        guard case .button(let button) = node.kind else { return (nil, view.frame) }
        let insets = button.contentInsets.physical(view.direction)
        let frame = view.frame
        let content = Rect(x: frame.x + insets.left, y: frame.y + insets.top,
                           width: frame.width - insets.left - insets.right, height: frame.height - insets.top - insets.bottom)
        let picture = button.image.map { self.imageSize(of: $0, view: view.id) } ?? Layout.Size(width: 0, height: 0)
        let titleWidth = view.fitted?.layout.width ?? 0
        let start = content.x + (content.width - picture.width - titleWidth) / 2
        let imageFirst = view.direction == .leftToRight
        let title = Rect(x: imageFirst ? start + picture.width : start, y: content.y, width: titleWidth, height: content.height)
        guard button.image != nil else { return (nil, title) }
        let image = Rect(x: imageFirst ? start : start + titleWidth, y: content.y + (content.height - picture.height) / 2,
                         width: picture.width, height: picture.height)
        return (image, title)
    }

    /// The baseline origin of each line of a text view's text.
    private func textOrigins(_ view: ViewLayout, _ node: ViewNode, _ fitted: FittedText) -> [(x: Double, baseline: Double)] {
        if case .button = node.kind {
            return TextPlacement.lineOrigins(fitted.layout, in: buttonParts(view, node).title, alignment: .center)
        }
        return TextPlacement.lineOrigins(fitted.layout, in: view.frame, alignment: view.textAlignment ?? .natural)
    }

    func glyphs(ofView id: String) throws -> [PlacedGlyph] {
        guard let view = run.result.view(id), let node = nodes[id], let fitted = view.fitted else { return [] }
        return try placement.glyphs(fitted.layout, at: textOrigins(view, node, fitted))
    }

    private var placement: TextPlacement {
        TextPlacement { [unowned self] face, size, glyph in try self.naturalAdvance(face, size, glyph) }
    }

    /// A glyph's own advance at a size, from its font through cairo (unhinted).
    private func naturalAdvance(_ face: GlyphRun.Face, _ size: Double, _ glyph: UInt32) throws -> Double {
        let key = AdvanceKey(face: face, size: size, glyph: glyph)
        if let known = advances[key] { return known }
        let fontFace = try FontFaces.shared.face(face)
        var matrix = cairo_matrix_t(), identity = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, size, size)
        cairo_matrix_init_identity(&identity)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        let font = cairo_scaled_font_create(fontFace, &matrix, &identity, options)
        cairo_font_options_destroy(options)
        defer { cairo_scaled_font_destroy(font) }
        var cairoGlyph = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
        var extents = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(font, &cairoGlyph, 1, &extents)
        let status = cairo_scaled_font_status(font)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError.cairo(String(cString: cairo_status_to_string(status))) }
        advances[key] = extents.x_advance
        return extents.x_advance
    }

    /// Draws a text's glyphs: runs of glyphs of one face and size with one `cairo_show_glyphs`,
    /// a cut glyph alone, clipped to the part its line shows.
    private func drawText(_ layout: TextLayout, origins: [(x: Double, baseline: Double)], colour: Colour,
                          on canvas: Canvas) throws {
        let cr = canvas.context
        let glyphs = try placement.glyphs(layout, at: origins)
        canvas.setColour(colour)
        var index = 0
        while index < glyphs.count {
            let first = glyphs[index]
            var end = index + 1
            if first.band == nil {
                while end < glyphs.count, glyphs[end].band == nil, glyphs[end].face == first.face,
                      glyphs[end].size == first.size { end += 1 }
            }
            cairo_set_font_face(cr, try FontFaces.shared.face(first.face))
            cairo_set_font_size(cr, first.size)
            var batch = glyphs[index..<end].map { cairo_glyph_t(index: UInt($0.glyph), x: $0.x, y: $0.y) }
            if let band = first.band {
                cairo_save(cr)
                cairo_rectangle(cr, band.lowerBound, first.y - 2 * first.size, band.upperBound - band.lowerBound, 3 * first.size)
                cairo_clip(cr)
                cairo_show_glyphs(cr, &batch, Int32(batch.count))
                cairo_restore(cr)
            } else {
                cairo_show_glyphs(cr, &batch, Int32(batch.count))
            }
            index = end
        }
        try canvas.check()
    }

    // MARK: - Images

    private func imageSize(of image: ImageSpec, view: String) -> Layout.Size {
        image.size ?? run.layout.imageSizes[view] ?? image.symbolSize(at: run.contentSize) ?? Layout.Size(width: 0, height: 0)
    }

    /// An image file drawn to fill `rect` (flipped when the view draws it mirrored); a symbol,
    /// or a file cairo cannot read as PNG, as a placeholder whose arrow shows which way it points.
    private func drawImage(_ image: ImageSpec, in rect: Rect, view: ViewLayout, on canvas: Canvas) throws {
        let cr = canvas.context
        if image.systemName == nil, let source = image.source, let surface = pngSurface(source) {
            let width = Double(cairo_image_surface_get_width(surface)), height = Double(cairo_image_surface_get_height(surface))
            cairo_save(cr)
            cairo_translate(cr, rect.x, rect.y)
            if view.flipped {
                cairo_translate(cr, rect.width, 0)
                cairo_scale(cr, -1, 1)
            }
            cairo_scale(cr, rect.width / width, rect.height / height)
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            cairo_restore(cr)
            return
        }
        canvas.setColour(.placeholderFill)
        canvas.roundedRectangle(rect, radius: min(rect.width, rect.height) * 0.2)
        cairo_fill(cr)
        let name = image.systemName
        // An image file points as drawn (right, unless flipped); a symbol by the side or
        // direction its name says, if any.
        if let right = name.map(Self.pointsRight) ?? true {
            canvas.arrow(in: rect, pointingRight: right != view.flipped, .placeholderInk, width: min(3, max(1, rect.height * 0.08)))
        }
        if let name {
            let label = try engine.layout(name, font: FontRequest(family: SystemFont.family, size: 6), language: "en")
            let box = Rect(x: rect.x + rect.width / 2 - label.width / 2, y: rect.maxY + 1, width: label.width, height: label.height)
            try drawText(label, origins: TextPlacement.lineOrigins(label, in: box, alignment: .center),
                         colour: .placeholderInk, on: canvas)
        }
    }

    /// Which way a symbol points by its name: right for `right`, `forward`, `trailing`; left
    /// for `left`, `backward`, `leading`; nil for a name with neither, or both.
    static func pointsRight(_ name: String) -> Bool? {
        let words = name.split(separator: ".")
        let right = words.contains { $0.contains("right") || $0.contains("forward") || $0.contains("trailing") }
        let left = words.contains { $0.contains("left") || $0.contains("backward") || $0.contains("leading") }
        return right == left ? nil : right
    }

    /// A PNG file of the layout, decoded once per drawing; nil when cairo cannot read it.
    private func pngSurface(_ source: String) -> OpaquePointer? {
        let path = source.hasPrefix("/") ? source : (folder as NSString).appendingPathComponent(source)
        if let known = images[path] { return known }
        var surface: OpaquePointer? = cairo_image_surface_create_from_png(path)
        if let made = surface, cairo_surface_status(made) != CAIRO_STATUS_SUCCESS {
            cairo_surface_destroy(made)
            surface = nil
        }
        images[path] = surface
        return surface
    }

    // MARK: - Findings

    fileprivate struct Mark {
        enum Shape {
            case outline
            /// Dashed: what the view needs, or where it should be.
            case ghost
            /// Hatched, limited by the even-odd rule over `evenOdd` when not empty.
            case hatch(evenOdd: [Rect])
            /// A dashed arrow, pointing right or left: which way an image should point.
            case arrow(right: Bool)
        }
        var shape: Shape
        var rect: Rect
        var colour: Colour
        /// Words beside the mark, under its far end.
        var note: String?
        /// Whether the note goes under the rectangle's right end (else its left).
        var noteAtRight = true

        /// How far the mark reaches, its note included (an estimate of the note's width).
        var reach: Rect {
            guard let note else { return rect }
            let width = Double(note.count) * Drawing.noteSize * 0.6
            let x = noteAtRight ? rect.maxX - width : rect.x
            return union(rect, Rect(x: x, y: rect.maxY, width: width, height: Drawing.noteSize * 1.5))
        }
    }

    /// The marks of the run's findings, in the findings' order.
    private func marks() -> [Mark] {
        var marks: [Mark] = []
        for finding in run.findings {
            guard let id = finding.view, let view = run.result.view(id), !view.hidden else { continue }
            let frame = view.frame
            let colour: Colour = finding.severity == .error ? .error : .warning
            func add(_ shape: Mark.Shape, _ rect: Rect, note: String? = nil, atRight: Bool = true) {
                marks.append(Mark(shape: shape, rect: rect, colour: colour, note: note, noteAtRight: atRight))
            }
            switch (finding.kind, finding.evidence) {
            case (.truncated, .width(let needed, let available, _)), (.shrunk, .width(let needed, let available, _)):
                // The text grows the way it is aligned: from its leading edge, or both ways when centred.
                let extra = max(0, needed - available)
                let alignment = view.textAlignment ?? .center
                let growsLeft: Double
                switch alignment {
                case .right: growsLeft = extra
                case .center: growsLeft = extra / 2
                case .left: growsLeft = 0
                case .natural, .justified: growsLeft = view.direction == .rightToLeft ? extra : 0
                }
                add(.ghost, Rect(x: frame.x - growsLeft, y: frame.y, width: frame.width + extra, height: frame.height),
                    note: "needs \(Number.points(needed)) pt", atRight: growsLeft < extra)
            case (.truncated, .lines(let needed, let available, _)):
                let height = frame.height * Double(needed) / Double(max(1, available))
                add(.ghost, Rect(x: frame.x, y: frame.y, width: frame.width, height: height), note: "needs \(needed) lines")
            case (.clipped, .height(let needed, _, _)):
                // The text is centred: cut off above and below.
                let ghost = Rect(x: frame.x, y: frame.y - (needed - frame.height) / 2, width: frame.width, height: needed)
                add(.hatch(evenOdd: [ghost, frame]), ghost)
                add(.ghost, ghost, note: "needs \(Number.points(needed)) pt high")
            case (.clipped, _):
                if let parent = finding.otherView.flatMap(run.result.frame) {
                    add(.hatch(evenOdd: [frame, parent]), frame)
                } else {
                    add(.hatch(evenOdd: []), frame)
                }
            case (.overlap, _):
                if let other = finding.otherView.flatMap(run.result.frame), let meet = intersection(frame, other) {
                    add(.hatch(evenOdd: []), meet)
                    add(.outline, other)
                }
            case (.notMirrored, .position(_, let expected)):
                if let parent = finding.otherView.flatMap(run.result.frame) {
                    add(.ghost, Rect(x: parent.x + expected, y: frame.y, width: frame.width, height: frame.height),
                        note: "mirrored")
                }
            case (.notMirrored, _):
                if let fitted = view.fitted, let node = nodes[id], node.kind.textAlignment != nil {
                    // Where natural alignment (the view's direction) would put each line.
                    let origins = TextPlacement.lineOrigins(fitted.layout, in: frame,
                                                            alignment: TextAlignment.natural.resolved(view.direction))
                    for (line, origin) in zip(fitted.layout.lines, origins) {
                        add(.ghost, Rect(x: origin.x, y: origin.baseline - line.ascent, width: line.width, height: line.height),
                            note: line == fitted.layout.lines.last ? "natural" : nil,
                            atRight: view.direction == .rightToLeft)
                    }
                } else if case .image = nodes[id]?.kind {
                    // An image that should turn: the way it would point, flipped.
                    add(.arrow(right: view.flipped), frame)
                }
            default:
                break
            }
            add(.outline, frame)
        }
        return marks
    }

    private func drawMarks(_ marks: [Mark], on canvas: Canvas) throws {
        for mark in marks {
            switch mark.shape {
            case .hatch(let evenOdd): canvas.hatch(mark.rect, mark.colour, evenOdd: evenOdd)
            case .ghost: canvas.stroke(mark.rect, mark.colour, width: 1, dash: 3)
            case .arrow(let right):
                canvas.arrow(in: mark.rect, pointingRight: right, mark.colour, width: 1.5, dash: 2)
            case .outline: canvas.stroke(inset(mark.rect, by: -0.75), mark.colour, width: 1.5)
            }
        }
        for mark in marks {
            guard let note = mark.note else { continue }
            let layout = try engine.layout(note, font: FontRequest(family: SystemFont.family, size: Self.noteSize,
                                                                   weight: .medium), language: "en")
            let x = mark.noteAtRight ? mark.rect.maxX - layout.width : mark.rect.x
            let box = Rect(x: x, y: mark.rect.maxY + 1, width: layout.width, height: layout.height)
            canvas.fill(inset(box, by: -1), Colour(red: 1, green: 1, blue: 1, alpha: 0.85))
            try drawText(layout, origins: TextPlacement.lineOrigins(layout, in: box, alignment: .left),
                         colour: mark.colour, on: canvas)
        }
    }

    /// Each finding as a line of the list under the device: severity, kind and message.
    /// "No findings" (in grey) when there are none.
    private func findingLines(width: Double) throws -> [(layout: TextLayout, colour: Colour)] {
        let items: [(String, Colour)] = run.findings.isEmpty ? [("no findings", .placeholderInk)] : run.findings.map { finding in
            ("\(finding.severity.rawValue) [\(finding.kind.rawValue)] \(finding.message)",
             finding.severity == .error ? .error : .warning)
        }
        return try items.map { text, colour in
            let layout = try engine.layout(text, font: FontRequest(family: SystemFont.family, size: Self.listSize),
                                           language: "en",
                                           options: TextLayoutOptions(width: width, lines: 0, lineBreak: .wordWrap),
                                           direction: .leftToRight)
            return (layout, colour)
        }
    }
}

// MARK: - Rectangles

private func inset(_ rect: Rect, by amount: Double) -> Rect {
    Rect(x: rect.x + amount, y: rect.y + amount, width: rect.width - 2 * amount, height: rect.height - 2 * amount)
}

private func union(_ a: Rect, _ b: Rect) -> Rect {
    let x = min(a.x, b.x), y = min(a.y, b.y)
    return Rect(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
}

private func intersection(_ a: Rect, _ b: Rect) -> Rect? {
    let x = max(a.x, b.x), y = max(a.y, b.y)
    let width = min(a.maxX, b.maxX) - x, height = min(a.maxY, b.maxY) - y
    return width > 0 && height > 0 ? Rect(x: x, y: y, width: width, height: height) : nil
}
