import Foundation
import Support

/// A JSON value with the place each value starts, for String Catalogs whose
/// errors must name the line, the column and the path of the offending value.
/// Parsed by Support's `JSONParser`; this adds the file and the JSON path.
indirect enum CatalogJSON: Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([CatalogNode])
    case object([(key: String, value: CatalogNode)])

    var kindName: String {
        switch self {
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A value and where it is: its location and its path from the root
/// (`strings["Hello"].localizations.de.stringUnit.value`).
struct CatalogNode: Sendable {
    var value: CatalogJSON
    var location: SourceLocation
    var path: String

    func error(_ message: String) -> LocalizationError {
        LocalizationError("\(message) (at \(path.isEmpty ? "the root" : path))", at: location)
    }

    func member(_ key: String) -> CatalogNode? {
        guard case .object(let pairs) = value else { return nil }
        return pairs.last { $0.key == key }?.value
    }

    var members: [(key: String, value: CatalogNode)] {
        if case .object(let pairs) = value { return pairs }
        return []
    }

    func object() throws -> [(key: String, value: CatalogNode)] {
        guard case .object(let pairs) = value else { throw error("expected an object, found \(value.kindName)") }
        return pairs
    }

    func string() throws -> String {
        guard case .string(let text) = value else { throw error("expected a string, found \(value.kindName)") }
        return text
    }

    func integer() throws -> Int {
        guard case .number(let number) = value, number.rounded() == number, abs(number) < 1e15 else {
            throw error("expected a whole number, found \(value.kindName)")
        }
        return Int(number)
    }

    func bool() throws -> Bool {
        guard case .bool(let flag) = value else { throw error("expected true or false, found \(value.kindName)") }
        return flag
    }
}

/// Reads a JSON file into `CatalogNode`s: Support's parser does the syntax
/// (with lines and columns); this adds the file and each value's path.
enum JSONReader {
    static func parse(bytes: [UInt8], file: String) throws -> CatalogNode {
        let (utf8, _) = try TextDecoding.utf8(bytes, file: file)
        let root: JSONNode
        do {
            root = try JSONParser.parse(String(decoding: utf8, as: UTF8.self))
        } catch {
            throw LocalizationError(error.message, at: SourceLocation(file: file, line: error.line, column: error.column))
        }
        return convert(root, path: "", file: file)
    }

    private static func convert(_ node: JSONNode, path: String, file: String) -> CatalogNode {
        let location = SourceLocation(file: file, line: node.line, column: node.column)
        let value: CatalogJSON
        switch node.value {
        case .null: value = .null
        case .bool(let flag): value = .bool(flag)
        case .number(let number): value = .number(number)
        case .string(let text): value = .string(text)
        case .array(let items):
            value = .array(items.enumerated().map { convert($1, path: "\(path)[\($0)]", file: file) })
        case .object(let members):
            value = .object(members.map { ($0.key, convert($0.value, path: memberPath(path, $0.key), file: file)) })
        }
        return CatalogNode(value: value, location: location, path: path)
    }

    private static func memberPath(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
        if plain { return path.isEmpty ? key : "\(path).\(key)" }
        let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\(path)[\"\(escaped)\"]"
    }
}
