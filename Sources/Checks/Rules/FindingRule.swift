import Layout
import Localization
import Reports

/// One kind of check over a laid-out run, in a file of its own (as swift-format keeps one rule
/// per file). A rule reads the run — the layout's frames and fitted texts, the resolved
/// translations, and, when it needs them, the development language's layout and the
/// left-to-right mirror — and returns findings as values; it lays nothing out itself.
///
/// A run asks every rule about each view in tree order, then every rule about the run as a
/// whole, so a report lists a view's findings together and in the same order every time.
protocol FindingRule: Sendable {
    /// Findings about one view that is not hidden (by itself or an ancestor): its layout, its
    /// node, its text as resolved (`RunContext.texts[view.id]`, looked up once for every rule)
    /// and its place among the result's views.
    func findings(about view: ViewLayout, _ node: ViewNode, text: ViewText?, place: Int, in run: RunContext) -> [Finding]
    /// Findings about the run as a whole, after every view's.
    func findings(in run: RunContext) throws -> [Finding]
    /// Whether the rule's findings about a view follow from the view's node and its text as
    /// resolved (`RunContext.texts`) alone, whatever the layout: a fix that changes the layout
    /// and leaves a view's text as it was leaves them as they were (``FixTrial``).
    var readsTextsAlone: Bool { get }
}

extension FindingRule {
    func findings(about view: ViewLayout, _ node: ViewNode, text: ViewText?, place: Int, in run: RunContext) -> [Finding] { [] }
    func findings(in run: RunContext) throws -> [Finding] { [] }
    var readsTextsAlone: Bool { false }
}

/// What the rules read of one run.
struct RunContext {
    let spec: RunSpec
    let layout: LoadedLayout
    let result: LayoutResult
    /// By view id: the text each view shows, as resolved (after width variants).
    let texts: [String: ViewText]
    /// By view id: the texts as looked up, before the layout chose among width variants.
    let lookedUp: [String: ViewText]
    let translations: Translations
    let policy: SeverityPolicy
    /// The development language's layout on the same device and content size: its frames and
    /// directions alone (``LayoutDetail/frames``) where it is not the development run's own.
    let developmentLayout: () throws -> LayoutResult
    /// For a right-to-left language: the same texts laid out left to right, frames and
    /// directions alone (``LayoutDetail/frames``).
    let mirror: (() throws -> LayoutResult)?
    /// Whether that layout is the run's own mirrored wherever each of the run's passes had one
    /// solution (``RunChecker/mirrorsItself(_:_:)``): then, where they had and the run has no
    /// diagnostic (``mirrorsItself``), every view sits where the mirror of the run's places it,
    /// and the layout is not laid out.
    var mirrorsItselfWithoutDiagnostics = false
    /// ``mirrorsItselfWithoutDiagnostics`` where every pass had one solution
    /// (``LayoutResult/everyPassUnique``: a pass solved afresh, whose frames are the vertex the
    /// solver reached, may reach another in the other direction) and the run has no
    /// diagnostic: in a fix's trial, asked when the rule comes to it (the `ambiguous` ones
    /// found then, as the diagnostics' rule after it would find them).
    var mirrorsItself: Bool { mirrorsItselfWithoutDiagnostics && result.everyPassUnique && diagnostics.isEmpty }
    /// How a key's translation in a language differs in its format specifiers from the
    /// development language's (``Translations/formatDifferences(key:table:language:)``), the
    /// development language's format parsed once per check.
    let formatDifferences: (_ key: String, _ table: String, _ language: String) -> [String]
    /// The solver states the run's passes ended in, kept when fixes are tried on the run: their
    /// layouts start from them (``RunSolverStates``).
    var solverStates: RunSolverStates?

    /// The layout's diagnostics (`result.diagnostics` where the run was laid out in full; in a
    /// fix's trial, those with the `ambiguous` ones found when first asked for).
    var diagnostics: [LayoutDiagnostic] { layoutDiagnostics.value }
    private let layoutDiagnostics: Deferred<[LayoutDiagnostic]>

    /// The run's views by id, so that a rule asking about every view (or pair of views) does
    /// not search the list each time: with thousands of views that search made a check slow.
    let views: FirstByID<ViewLayout>
    /// The layout's views by id and each view's superview (``LoadedLayout/viewIndex``).
    let nodes: ViewIndex
    let parents: [String: String]
    /// By place in the layout's views, the place of each one's superview (``ViewTree``).
    private let parentPlaces: [Int?]
    /// By place in the layout's views, whether each one's kind has a text (``ViewTree``).
    private let hasText: [Bool]
    /// Whether a view's place in the result is its node's in ``nodes`` and its id's: the
    /// result's views are the layout's, place by place, and no two share an id (as a layout's
    /// session lays its views out, in tree order).
    private let placesMatch: Bool

