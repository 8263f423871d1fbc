import Foundation
import Layout
import Support

/// The size in points of a vector image in an asset catalog, as Xcode renders it: a PDF's
/// page box (the CropBox where it has one, else the MediaBox, turned by `/Rotate`), an SVG's
/// `width` and `height` (else its `viewBox`).
enum VectorImageSize {
    static func size(path: String) -> Size? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        switch (path as NSString).pathExtension.lowercased() {
        case "pdf": return pdf(Array(data))
        case "svg": return svg(Array(data), file: path)
        default: return nil
        }
    }

    /// The first page box of a PDF, read from its uncompressed objects (a box inside a
    /// compressed object stream is not found: nil).
    static func pdf(_ bytes: [UInt8]) -> Size? {
        let text = String(decoding: bytes.map { $0 < 0x80 ? $0 : 0x20 }, as: UTF8.self)
        guard let box = numbers(after: "/CropBox", in: text) ?? numbers(after: "/MediaBox", in: text), box.count == 4 else {
            return nil
        }
        var size = Size(width: abs(box[2] - box[0]), height: abs(box[3] - box[1]))
        guard size.width.isFinite, size.height.isFinite else { return nil }
        // A quarter turn swaps the sides. Int(rotation) % 180, without Int(_:)'s trap on a huge number.
        if let rotation = numbers(after: "/Rotate", in: text, bracketed: false)?.first,
           rotation.truncatingRemainder(dividingBy: 180).rounded(.towardZero) != 0 {
            size = Size(width: size.height, height: size.width)
        }
        return size
    }

    /// The numbers after a PDF name: `/MediaBox [0 0 24 24]`, or `/Rotate 90` unbracketed.
    private static func numbers(after name: String, in text: String, bracketed: Bool = true) -> [Double]? {
        guard let range = text.range(of: name) else { return nil }
        var rest = text[range.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\r" }
        if bracketed {
            guard rest.first == "[", let end = rest.firstIndex(of: "]") else { return nil }
            rest = rest[rest.index(after: rest.startIndex)..<end]
        } else {
            rest = rest.prefix { $0.isNumber || $0 == "-" || $0 == "." }
        }
        let values = rest.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" }).compactMap { Double(finite: $0) }
        return values.isEmpty ? nil : values
    }

    /// An SVG's `width` and `height` in px (= pt) or pt; without them, its `viewBox` size.
    static func svg(_ bytes: [UInt8], file: String) -> Size? {
        guard let root = try? XMLReader.parse(bytes: bytes, file: file), root.name == "svg" else { return nil }
        func length(_ name: String) -> Double? {
            guard var value = root.attributes[name]?.trimmingCharacters(in: .whitespaces), !value.hasSuffix("%") else { return nil }
            for unit in ["px", "pt"] where value.hasSuffix(unit) { value.removeLast(2) }
            return Double(finite: value)
        }
        if let width = length("width"), let height = length("height") { return Size(width: width, height: height) }
        let box = (root.attributes["viewBox"] ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double(finite: $0) }
        return box.count == 4 ? Size(width: box[2], height: box[3]) : nil
    }
}
