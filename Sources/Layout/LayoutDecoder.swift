import Foundation

/// Turns a parsed layout file into a `LayoutDocument`, checking every field of the format:
/// unknown fields, view types, attributes and enumeration values, duplicate ids and
/// constraints that name a view the tree lacks are all errors with a JSON path.
struct LayoutDecoder {
    let file: String

    /// What one layout may hold: more than any real screen, and an error with the JSON path past it.
    enum Limits {
        /// Views in one layout.
        static let views = 10_000
        /// Views nested within one another below the root.
        static let depth = 100
        /// A text of a view, in UTF-16 code units.
        static let textLength = 100_000
    }

    /// The format's fields, then babelfit's extensions (`designDevice`; a view's `userLabel`;
    /// a text's `defaultIsDevelopmentText`), which `LayoutJSONWriter` writes for imported layouts.
    private static let topLevelFields = ["format", "name", "table", "root", "constraints", "environment", "devices", "designDevice"]
    private static let commonViewFields = ["id", "type", "subviews", "semantic", "hugging", "compressionResistance", "margins", "hidden",
                                           "userLabel"]
    private static let imageFields = ["source", "size", "mirrorsInRTL", "systemImage", "symbolConfiguration", "textStyle"]
    private static let typeFields: [(type: String, fields: [String])] = [
        ("view", ["intrinsicSize"]),
        ("label", ["text", "font", "lines", "lineBreak", "alignment", "minimumScaleFactor"]),
        ("button", ["title", "font", "contentInsets", "image", "lines", "lineBreak"]),
        ("image", imageFields),
        ("textField", ["text", "placeholder", "font", "alignment"]),
        ("stack", ["axis", "spacing", "alignment", "distribution", "marginsRelativeArrangement"]),
        ("scroll", ["contentGuide"]),
    ] + ControlKind.allCases.map { ($0.rawValue, $0 == .activityIndicator ? ["style"] : []) }

    func decodeDocument(_ node: JSONNode) throws(LayoutDecodingError) -> LayoutDocument {
        let top = try JSONCursor(node: node, path: "", file: file, bound: .layout)
            .object(allowing: Self.topLevelFields, what: "a layout")
        if let format = top["format"] {
            let value = try format.integer()
            guard value == 1 else { throw format.fail("unsupported format \(value); this tool reads format 1") }
        }
        let defaultName = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let name = try top["name"]?.nonEmptyString() ?? defaultName
        let table = try top["table"]?.nonEmptyString() ?? "Localizable"
        let rootCursor = try top.required("root")
        var firstPathOfId: [String: String] = [:]
        var root = try decodeView(rootCursor, ids: &firstPathOfId)
        let scrolls = ScrollContent(root: root)
        for guide in scrolls.helperIDs {
            if let taken = firstPathOfId[guide] {
                throw rootCursor.fail("the view id '\(guide)' (at \(taken)) is the name of a scroll view's content layout guide")
            }
            firstPathOfId[guide] = "(a scroll view's content layout guide)"
        }
        for frameGuide in scrolls.frameGuideIDs { firstPathOfId[frameGuide] = firstPathOfId[frameGuide] ?? "" }
        let constraintElements = try top["constraints"]?.array() ?? []
        var constraints: [LayoutConstraint] = []
        constraints.reserveCapacity(constraintElements.count)
        for element in constraintElements {
            var constraint = try decodeConstraint(element)
            constraint.line = element.node.line
            try checkViews(of: constraint, at: element, known: firstPathOfId)
            constraints.append(scrolls.resolved(constraint))
        }
        root = scrolls.addingContentGuides(to: root)
        constraints += scrolls.contentGuidePins
        let environment = try top["environment"].map { (cursor) throws(LayoutDecodingError) in try decodeEnvironment(cursor) }
        var devices: [String] = []
        for element in try top["devices"]?.array() ?? [] {
            devices.append(try element.nonEmptyString())
        }
        var document = LayoutDocument(
            name: name, root: root, constraints: constraints, table: table, environment: environment,
            devices: devices, file: file)
        document.format = 1
        document.designDevice = try top["designDevice"].map { (cursor) throws(LayoutDecodingError) in try decodeDevice(cursor) }
        return document
    }

    // MARK: Views

