/// The views of one layout run, flattened depth first, and the linear expressions of their
/// attributes: every frame is four variables (x, y, width, height) in root coordinates.
///
/// Attributes resolve against a direction. `leading` is the left edge in left-to-right and
/// the right edge in right-to-left; a constraint evaluated right-to-left that uses leading or
/// trailing is written in mirrored horizontal coordinates (x becomes −x), so that its offsets
/// run in reading order, as Auto Layout does.
struct LayoutSystem {
    let views: [ViewNode]
    let indexOf: [String: Int]
    let parent: [Int?]
    let resolver: DirectionResolver
    let directions: [LayoutDirection]
    /// Hidden by itself or an ancestor.
    let effectivelyHidden: [Bool]
    let device: Device
    /// Physical layout margins by view.
    let margins: [EdgeInsets]
    var intrinsic: [IntrinsicSize]
    /// Physical safe-area insets by view: the device's for the root; for any other view, how
    /// far the root's unsafe area reaches into it (from the previous pass).
    var safeInsets: [EdgeInsets]
    /// How diagnostics name the layout's own constraints, by index.
    let ownReferences: [ConstraintReference]
    /// The layout's own constraints translated once, by index, with the views whose safe-area
    /// insets they read: a translation serves every pass in which those views' insets are
    /// still the first pass's (``firstInsets``); one that reads only frame edges, centres and
    /// sizes serves every pass. Nil for a constraint that reads a baseline (which moves with
    /// the texts), translated on every pass.
    private var translatedOwn: [Result<PendingConstraint, InvalidConstraint>?] = []
    /// By index, the views whose safe-area insets each of ``translatedOwn`` read (apart: a pass
    /// reads the two, and a copy of a pair of them copied the translation whole, retains and all).
    private var translatedInsetsOf: [[Int]] = []
    /// By index, the place in ``ownMade`` of the constraint ``translatedOwn`` made
    /// (``ownUntranslated``: it holds no translation; -1: it could not be made); ``ownMade``,
    /// each made constraint with its key. What every pass reads: an element of
    /// ``translatedOwn``, an optional result, is read through a copy made by the runtime's
    /// generic value witnesses.
    private var ownMadePlace: [Int] = []
    private static let ownUntranslated = -2
    private var ownMade: [KeyedConstraint] = []
    /// By index, the places of each of the layout's own constraints' views and the direction it
    /// is read in (``places(of:)``), found once for every pass that translates it again; nil
    /// for one that cannot be made.
    private var ownPlaces: [OwnPlaces?] = []
    /// The safe-area insets of the first pass, with which ``translatedOwn`` was translated.
    private let firstInsets: [EdgeInsets]
    /// The constraints that depend on the views and the device alone, made once: the root
    /// frame's, and each view's (but the root's) width and height at least 0, in that order.
    private var rootFrameMade: [KeyedConstraint] = []
    private var nonNegativeMade: [KeyedConstraint] = []
    /// Where each view's subtree ends among the views (listed depth first, a subtree is the
    /// view and those up to there).
    private var subtreeEnd: [Int] = []
    /// By view, a stack's arranged subviews (its subviews, by index), hidden or not; none for
    /// any other view. Found once: every pass reads them (``arranged(_:)``, ``stackInputs(_:)``).
    private var arrangedOf: [[Int]] = []
    /// The views whose safe-area insets the constraints read: those a constraint of the layout
    /// names with a safe-area or margin attribute, and the stacks arranged within their margins.
    private var insetsRead: [Int] = []

    /// The layout's own constraints, by index: what ``translatedOwn`` translated.
    private let ownConstraints: [LayoutConstraint]
    /// The language direction the views' directions were resolved in, and the root's margins
    /// as given (directional): with the views' ids, tree, semantic content attributes and
    /// margins, what ``directions``, ``margins``, ``resolver`` and ``indexOf`` follow from.
    private let language: LayoutDirection
    private let rootMargins: DirectionalInsets