    /// `ambiguous`: where `result` was laid out without its `ambiguous` diagnostics, what finds them.
    init(spec: RunSpec, layout: LoadedLayout, result: LayoutResult, ambiguous: (() -> [LayoutDiagnostic])? = nil,
         texts: [String: ViewText], lookedUp: [String: ViewText], translations: Translations,
         policy: SeverityPolicy, developmentLayout: @escaping () throws -> LayoutResult,
         mirror: (() throws -> LayoutResult)?, formatDifferences: @escaping (String, String, String) -> [String]) {
        let diagnostics = result.diagnostics
        layoutDiagnostics = Deferred { ambiguous.map { diagnostics + $0() } ?? diagnostics }
        self.formatDifferences = formatDifferences
        self.spec = spec
        self.layout = layout
        self.result = result
        self.texts = texts
        self.lookedUp = lookedUp
        self.translations = translations
        self.policy = policy
        self.developmentLayout = developmentLayout
        self.mirror = mirror
        let tree = layout.viewIndex
        (nodes, parents, parentPlaces, hasText) = (tree.nodes, tree.parents, tree.parentPlaces, tree.hasText)
        let index = Self.index(result, placedAs: tree.nodes)
        views = index.views
        placesMatch = index.placed && tree.nodes.idsAreUnique
    }

    /// The place of the superview of the view at `place` in the result where ``placesMatch``;
    /// nil otherwise, and for the root.
    func parentPlace(of place: Int) -> Int? {
        placesMatch ? parentPlaces[place] : nil
    }

    /// The superview of the view at `place` in the result, whose id is `id`: the superview's id,
    /// and its place where ``placesMatch`` (read there, no id looked up); else its id found in
    /// ``parents`` and no place. Nil for the root.
    func superview(at place: Int, of id: String) -> (id: String, place: Int?)? {
        if let parentPlace = parentPlace(of: place) { return (result.views[parentPlace].id, parentPlace) }
        return parents[id].map { ($0, nil) }
    }

    /// The frame of a ``superview(at:of:)``: read at its place, else by its id.
    func frame(of superview: (id: String, place: Int?)) -> Rect? {
        superview.place.map { result.views[$0].frame } ?? frame(superview.id)
    }

    /// The node of the view at `place` in the result (`nodes[view.id]`): the one at the same
    /// place where ``placesMatch``, else the first of its id.
    func node(at place: Int, of view: ViewLayout) -> ViewNode? {
        placesMatch ? nodes[place: place] : nodes[view.id]
    }

    /// Whether the view at `place` in the result has a text (`texts[view.id]`): a text is looked
    /// up for each node whose kind has one (`RunChecker.resolveTexts`), so where ``placesMatch``
    /// its node at the same place tells, and no id is hashed.
    func showsText(at place: Int, of view: ViewLayout) -> Bool {
        placesMatch ? hasText[place] : texts[view.id] != nil
    }

    /// A layout's views by id (the first of an id, as `LayoutResult.view(_:)` finds it).
    func index(_ result: LayoutResult) -> FirstByID<ViewLayout> {
        Self.index(result, placedAs: nodes).views
    }

    /// `result`'s views by id, sharing the places of `nodes` where their ids are the same place
    /// by place (`placed`): no id is looked up.
    private static func index(_ result: LayoutResult, placedAs nodes: ViewIndex) -> (views: FirstByID<ViewLayout>, placed: Bool) {
        if let placed = FirstByID(result.views, id: \.id, placedAs: nodes, otherID: \.id) { return (placed, true) }
        return (FirstByID(result.views, id: \.id), false)
    }

    var language: String { spec.language }
    var document: LayoutDocument { layout.document }

    /// A finding about a view, with the severity the policy gives its kind and the view's line.
    func finding(_ kind: FindingKind, about node: ViewNode, _ message: String, otherView: String? = nil,
                 evidence: Evidence = .none, key: String? = nil) -> Finding {
        Finding(kind: kind, severity: policy.severity(of: kind),
                subject: Subject(view: node.id, otherView: otherView, key: key, line: node.line, viewLabel: node.label),
                evidence: evidence, message: message)
    }

    /// The view's frame in the run's layout, by id.
    func frame(_ id: String) -> Rect? { views.read(id, \.frame) }

    /// ``frame(_:)`` of the id of the view at `place` in the result: that view's own where
    /// ``placesMatch`` (no id looked up), else the first of its id's.
    func frame(at place: Int) -> Rect? {
        placesMatch ? result.views[place].frame : frame(result.views[place].id)
    }
}

/// A value made when first asked for, then kept: for one run's rules, on one thread.
final class Deferred<Value> {
    private var make: (() -> Value)?
    private var made: Value?

    init(_ make: @escaping () -> Value) {
        self.make = make
    }

    var value: Value {
        if let made { return made }
        let value = make!()
        made = value
        make = nil
        return value
    }
}
