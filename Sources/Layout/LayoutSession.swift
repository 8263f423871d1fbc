import Cassowary
import Foundation
import Support

/// Lays one layout document out on one device, in one direction, at one content size, for as
/// many runs (languages, texts) as asked: what stays the same from run to run is worked out
/// once.
///
/// ```swift
/// let session = LayoutSession(document: document, device: device, direction: .rightToLeft,
///                             contentSize: .L, measurer: measurer)
/// for (language, texts) in textsByLanguage {
///     let result = try session.layout(LayoutContext(device: device, contentSize: .L, direction: .rightToLeft,
///                                                   language: language, texts: texts))
/// }
/// ```
///
/// A run gives the frames and diagnostics that ``LayoutEngine/layout(_:in:)`` gives with the
/// same context, whatever runs the session did before, in whatever order, on whatever threads.
///
/// **The solver.** A run solves in passes (see ``LayoutEngine``). The constraints of a pass
/// are keyed (``ConstraintKey``); between runs, and between passes, mostly their constants
/// change: intrinsic sizes and baselines with the texts, wrap widths, safe-area insets. For
/// every structure met (the constraints without their constants: keys, variables,
/// coefficients, relations, priorities), one solver is kept, with every constant zero. That
/// system always holds (everything at zero) and depends on the structure alone. A run's first
/// pass copies it and gives the copy the pass's constants with `Solver.setConstants`, which
/// keeps the basis and repairs it with the dual simplex; a later pass of the same structure
/// changes the constants that changed on the same copy. When the structure changes by a few
/// optional priorities alone (a wrapping label's compression resistance between its first
/// pass and the next; a fix that lets a label wrap or changes a priority), the pass starts
/// from a copy of the previous pass's state with those priorities changed in place
/// (`Solver.changeStrength`, settled by the primal simplex from that basis), and moves only the
/// constants that differ (`StructureSolver.derived(from:changes:)`). When it changes otherwise (a
/// proportional stack's ratios, a constraint that appears), the pass starts from a copy of
/// the zero solver of its own structure, built the first time a pass needs it.
///
/// **Determinism.** A pass starts from a zero solver, from its own run's previous pass,
/// from the state the session's seed left (a run given one: the first pass of a structure
/// that the layout of the seed's texts met, laid out once from the zero solvers, whichever run
/// asks first; a check's seed is its seed language's texts: the development language's, or the
/// first language written in the session's direction) or, for a run laid out again with a
/// small change (a fix tried on it), from the state the unchanged run's pass of the same
/// structure ended in (``RunSolverStates``), or of the structure a few priorities away that
/// differs least (the first the run met of equals): never from a state that another run, on
/// another thread or earlier in the check, happened to leave. Its values count only when the
/// solver calls its solution unique (`Solver.hasUniqueSolution`): then every solver of that
/// system, built afresh or changed, finds the same values.
/// Otherwise (an ambiguous layout, a degenerate optimum the test cannot clear), and when
/// required constraints conflict with the pass's constants, the pass is solved afresh as
/// ``LayoutEngine`` solves it, conflicts and all.
///
/// **Ambiguity.** A view is ambiguous when another solution is as good by every priority
/// (``AmbiguityProbe``). Such a solution is optimal for the solver too, so where the
/// structure's solver calls its solution the only optimal one (a pass whose values counted,
/// above), no variable that a constraint names moves: the free ones are those no constraint
/// names (`StructureSolver.unnamed`), and nothing is probed. That is most passes. For the
/// others, which views are free depends on the constraints and on
/// how each stands at the solution (which priorities hold exactly, which inequalities are on
/// their bounds): an ``AmbiguityProbe/Signature``. It is answered once per structure and
/// signature, from the cone of optimal directions at the solution, by one solve
/// (``AmbiguityProbe/movableDirections(_:signature:variableCount:probing:block:)``), and
/// remembered, the cone's independent blocks each apart (``ConeBlock``); a run whose solution stands too near a bound to have a signature is probed as
/// ``LayoutEngine`` probes, on its own solution.
///
/// The zero solvers and the answers depend on the constraints without their constants, not
/// on the device, content size or texts: they are kept in a ``LayoutSessionStore``, which
/// sessions of one layout on several devices and content sizes can share.
///
/// **Threads.** A session may serve any number of threads at once: what it remembers is
/// behind the store's lock, and each run solves on its own copies. The measurer is called on
/// the calling thread, so it must allow that if the session is shared.
public final class LayoutSession: @unchecked Sendable {
    public let document: LayoutDocument
    /// The device of the runs, before the layout's environment is applied.
    public let device: Device
    public let direction: LayoutDirection
    public let contentSize: ContentSize
    public let measurer: any TextMeasuring
    /// For a right-to-left session: whether its constraints are the mirror images of the
    /// left-to-right ones (``LayoutDocument/mirrorsExactly(on:)``), found once for all its runs;
    /// false for a left-to-right one.
    public let mirrorsExactly: Bool

