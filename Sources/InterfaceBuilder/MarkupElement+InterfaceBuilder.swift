import Layout
import Support

/// Reading Interface Builder's XML: its attributes are strings (`YES`/`NO`, numbers written
/// with a dot), and a view's frame, fonts and insets are child elements told apart by `key`.
extension MarkupElement {
    var id: String? { attributes["id"] }

    /// The line of the element's start tag.
    var line: Int { location.line }

    /// An attribute as a number; nil when it is absent, not a number, or not finite (Xcode
    /// writes no `nan` or `inf`, and `1e999` is one).
    func number(_ name: String) -> Double? {
        attributes[name].flatMap { Double(finite: $0) }
    }

    /// A priority attribute (`priority`, `horizontalHuggingPriority`…) clamped to 1…1000, the
    /// range NSLayoutConstraint's documentation gives a priority; nil when absent or not a
    /// finite number.
    func priority(_ name: String) -> Int? {
        number(name).map { Int(min(max($0, 1), 1000)) }
    }

    /// Whether a boolean attribute is `YES`; `defaultValue` when it is absent.
    func flag(_ name: String, default defaultValue: Bool = false) -> Bool {
        guard let value = attributes[name] else { return defaultValue }
        return value == "YES"
    }

    /// The first child with a `key` attribute, optionally of an element name.
    func child(key: String, named name: String? = nil) -> MarkupElement? {
        children.first { $0.attributes["key"] == key && (name == nil || $0.name == name) }
    }

    /// `<rect key="frame" x= y= width= height=>`, the frame Xcode last laid the view out at,
    /// in its superview's coordinates.
    var frame: Rect? {
        guard let rect = child(key: "frame", named: "rect") else { return nil }
        return Rect(x: rect.number("x") ?? 0, y: rect.number("y") ?? 0,
                    width: rect.number("width") ?? 0, height: rect.number("height") ?? 0)
    }

    /// Every element below this one, depth first in document order.
    var descendants: [MarkupElement] {
        children.flatMap { [$0] + $0.descendants }
    }

    /// The text of an `<attributedString>` child: its fragments joined, each written as
    /// `<fragment content="…">` or with a `<string key="content">` child.
    func attributedText(key: String) -> String? {
        guard let attributed = child(key: key, named: "attributedString") else { return nil }
        return attributed.children(named: "fragment").map { fragment in
            fragment.attributes["content"] ?? fragment.child(key: "content", named: "string")?.text ?? ""
        }.joined()
    }
}

extension MarkupElement {
    /// The root element of an XML file; a file that cannot be read or is not XML is a layout
    /// decoding error with the place in the file.
    static func read(path: String) throws(LayoutDecodingError) -> MarkupElement {
        do {
            let bytes = try InputFile.read(path, expected: "a storyboard or XIB file", kind: "a layout file")
            return try XMLReader.parse(bytes: bytes, file: path)
        } catch let error as ReadError {
            throw LayoutDecodingError(file: path, path: "", line: error.line, column: error.column, message: error.message)
        } catch {
            throw LayoutDecodingError(file: path, path: "", line: 0, column: 0, message: "cannot read the file")
        }
    }
}
