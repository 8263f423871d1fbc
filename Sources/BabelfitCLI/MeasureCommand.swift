import Support
import Foundation
import Text

/// `babelfit measure TEXT --font FAMILY --size N …`: measures a string as a
/// label would show it, for checking a finding by hand.
public enum MeasureCommand {
    static let usage = """
    usage: babelfit measure TEXT [--font FAMILY] [--size N | --text-style STYLE [--content-size L]]
                                 [--weight regular|medium|semibold|bold] [--language TAG]
                                 [--width W] [--lines N] [--line-break MODE] [--minimum-scale-factor F]
                                 [--direction natural|ltr|rtl] [--fonts DIR] [--system-fonts PATH,…]
                                 [--format text|json]
    """

    public static func run(_ arguments: [String]) -> Int32 {
        do {
            let args = try Arguments(arguments, options: [
                "font", "size", "weight", "language", "width", "lines", "line-break", "minimum-scale-factor",
                "text-style", "content-size", "fonts", "format", "direction", "system-fonts",
            ], flags: ["help"])
            if args.flag("help") {
                print(usage)
                return 0
            }
            guard args.positional.count == 1 else {
                throw UsageError("measure takes one text argument\n\(usage)")
            }
            let text = args.positional[0]
            let font = try fontRequest(args)
            let language = try OptionValues.language(args.value("language") ?? "en", option: "language")
            var options = TextLayoutOptions(width: try args.double("width"), lines: try args.int("lines") ?? 1)
            if let mode = args.value("line-break") {
                guard let parsed = LineBreakMode(rawValue: mode) else {
                    throw UsageError("--line-break must be one of \(LineBreakMode.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                options.lineBreak = parsed
            }
            options.minimumScaleFactor = try args.double("minimum-scale-factor")
            if let direction = args.value("direction") {
                guard let parsed = WritingDirection(rawValue: direction) else {
                    throw UsageError("--direction must be one of \(WritingDirection.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                options.writingDirection = parsed
            }
            if let width = options.width, width <= 0 { throw UsageError("--width must be more than 0") }
            if let factor = options.minimumScaleFactor, !(factor > 0 && factor <= 1) {
                throw UsageError("--minimum-scale-factor must be more than 0 and at most 1")
            }
            if let lines = args.value("lines"), options.lines < 0 {
                throw UsageError("--lines must be 0 (no limit) or more, got \(lines)")
            }
            let format = args.value("format") ?? "text"
            guard ["text", "json"].contains(format) else { throw UsageError("--format must be text or json") }

            let engine = try TextEngine(fontsFolder: FontsLocator.folder(args.value("fonts")),
                                        systemFonts: FontsLocator.systemFonts(args.value("system-fonts")))
            let layout = try engine.layout(text, font: font, language: language, options: options)
            let systemFont = font.family == SystemFont.name ? engine.catalog.systemFontDescription(language: language) : nil
            let resolved = engine.resolved(font)
            print(format == "json" ? json(layout, font: resolved, language: language, options: options, systemFont: systemFont)
                                   : describe(layout, font: resolved, language: language, options: options, systemFont: systemFont))
            return 0
        } catch let error as UsageError {
            printError("babelfit measure: \(error)")
            return 2
        } catch {
            printError("babelfit measure: \(error)")
            return 2
        }
    }

    static func fontRequest(_ args: Arguments) throws -> FontRequest {
        let family = args.value("font") ?? SystemFont.name
        var weight: FontWeight?
        if let name = args.value("weight") {
            guard let parsed = FontWeight(rawValue: name.lowercased()) else {
                throw UsageError("--weight must be one of \(FontWeight.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            weight = parsed
        }
        if args.value("text-style") != nil, args.value("size") != nil {
            throw UsageError("--size and --text-style both give the size; use one")
        }
        if args.value("text-style") == nil, args.value("content-size") != nil {
            throw UsageError("--content-size sizes a --text-style; with --size the size is fixed")
        }
        if let styleName = args.value("text-style") {
            guard let style = TextStyle(rawValue: styleName) else {
                throw UsageError("--text-style must be one of \(TextStyle.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let contentSize = try args.value("content-size").map(OptionValues.contentSize) ?? .L
            var request = FontRequest(textStyle: style, contentSize: contentSize, family: family)
            if let weight { request.weight = weight }
            return request
        }
        let size = try args.double("size") ?? 17
        guard size > 0 else { throw UsageError("--size must be more than 0") }
        return FontRequest(family: family, size: size, weight: weight ?? .regular)
    }

    /// `systemFont`: which font stood in for the system font, when the text was measured in it.
    static func describe(_ layout: TextLayout, font: FontRequest, language: String, options: TextLayoutOptions,
                         systemFont: String? = nil) -> String {
        var out = "\(font) · \(language) · \(layout.direction.rawValue)\n"
        if let systemFont, systemFont != SystemFont.family { out += "system font: \(systemFont)\n" }
        out += "width \(Number.format(layout.naturalWidth)) pt on one line"
        if let width = options.width {
            out += "; given \(Number.format(width)) pt × "
            out += options.lines == 0 ? "any number of lines" : "\(options.lines) line\(options.lines == 1 ? "" : "s")"
            out += " (\(options.lineBreak.rawValue))"
        }
        out += "\nheight \(Number.format(layout.height)) pt, first baseline \(Number.format(layout.firstBaseline)) pt\n"
        if layout.scale != 1 { out += "shrunk to scale \(Number.format(layout.scale))\n" }
        out += layout.truncated ? "truncated: needs \(layout.neededLines) line\(layout.neededLines == 1 ? "" : "s")\n" : "fits\n"
        for (index, line) in layout.lines.enumerated() {
            out += "line \(index + 1): \"\(line.text)\" \(Number.format(line.width)) pt"
            if line.visual != line.text { out += " (visual: \"\(line.visual)\")" }
            out += "\n"
        }
        out += "shown: \(layout.shown)"
        if !layout.unsupported.isEmpty { out += "\nwarning: no font has " + layout.unsupported.map { "\"\($0)\"" }.joined(separator: ", ") + "; measured as the missing glyph" }
        return out
    }

    static func json(_ layout: TextLayout, font: FontRequest, language: String, options: TextLayoutOptions,
                     systemFont: String? = nil) -> String {
        var object: [String: JSONValue] = [
            "text": .string(layout.text),
            "shown": .string(layout.shown),
            "font": .string(font.description),
            "language": .string(language),
            "direction": .string(layout.direction.rawValue),
            "width": .number(layout.naturalWidth),
            "height": .number(layout.height),
            "firstBaseline": .number(layout.firstBaseline),
            "lastBaseline": .number(layout.lastBaseline),
            "truncated": .bool(layout.truncated),
            "scale": .number(layout.scale),
            "neededLines": .number(Double(layout.neededLines)),
            "lines": .array(layout.lines.map { line in
                .object(["text": .string(line.text), "visual": .string(line.visual),
                         "width": .number(line.width), "height": .number(line.height)])
            }),
        ]
        if let width = options.width { object["available"] = .number(width) }
        if let systemFont { object["systemFont"] = .string(systemFont) }
        if !layout.unsupported.isEmpty { object["unsupported"] = .array(layout.unsupported.map { .string($0) }) }
        return JSONValue.object(object).serialized(pretty: true)
    }
}
