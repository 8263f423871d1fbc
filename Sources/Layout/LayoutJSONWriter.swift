import Foundation

/// Writes a `LayoutDocument` as a JSON layout (`layout-format.md`) that decodes to the same
/// document, apart from what only a file gives (lines, columns, the file, warnings).
///
/// The output is for people too: fields in the format's order (`id` and `type` first,
/// `subviews` last), a field left out where it has the decoder's default, short objects and
/// lists on one line, constraints as strings. Numbers are written exactly (`Number.exact`),
/// never rounded, so a frame Interface Builder stored as 187.66666666666666 stays that.
///
/// What the base format cannot say is written with babelfit's extensions (see the README):
/// `designDevice`, a view's `userLabel`, a text's `defaultIsDevelopmentText`, and view ids
/// that are not plain names (Interface Builder's `8bC-Xf-vdC`) in brackets in constraint
/// strings: `[8bC-Xf-vdC].leading == [Zq1-aa-b9c].trailing + 8`. A constraint whose numbers
/// a string cannot hold exactly (a constant of 1e-14) is written in the object form.
///
/// The same document always gives the same bytes.
public enum LayoutJSONWriter {
    /// The layout as JSON text, ending with a newline.
    public static func json(_ document: LayoutDocument) -> String {
        Node.object(documentMembers(document)).written(indent: 0) + "\n"
    }

    // MARK: Document

    private static func documentMembers(_ document: LayoutDocument) -> [(String, Node)] {
        var members: [(String, Node)] = [("format", .number(1)), ("name", .string(document.name))]
        if document.table != "Localizable" { members.append(("table", .string(document.table))) }
        if let device = document.designDevice { members.append(("designDevice", deviceNode(device))) }
        if !document.devices.isEmpty { members.append(("devices", .array(document.devices.map(Node.string)))) }
        if let environment = document.environment { members.append(("environment", environmentNode(environment))) }
        members.append(("root", viewNode(document.root)))
        if !document.constraints.isEmpty {
            members.append(("constraints", .array(document.constraints.map(constraintNode), multiline: true)))
        }
        return members
    }

    /// A device babelfit knows by name as its name; any other with its metrics.
    private static func deviceNode(_ device: Device) -> Node {
        if Device.named(device.name) == device { return .string(device.name) }
        return .object([
            ("name", .string(device.name)), ("width", .number(device.width)), ("height", .number(device.height)),
            ("scale", .number(device.scale)),
            ("safeArea", .object([("top", .number(device.safeArea.top)), ("left", .number(device.safeArea.left)),
                                  ("bottom", .number(device.safeArea.bottom)), ("right", .number(device.safeArea.right))])),
        ])
    }

    private static func environmentNode(_ environment: LayoutEnvironment) -> Node {
        var members: [(String, Node)] = []
        if let width = environment.width { members.append(("width", .number(width))) }
        if let height = environment.height { members.append(("height", .number(height))) }
        if let scale = environment.scale { members.append(("scale", .number(scale))) }
        let safeArea = environment.safeArea
        let sides = [("top", safeArea.top), ("left", safeArea.left), ("bottom", safeArea.bottom), ("right", safeArea.right)]
            .compactMap { name, value in value.map { (name, Node.number($0)) } }
        if !sides.isEmpty { members.append(("safeArea", .object(sides))) }
        if let margins = environment.margins { members.append(("margins", insetsNode(margins))) }
        return .object(members)
    }

    // MARK: Views

