/// The arguments a translation takes: argument number → the types its
/// specifiers give it, over every variant and variable form. Two translations
/// of a key must agree on it, or String(format:) reads an argument as the wrong
/// type.
public struct FormatSignature: Hashable, Sendable {
    public var types: [Int: Set<FormatSpecifier.ArgumentType>]
    /// `%#@name@` variables the translation uses but does not define.
    public var undefinedVariables: Set<String>

    public init(_ translation: Translation) {
        var types: [Int: Set<FormatSpecifier.ArgumentType>] = [:]
        var undefined: Set<String> = []
        translation.message.forEachText { text in
            Self.collect(text, translation: translation, bound: nil, depth: 0, into: &types, undefined: &undefined)
        }
        self.types = types
        self.undefinedVariables = undefined
    }

    /// The number of arguments: the highest argument number used.
    public var count: Int { types.keys.max() ?? 0 }

    private static func collect(_ format: String, translation: Translation, bound: Int?, depth: Int,
                                into types: inout [Int: Set<FormatSpecifier.ArgumentType>], undefined: inout Set<String>) {
        var next = 1
        for spec in FormatSpecifier.parse(format) {
            if case .percent = spec.conversion { continue }
            if spec.width == -1, bound == nil, spec.position == nil { types[next, default: []].insert(.integer); next += 1 }
            if spec.precision == -1, bound == nil, spec.position == nil { types[next, default: []].insert(.integer); next += 1 }
            let index: Int
            if let position = spec.position {
                index = position
            } else if let bound {
                index = bound
            } else {
                index = next
                next += 1
            }
            // Readers refuse a position past the limit: it is no argument of an accessor.
            guard index <= TranslationLimits.argumentPosition else { continue }
            if case .variable(let name) = spec.conversion {
                guard let substitution = translation.substitutions[name] else {
                    undefined.insert(name)
                    continue
                }
                guard depth < 8 else { continue }
                let argument = substitution.argumentNumber ?? index
                guard argument <= TranslationLimits.argumentPosition else { continue }
                if let type = FormatSpecifier.argumentType(ofConversion: substitution.formatSpecifier) {
                    types[argument, default: []].insert(type)
                }
                substitution.message.forEachText { text in
                    collect(text, translation: translation, bound: argument, depth: depth + 1, into: &types, undefined: &undefined)
                }
            } else if let type = spec.argumentType {
                types[index, default: []].insert(type)
            }
        }
    }

    /// What differs from `source` (the development language's signature), in
    /// words; empty when the two agree.
    public func differences(from source: FormatSignature) -> [String] {
        var result = undefinedVariables.sorted().map { "uses the variable %#@\($0)@, which it does not define" }
        for index in Set(types.keys).union(source.types.keys).sorted() {
            let mine = types[index] ?? []
            let theirs = source.types[index] ?? []
            if mine.isEmpty {
                result.append("leaves out argument \(index) (\(Self.describe(theirs)))")
            } else if theirs.isEmpty {
                result.append("uses argument \(index) (\(Self.describe(mine))), which the development language does not have")
            } else if mine != theirs {
                result.append("takes argument \(index) as \(Self.describe(mine)) where the development language takes \(Self.describe(theirs))")
            }
        }
        return result
    }

    private static func describe(_ types: Set<FormatSpecifier.ArgumentType>) -> String {
        types.sorted().map(\.rawValue).joined(separator: " and ")
    }
}