    /// The system of `document` on `device` in `language`. `reusing`: another system, whose
    /// translations of the layout's own constraints, and the constraints it made of the device
    /// and the views alone, this one takes where they are the same: where both have the same
    /// views (ids, tree), device, directions, margins and safe-area insets (a layout and the same
    /// layout with a fix's changes), for each constraint equal to the other's at its index. Its
    /// views' indexes, directions and margins are taken too where they follow from the same
    /// inputs: the same tree of the same ids, semantic content attributes and margins, the same
    /// root margins and the same language direction.
    init(document: LayoutDocument, device: Device, language: LayoutDirection, reusing other: LayoutSystem? = nil) {
        var views: [ViewNode] = []
        var parent: [Int?] = []
        var hidden: [Bool] = []
        func visit(_ view: ViewNode, parentIndex: Int?, parentHidden: Bool) {
            let index = views.count
            views.append(view)
            parent.append(parentIndex)
            hidden.append(parentHidden || view.hidden)
            for child in view.subviews {
                visit(child, parentIndex: index, parentHidden: parentHidden || view.hidden)
            }
        }
        visit(document.root, parentIndex: nil, parentHidden: false)
        self.views = views
        self.parent = parent
        effectivelyHidden = hidden
        self.language = language
        let rootMargins = document.root.margins ?? document.environment?.margins ?? device.defaultRootMargins
        self.rootMargins = rootMargins
        let indexOf: [String: Int], resolver: DirectionResolver, directions: [LayoutDirection], margins: [EdgeInsets]
        if let other, other.language == language, other.rootMargins == rootMargins, other.parent == parent,
           other.views.indices.allSatisfy({ index in
               other.views[index].id == views[index].id && other.views[index].semantic == views[index].semantic
                   && other.views[index].margins == views[index].margins
           }) {
            // The same tree of the same ids, directions and margins (a layout and the same layout
            // with a fix's changes): the other system's, taken whole rather than found again.
            (indexOf, resolver, directions, margins) = (other.indexOf, other.resolver, other.directions, other.margins)
        } else {
            var byID: [String: Int] = [:]
            for (index, view) in views.enumerated() where byID[view.id] == nil {
                byID[view.id] = index
            }
            indexOf = byID
            resolver = DirectionResolver(root: document.root, language: language)
            directions = views.map { resolver.directions[$0.id] ?? language }
            margins = views.enumerated().map { index, view in
                let directional = index == 0 ? rootMargins : (view.margins ?? DirectionalInsets(all: 8))
                return directional.physical(resolver.directions[view.id] ?? language)
            }
        }
        self.indexOf = indexOf
        self.resolver = resolver
        self.directions = directions
        self.device = device
        self.margins = margins
        intrinsic = Array(repeating: .none, count: views.count)
        var insets = [EdgeInsets](repeating: .zero, count: views.count)
        insets[0] = device.safeArea
        safeInsets = insets
        firstInsets = insets
        ownConstraints = document.constraints
        let shared = other.flatMap { other in
            other.device == device && other.views.count == views.count && other.parent == parent
                && other.directions == directions && other.margins == margins && other.firstInsets == insets
                && other.views.indices.allSatisfy { other.views[$0].id == views[$0].id } ? other : nil
        }
        // The views whose insets the constraints read: those a constraint names with a safe-area
        // or margin attribute (a baseline's among them), and the stacks arranged within their margins.
        var read = Set<Int>()
        for (index, view) in views.enumerated() {
            if case .stack(let spec) = view.kind, spec.marginsRelativeArrangement { read.insert(index) }
        }
        // Each view a constraint reads the insets of, given to `body`: its items read in place
        // (an array of them was made for every constraint).
        func forEachInsetsRead(by constraint: LayoutConstraint, _ body: (Int) -> Void) {
            if Self.readsSafeInsets(constraint.first.attribute), let index = indexOf[constraint.first.view] { body(index) }
            if let second = constraint.second, Self.readsSafeInsets(second.attribute), let index = indexOf[second.view] {
                body(index)
            }
        }
        if let shared, shared.ownConstraints == document.constraints {
            // The same constraints (mostly the same array: a fix that edits views alone): the
            // other system's references and translations, taken whole.
            for constraint in document.constraints {
                forEachInsetsRead(by: constraint) { read.insert($0) }
            }
            ownReferences = shared.ownReferences
            translatedOwn = shared.translatedOwn
            translatedInsetsOf = shared.translatedInsetsOf
            ownPlaces = shared.ownPlaces
        } else {
            // Whether each constraint is the other system's at its index.
            let isShared = document.constraints.indices.map { index in
                shared.map { index < $0.ownConstraints.count && $0.ownConstraints[index] == document.constraints[index] } ?? false
            }
            // Written only when a diagnostic reads it; the other system's where the constraint is its.
            ownReferences = document.constraints.enumerated().map { index, constraint in
                isShared[index] ? shared!.ownReferences[index]
                    : ConstraintReference(index: index, priority: constraint.priority, describe: { constraint.description })
            }
            for (index, constraint) in document.constraints.enumerated() {
                var insetsOf: [Int] = []
                forEachInsetsRead(by: constraint) { insetsOf.append($0) }
                read.formUnion(insetsOf)
                if isShared[index], let shared {
                    translatedOwn.append(shared.translatedOwn[index])
                    translatedInsetsOf.append(shared.translatedInsetsOf[index])
                    ownPlaces.append(shared.ownPlaces[index])
                    continue
                }
                let places = try? places(of: constraint).get()
                ownPlaces.append(places)
                func isBaseline(_ attribute: Attribute?) -> Bool { attribute == .firstBaseline || attribute == .lastBaseline }
                guard !isBaseline(constraint.first.attribute), !isBaseline(constraint.second?.attribute) else {
                    translatedOwn.append(nil)
                    translatedInsetsOf.append([])
                    continue
                }
                translatedOwn.append(translate(constraint, reference: ownReferences[index], places: places))
                translatedInsetsOf.append(insetsOf)
            }
        }
        for index in translatedOwn.indices {
            switch translatedOwn[index] {
            case .success(let made)?:
                ownMadePlace.append(ownMade.count)
                ownMade.append(KeyedConstraint(.own(index), made))
            case .failure?: ownMadePlace.append(-1)
            case nil: ownMadePlace.append(Self.ownUntranslated)
            }
        }
        insetsRead = read.sorted()
        subtreeEnd = views.indices.map { $0 + 1 }
        for index in views.indices.reversed() {
            if let up = parent[index] { subtreeEnd[up] = max(subtreeEnd[up], subtreeEnd[index]) }
        }
        arrangedOf = views.map { view in
            guard case .stack = view.kind else { return [] }
            return view.subviews.compactMap { indexOf[$0.id] }
        }
        if let shared {
            rootFrameMade = shared.rootFrameMade
            nonNegativeMade = shared.nonNegativeMade
            return
        }
        rootFrameConstraints(into: &rootFrameMade)
        for index in views.indices.dropFirst() {
            let id = views[index].id
            for (variable, name, axis) in [(width(index), "width", Attribute.Axis.horizontal), (height(index), "height", .vertical)] {
                nonNegativeMade.append(KeyedConstraint(.nonNegative(view: index, axis), made(
                    variable, .greaterThanOrEqual, .constant(0), priority: Self.nonNegativePriority,
                    "\(id).\(name) >= 0 @\(Self.nonNegativePriority) (no negative size)")))
            }
        }
    }