    private static func viewNode(_ view: ViewNode) -> Node {
        var members: [(String, Node)] = [("id", .string(view.id)), ("type", .string(view.kind.typeName))]
        if let label = view.label { members.append(("userLabel", .string(label))) }
        members += kindMembers(view.kind)
        if view.semantic != .unspecified { members.append(("semantic", .string(view.semantic.rawValue))) }
        let defaultPriorities = AxisPriorities(view.kind.defaultHugging)
        if view.hugging != defaultPriorities { members.append(("hugging", prioritiesNode(view.hugging))) }
        if view.compressionResistance != AxisPriorities(750) {
            members.append(("compressionResistance", prioritiesNode(view.compressionResistance)))
        }
        if let margins = view.margins { members.append(("margins", insetsNode(margins))) }
        if view.hidden { members.append(("hidden", .bool(true))) }
        if let hint = view.intrinsicContentSize {
            members.append(("intrinsicSize", .object([("width", hint.width), ("height", hint.height)]
                .compactMap { name, value in value.map { (name, Node.number($0)) } })))
        }
        if !view.subviews.isEmpty { members.append(("subviews", .array(view.subviews.map(viewNode), multiline: true))) }
        return .object(members, isView: true)
    }

    private static func kindMembers(_ kind: ViewKind) -> [(String, Node)] {
        var members: [(String, Node)] = []
        switch kind {
        case .view:
            break
        case .label(let label):
            if let text = label.text { members.append(("text", textNode(text))) }
            if label.font != .default { members.append(("font", fontNode(label.font))) }
            if label.lines != 1 { members.append(("lines", .number(Double(label.lines)))) }
            if label.lineBreak != .truncateTail { members.append(("lineBreak", .string(label.lineBreak.rawValue))) }
            if label.alignment != .natural { members.append(("alignment", .string(label.alignment.rawValue))) }
            if let factor = label.minimumScaleFactor { members.append(("minimumScaleFactor", .number(factor))) }
        case .button(let button):
            if let title = button.title { members.append(("title", textNode(title))) }
            if button.font != .default { members.append(("font", fontNode(button.font))) }
            if button.contentInsets != ButtonSpec.defaultContentInsets {
                members.append(("contentInsets", insetsNode(button.contentInsets)))
            }
            if let image = button.image { members.append(("image", .object(imageMembers(image)))) }
            if button.lines != 1 { members.append(("lines", .number(Double(button.lines)))) }
            if button.lineBreak != .truncateMiddle { members.append(("lineBreak", .string(button.lineBreak.rawValue))) }
        case .image(let image):
            members += imageMembers(image)
        case .textField(let field):
            if let text = field.text { members.append(("text", textNode(text))) }
            if let placeholder = field.placeholder { members.append(("placeholder", textNode(placeholder))) }
            if field.font != .default { members.append(("font", fontNode(field.font))) }
            if field.alignment != .natural { members.append(("alignment", .string(field.alignment.rawValue))) }
        case .stack(let stack):
            members.append(("axis", .string(stack.axis.rawValue)))
            if stack.spacing != 0 { members.append(("spacing", .number(stack.spacing))) }
            if stack.alignment != .fill { members.append(("alignment", .string(stack.alignment.rawValue))) }
            if stack.distribution != .fill { members.append(("distribution", .string(stack.distribution.rawValue))) }
            if stack.marginsRelativeArrangement { members.append(("marginsRelativeArrangement", .bool(true))) }
        case .control(let control):
            if control.large { members.append(("style", .string("large"))) }
        case .scroll(let scroll):
            // The content area as it is: a subview (the one a JSON layout's reader made, or a
            // storyboard's guide), or none.
            members.append(("contentGuide", .string(scroll.contentGuide)))
        }
        return members
    }

    private static func imageMembers(_ image: ImageSpec) -> [(String, Node)] {
        var members: [(String, Node)] = []
        if let source = image.source { members.append(("source", .string(source))) }
        if let name = image.systemName { members.append(("systemImage", .string(name))) }
        if let size = image.size { members.append(("size", .array([.number(size.width), .number(size.height)]))) }
        if image.declaredMirrorsInRTL { members.append(("mirrorsInRTL", .bool(true))) }
        if let configuration = image.symbolConfiguration {
            var fields: [(String, Node)] = []
            if let size = configuration.pointSize { fields.append(("pointSize", .number(size))) }
            if let style = configuration.textStyle { fields.append(("textStyle", .string(style.rawValue))) }
            if let weight = configuration.weight { fields.append(("weight", .string(weight.rawValue))) }
            if configuration.scale != .medium { fields.append(("scale", .string(configuration.scale.rawValue))) }
            members.append(("symbolConfiguration", .object(fields)))
        }
        return members
    }