    /// How passes are solved: on the session's solvers, or each afresh (``LayoutEngine``'s
    /// one-off runs, which could not reuse anything).
    enum Solving {
        case reusing, fresh
    }

    private let solving: Solving
    private let store: LayoutSessionStore
    /// The content-size and stack constraints of the session's last run, for the next run
    /// to take those it would make the same (most views of another run of the same texts, a
    /// language's views without text; a fix's run takes its run's, ``RunSolverStates/memo``):
    /// a memo answers by exact inputs alone, so which run left it never changes a result.
    private var lastMemo: LayoutSystem.ContentSizeMemo?
    /// By pass number, the constraints a run of the session made in that pass, and the
    /// structure they had: the next run's pass of the same number (another language of the same
    /// layout and device) writes its own over them (``PassConstraintWriter``); where each has the
    /// shape it is written over, it has that structure, not looked for again; otherwise it has
    /// another, which the store finds (``LayoutSessionStore/solver(for:variableCount:)``). Read
    /// and written under `memoLock`.
    private var lastPasses = [MadePass](repeating: MadePass(), count: LayoutEngine.maximumPasses)

    /// A pass's constraints and their structure (nil: not found, a pass solved afresh).
    private struct MadePass {
        var constraints: [KeyedConstraint] = []
        var structure: StructureSolver?
    }
    /// The views of the last memo another session's run left (``RunSolverStates/memo``), kept
    /// alive so that the same array is known again, and which of them differ here.
    private var lastDiffering: (views: [ViewNode], differing: [Int]?)?
    private let memoLock = BriefLock()
    /// The states the seed's texts left (``seedStates(_:)``), once made; nil before, or where
    /// they could not be laid out. Read and written under `seedLock`, which a run that asks
    /// while they are being made waits on.
    private var seeds: (states: RunSolverStates?, made: Bool) = (nil, false)
    private let seedLock = BriefLock()
    /// How many passes started from the seed's states (read by tests; under `memoLock`).
    private var seededPassCount = 0
    var seededPasses: Int {
        memoLock.lock()
        defer { memoLock.unlock() }
        return seededPassCount
    }
    /// The views, their directions and margins, with no intrinsic sizes yet.
    private let template: LayoutSystem
    /// Each frame variable's name (`view.x`, …), made the first time a pass is solved afresh
    /// or probed for ambiguity (most sessions have neither): read and written under `memoLock`.
    private var keptNames: [String]?
    /// How many frame variables the views have.
    private let variableCount: Int
    /// The store's number of `names` (``LayoutSessionStore/namesNumber(_:)``), found when a
    /// pass is first solved afresh (most sessions solve none so); read and written under `memoLock`.
    private var keptNamesNumber: Int?
    /// The frame variables that ambiguity is reported for: those of views not hidden.
    private let probing: [Int]
    /// By view, whether it shows a text (a label, a button, a text field): only those are
    /// measured with their run's text (`IntrinsicSize.of` reads no other view's), so only their
    /// texts are looked up, a dictionary look-up by id for every view of every pass.
    private let showsText: [Bool]

    /// A session for the runs of `document` on `device` (before the layout's environment is
    /// applied), in `direction`, at `contentSize`, measuring texts with `measurer`. Sessions
    /// given one `store` share what they work out (see ``LayoutSessionStore``); by default a
    /// session has a store of its own.
    public convenience init(
        document: LayoutDocument, device: Device, direction: LayoutDirection, contentSize: ContentSize,
        measurer: any TextMeasuring, store: LayoutSessionStore = LayoutSessionStore()
    ) {
        self.init(document: document, device: device, direction: direction, contentSize: contentSize,
                  measurer: measurer, store: store, solving: .reusing)
    }

    init(
        document: LayoutDocument, device: Device, direction: LayoutDirection, contentSize: ContentSize,
        measurer: any TextMeasuring, store: LayoutSessionStore, solving: Solving
    ) {
        self.document = document
        self.device = device
        self.direction = direction
        self.contentSize = contentSize
        self.measurer = measurer
        self.store = store
        self.solving = solving
        mirrorsExactly = direction == .rightToLeft && document.mirrorsExactly(on: device)
        let applied = document.environment?.applied(to: device) ?? device
        let system = LayoutSystem(document: document, device: applied, language: direction,
                                  reusing: solving == .reusing ? store.template(for: applied) : nil)
        if solving == .reusing { store.keep(system, for: applied) }
        template = system
        variableCount = system.variableCount
        probing = system.views.indices.filter { !system.effectivelyHidden[$0] }.flatMap { view in (0..<4).map { view * 4 + $0 } }
        showsText = system.views.map { $0.kind.font != nil }
    }