    private func decodeView(_ cursor: JSONCursor, ids: inout [String: String], depth: Int = 0) throws(LayoutDecodingError) -> ViewNode {
        // The view's path is spelled out once: both readings of its object and the table of ids start from it.
        let cursor = cursor.anchored
        guard case .object = cursor.node.value else { throw cursor.fail("expected a view object, found \(cursor.node.kindName)") }
        // Read `type` and `id` first, so that an unknown field can be reported for its type.
        let loose = try cursor.object(allowing: cursor.node.memberKeys, what: "a view")
        let typeCursor = try loose.required("type")
        let idCursor = try loose.required("id")
        let type = try typeCursor.string()
        guard let typeEntry = Self.typeFields.first(where: { $0.type == type }) else {
            throw typeCursor.fail("unknown view type '\(type)'; expected one of \(Self.typeFields.map(\.type).joined(separator: ", "))")
        }
        let object = try cursor.object(allowing: Self.commonViewFields + typeEntry.fields, what: "a \(type)")
        let id = try idCursor.nonEmptyString()
        if let first = ids[id] {
            throw idCursor.fail("duplicate view id '\(id)' (first used at \(first))")
        }
        ids[id] = cursor.path
        guard ids.count <= Limits.views else {
            throw cursor.fail("the layout has more than \(Limits.views) views, babelfit's limit for one layout")
        }
        let kind = try decodeKind(type, object, id: id)
        var view = ViewNode(id: id, kind: kind)
        view.line = cursor.node.line
        if let semantic = object["semantic"] { view.semantic = try semantic.oneOf(SemanticContentAttribute.self) }
        if let hugging = object["hugging"] { view.hugging = try decodePriorities(hugging, default: view.hugging) }
        if let resistance = object["compressionResistance"] {
            view.compressionResistance = try decodePriorities(resistance, default: view.compressionResistance)
        }
        if let margins = object["margins"] { view.margins = try decodeInsets(margins, defaults: nil) }
        if let hidden = object["hidden"] { view.hidden = try hidden.bool() }
        if let hint = object["intrinsicSize"] {
            let sides = try hint.object(allowing: ["width", "height"], what: "an intrinsic size")
            view.intrinsicContentSize = ContentSizeHint(width: try sides["width"]?.nonNegativeNumber(),
                                                        height: try sides["height"]?.nonNegativeNumber())
        }
        view.label = try object["userLabel"]?.string()
        // Reserved at the count read: grown by appending, the arrays of a 2,000-layout project's
        // views held 8 MB more than their views.
        let children = try object["subviews"]?.array() ?? []
        view.subviews.reserveCapacity(children.count)
        for child in children {
            guard depth < Limits.depth else {
                throw child.fail("views nested more than \(Limits.depth) deep below the root, babelfit's limit")
            }
            view.subviews.append(try decodeView(child, ids: &ids, depth: depth + 1))
        }
        if case .scroll(let scroll) = view.kind, let field = object["contentGuide"], !scroll.contentGuide.isEmpty,
           !view.subviews.contains(where: { $0.id == scroll.contentGuide }) {
            throw field.fail("the content guide '\(scroll.contentGuide)' is no subview of this scroll view")
        }
        return view
    }