    private static func prioritiesNode(_ priorities: AxisPriorities) -> Node {
        priorities.horizontal == priorities.vertical
            ? .number(Double(priorities.horizontal))
            : .object([("h", .number(Double(priorities.horizontal))), ("v", .number(Double(priorities.vertical)))])
    }

    private static func insetsNode(_ insets: DirectionalInsets) -> Node {
        .object([("top", .number(insets.top)), ("leading", .number(insets.leading)),
                 ("bottom", .number(insets.bottom)), ("trailing", .number(insets.trailing))])
    }

    // MARK: Text and fonts

    private static func textNode(_ text: TextValue) -> Node {
        switch text {
        case .plain(let string):
            return .string(string)
        case .localized(let text):
            let short = text.table == nil && text.comment == nil && text.defaultValue == nil && text.args.isEmpty
                && !text.defaultIsDevelopmentText
            if short { return .string("[\(text.key)]") }
            var members: [(String, Node)] = [("key", .string(text.key))]
            if let table = text.table { members.append(("table", .string(table))) }
            if let comment = text.comment { members.append(("comment", .string(comment))) }
            if let value = text.defaultValue { members.append(("default", .string(value))) }
            if text.defaultIsDevelopmentText { members.append(("defaultIsDevelopmentText", .bool(true))) }
            if !text.args.isEmpty { members.append(("args", .array(text.args.map(argumentNode)))) }
            return .object(members)
        }
    }

    private static func argumentNode(_ argument: TextArgument) -> Node {
        switch argument {
        case .string(let value): return .string(value)
        case .number(let value): return .number(value)
        case .count(let count): return .object([("count", .number(Double(count)))])
        case .formattedNumber(let value, let style, let currency):
            var members: [(String, Node)] = [("number", .number(value)), ("style", .string(style.rawValue))]
            if let currency { members.append(("currency", .string(currency))) }
            return .object(members)
        case .date(let date, let style):
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = date.timeIntervalSince1970.rounded() == date.timeIntervalSince1970
                ? [.withInternetDateTime] : [.withInternetDateTime, .withFractionalSeconds]
            return .object([("date", .string(formatter.string(from: date))), ("style", .string(style.rawValue))])
        }
    }

    private static func fontNode(_ font: FontSpec) -> Node {
        switch font {
        case .textStyle(let style):
            return .object([("textStyle", .string(style.rawValue))])
        case .family(let family, let size, let weight):
            var members: [(String, Node)] = [("family", .string(family)), ("size", .number(size))]
            if weight != .regular { members.append(("weight", .string(weight.rawValue))) }
            return .object(members)
        }
    }

    // MARK: Constraints

    /// A view id as a constraint string names it: plain when the parser reads it as a name,
    /// else in brackets.
    static func itemText(_ item: ConstraintItem) -> String {
        let plain = item.view.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
            && item.view.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        return (plain ? item.view : "[\(item.view)]") + "." + item.attribute.rawValue
    }

    /// A number as a constraint string holds it, when it can hold it exactly (no exponent).
    private static func decimal(_ value: Double) -> String? {
        let text = Number.exact(value)
        return text.contains("e") || text.contains("n") || text.contains("i") ? nil : text
    }

    private static func constraintNode(_ constraint: LayoutConstraint) -> Node {
        if let text = constraintString(constraint) { return .string(text) }
        var members: [(String, Node)] = [("first", .string(itemText(constraint.first))),
                                         ("relation", .string(constraint.relation.rawValue))]
        if let second = constraint.second { members.append(("second", .string(itemText(second)))) }
        if constraint.multiplier != 1 { members.append(("multiplier", .number(constraint.multiplier))) }
        if constraint.constant != 0 || constraint.second == nil { members.append(("constant", .number(constraint.constant))) }
        if !constraint.isRequired { members.append(("priority", .number(Double(constraint.priority)))) }
        return .object(members)
    }