    /// Lays the document out with a run's texts. The context's device, direction and content
    /// size must be the session's (a programming error otherwise). When a text has width
    /// variants, the layout is solved with each text's widest variant, then again with the
    /// variants that fit their views.
    ///
    /// - Throws: `TextMeasuringError` when a view's text cannot be measured.
    public func layout(_ context: LayoutContext) throws -> LayoutResult {
        try layout(context, recording: nil, startingFrom: nil)
    }

    /// ``layout(_:)`` with as much of the result as `detail` asks: ``LayoutDetail/frames``
    /// gives the same frames, directions and conflicts, without fitting the views' texts or
    /// looking for ambiguity (what reading frames alone does not need).
    public func layout(_ context: LayoutContext, detail: LayoutDetail) throws -> LayoutResult {
        try layout(context, recording: nil, startingFrom: nil, detail: detail)
    }

    /// ``layout(_:)``, keeping in `recording` the solver state each structure's last pass ended
    /// in, and starting a pass whose structure `startingFrom` holds from a copy of that state
    /// rather than from the structure's zero solver (see ``RunSolverStates``): how a fix is
    /// tried on a run, from where the run itself ended.
    /// `seed`: the context whose layout's states a run's first passes start from, where their
    /// structure is one it met (``seedStates(_:)``); asked only while they are not made.
    /// `isSeed`: the run's context is the seed's: the run is laid out from the zero solvers, as
    /// the seed is, and its states are the seed's if none are made yet.
    package func layout(_ context: LayoutContext, recording: RunSolverStates?, startingFrom: RunSolverStates?,
                        detail: LayoutDetail = .full, seed: (() -> LayoutContext?)? = nil, isSeed: Bool = false) throws
        -> LayoutResult
    {
        let laidOut: (result: LayoutResult, ambiguous: () -> [LayoutDiagnostic])
        if isSeed, startingFrom == nil {
            laidOut = try layingOutTheSeed(context, recording: recording, fitsTexts: detail == .full)
        } else {
            let seeds = startingFrom == nil ? seed.flatMap(seedStates) : nil
            laidOut = try layout(context, recording: recording, startingFrom: startingFrom, seeds: seeds, fitsTexts: detail == .full)
        }
        guard detail == .full else { return laidOut.result }
        var result = laidOut.result
        result.diagnostics += laidOut.ambiguous()
        return result
    }

    /// ``layout(_:recording:startingFrom:detail:)`` in full, but for its `ambiguous`
    /// diagnostics, which `ambiguous` finds when called (what they would have been, appended
    /// to the result's diagnostics): for a run that may need no more than its frames and
    /// texts (a fix tried on a run, decided as soon as one finding rejects it).
    /// `fittedBefore`: the views of the run this one lays out again with a change, whose texts
    /// are taken as fitted there where nothing they were fitted from changed (``FittedViews``).
    package func layoutDeferringAmbiguity(_ context: LayoutContext, recording: RunSolverStates?,
                                          startingFrom: RunSolverStates?, fittedBefore: FittedViews? = nil) throws
        -> (result: LayoutResult, ambiguous: () -> [LayoutDiagnostic])
    {
        try layout(context, recording: recording, startingFrom: startingFrom, fitsTexts: true, fittedBefore: fittedBefore)
    }

    private func layout(_ context: LayoutContext, recording: RunSolverStates?, startingFrom: RunSolverStates?,
                        seeds: RunSolverStates? = nil, fitsTexts: Bool, fittedBefore: FittedViews? = nil) throws
        -> (result: LayoutResult, ambiguous: () -> [LayoutDiagnostic])
    {
        precondition(
            context.device == device && context.direction == direction && context.contentSize == contentSize,
            "a layout session for \(device.name), \(direction.rawValue), \(contentSize.rawValue) was given a run for "
                + "\(context.device.name), \(context.direction.rawValue), \(context.contentSize.rawValue)")
        var context = context
        var solved = try solve(in: context, recording: recording, startingFrom: startingFrom, seeds: seeds, before: fittedBefore)
        if !context.widthVariants.isEmpty {
            let fitting = TextFitting(measurer: measurer, context: context)
            var changed = false
            for (index, view) in solved.system.views.enumerated() {
                guard let variants = context.widthVariants[view.id], variants.count > 1 else { continue }
                let width = solved.system.frame(index, solved.values).rounded.width
                let chosen = try measuring(view.id, context) { try fitting.widthVariant(variants, of: view, width: width) }
                if chosen != context.texts[view.id] {
                    context.texts[view.id] = chosen
                    changed = true
                }
            }
            if changed {
                solved = try solve(in: context, recording: recording, startingFrom: startingFrom, seeds: seeds, before: fittedBefore)
            }
        }
        let fitting = fitsTexts ? TextFitting(measurer: measurer, context: context) : nil
        let views = try solved.system.views.indices.map { index in
            try viewLayout(solved.system, index, values: solved.values, text: solved.texts[index], fitting: fitting,
                           before: fittedBefore)
        }
        var result = LayoutResult(views: views, diagnostics: solved.diagnostics, device: solved.system.device)
        result.everyPassUnique = solved.everyPassUnique
        return (result, { [solved] in self.ambiguous(solved) })
    }

