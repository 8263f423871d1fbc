import Layout

/// What a view element is in the layout model, with its class's fields: IB classes that the
/// model has (`view`, `label`, `button`, `imageView`, `textField`, `stackView`) become their
/// kind; every other class is a plain view, with a warning once per class and file.
///
/// Texts are localized as Interface Builder localizes them: the text of view `ID` is the
/// key `ID.text` (`ID.normalTitle`, `ID.placeholder`, `ID.configuration.title`) in the table
/// named after the file, with the text in the file as its default. A text in square
/// brackets (`[Name]`) is the key `Name` in the layout's table (`Localizable`), as in JSON
/// layouts.
struct ViewKindReader {
    let table: String
    let images: ImageResolver
    let warnings: WarningLog
    /// The images views name, by view id: the layout model keeps an image's size and
    /// direction, not its name.
    let references: ImageReferences

    /// The view classes read as plain views, and what babelfit does with them.
    static let plainViewNotes: [String: String] = [
        "tableView": "is laid out as a plain view; its cells, headers and footers are placed at the frames Xcode gave them",
        "collectionView": "is laid out as a plain view; its cells are placed at the frames Xcode gave them",
        "textView": "is laid out as a plain view: its text is not measured",
    ]

    /// Element names that are containers of views in IB's model and need no warning.
    static let containerViews: Set<String> = [
        "view", "tableViewCell", "tableViewCellContentView", "collectionViewCell", "collectionViewCellContentView",
        "collectionReusableView", "containerView",
    ]

    func kind(of element: MarkupElement) -> ViewKind {
        let id = element.id ?? ""
        switch element.name {
        case "label": return .label(label(element, id: id))
        case "button": return .button(button(element, id: id))
        case "textField": return .textField(textField(element, id: id))
        case "stackView": return .stack(stack(element))
        case "scrollView": return .scroll(ScrollSpec(contentGuide: "\(id).contentLayoutGuide"))
        case "switch": return .control(ControlSpec(.switch))
        case "activityIndicatorView":
            let style = element.attributes["style"] ?? "medium"
            return .control(ControlSpec(.activityIndicator, large: ["large", "whiteLarge"].contains(style)))
        case "progressView": return .control(ControlSpec(.progress))
        case "slider": return .control(ControlSpec(.slider))
        case "stepper": return .control(ControlSpec(.stepper))
        case "segmentedControl":
            warnings.warn(element, "the segments' titles are not measured: the segmented control is as wide as its constraints make it",
                          kind: "segment titles")
            return .control(ControlSpec(.segmentedControl))
        case "searchBar": return .control(ControlSpec(.searchBar))
        case "imageView":
            guard let reference = ImageReference(element) else { return .view }
            return image(reference, element, view: id).map(ViewKind.image) ?? .view
        default:
            if !Self.containerViews.contains(element.name) {
                let note = Self.plainViewNotes[element.name]
                    ?? "is laid out as a plain view: babelfit's layout model has no \(element.name) (no intrinsic size)"
                warnings.warn(element, note, kind: "class \(element.name)")
            }
            return .view
        }
    }

    // MARK: Texts

    /// A text of the file as a text value: `[Name]` a key of the layout's table, any other
    /// the IB key `ID.property` of the file's table with the text as its default.
    func text(_ value: String?, id: String, property: String, comment: String?) -> TextValue? {
        guard let value, !value.isEmpty else { return nil }
        if value.count > 2, value.hasPrefix("["), value.hasSuffix("]") {
            return .localized(LocalizedText(key: String(value.dropFirst().dropLast())))
        }
        return .localized(LocalizedText(key: "\(id).\(property)", table: table, comment: comment, defaultValue: value,
                                        defaultIsDevelopmentText: true))
    }

    /// A plain text from an attributed string, which IB does not localize through `.strings`.
    private func attributed(_ text: String?, _ element: MarkupElement) -> TextValue? {
        guard let text, !text.isEmpty else { return nil }
        warnings.warn(element, "attributed text is measured as plain text in the view's font, and is not localized",
                      kind: "attributed")
        return .plain(text)
    }

