import Support

/// A change to a layout or a translation that makes a finding go away, verified by laying the
/// run out again with it applied: the finding is gone, and neither that run nor the development
/// language's run (same device, content size) has a finding it did not have before.
///
/// Every part is machine-applicable to a layout in the JSON layout format (layout-format.md):
/// constraint strings to remove and to add, fields to set on views, and for a translation the
/// width it must fit in. A storyboard's or XIB's fix is written in the same terms, with its
/// object ids as view ids.
public struct Fix: Equatable, Sendable {
    /// One sentence for people.
    public var summary: String
    /// Constraints to take out, as the layout writes them (normalised string form).
    public var removeConstraints: [String]
    /// Constraints to add, in the layout format's string form.
    public var addConstraints: [String]
    /// Fields to set on views, by view id.
    public var views: [String: ViewEdit]
    /// A shorter translation, for a fix that changes the text rather than the layout.
    public var text: TextEdit?
    /// For a fix that lets a label wrap: the lines and height the view then takes.
    public var wraps: WrapOutcome?

    public init(summary: String, removeConstraints: [String] = [], addConstraints: [String] = [],
                views: [String: ViewEdit] = [:], text: TextEdit? = nil, wraps: WrapOutcome? = nil) {
        self.summary = summary
        self.removeConstraints = removeConstraints
        self.addConstraints = addConstraints
        self.views = views
        self.text = text
        self.wraps = wraps
    }

    /// Whether the fix changes the layout (constraints or views), not only a translation.
    public var changesLayout: Bool {
        !removeConstraints.isEmpty || !addConstraints.isEmpty || !views.isEmpty
    }
}

/// Fields of one view that a fix sets, as the layout format names them; nil: left as it is.
public struct ViewEdit: Hashable, Sendable {
    public var lines: Int?
    public var hugging: AxisPriorityEdit?
    public var compressionResistance: AxisPriorityEdit?
    public var minimumScaleFactor: Double?
    /// `natural`, `left`, `right`, `center`, `justified`.
    public var alignment: String?

    public init(lines: Int? = nil, hugging: AxisPriorityEdit? = nil, compressionResistance: AxisPriorityEdit? = nil,
                minimumScaleFactor: Double? = nil, alignment: String? = nil) {
        self.lines = lines
        self.hugging = hugging
        self.compressionResistance = compressionResistance
        self.minimumScaleFactor = minimumScaleFactor
        self.alignment = alignment
    }
}

/// A priority pair as the layout format's `{ "h": 252 }`: only the axes given change.
public struct AxisPriorityEdit: Hashable, Sendable {
    public var horizontal: Int?
    public var vertical: Int?

    public init(horizontal: Int? = nil, vertical: Int? = nil) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
}

/// A translation that must become shorter: the key (in its table, for a language) and the
/// widest its text may be, with how much shorter that is than now.
public struct TextEdit: Equatable, Sendable {
    public var key: String
    public var table: String
    public var language: String
    /// The widest the text may be, in points (one line).
    public var maxWidth: Double
    /// How much narrower than the current translation, in points.
    public var shorterBy: Double
    /// About how many characters fewer, at the translation's own average character width.
    public var characters: Int

    public init(key: String, table: String, language: String, maxWidth: Double, shorterBy: Double, characters: Int) {
        self.key = key
        self.table = table
        self.language = language
        self.maxWidth = maxWidth
        self.shorterBy = shorterBy
        self.characters = characters
    }
}

/// What a label that is let wrap then takes in the run: its lines and its height in points.
public struct WrapOutcome: Equatable, Sendable {
    public var view: String
    public var lines: Int
    public var height: Double

    public init(view: String, lines: Int, height: Double) {
        self.view = view
        self.lines = lines
        self.height = height
    }
}

/// A tie of equal content priorities that leaves views' frames free, as Xcode's "Content
/// Priority Ambiguity" names it: the views, the axis and which priority they share.
public struct PriorityTie: Equatable, Sendable {
    public enum Priority: String, Sendable {
        case hugging
        case compressionResistance
    }