    // MARK: Passes

    /// A run's last pass: its values and the diagnostics of invalid and conflicting
    /// constraints; what its ambiguity is found from (``ambiguous(_:)``).
    struct Solved {
        var system: LayoutSystem
        var values: [Double]
        var diagnostics: [LayoutDiagnostic]
        fileprivate var pass: Pass?
        /// Whether every pass's values were its structure's solver's, which called them the only
        /// optimal solution (``Pass/isUnique``): not only the last pass's.
        var everyPassUnique: Bool
        fileprivate var keyed: [KeyedConstraint]
        /// By view, the text it shows in the run (`context.texts`, no text an empty one; a view
        /// that shows none, an empty one): looked up once for the run's passes and its fitting.
        fileprivate var texts: [String]
    }

    /// The passes of a run: each measures the views (a label again only when its wrap width
    /// changed), makes the constraints and solves; then wrap widths and safe-area insets are
    /// updated from the solution, until neither changes or `LayoutEngine.maximumPasses` passes.
    /// `before`: the run this one lays out again with a change (`startingFrom`'s), whose
    /// measured sizes it takes where nothing they were measured from changed (``MeasuredSizes``).
    func solve(in context: LayoutContext, recording: RunSolverStates? = nil, startingFrom: RunSolverStates? = nil,
               seeds: RunSolverStates? = nil, before: FittedViews? = nil) throws -> Solved
    {
        var system = template
        var invalid: [LayoutDiagnostic] = []
        // By view: the width each wrapping label wraps at in this pass (nil: none), and those the
        // last measuring had (arrays rather than dictionaries: read for every view of every pass).
        var wrapWidths = [Double?](repeating: nil, count: template.views.count)
        var measuredWraps: [Double?]?
        var pass: Pass?
        var everyPassUnique = true
        var state: StructureSolver.State?
        var keyed: [KeyedConstraint] = []
        /// The sizes and insets the last pass solved was made from.
        var solvedWith: (sizes: LayoutSystem.SizeReadings, insets: [EdgeInsets])?
        memoLock.lock()
        var memo: LayoutSystem.ContentSizeMemo? = lastMemo
        // The last runs' constraints, which each pass writes its own over (taken: the writer
        // leaves in place only what an array it alone holds has).
        var spares = lastPasses
        lastPasses = Self.noPasses
        memoLock.unlock()
        // The passes made here, by number, for the next run.
        var made = Self.noPasses
        // A run laid out again with a change (a fix tried on it) starts from what the run itself
        // kept, made from the same texts, of its own layout or of the layout the fix changes.
        if let kept = startingFrom?.memo, let adopted = template.adopting(kept, differing: differing(from: kept)) {
            memo = adopted
        }
        if memo == nil { memo = template.memo }
        defer {
            // Each pass this run made, else the one taken for its number, left for the next run.
            for number in made.indices where made[number].constraints.isEmpty { swap(&made[number], &spares[number]) }
            memoLock.lock()
            lastMemo = memo
            lastPasses = made
            memoLock.unlock()
            if let memo { recording?.keep(memo) }
        }

        // The sizes the run laid out again here measured, and the views the change edits.
        let measuredBefore = before.flatMap { before in
            startingFrom.map { (sizes: $0.measuredSizes, before: before) }
        }
        // Each view's text looked up once, for what it is measured from and what it was measured
        // from, in every pass, and for its fitting; a view without text is measured, and its
        // size kept and found, with none.
        let texts = template.views.indices.map { showsText[$0] ? context.texts[template.views[$0].id] ?? "" : "" }
        for number in 0..<LayoutEngine.maximumPasses {
            // The views and device read from constants, not from `system` while it is assigned to.
            let views = system.views, device = system.device
            var measured: [MeasuredSizes.Size] = []
            func measure(_ index: Int) throws -> IntrinsicSize {
                let id = views[index].id, text = texts[index]
                if let measuredBefore, !measuredBefore.before.edits(id),
                   let size = measuredBefore.sizes.size(at: index, id: id, text: text, wrapWidth: wrapWidths[index]) {
                    return size
                }
                let size = try measuring(id, context) {
                    try IntrinsicSize.of(views[index], text: text, context: context, device: device, measurer: measurer,
                                         wrapWidth: wrapWidths[index])
                }
                if recording != nil {
                    measured.append(MeasuredSizes.Size(place: index, id: id, text: text,
                                                       wrapWidth: wrapWidths[index]?.bitPattern, size: size))
                }
                return size
            }
            // Every view in the first pass; then those whose wrap width moved, each in place (the
            // sizes of the others as they are: a list made anew copied each, its texts retained).
            if let measuredWraps {
                for index in views.indices where measuredWraps[index] != wrapWidths[index] {
                    system.intrinsic[index] = try measure(index)
                }
            } else {
                system.intrinsic = try views.indices.map(measure)
            }
            if !measured.isEmpty { recording?.keep(measured) }
            measuredWraps = wrapWidths
            // The layout's own constraints depend on baselines (intrinsic) and safe areas. Where
            // they are the previous pass's, so is the pass: its solve is the previous one again
            // (the same structure and constants, from the state that pass left, or afresh).
            let readings = system.sizeReadings
            if pass != nil, let solvedWith,
               system.makesTheSameConstraints(as: solvedWith.sizes, insets: solvedWith.insets, own: readings) {
                // The previous pass's constraints, pass and invalid constraints stand.
            } else {
                // Written over the constraints of a last run's pass of the same number.
                let written = system.constraints(document, memo: &memo, reusing: Self.taking(&spares[number].constraints))
                invalid = written.invalid
                keyed = written.constraints
                pass = solvePass(keyed, from: &state, recording: recording, startingFrom: startingFrom, seeds: seeds,
                                 structure: spares[number].structure, known: written.sameShapes)
                made[number] = MadePass(constraints: keyed, structure: pass?.structure)
                solvedWith = (readings, system.safeInsets)
                everyPassUnique = everyPassUnique && pass?.isUnique == true
            }
            guard let solved = pass else { break }
            guard number + 1 < LayoutEngine.maximumPasses else { break }

            let values = solved.values
            var newWraps = [Double?](repeating: nil, count: system.views.count)
            for index in system.views.indices {
                guard let wrapping = system.views[index].kind.wrapping, wrapping.lines != 1,
                    let oneLineWidth = system.intrinsic[index].oneLineWidth
                else { continue }
                let solvedWidth = values[index * 4 + 2]
                if oneLineWidth > solvedWidth + 1e-6 {
                    newWraps[index] = max(0, solvedWidth)
                }
            }
            let newInsets = system.safeInsetsFromFrames(values)
            // The same labels wrap, each at a width within 1e-6 of the last.
            let wrapsSettled = zip(newWraps, wrapWidths).allSatisfy { new, old in
                switch (new, old) {
                case (nil, nil): return true
                case (let new?, let old?): return abs(new - old) < 1e-6
                default: return false
                }
            }
            if wrapsSettled && newInsets == system.safeInsets { break }
            wrapWidths = newWraps
            system.safeInsets = newInsets
        }

        return Solved(system: system, values: pass?.values ?? [], diagnostics: invalid + (pass?.diagnostics ?? []), pass: pass,
                      everyPassUnique: everyPassUnique && pass != nil,
                      keyed: keyed, texts: texts)
    }

