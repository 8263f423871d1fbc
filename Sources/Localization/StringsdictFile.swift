/// A `.stringsdict` file: for each key, a format (`NSStringLocalizedFormatKey`)
/// whose `%#@name@` variables vary by plural, or a device-specific or
/// variable-width rule.
public struct StringsdictFile: Sendable {
    public var path: String
    public var translations: [Translation]
    /// Keys written more than once in the file, each with the place of the repeat.
    public var duplicateKeys: [(key: String, location: SourceLocation)]

    public init(path: String) throws {
        try self.init(bytes: try TextDecoding.readRaw(path: path), path: path)
    }

    public init(bytes: [UInt8], path: String) throws {
        self.path = path
        let root = try PropertyListValue.parse(bytes: bytes, file: path)
        guard case .dictionary(let pairs, _) = root else {
            throw LocalizationError("a .stringsdict holds a dictionary, not \(root.kindName)", at: root.location)
        }
        var seen = Set<String>()
        translations = []
        duplicateKeys = []
        for pair in pairs {
            if !seen.insert(pair.key).inserted { duplicateKeys.append((pair.key, pair.keyLocation)) }
            let (message, substitutions) = try Self.entry(pair.value, key: pair.key)
            translations.append(Translation(key: pair.key, message: message, substitutions: substitutions,
                                            location: pair.keyLocation))
        }
    }

    private static let pluralRule = "NSStringPluralRuleType"
    private static let deviceRule = "NSStringDeviceSpecificRuleType"
    private static let widthRule = "NSStringVariableWidthRuleType"

    /// One entry: a string, or a dictionary holding a format key and its
    /// variables, or a device or width rule.
    private static func entry(_ value: PropertyListValue, key: String) throws -> (Message, [String: Substitution]) {
        switch value {
        case .string(let text, _):
            return (.text(text), [:])
        case .dictionary(let pairs, let location):
            var substitutions: [String: Substitution] = [:]
            var message: Message?
            for pair in pairs {
                switch pair.key {
                case "NSStringLocalizedFormatKey":
                    guard case .string(let text, _) = pair.value else {
                        throw LocalizationError("NSStringLocalizedFormatKey must be a string, not \(pair.value.kindName)",
                                                at: pair.value.location)
                    }
                    message = .text(text)
                case deviceRule:
                    message = .device(try variants(pair.value, key: key, substitutions: &substitutions) { $0 })
                case widthRule:
                    message = .width(try variants(pair.value, key: key, substitutions: &substitutions) { Int($0) })
                default:
                    guard case .dictionary = pair.value else {
                        throw LocalizationError("\(pair.key) in \"\(key)\" must be a dictionary, not \(pair.value.kindName)",
                                                at: pair.value.location)
                    }
                    substitutions[pair.key] = try variable(pair.value, name: pair.key)
                }
            }
            guard let message else {
                throw LocalizationError("\"\(key)\" has no NSStringLocalizedFormatKey", at: location)
            }
            if let name = Substitution.selfReferring(substitutions) {
                let place = pairs.first { $0.key == name }?.keyLocation ?? location
                throw LocalizationError("the variable %#@\(name)@ of \"\(key)\" refers to itself, so it has no text", at: place)
            }
            return (message, substitutions)
        default:
            throw LocalizationError("\"\(key)\" must be a dictionary or a string, not \(value.kindName)", at: value.location)
        }
    }

    /// The variants of a device or width rule, keyed by `makeKey` of their key.
    /// A variant may itself be a format with variables; those join the entry's.
    private static func variants<Key: Hashable>(_ value: PropertyListValue, key: String,
                                                substitutions: inout [String: Substitution],
                                                makeKey: (String) -> Key?) throws -> [Key: Message] {
        guard case .dictionary(let pairs, _) = value else {
            throw LocalizationError("the rule of \"\(key)\" must be a dictionary, not \(value.kindName)", at: value.location)
        }
        var result: [Key: Message] = [:]
        for pair in pairs {
            guard let variantKey = makeKey(pair.key) else {
                throw LocalizationError("'\(pair.key)' is not a width", at: pair.keyLocation)
            }
            let (message, variables) = try entry(pair.value, key: key)
            result[variantKey] = message
            substitutions.merge(variables) { first, _ in first }
        }
        return result
    }

    /// A `%#@name@` variable: `NSStringFormatSpecTypeKey`, `NSStringFormatValueTypeKey`
    /// and one string per plural category.
    private static func variable(_ value: PropertyListValue, name: String) throws -> Substitution {
        guard case .dictionary(let pairs, let location) = value else {
            throw LocalizationError("variable \(name) must be a dictionary", at: value.location)
        }
        var ruleType: String?
        var valueType = "d"
        var forms: [PluralCategory: Message] = [:]
        for pair in pairs {
            switch pair.key {
            case "NSStringFormatSpecTypeKey", "NSStringFormatValueTypeKey":
                guard case .string(let text, _) = pair.value else {
                    throw LocalizationError("\(pair.key) must be a string, not \(pair.value.kindName)", at: pair.value.location)
                }
                if pair.key == "NSStringFormatSpecTypeKey" { ruleType = text } else { valueType = text }
            default:
                guard let category = PluralCategory(rawValue: pair.key) else {
                    throw LocalizationError("'\(pair.key)' is not a plural category (zero, one, two, few, many, other)",
                                            at: pair.keyLocation)
                }
                guard case .string(let text, _) = pair.value else {
                    throw LocalizationError("the \(pair.key) form of \(name) must be a string, not \(pair.value.kindName)",
                                            at: pair.value.location)
                }
                forms[category] = .text(text)
            }
        }
        guard let ruleType else { throw LocalizationError("variable \(name) has no NSStringFormatSpecTypeKey", at: location) }
        guard ruleType == pluralRule else {
            throw LocalizationError("variable \(name) has rule type \(ruleType); only \(pluralRule) is defined for variables",
                                    at: location)
        }
        return Substitution(argumentNumber: nil, formatSpecifier: valueType, message: .plural(forms))
    }
}