    private func decodeKind(_ type: String, _ object: JSONObjectCursor, id: String) throws(LayoutDecodingError) -> ViewKind {
        switch type {
        case "label":
            var label = LabelSpec()
            label.text = try object["text"].map { (c) throws(LayoutDecodingError) in try decodeText(c) }
            label.font = try object["font"].map { (c) throws(LayoutDecodingError) in try decodeFont(c) } ?? .default
            if let lines = object["lines"] { label.lines = try decodeLines(lines) }
            if let lineBreak = object["lineBreak"] { label.lineBreak = try lineBreak.oneOf(LineBreakMode.self) }
            if let alignment = object["alignment"] { label.alignment = try alignment.oneOf(TextAlignment.self) }
            if let factor = object["minimumScaleFactor"] {
                label.minimumScaleFactor = try factor.number(in: 0.01...1)
            }
            return .label(label)
        case "button":
            var button = ButtonSpec()
            button.title = try object["title"].map { (c) throws(LayoutDecodingError) in try decodeText(c) }
            button.font = try object["font"].map { (c) throws(LayoutDecodingError) in try decodeFont(c) } ?? .default
            if let insets = object["contentInsets"] {
                button.contentInsets = try decodeInsets(insets, defaults: ButtonSpec.defaultContentInsets)
            }
            if let image = object["image"] {
                button.image = try decodeImage(try image.object(allowing: Self.imageFields, what: "a button image"))
            }
            if let lines = object["lines"] { button.lines = try decodeLines(lines) }
            if let lineBreak = object["lineBreak"] { button.lineBreak = try lineBreak.oneOf(LineBreakMode.self) }
            return .button(button)
        case "image":
            return .image(try decodeImage(object))
        case "textField":
            var field = TextFieldSpec()
            field.text = try object["text"].map { (c) throws(LayoutDecodingError) in try decodeText(c) }
            field.placeholder = try object["placeholder"].map { (c) throws(LayoutDecodingError) in try decodeText(c) }
            field.font = try object["font"].map { (c) throws(LayoutDecodingError) in try decodeFont(c) } ?? .default
            if let alignment = object["alignment"] { field.alignment = try alignment.oneOf(TextAlignment.self) }
            return .textField(field)
        case "stack":
            var stack = StackSpec()
            if let axis = object["axis"] { stack.axis = try axis.oneOf(StackAxis.self) }
            if let spacing = object["spacing"] { stack.spacing = try spacing.number() }
            if let alignment = object["alignment"] { stack.alignment = try alignment.oneOf(StackAlignment.self) }
            if let distribution = object["distribution"] { stack.distribution = try distribution.oneOf(StackDistribution.self) }
            if let relative = object["marginsRelativeArrangement"] { stack.marginsRelativeArrangement = try relative.bool() }
            return .stack(stack)
        case "scroll":
            // Without `contentGuide`, the content area is a helper view made for it (ScrollContent).
            return .scroll(ScrollSpec(contentGuide: try object["contentGuide"]?.string() ?? id + ScrollContent.contentSuffix))
        default:
            guard let control = ControlKind(rawValue: type) else { return .view }
            var spec = ControlSpec(control)
            if let style = object["style"] {
                let name = try style.string()
                guard ["medium", "large"].contains(name) else {
                    throw style.fail("unknown activity indicator style '\(name)'; expected medium or large")
                }
                spec.large = name == "large"
            }
            return .control(spec)
        }
    }

    /// A label's or a button's `lines`: 0 (unlimited) or more.
    private func decodeLines(_ cursor: JSONCursor) throws(LayoutDecodingError) -> Int {
        let lines = try cursor.integer()
        guard lines >= 0 else { throw cursor.fail("expected 0 (unlimited) or more lines, found \(lines)") }
        return lines
    }

    private func decodeImage(_ object: JSONObjectCursor) throws(LayoutDecodingError) -> ImageSpec {
        var image = ImageSpec()
        image.source = try object["source"]?.nonEmptyString()
        if let size = object["size"] {
            let pair = try size.array()
            guard pair.count == 2 else { throw size.fail("expected [width, height], found \(pair.count) numbers") }
            image.size = Size(width: try pair[0].nonNegativeNumber(), height: try pair[1].nonNegativeNumber())
        }
        if let mirrors = object["mirrorsInRTL"] { image.mirrorsInRTL = try mirrors.bool() }
        if let name = object["systemImage"] {
            image.systemName = try name.nonEmptyString()
            if image.source != nil { throw name.fail("an image has either 'source' or 'systemImage', not both") }
        }
        for key in ["symbolConfiguration", "textStyle"] where image.systemName == nil && object.has(key) {
            throw object[key]!.fail("'\(key)' configures a system symbol, and this image has no 'systemImage'")
        }
        if let configuration = object["symbolConfiguration"] {
            image.symbolConfiguration = try decodeSymbolConfiguration(configuration)
        }
        if let style = object["textStyle"] {
            if object.has("symbolConfiguration") {
                throw style.fail("'textStyle' is short for a 'symbolConfiguration' with a text style; give one or the other")
            }
            image.symbolConfiguration = SymbolConfiguration(textStyle: try style.oneOf(TextStyle.self))
        }
        return image
    }

