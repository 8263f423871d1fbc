import Foundation
import Layout
import Reports

/// A text that stands in for a key's translation in one language.
struct TextOverride: Hashable, Sendable {
    var key: String
    var table: String
    var language: String
}

/// A fix that cannot be applied to a layout: it names a view the layout lacks, a constraint it
/// does not have, or a constraint string that does not parse.
public struct FixApplicationError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension LayoutDocument {
    /// The document with a fix's layout changes made: its constraints taken out (matched by
    /// their string form) and added, and its view fields set. A fix's `text` is not a layout
    /// change (see `Project.applying`).
    public func applying(_ fix: Fix) throws -> LayoutDocument {
        var document = self
        for text in fix.removeConstraints {
            guard let index = document.constraints.firstIndex(where: { LayoutJSONWriter.text(of: $0) == text || $0.description == text })
            else {
                throw FixApplicationError(message: "\(name) has no constraint '\(text)' to remove")
            }
            document.constraints.remove(at: index)
        }
        for text in fix.addConstraints {
            do {
                document.constraints.append(try ConstraintParser.parse(text))
            } catch {
                throw FixApplicationError(message: "the fix's constraint cannot be read: \(error)")
            }
        }
        for id in fix.views.keys.sorted() {
            let edit = fix.views[id]!
            guard document.root.edit(id, { $0.apply(edit) }) else {
                throw FixApplicationError(message: "\(name) has no view '\(id)'")
            }
            if let alignment = edit.alignment, TextAlignment(rawValue: alignment) == nil {
                throw FixApplicationError(message: "unknown alignment '\(alignment)'")
            }
        }
        return document
    }
}

/// What a fix changes in a layout (its constraints and views): what keys the changed layout,
/// made once for every run that tries the fix.
struct FixChanges: Hashable {
    var remove: [String]
    var add: [String]
    var views: [String: ViewEdit]

    init(_ fix: Fix) {
        remove = fix.removeConstraints
        add = fix.addConstraints
        views = fix.views
    }
}

extension Fix {
    /// Whether the fix edits views alone: no constraint and no translation. A run laid out
    /// with it may have the run's frames, where each edited node differs from the run's only
    /// in what no frame reads (``ViewNode/differsOnlyInFitting(from:)``).
    var editsViewsAlone: Bool {
        text == nil && removeConstraints.isEmpty && addConstraints.isEmpty && !views.isEmpty
    }
}

extension ViewNode {
    /// Edits the view with an id in this subtree; false when there is none.
    mutating func edit(_ id: String, _ change: (inout ViewNode) -> Void) -> Bool {
        if self.id == id {
            change(&self)
            return true
        }
        for index in subviews.indices where subviews[index].edit(id, change) { return true }
        return false
    }

    /// Sets the fields a fix gives: lines, priorities, minimum scale factor, alignment.
    mutating func apply(_ edit: ViewEdit) {
        if let hugging = edit.hugging {
            self.hugging.horizontal = hugging.horizontal ?? self.hugging.horizontal
            self.hugging.vertical = hugging.vertical ?? self.hugging.vertical
        }
        if let resistance = edit.compressionResistance {
            compressionResistance.horizontal = resistance.horizontal ?? compressionResistance.horizontal
            compressionResistance.vertical = resistance.vertical ?? compressionResistance.vertical
        }
        let alignment = edit.alignment.flatMap(TextAlignment.init(rawValue:))
        switch kind {
        case .label(var label):
            if let lines = edit.lines { label.lines = lines }
            if let factor = edit.minimumScaleFactor { label.minimumScaleFactor = factor }
            if let alignment { label.alignment = alignment }
            kind = .label(label)
        case .button(var button):
            if let lines = edit.lines { button.lines = lines }
            kind = .button(button)
        case .textField(var field):
            if let alignment { field.alignment = alignment }
            kind = .textField(field)
        case .view, .image, .stack, .control, .scroll:
            break
        }
    }
}

extension Project {
    /// The project with a fix applied to one of its layouts (by name or file): the layout's
    /// document changed as the fix says, and for a shorter translation, the key's text in the
    /// fix's language replaced by the longest start of the current text (whole characters) no
    /// wider than `maxWidth` in the font of the first view that shows it, at `contentSize`.
    /// The copy shares this project's fonts and translations; check it as any project.
    public func applying(_ fix: Fix, toLayout name: String, contentSize: ContentSize = .L) throws -> Project {
        guard let index = layouts.firstIndex(where: { $0.document.name == name || $0.file == name }) else {
            throw FixApplicationError(message: "no layout named \(name)")
        }
        return try applying(fix, toLayout: index, contentSize: contentSize)
    }

    /// `changing`, when given, makes the changed layout in place of ``changedLayout(_:of:)``
    /// (a check's fix verifier gives the one it made for the same fix before).
    func applying(_ fix: Fix, toLayout index: Int, contentSize: ContentSize,
                  changing: (() throws -> LoadedLayout)? = nil) throws -> Project {
        let loaded = layout(at: index)
        var changed: (index: Int, layout: LoadedLayout)?
        if fix.changesLayout {
            changed = (index, try changing?() ?? changedLayout(fix, of: loaded))
        }
        var overrides = textOverrides
        if let edit = fix.text {
            let override = TextOverride(key: edit.key, table: edit.table, language: edit.language)
            overrides[override] = try shortened(edit, in: loaded, contentSize: contentSize)
        }
        return Project(copying: self, replacing: changed, textOverrides: overrides)
    }

    /// A layout with a fix's layout changes made (its constraints and views), sharing the
    /// sessions' store of the layout it comes from.
    func changedLayout(_ fix: Fix, of loaded: LoadedLayout) throws -> LoadedLayout {
        LoadedLayout(try loaded.document.applying(fix), changing: loaded, by: FixChanges(fix))
    }

    /// The current text of a fix's key, cut to the longest start no wider than its `maxWidth`.
    private func shortened(_ edit: TextEdit, in loaded: LoadedLayout, contentSize: ContentSize) throws -> String {
        let document = loaded.document
        // The first view of the key in the layout's views by place, each read in place (a list
        // of the views made for it copied every node).
        let nodes = loaded.nodes
        guard let place = (0..<nodes.count).first(where: { place in
            nodes.read(place: place) { node in
                node.kind.text?.localizedKey.map { $0.key == edit.key && ($0.table ?? document.table) == edit.table } == true
            }
        }), case let node = nodes[place: place], let value = node.kind.text, let fontSpec = node.kind.font else {
            throw FixApplicationError(message: "\(document.name) shows no text with the key '\(edit.key)' in table \(edit.table)")
        }
        let translations = translations(of: loaded)
        let text = translations.resolve(value.localizable, table: document.table, language: edit.language).text
        let font = measurer.font(fontSpec.resolved(for: contentSize))
        return try engine.longestStart(of: text, font: font, language: edit.language, notWiderThan: edit.maxWidth)
    }
}
