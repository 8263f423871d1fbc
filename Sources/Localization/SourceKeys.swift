import Foundation

/// A place where a source or a layout uses a localization key: the key, its table, and the
/// default value and comment the place gives it.
public struct KeyUse: Hashable, Sendable {
    public var key: String
    public var table: String
    /// The development language's text given with the key (NSLocalizedString's `value:`,
    /// `String(localized:defaultValue:)`, a layout's `default`); nil when none is given
    /// (the key is the text).
    public var defaultValue: String?
    /// The translator's context; nil when none is given.
    public var comment: String?
    public var location: SourceLocation

    public init(key: String, table: String = "Localizable", defaultValue: String? = nil, comment: String? = nil,
                location: SourceLocation) {
        self.key = key
        self.table = table
        self.defaultValue = defaultValue
        self.comment = comment
        self.location = location
    }
}

/// What extraction passed over, or found ambiguous, and says so: a key that is not a string
/// literal, a table that is not one, a key given two default values.
public struct ExtractionWarning: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(_ message: String, at location: SourceLocation) {
        self.location = location
        self.message = message
    }

    /// `file:line:column: warning: message`.
    public var description: String { "\(location): warning: \(message)" }

    public static func < (a: ExtractionWarning, b: ExtractionWarning) -> Bool {
        (a.location, a.message) < (b.location, b.message)
    }
}

/// The keys that a set of sources uses: Swift sources read here, layouts added by whoever
/// reads them (`add(_:)`). `strings extract` writes them out; `strings lint` compares them
/// with the translations.
public struct SourceKeys: Sendable {
    /// Every use, in the order read.
    public private(set) var uses: [KeyUse] = []
    /// Keys that could not be extracted, and why.
    public private(set) var warnings: [ExtractionWarning] = []
    /// Sources that could not be read.
    public private(set) var problems: [ReadError] = []
    /// Every source read (Swift files and layouts), in the order read.
    public private(set) var files: [String] = []

    public init() {}

    /// Adds the keys of a Swift source file, or records why it cannot be read.
    public mutating func addSwiftFile(path: String) {
        do {
            let (bytes, _) = try TextDecoding.read(path: path)
            addSwift(bytes: bytes, file: path)
        } catch let error as ReadError {
            problems.append(error)
        } catch {
            problems.append(ReadError(String(describing: error), at: SourceLocation(file: path, line: 1, column: 1)))
        }
    }

    /// Adds the keys of Swift source text (UTF-8); `file` names it in locations.
    public mutating func addSwift(bytes: [UInt8], file: String) {
        files.append(file)
        var scanner = SwiftKeyScanner(bytes: bytes, file: file)
        scanner.scan()
        uses += scanner.uses
        warnings += scanner.warnings
    }

    /// Adds the uses of a source read elsewhere (a layout), which counts as one file read.
    public mutating func add(file: String, uses: [KeyUse]) {
        files.append(file)
        self.uses += uses
    }

    public mutating func add(_ problem: ReadError) { problems.append(problem) }

    public mutating func add(_ warning: ExtractionWarning) { warnings.append(warning) }

    /// Every file below a folder, sorted, hidden files and folders (`.build`, `.git`) left out.
    public static func files(below folder: String) -> [String] { Translations.files(below: folder) }
}

// MARK: - Swift source

/// A token of Swift source, as far as finding localization calls needs: identifiers, string
/// literals (decoded), and single punctuation characters. Comments and whitespace are dropped.
struct SwiftToken {
    enum Kind {
        case identifier(String)
        case string(SwiftStringLiteral)
        case punctuation(UInt8)
        case number
    }

    var kind: Kind
    /// Byte offsets of the token's first byte and of the byte after it.
    var start: Int
    var end: Int

    var identifier: String? {
        if case .identifier(let name) = kind { return name }
        return nil
    }

    func isPunctuation(_ character: Unicode.Scalar) -> Bool {
        if case .punctuation(let byte) = kind { return UInt32(byte) == character.value }
        return false
    }
}