    /// Whether an attribute's value depends on the view's safe-area insets (see ``physical(_:of:direction:)``).
    private static func readsSafeInsets(_ attribute: Attribute) -> Bool {
        switch attribute {
        case .left, .right, .leading, .trailing, .width, .height, .centerX, .centerY, .top, .bottom,
             .firstBaseline, .lastBaseline: return false
        case .safeTop, .safeBottom, .safeLeading, .safeTrailing, .safeCenterX, .safeCenterY, .keyboardTop,
             .topMargin, .bottomMargin, .leadingMargin, .trailingMargin: return true
        }
    }

    var variableCount: Int { views.count * 4 }

    // MARK: Frame variables

    func x(_ view: Int) -> LinearExpression { .variable(view * 4) }
    func y(_ view: Int) -> LinearExpression { .variable(view * 4 + 1) }
    func width(_ view: Int) -> LinearExpression { .variable(view * 4 + 2) }
    func height(_ view: Int) -> LinearExpression { .variable(view * 4 + 3) }

    func frame(_ view: Int, _ values: [Double]) -> Rect {
        Rect(x: values[view * 4], y: values[view * 4 + 1], width: values[view * 4 + 2], height: values[view * 4 + 3])
    }

    // MARK: Attributes

    /// An attribute's physical value (in root coordinates, not mirrored) with `leading` and
    /// `trailing` resolved for `direction`.
    func physical(_ attribute: Attribute, of view: Int, direction: LayoutDirection) -> LinearExpression {
        let ltr = direction == .leftToRight
        let safe = safeInsets[view], margin = margins[view]
        // Each edge made when the attribute reads it: a pass asks for thousands of attributes,
        // and each expression made is an array or two.
        var left: LinearExpression { x(view) }
        var right: LinearExpression { span(view, .horizontal, times: 1) }
        var top: LinearExpression { y(view) }
        var bottom: LinearExpression { span(view, .vertical, times: 1) }
        switch attribute {
        case .left: return left
        case .right: return right
        case .leading: return ltr ? left : right
        case .trailing: return ltr ? right : left
        case .width: return width(view)
        case .height: return height(view)
        case .centerX: return span(view, .horizontal, times: 0.5)
        case .centerY: return span(view, .vertical, times: 0.5)
        case .top: return top
        case .bottom: return bottom
        case .safeTop: return top + safe.top
        case .safeBottom: return bottom - safe.bottom
        case .safeLeading: return ltr ? left + safe.left : right - safe.right
        case .safeTrailing: return ltr ? right - safe.right : left + safe.left
        case .safeCenterX: return span(view, .horizontal, times: 0.5) + (safe.left - safe.right) * 0.5
        case .safeCenterY: return span(view, .vertical, times: 0.5) + (safe.top - safe.bottom) * 0.5
        case .keyboardTop: return bottom - safe.bottom
        case .topMargin: return top + (safe.top + margin.top)
        case .bottomMargin: return bottom - (safe.bottom + margin.bottom)
        case .leadingMargin: return ltr ? left + (safe.left + margin.left) : right - (safe.right + margin.right)
        case .trailingMargin: return ltr ? right - (safe.right + margin.right) : left + (safe.left + margin.left)
        case .firstBaseline: return baseline(first: true, of: view)
        case .lastBaseline: return baseline(first: false, of: view)
        }
    }