    /// `{ "pointSize": 17, "weight": "regular", "scale": "medium" }`, or a `textStyle` instead
    /// of the point size, as UIImage.SymbolConfiguration takes them.
    private func decodeSymbolConfiguration(_ cursor: JSONCursor) throws(LayoutDecodingError) -> SymbolConfiguration {
        let object = try cursor.object(allowing: ["pointSize", "textStyle", "weight", "scale"], what: "a symbol configuration")
        var configuration = SymbolConfiguration()
        if let size = object["pointSize"] {
            configuration.pointSize = try size.number()
            guard configuration.pointSize! > 0 else {
                throw size.fail("expected a point size above 0, found \(Number.exact(configuration.pointSize!))")
            }
        }
        if let style = object["textStyle"] {
            if object.has("pointSize") {
                throw style.fail("a symbol configuration has either 'pointSize' or 'textStyle', not both")
            }
            configuration.textStyle = try style.oneOf(TextStyle.self)
        }
        if let weight = object["weight"] { configuration.weight = try weight.oneOf(SymbolWeight.self) }
        if let scale = object["scale"] { configuration.scale = try scale.oneOf(SymbolScale.self) }
        return configuration
    }

    /// A priority for both axes, or `{ "h": 251, "v": 251 }` where a missing axis keeps its default.
    private func decodePriorities(_ cursor: JSONCursor, default value: AxisPriorities) throws(LayoutDecodingError) -> AxisPriorities {
        switch cursor.node.value {
        case .number, .string: return AxisPriorities(try decodePriority(cursor))
        default: break
        }
        let object = try cursor.object(allowing: ["h", "v"], what: "a priority pair")
        var result = value
        if let h = object["h"] { result.horizontal = try decodePriority(h) }
        if let v = object["v"] { result.vertical = try decodePriority(v) }
        return result
    }

    /// 1…1000, or `required`, `high`, `low`.
    private func decodePriority(_ cursor: JSONCursor) throws(LayoutDecodingError) -> Int {
        if case .string(let name) = cursor.node.value {
            guard let value = ConstraintParser.priority(named: name) else {
                throw cursor.fail("unknown priority '\(name)'; expected 1…1000, required, high or low")
            }
            return value
        }
        let value = try cursor.integer()
        guard (1...1000).contains(value) else { throw cursor.fail("expected a priority from 1 to 1000, found \(value)") }
        return value
    }

    /// Directional insets; without defaults, all four sides are required.
    private func decodeInsets(_ cursor: JSONCursor, defaults: DirectionalInsets?) throws(LayoutDecodingError) -> DirectionalInsets {
        let object = try cursor.object(allowing: ["top", "leading", "bottom", "trailing"], what: "insets")
        func side(_ key: String, _ fallback: Double?) throws(LayoutDecodingError) -> Double {
            if let field = object[key] { return try field.number() }
            guard let fallback else { throw cursor.fail("missing field '\(key)'") }
            return fallback
        }
        return DirectionalInsets(
            top: try side("top", defaults?.top), leading: try side("leading", defaults?.leading),
            bottom: try side("bottom", defaults?.bottom), trailing: try side("trailing", defaults?.trailing))
    }

    // MARK: Text and fonts

    func decodeText(_ cursor: JSONCursor) throws(LayoutDecodingError) -> TextValue {
        var strings: [String] = []
        if case .string(let string) = cursor.node.value { strings = [string] }
        if case .object(let members) = cursor.node.value {
            for member in members { if case .string(let string) = member.value.value { strings.append(string) } }
        }
        for string in strings where string.utf16.count > Limits.textLength {
            throw cursor.fail("a text of \(string.utf16.count) characters, past babelfit's limit of \(Limits.textLength)")
        }
        if case .string(let string) = cursor.node.value {
            if string.count > 2, string.hasPrefix("["), string.hasSuffix("]") {
                return .localized(LocalizedText(key: String(string.dropFirst().dropLast())))
            }
            return .plain(string)
        }
        guard case .object = cursor.node.value else {
            throw cursor.fail("expected a text (a string or an object with a key), found \(cursor.node.kindName)")
        }
        let object = try cursor.object(allowing: ["key", "table", "comment", "default", "args", "defaultIsDevelopmentText"],
                                       what: "a text")
        var text = LocalizedText(key: try object.required("key").nonEmptyString())
        text.table = try object["table"]?.nonEmptyString()
        text.comment = try object["comment"]?.string()
        text.defaultValue = try object["default"]?.string()
        if let development = object["defaultIsDevelopmentText"] {
            text.defaultIsDevelopmentText = try development.bool()
            if text.defaultIsDevelopmentText, text.defaultValue == nil {
                throw development.fail("'defaultIsDevelopmentText' says the 'default' is the development language's text, and this text has no 'default'")
            }
        }
        for argument in try object["args"]?.array() ?? [] {
            text.args.append(try decodeArgument(argument))
        }
        return .localized(text)
    }

