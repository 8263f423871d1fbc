import Foundation

/// One layout file: a view tree and the constraints between its views.
public struct LayoutDocument: Hashable, Sendable {
    public var format: Int
    public var name: String
    /// The strings table that plain keys are looked up in.
    public var table: String
    public var root: ViewNode
    public var constraints: [LayoutConstraint]
    public var environment: LayoutEnvironment?
    /// Names of the devices to check this layout on; empty means the default devices.
    public var devices: [String]
    /// The file the layout came from, as errors name it.
    public var file: String
    /// The device the layout was designed on, where the source records one (a storyboard's
    /// `<device>`); nil for a JSON layout. It does not choose the devices that are checked.
    public var designDevice: Device?
    /// What the reader could not represent faithfully (an unsupported view class or
    /// attribute, an approximation), each at its place; empty for a JSON layout.
    public var warnings: [LayoutWarning] = []

    public init(
        name: String, root: ViewNode, constraints: [LayoutConstraint] = [], table: String = "Localizable",
        environment: LayoutEnvironment? = nil, devices: [String] = [], file: String = ""
    ) {
        format = 1
        self.name = name
        self.table = table
        self.root = root
        self.constraints = constraints
        self.environment = environment
        self.devices = devices
        self.file = file
    }

    /// Every view, depth first in z-order (the order frames and reports list them in).
    public var allViews: [ViewNode] { root.allViews }

    /// The view with an id.
    public func view(_ id: String) -> ViewNode? {
        root.first(withID: id)
    }

    /// Reads and decodes a layout file. A file that cannot be read (or is a folder, a FIFO or a
    /// device, or is larger than `InputFile.sizeLimit`) is a decoding error too.
    public static func load(path: String) throws(LayoutDecodingError) -> LayoutDocument {
        do throws(ReadError) {
            _ = try InputFile.checked(path, expected: "a layout file", kind: "a layout file")
        } catch {
            throw LayoutDecodingError(file: path, path: "", line: error.line, column: error.column, message: error.message)
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw LayoutDecodingError(file: path, path: "", line: 0, column: 0, message: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw LayoutDecodingError(file: path, path: "", line: 0, column: 0, message: "the file is not UTF-8 text")
        }
        return try decode(text, file: path)
    }

    /// Decodes a layout from JSON text; `file` names it in errors and gives the default name.
    public static func decode(_ text: String, file: String) throws(LayoutDecodingError) -> LayoutDocument {
        let node: JSONNode
        do throws(JSONSyntaxError) {
            node = try JSONParser.parse(text)
        } catch {
            throw LayoutDecodingError(file: file, path: "", line: error.line, column: error.column, message: error.message)
        }
        return try LayoutDecoder(file: file).decodeDocument(node)
    }
}

/// A layout that cannot be decoded, with the file, the JSON path, the line and column, and
/// for a constraint string the string with a caret under the character at fault.
public typealias LayoutDecodingError = JSONDecodingError

/// Something a layout reader could represent only approximately, at its place in the file.
public struct LayoutWarning: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `Main.storyboard:120: <switch> …`.
    public var description: String { "\(file):\(line): \(message)" }
}