    /// The value a constraint sees: physical, or mirrored (−x) for a horizontal position when
    /// the constraint is evaluated in mirrored coordinates.
    func value(_ attribute: Attribute, of view: Int, direction: LayoutDirection, mirrored: Bool) -> LinearExpression {
        let value = physical(attribute, of: view, direction: direction)
        return mirrored && attribute.axis == .horizontal && !attribute.isDimension ? value * -1 : value
    }

    /// The arranged subviews of a stack that take part in its arrangement (not hidden).
    func arranged(_ stack: Int) -> (visible: [Int], hidden: [Int]) {
        let children = arrangedOf[stack]
        return (children.filter { !views[$0].hidden }, children.filter { views[$0].hidden })
    }

    /// A view's first or last baseline. A text view's lies at a fixed offset from its top
    /// (first) or bottom (last); a stack's is its first (vertical: first or last) arranged
    /// view's; any other view's baselines are its bottom edge.
    func baseline(first: Bool, of view: Int) -> LinearExpression {
        if case .stack(let stack) = views[view].kind {
            let visible = arranged(view).visible
            if let child = stack.axis == .vertical && !first ? visible.last : visible.first {
                return baseline(first: first, of: child)
            }
        }
        let metrics = intrinsic[view]
        if first, let offset = metrics.firstBaselineFromTop { return y(view) + offset }
        if !first, let offset = metrics.lastBaselineFromBottom { return span(view, .vertical, times: 1) - offset }
        return span(view, .vertical, times: 1)
    }

    /// `x(view) + width(view) * factor` along the horizontal axis, `y(view) + height(view) *
    /// factor` along the vertical one (a view's far edge, its center), made in one array
    /// (``LinearExpression/sum(_:plus:times:)``): thousands of attributes a pass ask for them.
    private func span(_ view: Int, _ axis: Attribute.Axis, times factor: Double) -> LinearExpression {
        let position = axis == .horizontal ? view * 4 : view * 4 + 1
        return .sum(position, plus: position + 2, times: factor)
    }

    // MARK: The layout's own constraints

    /// The places of a constraint's views and the direction it is read in (that of their
    /// nearest common ancestor), or why it cannot be made.
    private struct OwnPlaces {
        var first: Int
        var second: Int?
        var direction: LayoutDirection
    }

    /// ``OwnPlaces`` of `constraint`, or the reason it cannot be made: a view the layout lacks,
    /// else the constraint's own invalidity.
    private func places(of constraint: LayoutConstraint) -> Result<OwnPlaces, InvalidReason> {
        for item in [constraint.first, constraint.second] {
            if let item, indexOf[item.view] == nil {
                return .failure(InvalidReason(text: "unknown view '\(item.view)'"))
            }
        }
        if let (reason, _) = constraint.invalidity {
            return .failure(InvalidReason(text: reason))
        }
        return .success(OwnPlaces(first: indexOf[constraint.first.view]!, second: constraint.second.map { indexOf[$0.view]! },
                                  direction: resolver.direction(of: constraint.first.view, constraint.second?.view)))
    }

    private struct InvalidReason: Error {
        var text: String
    }

    /// A layout constraint as a solver constraint, or the reason it cannot be one; `reference`
    /// names it. `places`: its ``places(of:)``, when found before.
    private func translate(_ constraint: LayoutConstraint, reference: ConstraintReference,
                           places known: OwnPlaces? = nil) -> Result<PendingConstraint, InvalidConstraint> {
        let places: OwnPlaces
        if let known {
            places = known
        } else {
            switch self.places(of: constraint) {
            case .success(let found): places = found
            case .failure(let reason): return .failure(InvalidConstraint(reference: reference, reason: reason.text))
            }
        }
        let direction = places.direction
        let mirrored = direction == .rightToLeft
            && (constraint.first.attribute.isDirectional || constraint.second?.attribute.isDirectional == true)
        let lhs = value(constraint.first.attribute, of: places.first, direction: direction, mirrored: mirrored)
        var rhs = LinearExpression()
        if let second = constraint.second, let place = places.second {
            rhs = value(second.attribute, of: place, direction: direction, mirrored: mirrored) * constraint.multiplier
        }
        return .success(PendingConstraint(lhs, constraint.relation, rhs + constraint.constant, priority: constraint.priority,
                                          reference: reference))
    }

    // MARK: Engine-made constraints