    private static let noPasses = [MadePass](repeating: MadePass(), count: LayoutEngine.maximumPasses)

    /// The array `value` held, which it no longer holds: the caller's alone where no other held it.
    private static func taking(_ value: inout [KeyedConstraint]) -> [KeyedConstraint] {
        let taken = value
        value = []
        return taken
    }

    /// ``LayoutSystem/viewsDiffering(from:)`` of the views `memo` was made for, against the
    /// session's: found once for the views of each layout whose runs' memos the session meets
    /// (a layout with a fix meets those of the layout it changes), and kept for the next.
    private func differing(from memo: LayoutSystem.ContentSizeMemo) -> [Int]? {
        memoLock.lock()
        let known = lastDiffering
        memoLock.unlock()
        if let known, LayoutSystem.sameStorage(known.views, memo.views) {
            return known.differing
        }
        let differing = template.viewsDiffering(from: memo.views)
        memoLock.lock()
        lastDiffering = (memo.views, differing)
        memoLock.unlock()
        return differing
    }

    /// The `ambiguous` diagnostics of a run's last pass, in tree order.
    private func ambiguous(_ solved: Solved) -> [LayoutDiagnostic] {
        let movable = solved.pass.map { movableVariables($0, of: solved.keyed) } ?? []
        // Most runs: nothing moves, and no view's components are gone through.
        guard !movable.isEmpty else { return [] }
        var diagnostics: [LayoutDiagnostic] = []
        for index in solved.system.views.indices {
            let components = FrameComponent.allCases.enumerated().filter { movable.contains(index * 4 + $0.offset) }.map(\.element)
            if !components.isEmpty {
                diagnostics.append(.ambiguous(view: solved.system.views[index].id, components: components))
            }
        }
        return diagnostics
    }