/// A string literal: its text with every escape decoded, and the code of each `\(…)`.
struct SwiftStringLiteral {
    var value: String
    var interpolations: [[SwiftToken]]
}

/// Swift's lexical grammar, as far as string literals go: `"…"` with escapes (`\0 \\ \t \n
/// \r \" \' \u{…}`), multi-line `"""…"""` (the closing delimiter's indentation removed from
/// every line, `\` at a line's end joining it to the next), raw strings `#"…"#` (escapes and
/// interpolations then written `\#n`, `\#(…)`), interpolations holding any code (strings
/// included), and nested block comments.
struct SwiftLexer {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
            return true
        default:
            return byte >= 0x80
        }
    }

    /// The tokens up to the end of the text, or (`insideParenthesis`) up to the `)` that closes
    /// an interpolation, which is consumed.
    mutating func tokens(insideParenthesis: Bool = false) -> [SwiftToken] {
        var tokens: [SwiftToken] = []
        var depth = 0
        while position < bytes.count {
            let start = position
            let current = bytes[position]
            let next = byte(at: position + 1)
            switch current {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                position += 1
            case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
                while position < bytes.count, bytes[position] != 0x0A { position += 1 }
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "\""), UInt8(ascii: "#"):
                var pounds = 0
                while byte(at: position + pounds) == UInt8(ascii: "#") { pounds += 1 }
                if byte(at: position + pounds) == UInt8(ascii: "\"") {
                    position += pounds
                    let literal = readStringLiteral(pounds: pounds)
                    tokens.append(SwiftToken(kind: .string(literal), start: start, end: position))
                } else {
                    position += 1
                    tokens.append(SwiftToken(kind: .punctuation(current), start: start, end: position))
                }
            case UInt8(ascii: "`"):
                position += 1
                while position < bytes.count, bytes[position] != UInt8(ascii: "`"), bytes[position] != 0x0A { position += 1 }
                let name = String(decoding: bytes[(start + 1)..<position], as: UTF8.self)
                if position < bytes.count, bytes[position] == UInt8(ascii: "`") { position += 1 }
                tokens.append(SwiftToken(kind: .identifier(name), start: start, end: position))
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                while position < bytes.count, Self.isIdentifierByte(bytes[position])
                        || (bytes[position] == UInt8(ascii: ".") && (byte(at: position + 1).map { (0x30...0x39).contains($0) } ?? false)) {
                    position += 1
                }
                tokens.append(SwiftToken(kind: .number, start: start, end: position))
            case _ where Self.isIdentifierByte(current):
                while position < bytes.count, Self.isIdentifierByte(bytes[position]) { position += 1 }
                tokens.append(SwiftToken(kind: .identifier(String(decoding: bytes[start..<position], as: UTF8.self)),
                                         start: start, end: position))
            default:
                position += 1
                if current == UInt8(ascii: "(") { depth += 1 }
                if current == UInt8(ascii: ")") {
                    if insideParenthesis, depth == 0 { return tokens }
                    depth -= 1
                }
                tokens.append(SwiftToken(kind: .punctuation(current), start: start, end: position))
            }
        }
        return tokens
    }

    /// `/* … */`, whose comments nest in Swift.
    private mutating func skipBlockComment() {
        var depth = 0
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "/"), byte(at: position + 1) == UInt8(ascii: "*") {
                depth += 1
                position += 2
            } else if bytes[position] == UInt8(ascii: "*"), byte(at: position + 1) == UInt8(ascii: "/") {
                depth -= 1
                position += 2
                if depth == 0 { return }
            } else {
                position += 1
            }
        }
    }

    /// A literal whose opening quote is at `position` (after its `#`s); leaves `position`
    /// after the closing delimiter (or at the end of the line, or the text, where the literal
    /// is not closed: the source does not compile, and the scan goes on).
    private mutating func readStringLiteral(pounds: Int) -> SwiftStringLiteral {
        let multiline = byte(at: position + 1) == UInt8(ascii: "\"") && byte(at: position + 2) == UInt8(ascii: "\"")
        guard multiline else {
            position += 1
            return readBody(pounds: pounds, multiline: false, indentation: []).literal
        }
        // The text starts on the line after the opening delimiter.
        position += 3
        while position < bytes.count, bytes[position] != 0x0A { position += 1 }
        position += 1
        let bodyStart = position
        // A first reading finds the closing delimiter's indentation, which the second removes.
        let indentation = readBody(pounds: pounds, multiline: true, indentation: []).closingIndentation
        position = bodyStart
        var literal = readBody(pounds: pounds, multiline: true, indentation: indentation).literal
        // The line break before the closing delimiter is not part of the text.
        if literal.value.hasSuffix("\n") { literal.value.removeLast() }
        return literal
    }

    private func isClosingDelimiter(at offset: Int, pounds: Int, multiline: Bool) -> Bool {
        let quotes = multiline ? 3 : 1
        for index in 0..<quotes where byte(at: offset + index) != UInt8(ascii: "\"") { return false }
        for index in 0..<pounds where byte(at: offset + quotes + index) != UInt8(ascii: "#") { return false }
        return true
    }

    private mutating func readBody(pounds: Int, multiline: Bool, indentation: ArraySlice<UInt8>)
        -> (literal: SwiftStringLiteral, closingIndentation: ArraySlice<UInt8>) {
        var output: [UInt8] = []
        var interpolations: [[SwiftToken]] = []
        var lineStart = position
        skipIndentation(indentation)
        while position < bytes.count {
            let current = bytes[position]
            if current == UInt8(ascii: "\""), isClosingDelimiter(at: position, pounds: pounds, multiline: multiline) {
                let closing = bytes[lineStart..<position]
                position += (multiline ? 3 : 1) + pounds
                return (SwiftStringLiteral(value: String(decoding: output, as: UTF8.self), interpolations: interpolations), closing)
            }
            if current == 0x0A {
                guard multiline else { break }
                output.append(current)
                position += 1
                lineStart = position
                skipIndentation(indentation)
                continue
            }
            if current == UInt8(ascii: "\\"), (0..<pounds).allSatisfy({ byte(at: position + 1 + $0) == UInt8(ascii: "#") }) {
                position += 1 + pounds
                readEscape(into: &output, interpolations: &interpolations, multiline: multiline, indentation: indentation)
                if multiline, position > 0, bytes[position - 1] == 0x0A { lineStart = position }
                continue
            }
            output.append(current)
            position += 1
        }
        return (SwiftStringLiteral(value: String(decoding: output, as: UTF8.self), interpolations: interpolations), [])
    }

    /// Passes over as much of a multi-line literal's indentation as the line starts with.
    private mutating func skipIndentation(_ indentation: ArraySlice<UInt8>) {
        for expected in indentation {
            guard position < bytes.count, bytes[position] == expected else { return }
            position += 1
        }
    }

    /// The escape after a backslash (and the literal's `#`s), at `position`.
    private mutating func readEscape(into output: inout [UInt8], interpolations: inout [[SwiftToken]], multiline: Bool,
                                     indentation: ArraySlice<UInt8>) {
        guard position < bytes.count else { return }
        let code = bytes[position]
        position += 1
        switch code {
        case UInt8(ascii: "("):
            interpolations.append(tokens(insideParenthesis: true))
        case UInt8(ascii: "0"): output.append(0)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "u") where byte(at: position) == UInt8(ascii: "{"):
            var end = position + 1
            while end < bytes.count, hexValue(bytes[end]) != nil { end += 1 }
            let digits = String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
            if byte(at: end) == UInt8(ascii: "}"), let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) {
                UTF8.encode(scalar) { output.append($0) }
                position = end + 1
            } else {
                output.append(code)
            }
        case 0x20, 0x09, 0x0D, 0x0A:
            // A backslash at the end of a line (spaces may follow it) joins the next line.
            guard multiline else {
                // Not Swift; a line break still ends a one-line literal.
                if code == 0x0A { position -= 1 } else { output.append(code) }
                return
            }
            position -= 1
            while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0D {
                position += 1
            }
            if position < bytes.count, bytes[position] == 0x0A {
                position += 1
                skipIndentation(indentation)
            }
        default:
            // `\\ \" \'`, and what the compiler would refuse, stand for the character.
            output.append(code)
        }
    }
}