    /// A constraint the engine makes, described by `what` (`UISV-spacing`) and the views,
    /// written only if a diagnostic reads it.
    func made(
        _ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression, priority: Int = LayoutConstraint.requiredPriority,
        _ what: @escaping @Sendable @autoclosure () -> String
    ) -> PendingConstraint {
        PendingConstraint(lhs, relation, rhs, priority: priority, reference: ConstraintReference(index: nil, priority: priority, describe: what))
    }

    // MARK: A pass's constraints

    /// Every constraint of a pass, keyed, in the order that decides which one is broken when
    /// required constraints conflict: the root frame, each stack's (in tree order), the
    /// layout's own (in file order), content sizes. Also the layout's constraints that cannot
    /// be made. What depends on the texts or on the previous pass (intrinsic sizes, baselines,
    /// safe-area insets) is in the constants, and in a few priorities and coefficients.
    func constraints(_ document: LayoutDocument) -> (constraints: [KeyedConstraint], invalid: [LayoutDiagnostic]) {
        var memo: ContentSizeMemo?
        let made = constraints(document, memo: &memo)
        return (made.constraints, made.invalid)
    }

    /// What a pass made of each view's content size, for the next pass of the same run: a view
    /// whose intrinsic width, height and wrapping are what they were gets the same constraints
    /// (most views of a pass that wraps a label) rather than new ones equal to them. Kept for
    /// each view wrapping freely and not (``ContentSizeMemo/slot(_:wrapsFreely:)``): a
    /// multi-line label wraps freely in a run's first pass and at its width in the next, and
    /// one entry for both was made again in nearly every pass.
    /// Each stack's constraints likewise, kept while what they read is the same
    /// (``stackInputs(_:)``): the lengths along its axis of the views it arranges (for a
    /// horizontal stack aligned by baselines, every size and baseline in its subtree), and for a
    /// stack arranged within its margins its safe-area insets.
    ///
    /// A memo holds for the views, device, directions and margins of the system that made it
    /// (``memo``); another system of the same views takes it over with ``adopting(_:differing:)``.
    struct ContentSizeMemo {
        /// By ``slot(_:wrapsFreely:)``.
        fileprivate var entries: [Entry]
        fileprivate var stacks: [StackEntry]
        fileprivate(set) var views: [ViewNode]
        fileprivate var device: Device
        fileprivate var directions: [LayoutDirection]
        fileprivate var margins: [EdgeInsets]

        /// The place in `entries` of the view at `index` as it wraps: its compression
        /// resistance's priority (and description) differ between the two.
        fileprivate static func slot(_ index: Int, wrapsFreely: Bool) -> Int { 2 * index + (wrapsFreely ? 1 : 0) }

        /// A view's content-size constraints as made for the bits of its intrinsic width and
        /// height. The memo's entries are structures with an absent `made` rather than optional
        /// tuples: an array of optionals or tuples is copied and freed element by element through
        /// the runtime's generic value witnesses (a copy of the memo's entries cost some 10,000
        /// instructions), an array of a structure through the structure's own.
        fileprivate struct Entry {
            var width: UInt64?, height: UInt64?
            /// Nil: nothing kept.
            var made: [KeyedConstraint]?
            static let empty = Entry(width: nil, height: nil, made: nil)
        }

        /// A stack's constraints as made from `inputs` (``LayoutSystem/stackInputs(_:)``); `made`
        /// nil: nothing kept.
        fileprivate struct StackEntry {
            var inputs: [UInt64]
            var made: [PendingConstraint]?
            var sections: StackSections?
            static let empty = StackEntry(inputs: [], made: nil, sections: nil)
        }
    }

    /// An empty memo for this system's passes.
    var memo: ContentSizeMemo {
        ContentSizeMemo(entries: Array(repeating: .empty, count: 2 * views.count), stacks: Array(repeating: .empty, count: views.count),
                        views: views, device: device, directions: directions, margins: margins)
    }

    /// `memo`, made by a system of a document whose views have the same ids in the same tree
    /// (the layout a fix changes, and the layout with the fix), for this system's passes: the
    /// views ``viewsDiffering(from:)`` finds lose what was kept of them, their content sizes
    /// and, for a stack, its arrangement; what is left was made from the same inputs a pass here
    /// would make it from. Nil when the device, directions or margins differ, or the views
    /// cannot be compared (`differing` nil). `differing` is ``viewsDiffering(from:)`` of the
    /// memo's views, which a caller may keep for the next memo of those views.
    func adopting(_ memo: ContentSizeMemo, differing: [Int]?) -> ContentSizeMemo? {
        guard let differing, memo.views.count == views.count, memo.device == device, memo.directions == directions,
              memo.margins == margins
        else { return nil }
        var adopted = memo
        for index in differing {
            adopted.entries[ContentSizeMemo.slot(index, wrapsFreely: false)] = .empty
            adopted.entries[ContentSizeMemo.slot(index, wrapsFreely: true)] = .empty
            adopted.stacks[index] = .empty
        }
        adopted.views = views
        return adopted
    }