    /// A solved pass: the values, the constraints the solver holds (as given to the probe; nil
    /// for all of the pass's) and their positions among the pass's constraints (nil: all of
    /// them), the conflicts.
    fileprivate struct Pass {
        var values: [Double]
        var active: [PendingConstraint]?
        var activeIndices: [Int]?
        var diagnostics: [LayoutDiagnostic]
        /// The solver of the pass's structure, when the session reuses solvers.
        var structure: StructureSolver?
        /// Whether the values are the structure's solver's, which calls them the only optimal
        /// solution (`Solver.hasUniqueSolution`).
        var isUnique = false
    }

    /// Solves a pass on the solver of its structure, going on from the run's previous pass
    /// (`state`) when the structure is the same; afresh when that solution may not be the only
    /// optimal one, or required constraints conflict.
    /// `written`: the structure of the constraints the pass's were written over; `known`,
    /// whether it is theirs (each has the shape it was written over, as many), else the store's
    /// is found by hash. (`written` is then not theirs: a constraint of another key, relation,
    /// priority or terms, or another count, makes another structure, as
    /// `testConstraintsWrittenOverAnotherPassAreTheConstraintsMadeAnew` checks; compared first,
    /// it was a comparison that failed on every pass of a check of `Layouts/`, the six corpus
    /// apps and the bench's 4,800 runs.)
    private func solvePass(_ constraints: [KeyedConstraint], from state: inout StructureSolver.State?,
                           recording: RunSolverStates?, startingFrom: RunSolverStates?, seeds: RunSolverStates?,
                           structure written: StructureSolver?, known: Bool) -> Pass {
        guard solving == .reusing else { return solveAfresh(constraints.map(\.pending), structure: nil) }
        let structure = (known ? written : nil) ?? store.solver(for: constraints, variableCount: variableCount)
        // A run laid out again (a fix tried on it): the state its own passes left nearest this
        // structure, found once for the take and for the start.
        let kept = startingFrom?.kept(for: structure)
        // Its pass differs from the run's only in constants and priorities that leave the
        // solution: the run's values, with no solver copied or moved.
        if let startingFrom, let kept, let values = startingFrom.solution(kept, constraints: constraints) {
            return Pass(values: values, active: nil, activeIndices: nil, diagnostics: [], structure: structure, isUnique: true)
        }
        // A run's first pass of a structure its seed met starts where the seed's last pass of
        // it ended (``seedStates(_:)``), not from the zero solver: mostly the same constraints
        // hold, and only the constants of its texts move.
        if state == nil, startingFrom == nil, let seeds, let seeded = seeds.state(of: structure) {
            state = seeded
            memoLock.lock()
            seededPassCount += 1
            memoLock.unlock()
        }
        if !(state?.isOf(structure) ?? false) {
            if let startingFrom, let kept, kept.changes.isEmpty {
                state = startingFrom.start(kept.state)
            } else if let source = state, let derived = structure.derived(from: source) {
                // A structure the run has not ended a pass in, a few priorities from the one its
                // previous pass ended in.
                state = derived
            } else if state == nil, let kept, let derived = structure.derived(from: kept.state, changes: kept.changes) {
                // A fix tried on a run: a few priorities from a structure the run ended a pass in.
                state = derived
            }
        }
        let solved = structure.solve(constraints, from: state)
        state = solved.state
        // A state is kept only where its values counted: a pass solved afresh is started from
        // by no other.
        recording?.record(solved.values == nil ? nil : solved.state, of: structure)
        if let values = solved.values {
            return Pass(values: values, active: nil, activeIndices: nil, diagnostics: [], structure: structure, isUnique: true)
        }
        return solveAfresh(constraints.map(\.pending), structure: structure, recording: recording, startingFrom: startingFrom)
    }

    /// The states a layout of the seed's context (the development language's texts, on the
    /// session's device, direction and content size) leaves, by structure: made once, by the
    /// first run that asks, laid out from the zero solvers as a run without a seed is (its
    /// passes after the first from its own), so they are the same whichever run asks first, on
    /// whatever thread; a run that asks meanwhile waits for them. Nil where the seed has no
    /// context or could not be laid out (a font it needs missing): then no run starts from them.
    private func seedStates(_ seed: () -> LayoutContext?) -> RunSolverStates? {
        seedLock.lock()
        defer { seedLock.unlock() }
        if !seeds.made, let context = seed() {
            _ = try? makingSeeds(context, recording: nil, fitsTexts: false)
        }
        seeds.made = true
        return seeds.states
    }