    public var priority: Priority
    /// `horizontal` or `vertical`.
    public var axis: String
    public var value: Int
    /// The views that share it, the finding's own first.
    public var views: [String]

    public init(priority: Priority, axis: String, value: Int, views: [String]) {
        self.priority = priority
        self.axis = axis
        self.value = value
        self.views = views
    }

    /// "Content Priority Ambiguity: nameLabel and valueLabel have the same horizontal content
    /// hugging priority (251)".
    public var description: String {
        let what = priority == .hugging ? "content hugging priority" : "content compression resistance priority"
        let names = views.count == 2 ? "\(views[0]) and \(views[1])" : views.dropLast().joined(separator: ", ") + " and \(views.last!)"
        return "Content Priority Ambiguity: \(names) have the same \(axis) \(what) (\(value))"
    }
}

extension Fix {
    /// The fix as the JSON report writes it: `summary`, then `constraints` (`remove`, `add`),
    /// `views`, `text` and `wraps`, each only when it applies.
    public var jsonValue: JSONValue {
        JSONValueBuilder.build { write(to: &$0) }
    }

    /// Writes ``jsonValue``, members in key order.
    public func write<Sink: JSONSink>(to sink: inout Sink) {
        sink.object { sink in
            if !removeConstraints.isEmpty || !addConstraints.isEmpty {
                sink.object("constraints") { sink in
                    if !addConstraints.isEmpty { sink.member("add") { $0.array(addConstraints) } }
                    if !removeConstraints.isEmpty { sink.member("remove") { $0.array(removeConstraints) } }
                }
            }
            sink.member("summary", summary)
            if let text {
                sink.object("text") { sink in
                    sink.member("characters", text.characters)
                    sink.member("key", text.key)
                    sink.member("language", text.language)
                    sink.member("maxWidth", text.maxWidth)
                    sink.member("shorterBy", text.shorterBy)
                    sink.member("table", text.table)
                }
            }
            if !views.isEmpty {
                sink.object("views") { sink in
                    for (view, edit) in views.sorted(by: { $0.key < $1.key }) {
                        sink.key(view)
                        edit.write(to: &sink)
                    }
                }
            }
            if let wraps {
                sink.object("wraps") { sink in
                    sink.member("height", wraps.height)
                    sink.member("lines", wraps.lines)
                    sink.member("view", wraps.view)
                }
            }
        }
    }
}

extension ViewEdit {
    public var jsonValue: JSONValue {
        JSONValueBuilder.build { write(to: &$0) }
    }

    /// Writes ``jsonValue``, members in key order.
    public func write<Sink: JSONSink>(to sink: inout Sink) {
        sink.object { sink in
            sink.member("alignment", alignment)
            if let compressionResistance { sink.member("compressionResistance") { compressionResistance.write(to: &$0) } }
            if let hugging { sink.member("hugging") { hugging.write(to: &$0) } }
            sink.member("lines", lines)
            sink.member("minimumScaleFactor", minimumScaleFactor)
        }
    }
}

extension AxisPriorityEdit {
    public var jsonValue: JSONValue {
        JSONValueBuilder.build { write(to: &$0) }
    }

    /// Writes ``jsonValue``, members in key order.
    public func write<Sink: JSONSink>(to sink: inout Sink) {
        sink.object { sink in
            sink.member("h", horizontal)
            sink.member("v", vertical)
        }
    }
}

extension PriorityTie {
    public var jsonValue: JSONValue {
        JSONValueBuilder.build { write(to: &$0) }
    }

    /// Writes ``jsonValue``, members in key order.
    public func write<Sink: JSONSink>(to sink: inout Sink) {
        sink.object { sink in
            sink.member("axis", axis)
            sink.member("priority", priority.rawValue)
            sink.member("value", value)
            sink.member("views") { $0.array(views) }
        }
    }
}
