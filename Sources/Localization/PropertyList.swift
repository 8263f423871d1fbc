/// A value of an XML property list, each with the place it was written.
indirect enum PropertyListValue: Sendable {
    case string(String, SourceLocation)
    case number(String, SourceLocation)
    case bool(Bool, SourceLocation)
    case other(String, SourceLocation)
    case array([PropertyListValue], SourceLocation)
    /// Key–value pairs in file order (a key may repeat; lint reports it).
    case dictionary([(key: String, keyLocation: SourceLocation, value: PropertyListValue)], SourceLocation)

    var location: SourceLocation {
        switch self {
        case .string(_, let location), .number(_, let location), .bool(_, let location),
             .other(_, let location), .array(_, let location), .dictionary(_, let location):
            return location
        }
    }

    var kindName: String {
        switch self {
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .other(let name, _): return "<\(name)>"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        }
    }

    /// Reads `<plist>` documents (XML form).
    static func parse(bytes: [UInt8], file: String) throws -> PropertyListValue {
        let root = try XMLReader.parse(bytes: bytes, file: file)
        guard root.name == "plist" else {
            throw LocalizationError("expected a <plist> document, found <\(root.name)>", at: root.location)
        }
        let children = root.children
        guard children.count == 1 else {
            throw LocalizationError("<plist> must hold exactly one value", at: root.location)
        }
        return try value(children[0])
    }

    private static func value(_ element: MarkupElement) throws -> PropertyListValue {
        switch element.name {
        case "string":
            return .string(element.text, element.location)
        case "integer", "real":
            return .number(element.text.trimmingWhitespace(), element.location)
        case "true", "false":
            return .bool(element.name == "true", element.location)
        case "date", "data":
            return .other(element.name, element.location)
        case "array":
            return .array(try element.children.map(value), element.location)
        case "dict":
            var pairs: [(key: String, keyLocation: SourceLocation, value: PropertyListValue)] = []
            let children = element.children
            var index = 0
            while index < children.count {
                let keyElement = children[index]
                guard keyElement.name == "key" else {
                    throw LocalizationError("expected <key> in <dict>, found <\(keyElement.name)>", at: keyElement.location)
                }
                guard index + 1 < children.count else {
                    throw LocalizationError("<key>\(keyElement.text)</key> has no value", at: keyElement.location)
                }
                pairs.append((keyElement.text, keyElement.location, try value(children[index + 1])))
                index += 2
            }
            return .dictionary(pairs, element.location)
        default:
            throw LocalizationError("<\(element.name)> is not a property-list element", at: element.location)
        }
    }
}
