import CHarfBuzz
import Foundation
import Text

/// The text figures of `scripts/bench`: unique strings in twelve languages measured on one
/// line by the text engine (fonts chosen, bidi, shaping, advances summed), against a bare
/// HarfBuzz loop over the same strings with the same fonts in the same process (a buffer,
/// `hb_shape`, the advances summed); then the same strings again through the engine, which
/// has them in its cache. Each pass is timed `repetitions` times, the engine's unique pass on a
/// new engine each time (its fonts opened beforehand by a string of each language that is not
/// among those measured), and the medians are reported.
enum ShapingBenchmark {
    static func run(fontsFolder: String, perLanguage: Int, repetitions: Int) throws -> [String: Any] {
        let catalog = try FontCatalog(folder: fontsFolder)
        var generator = SeededGenerator(seed: 3)
        var strings: [(text: String, language: String)] = []
        var warmUp: [(String, String)] = []
        for language in Vocabulary.languages {
            var seen = Set<String>()
            while seen.count < perLanguage + 1 {
                let text = Vocabulary.phrase(language, words: 1 + generator.below(8), using: &generator)
                guard seen.insert(text).inserted else { continue }
                if seen.count == 1 { warmUp.append((text, language)) } else { strings.append((text, language)) }
            }
        }
        let request = FontRequest(family: "Noto Sans", size: 17)
        let bare = try BareShaper(catalog: catalog, languages: Vocabulary.languages)
        if let path = ProcessInfo.processInfo.environment["BABELFIT_BENCH_WIDTHS"] {
            try dumpWidths(strings, catalog: catalog, to: path)
        }

        var unique: [Timing] = [], repeated: [Timing] = [], hb: [Timing] = []
        var engineTotal = 0.0, bareTotal = 0.0
        for _ in 0..<repetitions {
            let engine = TextEngine(catalog: catalog)
            for (text, language) in warmUp { _ = try engine.width(of: text, font: request, language: language) }
            unique.append(try Timing.of {
                engineTotal = 0
                for (text, language) in strings { engineTotal += try engine.width(of: text, font: request, language: language) }
            })
            repeated.append(try Timing.of {
                for (text, language) in strings { _ = try engine.width(of: text, font: request, language: language) }
            })
            hb.append(Timing.of {
                bareTotal = 0
                for (text, language) in strings { bareTotal += bare.width(of: text, language: language, size: request.size) }
            })
        }
        return [
            "strings": strings.count, "languages": Vocabulary.languages.count,
            "engine_unique": ["wall": median(unique.map(\.wall)), "cpu": median(unique.map(\.cpu))],
            "engine_repeated": ["wall": median(repeated.map(\.wall)), "cpu": median(repeated.map(\.cpu))],
            "bare_hb_shape": ["wall": median(hb.map(\.wall)), "cpu": median(hb.map(\.cpu))],
            // The summed widths: the engine's and the bare loop's should be close (the engine
            // may pick another font for a digit or a punctuation mark).
            "engine_width_sum": engineTotal, "bare_width_sum": bareTotal,
        ]
    }
}

extension ShapingBenchmark {
    /// Writes the engine's width of every string (its bits in hex) in several families and
    /// weights, a line each, so that two builds of the engine can be compared bit for bit
    /// (`BABELFIT_BENCH_WIDTHS=FILE babelfit-bench text`).
    static func dumpWidths(_ strings: [(text: String, language: String)], catalog: FontCatalog, to path: String) throws {
        let engine = TextEngine(catalog: catalog)
        var lines: [String] = []
        let fonts = [FontRequest(family: "Noto Sans", size: 17), FontRequest(family: "Noto Sans", size: 13, weight: .bold),
                     FontRequest(family: "system", size: 17)]
        for font in fonts {
            for (text, language) in strings {
                let width = try engine.width(of: text, font: font, language: language)
                // Also with the text's punctuation and digits around its words.
                let marked = "(" + text.replacingOccurrences(of: " ", with: ", ") + ") 12 - 3!"
                let other = try engine.width(of: marked, font: font, language: language)
                lines.append("\(font.family)\t\(font.size)\t\(language)\t\(String(width.bitPattern, radix: 16))\t"
                             + "\(String(other.bitPattern, radix: 16))\t\(text)")
            }
        }
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}

/// HarfBuzz alone: one font per language (the family the catalog gives the language's script),
/// every string shaped in a new buffer with its direction, script and language set.
final class BareShaper {
    private struct Font {
        var font: OpaquePointer
        var upem: Double
        var script: String
        var rightToLeft: Bool
    }
    private var fonts: [String: Font] = [:]

    /// The script of each language's words.
    static let scripts: [String: String] = [
        "en": "Latn", "de": "Latn", "fr": "Latn", "es": "Latn", "ru": "Cyrl", "el": "Grek", "ar": "Arab",
        "he": "Hebr", "hi": "Deva", "th": "Thai", "ja": "Hani", "zh-Hans": "Hani",
    ]

    init(catalog: FontCatalog, languages: [String]) throws {
        for language in languages {
            let script = Self.scripts[language] ?? "Latn"
            guard let family = catalog.fallbackFamilies(script: script, language: language).first else {
                throw BenchError("no font for \(script) in \(language)")
            }
            let face = try catalog.face(family: family, weight: .regular)
            guard let blob = hb_blob_create_from_file(face.path) else { throw BenchError("cannot read \(face.path)") }
            let hbFace = hb_face_create(blob, UInt32(face.index))
            let font = hb_font_create(hbFace)!
            let upem = Int32(hb_face_get_upem(hbFace))
            hb_font_set_scale(font, upem, upem)
            hb_font_make_immutable(font)
            hb_face_destroy(hbFace)
            hb_blob_destroy(blob)
            fonts[language] = Font(font: font, upem: Double(upem), script: script,
                                   rightToLeft: ["ar", "he"].contains(language))
        }
    }

    deinit {
        for font in fonts.values { hb_font_destroy(font.font) }
    }

    /// The width of `text` on one line at `size` points.
    func width(of text: String, language: String, size: Double) -> Double {
        let font = fonts[language]!
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
            }
        }
        hb_buffer_set_direction(buffer, font.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_from_string(font.script, -1))
        hb_buffer_set_language(buffer, hb_language_from_string(language, -1))
        hb_shape(font.font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return 0 }
        var advance = 0
        for index in 0..<Int(count) { advance += Int(positions[index].x_advance) }
        return Double(advance) / font.upem * size
    }
}