    /// The seed's own run (`isSeed`), laid out from the zero solvers as ``seedStates(_:)`` lays
    /// the seed out, its states the seed's where none are made yet (the same states, whichever
    /// makes them): the development language's run is not laid out twice, once as the seed.
    private func layingOutTheSeed(_ context: LayoutContext, recording: RunSolverStates?, fitsTexts: Bool) throws
        -> (result: LayoutResult, ambiguous: () -> [LayoutDiagnostic])
    {
        seedLock.lock()
        guard !seeds.made else {
            seedLock.unlock()
            return try layout(context, recording: recording, startingFrom: nil, fitsTexts: fitsTexts)
        }
        defer { seedLock.unlock() }
        return try makingSeeds(context, recording: recording, fitsTexts: fitsTexts)
    }

    /// The one way the seeds are made, under `seedLock` while none are: the seed's context laid
    /// out from the zero solvers, its states (in `recording`, else new ones) kept as the seeds
    /// where it could be laid out. Marked made either way.
    private func makingSeeds(_ context: LayoutContext, recording: RunSolverStates?, fitsTexts: Bool) throws
        -> (result: LayoutResult, ambiguous: () -> [LayoutDiagnostic])
    {
        seeds.made = true
        let states = recording ?? RunSolverStates()
        let laidOut = try layout(context, recording: states, startingFrom: nil, fitsTexts: fitsTexts)
        seeds.states = states
        return laidOut
    }

    /// ``keptNames``, made the first time.
    private var names: [String] {
        memoLock.lock()
        defer { memoLock.unlock() }
        if let kept = keptNames { return kept }
        let made = template.views.flatMap { view in FrameComponent.allCases.map { "\(view.id).\($0.rawValue)" } }
        keptNames = made
        return made
    }

    /// ``keptNamesNumber``, found the first time.
    private func namesNumber() -> Int {
        let names = names
        memoLock.lock()
        defer { memoLock.unlock() }
        if let kept = keptNamesNumber { return kept }
        let number = store.namesNumber(names)
        keptNamesNumber = number
        return number
    }

    /// A pass solved as ``LayoutEngine`` solves it: a new solver, conflicts resolved by breaking
    /// the last constraint that cannot hold. A pass of a structure the store knows is solved once
    /// for the same constants (``LayoutSessionStore/afresh``).
    /// A run's solve (`recording`) keeps its checkpoints there; a run laid out again with a
    /// change (`startingFrom`) resumes one of the run's where the two share their first
    /// constraints (``AfreshRecord``).
    private func solveAfresh(_ pending: [PendingConstraint], structure: StructureSolver?,
                             recording: RunSolverStates? = nil, startingFrom: RunSolverStates? = nil) -> Pass {
        func solve() -> LayoutSessionStore.AfreshSolve {
            let bridge = SolverBridge(variableNames: names, constraints: pending, resuming: startingFrom?.afreshRecords,
                                      recording: recording.map { states in { states.keep($0) } })
            return LayoutSessionStore.AfreshSolve(values: bridge.values, activePositions: bridge.activePositions,
                                                  refusals: bridge.refusals)
        }
        let solved = structure.map { structure in
            store.afresh.value(for: LayoutSessionStore.AfreshKey(structure: structure.id, names: namesNumber(),
                                                                 constants: pending.map(\.constantTerm.bitPattern)),
                               make: solve)
        } ?? solve()
        // This pass's constraints, at the positions the solve gives.
        let active = solved.activePositions.map { pending[$0] }
        return Pass(values: solved.values, active: active,
                    activeIndices: active.count == pending.count ? nil : solved.activePositions.sorted(),
                    diagnostics: SolverBridge.diagnostics(solved.refusals, of: pending), structure: structure)
    }

    // MARK: Ambiguity

    /// The frame variables of views not hidden that the constraints leave free: for a unique
    /// solution, those no constraint names; otherwise from the store by the solution's
    /// signature, else probed on the solution itself.
    private func movableVariables(_ pass: Pass, of keyed: [KeyedConstraint]) -> Set<Int> {
        if pass.isUnique, let structure = pass.structure {
            return structure.unnamed.isEmpty ? [] : Set(structure.unnamed).intersection(probing)
        }
        // The pass's constraints without their keys, made only for a pass that is not unique.
        let constraints = keyed.map(\.pending)
        guard let structure = pass.structure else {
            return AmbiguityProbe.movableVariables(pass.active ?? constraints, values: pass.values, names: names,
                                                   probing: probing)
        }
        let active = pass.activeIndices.map { $0.map { constraints[$0] } } ?? constraints
        guard let signature = AmbiguityProbe.signature(active, values: pass.values) else {
            return AmbiguityProbe.movableVariables(active, values: pass.values, names: names, probing: probing)
        }
        return store.movableVariables(active, of: structure, activeIndices: pass.activeIndices, signature: signature)
            .intersection(probing)
    }

