import Layout
import Support

/// Something in a storyboard or XIB that babelfit reads only approximately, or not at all:
/// a view class or an attribute the layout model lacks. Each kind of thing is reported once
/// per file, at its first place.
public struct InterfaceBuilderWarning: Hashable, Sendable, CustomStringConvertible {
    /// The file as it was named to the reader.
    public var file: String
    public var line: Int
    /// The element the warning is about (`switch`, `stackView`, `fontDescription`).
    public var element: String
    public var message: String

    /// `Main.storyboard:120: <switch> …`.
    public var description: String { layoutWarning.description }

    /// As `LayoutDocument.warnings` holds it.
    public var layoutWarning: LayoutWarning { LayoutWarning(file: file, line: line, message: "<\(element)> \(message)") }
}

/// Collects a file's warnings, each kind once: the first place it is met is the one reported.
final class WarningLog {
    let file: String
    private(set) var warnings: [InterfaceBuilderWarning] = []
    private var seen = Set<String>()

    init(file: String) {
        self.file = file
    }

    /// Records a warning unless one of the same `kind` was recorded before; `kind` defaults
    /// to the element and message.
    func warn(_ element: MarkupElement, _ message: String, kind: String? = nil) {
        let key = kind ?? "\(element.name): \(message)"
        guard seen.insert(key).inserted else { return }
        warnings.append(InterfaceBuilderWarning(file: file, line: element.line, element: element.name, message: message))
    }

    /// The number of warnings so far, to tell which ones a document added.
    var count: Int { warnings.count }
}