    static func comment(of element: MarkupElement) -> String? { element.attributedText(key: "userComments") }

    // MARK: Classes

    static let lineBreaks: [String: LineBreakMode] = [
        "wordWrap": .wordWrap, "characterWrap": .charWrap, "clip": .clip, "headTruncation": .truncateHead,
        "tailTruncation": .truncateTail, "middleTruncation": .truncateMiddle,
    ]

    /// IB writes `textAlignment` unless it is the archived default, left.
    static func alignment(_ element: MarkupElement) -> TextAlignment {
        TextAlignment(rawValue: element.attributes["textAlignment"] ?? "left") ?? .left
    }

    private func label(_ element: MarkupElement, id: String) -> LabelSpec {
        var label = LabelSpec()
        label.font = FontDescription.font(of: element, default: .family(SystemFont.name, size: 17, weight: .regular),
                                          warnings: warnings)
        let plain = element.attributes["text"] ?? element.child(key: "text", named: "string")?.text
        label.text = text(plain, id: id, property: "text", comment: Self.comment(of: element))
            ?? attributed(element.attributedText(key: "attributedText"), element)
        label.lines = element.number("numberOfLines").map(Self.lines) ?? 1
        label.lineBreak = Self.lineBreaks[element.attributes["lineBreakMode"] ?? "tailTruncation"] ?? .truncateTail
        label.alignment = Self.alignment(element)
        if element.flag("adjustsFontSizeToFit") {
            // minimumScaleFactor, else the older minimumFontSize over the font's size; 0 shrinks without limit.
            let size = label.font.resolved(for: .default).size
            let factor = element.number("minimumScaleFactor") ?? element.number("minimumFontSize").map { $0 / size } ?? 0
            label.minimumScaleFactor = min(max(factor, 0.01), 1)
        }
        if element.attributes["preferredMaxLayoutWidth"] != nil {
            warnings.warn(element, "preferredMaxLayoutWidth is not modelled: the label wraps at the width it is given",
                          kind: "preferredMaxLayoutWidth")
        }
        return label
    }

    private func button(_ element: MarkupElement, id: String) -> ButtonSpec {
        var button = ButtonSpec()
        let comment = Self.comment(of: element)
        if let configuration = element.child(key: "configuration", named: "buttonConfiguration") {
            // UIButton.Configuration: the title in the body style, 7 pt above and below, 12 pt at the sides.
            button.font = .textStyle(.body)
            button.title = text(configuration.attributes["title"], id: id, property: "configuration.title", comment: comment)
                ?? attributed(configuration.attributedText(key: "attributedTitle"), element)
            button.contentInsets = DirectionalInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
            // A configuration's title wraps onto as many lines as it needs.
            button.lines = 0
            button.lineBreak = .wordWrap
            if let insets = configuration.child(key: "contentInsets", named: "directionalEdgeInsets") {
                button.contentInsets = DirectionalInsets(
                    top: insets.number("top") ?? 0, leading: insets.number("leading") ?? 0,
                    bottom: insets.number("bottom") ?? 0, trailing: insets.number("trailing") ?? 0)
            }
            if let reference = ImageReference(configuration) { button.image = image(reference, configuration, view: id) }
            if configuration.attributes["imagePadding"] != nil || configuration.attributes["imagePlacement"] != nil {
                warnings.warn(configuration, "imagePadding and imagePlacement are not modelled: the image sits before the title",
                              kind: "imagePadding")
            }
            return button
        }
        button.font = FontDescription.font(of: element, default: .family(SystemFont.name, size: 15, weight: .regular),
                                           warnings: warnings)
        // The button's lineBreakMode is its title label's; a wrapping mode makes the title
        // wrap onto as many lines as it needs (UIButton sets the title label's numberOfLines
        // to 0 for it), unless a runtime attribute sets titleLabel.numberOfLines.
        if let mode = element.attributes["lineBreakMode"].flatMap({ Self.lineBreaks[$0] }) {
            button.lineBreak = mode
            if mode == .wordWrap || mode == .charWrap { button.lines = 0 }
        }
        if let lines = Self.runtimeNumber(element, "titleLabel.numberOfLines") { button.lines = Self.lines(lines) }
        if let normal = element.children(named: "state").first(where: { $0.attributes["key"] == "normal" }) {
            button.title = text(normal.attributes["title"], id: id, property: "normalTitle", comment: comment)
                ?? attributed(normal.attributedText(key: "attributedTitle"), element)
            if let reference = ImageReference(normal) { button.image = image(reference, normal, view: id) }
        }
        if let insets = element.child(key: "contentEdgeInsets", named: "inset") {
            // UIEdgeInsets, left and right as leading and trailing (as laid out left-to-right).
            button.contentInsets = DirectionalInsets(
                top: insets.number("minY") ?? 0, leading: insets.number("minX") ?? 0,
                bottom: insets.number("maxY") ?? 0, trailing: insets.number("maxX") ?? 0)
        }
        return button
    }