    private func decodeArgument(_ cursor: JSONCursor) throws(LayoutDecodingError) -> TextArgument {
        switch cursor.node.value {
        case .string(let value): return .string(value)
        case .number(let value): return .number(value)
        case .object(let members):
            let keys = Set(members.map(\.key))
            if keys.contains("number") {
                let object = try cursor.object(allowing: ["number", "style", "currency"], what: "a number argument")
                let style = try object["style"]?.oneOf(NumberStyle.self) ?? .decimal
                let currency = try object["currency"]?.nonEmptyString()
                return .formattedNumber(try object.required("number").number(), style: style, currency: currency)
            }
            if keys.contains("date") {
                let object = try cursor.object(allowing: ["date", "style"], what: "a date argument")
                let style = try object["style"]?.oneOf(DateStyle.self) ?? .medium
                let dateCursor = try object.required("date")
                guard let date = Self.parseDate(try dateCursor.string()) else {
                    throw dateCursor.fail("expected an ISO 8601 date such as 2014-03-02T10:00:00Z")
                }
                return .date(date, style: style)
            }
            if keys.contains("count") {
                let object = try cursor.object(allowing: ["count"], what: "a count argument")
                return .count(try object.required("count").integer())
            }
            throw cursor.fail("expected an argument object with 'number', 'date' or 'count'")
        default:
            throw cursor.fail("expected an argument (a string, a number or an object), found \(cursor.node.kindName)")
        }
    }