    /// A constraint as a layout file writes it: the string form, or for a number a string
    /// cannot hold exactly, the normalised description.
    public static func text(of constraint: LayoutConstraint) -> String {
        constraintString(constraint) ?? constraint.description
    }

    /// The string form, or nil when a number has no exact decimal form a string can hold.
    private static func constraintString(_ constraint: LayoutConstraint) -> String? {
        var text = "\(itemText(constraint.first)) \(constraint.relation.rawValue) "
        if let second = constraint.second {
            text += itemText(second)
            if constraint.multiplier != 1 {
                guard let multiplier = decimal(constraint.multiplier), constraint.multiplier > 0 else { return nil }
                text += " * \(multiplier)"
            }
            if constraint.constant != 0 {
                guard let constant = decimal(abs(constraint.constant)) else { return nil }
                text += constraint.constant > 0 ? " + \(constant)" : " - \(constant)"
            }
        } else {
            guard let constant = decimal(abs(constraint.constant)) else { return nil }
            text += constraint.constant < 0 ? "-\(constant)" : constant
        }
        if !constraint.isRequired { text += " @\(constraint.priority)" }
        return text
    }

    // MARK: Writing

    /// JSON with its members in the order given.
    private indirect enum Node {
        case string(String)
        case number(Double)
        case bool(Bool)
        case array([Node], multiline: Bool = false)
        case object([(String, Node)], isView: Bool = false)

        static let width = 100

        /// On one line: `{ "a": 1, "b": [1, 2] }`.
        var compact: String {
            switch self {
            case .string(let value): return JSONValue.string(value).serialized()
            case .number(let value): return Number.exact(value)
            case .bool(let value): return value ? "true" : "false"
            case .array(let items, _): return "[" + items.map(\.compact).joined(separator: ", ") + "]"
            case .object(let members, _):
                guard !members.isEmpty else { return "{}" }
                return "{ " + members.map { "\(JSONValue.string($0.0).serialized()): \($0.1.compact)" }.joined(separator: ", ") + " }"
            }
        }

        /// A view with subviews, and the layout's lists of views and constraints, take a line
        /// per member; anything else does when it does not fit on its line.
        func written(indent: Int) -> String {
            let pad = String(repeating: "  ", count: indent + 1)
            let end = String(repeating: "  ", count: indent)
            switch self {
            case .array(let items, let multiline):
                let oneLine = compact
                guard multiline || oneLine.count + indent * 2 > Self.width, !items.isEmpty else { return oneLine }
                return "[\n" + items.map { pad + $0.written(indent: indent + 1) }.joined(separator: ",\n") + "\n\(end)]"
            case .object(let members, let isView):
                let oneLine = compact
                let nested = isView && members.contains { $0.0 == "subviews" }
                guard nested || indent == 0 || oneLine.count + indent * 2 > Self.width, !members.isEmpty else { return oneLine }
                return "{\n" + members.map { "\(pad)\(JSONValue.string($0.0).serialized()): \($0.1.written(indent: indent + 1))" }
                    .joined(separator: ",\n") + "\n\(end)}"
            default:
                return compact
            }
        }
    }
}

extension LayoutDocument {
    /// The document without what only its source file gives (views' and constraints' lines,
    /// constraints' columns, the file, the reader's warnings): what `LayoutJSONWriter` keeps,
    /// so a layout and its JSON compare equal this way.
    public var withoutSourcePlaces: LayoutDocument {
        func strip(_ view: ViewNode) -> ViewNode {
            var view = view
            view.line = 0
            view.subviews = view.subviews.map(strip)
            return view
        }
        var document = self
        document.root = strip(root)
        document.constraints = constraints.map { constraint in
            var constraint = constraint
            (constraint.line, constraint.firstColumn, constraint.secondColumn) = (0, nil, nil)
            return constraint
        }
        document.file = ""
        document.warnings = []
        return document
    }
}