    /// Whether the two lists are one array's storage (the same system's views), not copies.
    static func sameStorage(_ a: [ViewNode], _ b: [ViewNode]) -> Bool {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress } }
    }

    /// The views of `other` (a document's views, listed as this system lists them) that are not
    /// the same here: each view compared without its subviews, and with each that differs every
    /// view above it, whose subtree then differs. Empty for this system's own views; nil when
    /// the two do not have the same ids in the same places.
    func viewsDiffering(from other: [ViewNode]) -> [Int]? {
        guard other.count == views.count else { return nil }
        if Self.sameStorage(other, views) { return [] }
        var differs = [Bool](repeating: false, count: views.count)
        for index in views.indices {
            var kept = other[index], own = views[index]
            guard kept.id == own.id else { return nil }
            kept.subviews = []
            own.subviews = []
            guard kept != own else { continue }
            var up: Int? = index
            while let view = up, !differs[view] {
                differs[view] = true
                up = parent[view]
            }
        }
        return differs.indices.filter { differs[$0] }
    }

    /// What a stack's constraints read that a pass may change (see ``ContentSizeMemo``), as bits:
    /// the length along its axis of each visible arranged view, with or without an intrinsic
    /// one (the ambiguity suppression and the proportional fill read them), and, for a stack
    /// arranged within its margins, its safe-area insets (its margins read them; no other
    /// attribute a stack's constraints name does). A horizontal stack aligned by baselines reads
    /// its views' baselines, found down their subtrees (``baseline(first:of:)``): for it, every
    /// intrinsic size and baseline of its subtree. The views' other fields, and which of them
    /// are hidden, are the system's own and do not change between passes.
    private func stackInputs(_ stack: Int) -> [UInt64] {
        guard case .stack(let spec) = views[stack].kind else { return [] }
        var words: [UInt64] = []
        func add(_ value: Double?) {
            if let value {
                words.append(1)
                words.append(value.bitPattern)
            } else {
                words.append(0)
            }
        }
        let horizontal = spec.axis == .horizontal
        if horizontal && (spec.alignment == .firstBaseline || spec.alignment == .lastBaseline) {
            words.reserveCapacity((subtreeEnd[stack] - stack) * 8 + 4)
            for view in stack..<subtreeEnd[stack] {
                let size = intrinsic[view]
                add(size.width)
                add(size.height)
                add(size.firstBaselineFromTop)
                add(size.lastBaselineFromBottom)
            }
        } else {
            words.reserveCapacity(arrangedOf[stack].count * 2 + 4)
            for view in arrangedOf[stack] where !views[view].hidden {
                add(horizontal ? intrinsic[view].width : intrinsic[view].height)
            }
        }
        if spec.marginsRelativeArrangement {
            let insets = safeInsets[stack]
            for side in [insets.top, insets.left, insets.bottom, insets.right] { words.append(side.bitPattern) }
        }
        return words
    }

    /// What ``constraints(_:memo:)`` reads of the views' intrinsic sizes, bit for bit: for each
    /// view, a word saying which of its width, height and baselines it has and whether it wraps
    /// freely, then the bits of those it has. Plain words: kept for the next pass to compare
    /// with, they share nothing with the sizes, which that pass changes in place (a list of the
    /// sizes kept would have every size copied, each of its texts retained, at the first change).
    struct SizeReadings: Equatable {
        fileprivate var words: [UInt64]
    }

    /// ``SizeReadings`` of this system's intrinsic sizes.
    var sizeReadings: SizeReadings {
        var words: [UInt64] = []
        words.reserveCapacity(intrinsic.count * 3)
        // Each size read where the array keeps it (a copy retained its texts).
        intrinsic.withUnsafeBufferPointer { sizes in
            for index in sizes.indices {
                let width = sizes[index].width, height = sizes[index].height
                let first = sizes[index].firstBaselineFromTop, last = sizes[index].lastBaselineFromBottom
                words.append((width == nil ? 0 : 1) | (height == nil ? 0 : 2) | (first == nil ? 0 : 4) | (last == nil ? 0 : 8)
                             | (sizes[index].wrapsFreely ? 16 : 0))
                if let width { words.append(width.bitPattern) }
                if let height { words.append(height.bitPattern) }
                if let first { words.append(first.bitPattern) }
                if let last { words.append(last.bitPattern) }
            }
        }
        return SizeReadings(words: words)
    }

    /// Whether ``constraints(_:memo:)`` makes the same constraints here as for a system of the
    /// same views whose intrinsic sizes read as `readings` (``sizeReadings``) and whose
    /// safe-area insets are `insets`: the fields of the sizes the constraints read (widths,
    /// heights, baselines, whether a label wraps freely) and the safe-area insets they read
    /// (``insetsRead``), bit for bit. A pass whose wrap widths moved but whose labels measured
    /// the same (the last pass of most runs that wrap) then has the previous pass's constraints.
    /// `own`: this system's ``sizeReadings`` where the caller has them (a pass reads them once).
    func makesTheSameConstraints(as readings: SizeReadings, insets: [EdgeInsets], own: SizeReadings? = nil) -> Bool {
        guard insets.count == safeInsets.count else { return false }
        for index in insetsRead where !safeInsets[index].sameBits(as: insets[index]) { return false }
        return (own ?? sizeReadings) == readings
    }

    /// ``constraints(_:)``, each view's content-size constraints taken from `memo` when they
    /// would be made the same, and kept there; written over `previous` (``PassConstraintWriter``),
    /// with whether each has the shape of the one it was written over, as many as those
    /// (`sameShapes`: then they have the structure those had).
    func constraints(_ document: LayoutDocument, memo: inout ContentSizeMemo?, reusing previous: consuming [KeyedConstraint] = [])
        -> (constraints: [KeyedConstraint], invalid: [LayoutDiagnostic], sameShapes: Bool)
    {
        // The root frame, the stacks, the layout's own, the content sizes: written into one
        // array (a pass's constraints are hundreds, and joining parts copied every one of them),
        // over `previous` where it is the array's only holder (``PassConstraintWriter``).
        var all = PassConstraintWriter(reusing: previous, capacity: 4 + document.constraints.count + views.count * 8)
        rootFrameMade.withUnsafeBufferPointer { made in
            for index in made.indices { all.put(made, index) }
        }
        for stack in views.indices {
            // Only a stack makes constraints of its own.
            guard case .stack = views[stack].kind else { continue }
            let made: [PendingConstraint]
            if memo != nil {
                let inputs = stackInputs(stack)
                let entry = memo?.stacks[stack]
                if let entry, let kept = entry.made, entry.inputs == inputs {
                    made = kept
                } else {
                    // Other lengths: the distribution's constraints made again, the others kept.
                    let kept = entry.flatMap { entry in entry.made.flatMap { made in entry.sections.map { (made, $0) } } }
                    let remade = stackConstraints(stack, keeping: kept)
                    made = remade.made
                    memo?.stacks[stack] = ContentSizeMemo.StackEntry(inputs: inputs, made: made, sections: remade.sections)
                }
            } else {
                made = stackConstraints(stack)
            }
            made.withUnsafeBufferPointer { made in
                for position in made.indices { all.put(.stack(stack, position: position), made, position) }
            }
        }
        var invalid: [LayoutDiagnostic] = []
        for (index, constraint) in document.constraints.enumerated() {
            let translated = ownMadePlace[index] != Self.ownUntranslated
                && translatedInsetsOf[index].allSatisfy { safeInsets[$0] == firstInsets[$0] }
            // The translation made with the first pass's insets, while the insets it read are
            // those.
            if translated && ownMadePlace[index] >= 0 {
                ownMade.withUnsafeBufferPointer { made in all.put(made, ownMadePlace[index]) }
                continue
            }
            switch translated ? translatedOwn[index]! : translate(constraint, reference: ownReferences[index], places: ownPlaces[index]) {
            case .success(let made): all.put(KeyedConstraint(.own(index), made))
            case .failure(let failure): invalid.append(.invalidConstraint(failure.reference, reason: failure.reason))
            }
        }
        contentSizeConstraints(into: &all, memo: &memo)
        let finished = all.finished()
        return (finished.constraints, invalid, finished.sameShapes)
    }

    /// The root view fills the screen.
    private func rootFrameConstraints(into result: inout [KeyedConstraint]) {
        let device = device
        let what = { @Sendable in "root frame = screen of \(device.name) (\(Number.exact(device.width)) × \(Number.exact(device.height)))" }
        let sides: [(FrameComponent, LinearExpression, Double)] = [
            (.x, x(0), 0), (.y, y(0), 0), (.width, width(0), device.width), (.height, height(0), device.height),
        ]
        for side in sides { result.append(KeyedConstraint(.rootFrame(side.0), made(side.1, .equal, .constant(side.2), what()))) }
    }

    /// A view is never made smaller than nothing unless required constraints demand it.
    static let nonNegativePriority = 999

    /// Content hugging (size <= intrinsic) and compression resistance (size >= intrinsic) of
    /// every view with an intrinsic size, at the view's priorities, as Auto Layout makes them;
    /// and every view's width and height at least 0 (priority 999, made once in `init`).
    /// A multi-line label that is not wrapped resists horizontal compression at priority 1
    /// only: rather than squeeze its neighbours it wraps (in the next pass), as UILabel does.
    /// Each view's fields are read in place rather than the view copied.
    private func contentSizeConstraints(into result: inout PassConstraintWriter, memo: inout ContentSizeMemo?) {
        for index in views.indices {
            // Written one by one: the general append of a few elements cost some 250
            // instructions a call.
            if index > 0 {
                nonNegativeMade.withUnsafeBufferPointer { made in
                    result.put(made, 2 * index - 2)
                    result.put(made, 2 * index - 1)
                }
            }
            // The size's fields read where the array keeps it (a copy retained its texts).
            let sizeWidth = intrinsic[index].width, sizeHeight = intrinsic[index].height
            let wrapsFreely = intrinsic[index].wrapsFreely
            let width = sizeWidth?.bitPattern, height = sizeHeight?.bitPattern
            let slot = ContentSizeMemo.slot(index, wrapsFreely: wrapsFreely)
            // The entry compared and its constraints appended where the memo keeps it (a copy
            // of it retained its array, and released it).
            if memo?.entries.withUnsafeBufferPointer({ entries in
                guard let made = entries[slot].made, entries[slot].width == width, entries[slot].height == height else {
                    return false
                }
                made.withUnsafeBufferPointer { made in
                    for index in made.indices { result.put(made, index) }
                }
                return true
            }) == true {
                continue
            }
            let start = result.count
            // Other lengths along the same axes, at the same priorities: the entry's constraints,
            // each with the constant its length gives as making it gives it (`0 + length * -1`,
            // ``PendingConstraint/withConstant(_:)``), described for it, sharing their terms.
            if let entry = memo?.entries[slot], let made = entry.made, (entry.width == nil) == (width == nil),
               (entry.height == nil) == (height == nil) {
                made.withUnsafeBufferPointer { made in
                    for index in made.indices {
                        guard let axis = made[index].key.contentSizeAxis else { preconditionFailure("not a content size: \(made[index].key)") }
                        let length = axis == .horizontal ? sizeWidth! : sizeHeight!
                        result.put(made, index, constant: 0 + length * -1)
                    }
                }
                memo?.entries[slot] = ContentSizeMemo.Entry(width: width, height: height, made: result.written(from: start))
                continue
            }
            let id = views[index].id
            // Each description written from the constant (`0 + length * -1`), whose negation
            // from zero is the length (of a length of zero, either zero: written `0`; a length
            // is a measured or given size, never NaN).
            func add(_ value: Double?, _ variable: LinearExpression, _ name: String, _ axis: Attribute.Axis,
                     hugging: Int, resistance: Int) {
                guard let value else { return }
                result.put(KeyedConstraint(.hugging(view: index, axis), PendingConstraint(
                    variable, .lessThanOrEqual, .constant(value), priority: hugging, describe: { constant in
                        "\(id).\(name) <= \(Number.exact(0 - constant)) @\(hugging) (content hugging)"
                    })))
                result.put(KeyedConstraint(.compressionResistance(view: index, axis), PendingConstraint(
                    variable, .greaterThanOrEqual, .constant(value), priority: resistance, describe: { constant in
                        "\(id).\(name) >= \(Number.exact(0 - constant)) @\(resistance) (compression resistance)"
                    })))
            }
            add(sizeWidth, self.width(index), "width", .horizontal, hugging: views[index].hugging.horizontal,
                resistance: wrapsFreely ? Self.fittingPriority : views[index].compressionResistance.horizontal)
            add(sizeHeight, self.height(index), "height", .vertical, hugging: views[index].hugging.vertical,
                resistance: views[index].compressionResistance.vertical)
            if memo != nil { memo?.entries[slot] = ContentSizeMemo.Entry(width: width, height: height, made: result.written(from: start)) }
        }
    }

    /// How far the root's unsafe area reaches into each view whose insets a constraint reads
    /// (``insetsRead``), from solved frames; the root's are the device's safe area, and every
    /// other view's stay zero, as they start (no constraint, stack or translation reads them,
    /// so a pass that only they would change makes the constraints of the pass before).
    func safeInsetsFromFrames(_ values: [Double]) -> [EdgeInsets] {
        let screen = frame(0, values)
        let safe = device.safeArea
        var insets = [EdgeInsets](repeating: .zero, count: views.count)
        insets[0] = safe
        func clamp(_ value: Double, _ limit: Double) -> Double {
            (min(max(value, 0), max(limit, 0)) * 1e6).rounded() / 1e6
        }
        for index in insetsRead where index > 0 {
            let f = frame(index, values)
            insets[index] = EdgeInsets(
                top: clamp(screen.minY + safe.top - f.minY, f.height),
                left: clamp(screen.minX + safe.left - f.minX, f.width),
                bottom: clamp(f.maxY - (screen.maxY - safe.bottom), f.height),
                right: clamp(f.maxX - (screen.maxX - safe.right), f.width))
        }
        return insets
    }
}

/// A constraint that cannot be made, and why.
struct InvalidConstraint: Error {
    let reference: ConstraintReference
    let reason: String
}