    /// `2014-03-02T10:00:00Z`, with or without fractional seconds or an offset, or `2014-03-02`.
    static func parseDate(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds], [.withFullDate],
        ] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    func decodeFont(_ cursor: JSONCursor) throws(LayoutDecodingError) -> FontSpec {
        let object = try cursor.object(allowing: ["family", "size", "weight", "textStyle"], what: "a font")
        if let style = object["textStyle"] {
            if let other = ["family", "size", "weight"].first(where: { object.has($0) }) {
                throw object[other]!.fail("a font has either 'textStyle' or 'family' and 'size', not both")
            }
            return .textStyle(try style.oneOf(TextStyle.self))
        }
        let family = try object.required("family").nonEmptyString()
        let sizeCursor = try object.required("size")
        let size = try sizeCursor.number()
        guard size > 0 else { throw sizeCursor.fail("expected a size above 0, found \(Number.exact(size))") }
        let weight = try object["weight"]?.oneOf(FontWeight.self) ?? .regular
        return .family(family, size: size, weight: weight)
    }

    // MARK: Constraints

    private func decodeConstraint(_ cursor: JSONCursor) throws(LayoutDecodingError) -> LayoutConstraint {
        if case .string(let text) = cursor.node.value {
            do throws(ConstraintSyntaxError) {
                return try ConstraintParser.parse(text)
            } catch {
                throw syntaxError(error, in: cursor)
            }
        }
        guard case .object = cursor.node.value else {
            throw cursor.fail("expected a constraint (a string or an object), found \(cursor.node.kindName)")
        }
        let object = try cursor.object(
            allowing: ["first", "relation", "second", "multiplier", "constant", "priority"], what: "a constraint")
        func item(_ key: String) throws(LayoutDecodingError) -> ConstraintItem? {
            guard let field = object[key] else { return nil }
            let text = try field.string()
            do throws(ConstraintSyntaxError) {
                return try ConstraintParser.parseItem(text)
            } catch {
                throw syntaxError(error, in: field)
            }
        }
        let firstCursor = try object.required("first")
        let relationCursor = try object.required("relation")
        let relationName = try relationCursor.string()
        guard let relation = Relation(rawValue: relationName) else {
            throw relationCursor.fail("unknown relation '\(relationName)'; expected ==, >= or <=")
        }
        var constraint = LayoutConstraint(try item("first")!, relation, try item("second"))
        if let multiplier = object["multiplier"] {
            constraint.multiplier = try multiplier.number()
            guard constraint.multiplier != 0 else {
                throw multiplier.fail("a multiplier of 0 makes a position equal a constant; write the constant instead")
            }
        }
        if let constant = object["constant"] { constraint.constant = try constant.number() }
        if let priority = object["priority"] { constraint.priority = try decodePriority(priority) }
        if let (message, onSecond) = constraint.invalidity {
            throw (onSecond ? object["second"]! : firstCursor).fail(message)
        }
        return constraint
    }

    /// A constraint string's error: the position is the character's in the file (exact when
    /// the string has no escapes), and the detail shows the string with a caret.
    private func syntaxError(_ error: ConstraintSyntaxError, in cursor: JSONCursor) -> LayoutDecodingError {
        LayoutDecodingError(
            file: file, path: cursor.path, line: cursor.node.line, column: cursor.node.column + error.column,
            message: "column \(error.column): \(error.message)", detail: "  \(error.text)\n  \(error.caretLine)")
    }

    /// A constraint that names a view the tree lacks is an error at the view's name.
    private func checkViews(of constraint: LayoutConstraint, at cursor: JSONCursor, known: [String: String]) throws(LayoutDecodingError) {
        let items: [(item: ConstraintItem, column: Int?, key: String)] =
            [(constraint.first, constraint.firstColumn, "first")]
            + (constraint.second.map { [($0, constraint.secondColumn, "second")] } ?? [])
        for (item, column, key) in items where known[item.view] == nil {
            let message = "unknown view '\(item.view)'"
            if let column, case .string(let text) = cursor.node.value {
                throw syntaxError(ConstraintSyntaxError(text: text, column: column, message: message), in: cursor)
            }
            let field = JSONCursor(node: cursor.node[key] ?? cursor.node, path: JSONObjectCursor.join(cursor.path, key), file: file,
                                   bound: cursor.bound)
            throw field.fail(message)
        }
    }

    // MARK: Environment

    /// The device a layout was designed on: a name babelfit knows, or
    /// `{ "name", "width", "height", "scale", "safeArea": { "top", "left", "bottom", "right" } }`.
    private func decodeDevice(_ cursor: JSONCursor) throws(LayoutDecodingError) -> Device {
        if case .string(let name) = cursor.node.value {
            guard let device = Device.named(name) else {
                throw cursor.fail("unknown device '\(name)'; babelfit knows \(Device.knownDescription), or give the device as an object")
            }
            return device
        }
        let object = try cursor.object(allowing: ["name", "width", "height", "scale", "safeArea"], what: "a device")
        let insets = try object.required("safeArea").object(allowing: ["top", "left", "bottom", "right"], what: "safe-area insets")
        func side(_ key: String) throws(LayoutDecodingError) -> Double { try insets[key]?.nonNegativeNumber() ?? 0 }
        return Device(name: try object.required("name").nonEmptyString(), width: try object.required("width").number(in: 1...100_000),
                      height: try object.required("height").number(in: 1...100_000),
                      safeArea: EdgeInsets(top: try side("top"), left: try side("left"), bottom: try side("bottom"), right: try side("right")),
                      scale: try object.required("scale").number(in: 1...4))
    }

    private func decodeEnvironment(_ cursor: JSONCursor) throws(LayoutDecodingError) -> LayoutEnvironment {
        let object = try cursor.object(allowing: ["width", "height", "scale", "safeArea", "margins"], what: "an environment")
        var environment = LayoutEnvironment()
        environment.width = try object["width"]?.number(in: 1...100_000)
        environment.height = try object["height"]?.number(in: 1...100_000)
        environment.scale = try object["scale"]?.number(in: 1...4)
        if let safeArea = object["safeArea"] {
            let sides = try safeArea.object(allowing: ["top", "left", "bottom", "right"], what: "safe-area insets")
            environment.safeArea = PartialEdgeInsets(
                top: try sides["top"]?.nonNegativeNumber(), left: try sides["left"]?.nonNegativeNumber(),
                bottom: try sides["bottom"]?.nonNegativeNumber(), right: try sides["right"]?.nonNegativeNumber())
        }
        environment.margins = try object["margins"].map { (c) throws(LayoutDecodingError) in try decodeInsets(c, defaults: nil) }
        return environment
    }
}

extension JSONNode {
    /// The keys of an object, in file order (empty for anything else).
    var memberKeys: [String] {
        guard case .object(let members) = value else { return [] }
        return members.map(\.key)
    }
}