    // MARK: Views

    /// Runs `body`, naming the view whose text it measures when it throws.
    private func measuring<T>(_ view: String, _ context: LayoutContext, _ body: () throws -> T) throws -> T {
        try TextMeasuringError.naming(view, language: context.language, body)
    }

    /// A view as laid out; without `fitting` (``LayoutDetail/frames``), without its text.
    /// `text`: the view's text in the run (``Solved/texts``).
    private func viewLayout(_ system: LayoutSystem, _ index: Int, values: [Double], text: String, fitting: TextFitting?,
                            before: FittedViews? = nil) throws -> ViewLayout {
        // The view read where it is: a copy of a node, made for every view of every run,
        // retained each of its parts.
        try system.views.withUnsafeBufferPointer { views in
            let direction = system.directions[index], frame = system.frame(index, values).rounded
            let textAlignment = views[index].kind.textAlignment?.resolved(direction)
            let flipped = direction == .rightToLeft && views[index].kind.image?.mirrorsInRTL == true
            guard let font = views[index].kind.font, let fitting else {
                return ViewLayout(id: views[index].id, frame: frame, direction: direction, flipped: flipped,
                                  textAlignment: textAlignment, hidden: system.effectivelyHidden[index])
            }
            // Made whole once its text is fitted (a layout made first and filled in was copied).
            let resolvedFont = font.resolved(for: fitting.context.contentSize)
            if let parts = before?.fittedParts(views[index].id, at: index, frame: frame, direction: direction, text: text,
                                               font: resolvedFont) {
                return ViewLayout(sharing: parts, frame: frame, direction: direction, flipped: flipped,
                                  textAlignment: textAlignment, text: system.intrinsic[index].text,
                                  hidden: system.effectivelyHidden[index])
            }
            let fitted = try measuring(views[index].id, fitting.context) {
                try fitting.fit(views[index], text: text, frame: frame, direction: direction,
                                unconstrained: system.intrinsic[index].unconstrained)
            }
            return ViewLayout(id: views[index].id, frame: frame, direction: direction, flipped: flipped,
                              textAlignment: textAlignment, text: system.intrinsic[index].text,
                              font: resolvedFont, fitted: fitted, hidden: system.effectivelyHidden[index])
        }
    }
}

/// A run's views as laid out, with their texts fitted, for the same run laid out again with a
/// change (a fix tried on it: the same device, direction, content size, language and measurer).
/// A text is fitted from the view's node, frame and direction, the run's text for it, and
/// those: where the change edits not the view's node (`edited` names those it edits) and
/// leaves its frame (bit for bit), direction and text (byte for byte) as they were, the text
/// is fitted as it was, and is not fitted again.
package struct FittedViews {
    /// The views in tree order, as the run laid them out.
    let views: [ViewLayout]
    let edited: Set<String>

    package init(views: [ViewLayout], edited: Set<String>) {
        self.views = views
        self.edited = edited
    }

    /// Whether the change edits the view `id`.
    func edits(_ id: String) -> Bool { edited.containsFew(id) }

    /// The id, font and fitted text of the view `id`, at `place` among the views in tree order,
    /// as the run's view there keeps them (``ViewLayout/shared``), where the run had the same
    /// view there with the same frame, direction, text and font (`font`, as this run resolves
    /// it); nil otherwise. Shared rather than the fitted text taken out: a fitted text, a large
    /// optional, is copied and freed through the runtime's generic value witnesses, and the
    /// view's parts made anew.
    func fittedParts(_ id: String, at place: Int, frame: Rect, direction: LayoutDirection, text: String,
                     font: ResolvedFont) -> SharedParts<ViewLayout.Parts>? {
        guard place < views.count, !edits(id) else { return nil }
        return views.withUnsafeBufferPointer { views in
            let old = views[place]
            // Read in place: `fittedFrom` copies no fitted text.
            guard old.id == id, let fittedFrom = old.fittedFrom, old.direction == direction, old.frame.sameBits(as: frame),
                  old.font == font, ExactText.sameBytes(fittedFrom, text)
            else { return nil }
            return old.shared
        }
    }
}

/// How much of a layout a run asks for.
public enum LayoutDetail: Sendable {
    /// Everything: frames, each text view's text as it shows in its frame, and every
    /// diagnostic, ambiguous views included.
    case full
    /// The frames, directions, hidden views and flipped images, and the diagnostics of
    /// invalid and conflicting constraints, as ``full`` gives them; no view's text
    /// (`text`, `font` and `fitted` are nil) and no `ambiguous` diagnostic. For a layout
    /// that is only compared with another by its frames (a right-to-left run's mirror, the
    /// development language's frames): the costliest parts of a run, left out.
    case frames
}