/// Finds the localization calls of a Swift source: NSLocalizedString, String(localized:),
/// LocalizedStringResource, LocalizedStringKey and SwiftUI's Text.
struct SwiftKeyScanner {
    private let bytes: [UInt8]
    private let index: LineIndex
    private(set) var uses: [KeyUse] = []
    private(set) var warnings: [ExtractionWarning] = []

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.index = LineIndex(file: file, bytes: bytes)
    }

    /// What a call's arguments mean: the label of the key (nil: the first, unlabeled argument)
    /// and of the table, the default value and the comment; whether an argument that is not a
    /// literal is shown as it is rather than being a key, and so worth no warning (`Text(name)`
    /// with a String).
    private struct Form {
        var keyLabel: String?
        var tableLabel: String?
        var valueLabel: String?
        var commentLabel: String?
        var verbatimUnlessLiteral: Bool
    }

    private static let forms: [String: Form] = [
        "NSLocalizedString": Form(keyLabel: nil, tableLabel: "tableName", valueLabel: "value", commentLabel: "comment",
                                  verbatimUnlessLiteral: false),
        "String": Form(keyLabel: "localized", tableLabel: "table", valueLabel: "defaultValue", commentLabel: "comment",
                       verbatimUnlessLiteral: false),
        "LocalizedStringResource": Form(keyLabel: nil, tableLabel: "table", valueLabel: "defaultValue",
                                        commentLabel: "comment", verbatimUnlessLiteral: false),
        "LocalizedStringKey": Form(keyLabel: nil, tableLabel: nil, valueLabel: nil, commentLabel: nil, verbatimUnlessLiteral: false),
        "Text": Form(keyLabel: nil, tableLabel: "tableName", valueLabel: nil, commentLabel: "comment", verbatimUnlessLiteral: true),
    ]

    private struct Argument {
        var label: String?
        var value: ArraySlice<SwiftToken>
        var start: Int
    }

    mutating func scan() {
        var lexer = SwiftLexer(bytes: bytes)
        scan(lexer.tokens())
    }

    private mutating func scan(_ tokens: [SwiftToken]) {
        for (position, token) in tokens.enumerated() {
            switch token.kind {
            case .string(let literal):
                for interpolation in literal.interpolations { scan(interpolation) }
            case .identifier(let name):
                guard let form = Self.forms[name], let open = callParenthesis(tokens, callee: position) else { continue }
                call(name, form: form, arguments: arguments(tokens, after: open))
            default:
                continue
            }
        }
    }

    /// The position of the `(` that calls the name at `callee` (`Name(`, `Name.init(`,
    /// `Foundation.Name(`), or nil when the name is not called there or is a member of
    /// something else, or is being declared.
    private func callParenthesis(_ tokens: [SwiftToken], callee: Int) -> Int? {
        if callee > 0 {
            let previous = tokens[callee - 1]
            if previous.isPunctuation(".") {
                guard callee > 1, let module = tokens[callee - 2].identifier, ["Foundation", "SwiftUI"].contains(module),
                      callee < 3 || !tokens[callee - 3].isPunctuation(".") else { return nil }
            }
            if let keyword = previous.identifier, ["func", "init", "struct", "class", "enum", "extension", "typealias"].contains(keyword) {
                return nil
            }
        }
        var next = callee + 1
        if next + 1 < tokens.count, tokens[next].isPunctuation("."), tokens[next + 1].identifier == "init" { next += 2 }
        return next < tokens.count && tokens[next].isPunctuation("(") ? next : nil
    }

    /// The arguments of the call whose `(` is at `open`, split at the commas outside brackets.
    private func arguments(_ tokens: [SwiftToken], after open: Int) -> [Argument] {
        var arguments: [Argument] = []
        var depth = 0
        var start = open + 1
        func close(_ end: Int) {
            guard end > start else { return }
            var value = tokens[start..<end]
            var label: String?
            if value.count > 2, let name = value.first?.identifier, value[value.startIndex + 1].isPunctuation(":") {
                label = name
                value = value.dropFirst(2)
            }
            arguments.append(Argument(label: label, value: value, start: tokens[start].start))
        }
        for position in (open + 1)..<tokens.count {
            let token = tokens[position]
            if token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{") {
                depth += 1
            } else if token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation("}") {
                if depth == 0 {
                    close(position)
                    return arguments
                }
                depth -= 1
            } else if token.isPunctuation(","), depth == 0 {
                close(position)
                start = position + 1
            }
        }
        close(tokens.count)
        return arguments
    }

    /// The literal an argument is, or nil when it is any other expression (or interpolates).
    private func literal(_ argument: Argument) -> String? {
        guard argument.value.count == 1, case .string(let literal)? = argument.value.first?.kind,
              literal.interpolations.isEmpty else { return nil }
        return literal.value
    }

    /// The argument's source text, on one line and shortened, for messages.
    private func source(_ argument: Argument) -> String {
        guard let first = argument.value.first, let last = argument.value.last else { return "" }
        let text = String(decoding: bytes[first.start..<last.end], as: UTF8.self)
            .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }

    private mutating func warn(_ message: String, at argument: Argument) {
        warnings.append(ExtractionWarning(message, at: index.location(at: argument.start)))
    }

    private mutating func call(_ name: String, form: Form, arguments: [Argument]) {
        guard let keyArgument = arguments.first, keyArgument.label == form.keyLabel else { return }
        let what = form.keyLabel.map { "\(name)(\($0):)" } ?? name
        guard let key = literal(keyArgument) else {
            let interpolated: Bool
            if keyArgument.value.count == 1, case .string = keyArgument.value.first?.kind { interpolated = true } else { interpolated = false }
            if interpolated {
                warn("the key of \(what) is an interpolated string (\(source(keyArgument))): it is not extracted", at: keyArgument)
            } else if !form.verbatimUnlessLiteral {
                warn("the key of \(what) is not a string literal (\(source(keyArgument))): it is not extracted", at: keyArgument)
            }
            return
        }
        func argument(_ label: String?) -> Argument? {
            label.flatMap { label in arguments.dropFirst().first { $0.label == label } }
        }
        var table = "Localizable"
        if let tableArgument = argument(form.tableLabel) {
            guard let name = literal(tableArgument) else {
                warn("the table of \(what) is not a string literal (\(source(tableArgument))): \"\(key)\" is not extracted",
                     at: tableArgument)
                return
            }
            if !name.isEmpty { table = name }
        }
        // A default value or comment that is not a literal is left out, with a warning.
        func optional(_ label: String?, _ name: String, without: String) -> String? {
            guard let argument = argument(label) else { return nil }
            guard let text = literal(argument) else {
                warn("the \(name) of \(what) is not a string literal (\(source(argument))): \"\(key)\" is extracted \(without)",
                     at: argument)
                return nil
            }
            return text.isEmpty ? nil : text
        }
        let defaultValue = optional(form.valueLabel, "default value", without: "with its key as its value")
        let comment = optional(form.commentLabel, "comment", without: "without it")
        uses.append(KeyUse(key: key, table: table, defaultValue: defaultValue, comment: comment,
                           location: index.location(at: keyArgument.start)))
    }
}