    /// A numberOfLines as written, from 0 (unlimited) to a million: more lines than any screen
    /// holds fit as a million do, and Int(_:) would trap on a larger number.
    static func lines(_ count: Double) -> Int {
        count.isNaN ? 0 : Int(min(max(count, 0), 1_000_000))
    }

    /// A number set by a `<userDefinedRuntimeAttribute keyPath="…">`.
    static func runtimeNumber(_ element: MarkupElement, _ keyPath: String) -> Double? {
        let attributes = element.firstChild(named: "userDefinedRuntimeAttributes")?.children(named: "userDefinedRuntimeAttribute") ?? []
        guard let attribute = attributes.first(where: { $0.attributes["keyPath"] == keyPath }) else { return nil }
        return attribute.number("value") ?? attribute.firstChild(named: "integer")?.number("value")
            ?? attribute.firstChild(named: "real")?.number("value")
    }

    private func textField(_ element: MarkupElement, id: String) -> TextFieldSpec {
        var field = TextFieldSpec()
        field.font = FontDescription.font(of: element, default: .family(SystemFont.name, size: 14, weight: .regular),
                                          warnings: warnings)
        let comment = Self.comment(of: element)
        field.text = text(element.attributes["text"], id: id, property: "text", comment: comment)
        field.placeholder = text(element.attributes["placeholder"], id: id, property: "placeholder", comment: comment)
        field.alignment = Self.alignment(element)
        let border = element.attributes["borderStyle"] ?? "none"
        if border != "roundedRect" {
            warnings.warn(element, "borderStyle \(border) is laid out with the rounded-rect border's 7 pt above and below the text",
                          kind: "borderStyle")
        }
        return field
    }

    private func stack(_ element: MarkupElement) -> StackSpec {
        var stack = StackSpec()
        stack.axis = element.attributes["axis"] == "vertical" ? .vertical : .horizontal
        stack.spacing = element.number("spacing") ?? (element.attributes["spacingType"] == "standard" ? 8 : 0)
        switch element.attributes["alignment"] ?? "fill" {
        case "top", "leading": stack.alignment = .leading
        case "bottom", "trailing": stack.alignment = .trailing
        case let other: stack.alignment = StackAlignment(rawValue: other) ?? .fill
        }
        stack.distribution = StackDistribution(rawValue: element.attributes["distribution"] ?? "fill") ?? .fill
        stack.marginsRelativeArrangement = element.flag("layoutMarginsRelativeArrangement")
        for attribute in ["baselineRelativeArrangement"] where element.flag(attribute) {
            warnings.warn(element, "\(attribute) is not modelled: arranged views run edge to edge", kind: attribute)
        }
        return stack
    }

    /// An image view's (or a button's) image, with its size and direction; nil, with a
    /// warning, when its size is unknown.
    private func image(_ reference: ImageReference, _ element: MarkupElement, view: String) -> ImageSpec? {
        references.byView[view] = reference
        guard let image = images.image(reference) else {
            warnings.warn(element, "image '\(reference.name)' has no known size (not in the asset catalogs nor in the file's resources): it is laid out without one",
                          kind: "image \(reference.name)")
            return nil
        }
        return image
    }
}

/// The images a file's views name, by view id.
final class ImageReferences {
    var byView: [String: ImageReference] = [:]
}
