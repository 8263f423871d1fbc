import Cassowary
import Foundation
import Support

/// What layout sessions work out once and share: for every structure of constraints they
/// meet, a solver of that structure with every constant zero, and for every signature of a
/// solution (``AmbiguityProbe/Signature``), which variables the constraints leave free.
///
/// Both depend on the constraints without their constants (keys, variables, coefficients,
/// relations, priorities), never on the device, the content size or the texts, which only
/// change constants: the sessions of one layout on every device and content size, in one
/// direction, meet the same structures. Give them one store (`LayoutSession(…, store:)`) and
/// each structure is solved, and each signature answered, once. Whatever a store holds, and
/// whichever session put it there, a session's results are the same.
///
/// A store may be shared by any sessions on any threads; it keeps everything it is given
/// until it is released.
public final class LayoutSessionStore: @unchecked Sendable {
    /// A signature of the solution of a structure's constraints (those the solver holds).
    private struct AmbiguityKey: Hashable {
        let structure: Int
        let active: [Int]?
        let signature: AmbiguityProbe.Signature
    }

    private let lock = BriefLock()
    /// The structures solved, by their hash (``LayoutStructure/hash(of:variableCount:)``).
    private var solvers: [Int: [(structure: LayoutStructure, solver: StructureSolver)]] = [:]
    /// The id the next structure built takes (one taken by a structure another thread kept
    /// first is not used again).
    private var nextID = 0
    private var ambiguities: [AmbiguityKey: Set<Int>] = [:]
    /// The answers of the cones' blocks, which may be shared with other stores.
    private let coneAnswers: ConeAnswers

    /// A pass solved afresh (``LayoutSession``): its structure, the names of its variables and
    /// the bits of each constraint's constant, which with the structure's keys, terms, relations
    /// and priorities are all a new solver is given.
    struct AfreshKey: Hashable {
        var structure: Int
        /// The variable names' number (``namesNumber(_:)``).
        var names: Int
        var constants: [UInt64]
    }
    /// The lists of variable names the store's sessions have, numbered: a key of a pass solved
    /// afresh holds a list's number, found once per session, not the hundreds of names it would
    /// hash and compare on every pass.
    private var namesNumbers: [[String]: Int] = [:]

    /// The number of the list `names` (the same for equal lists).
    func namesNumber(_ names: [String]) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let number = namesNumbers[names] { return number }
        let number = namesNumbers.count
        namesNumbers[names] = number
        return number
    }
    /// What a new solver made of a pass: the values, the positions of the constraints it holds
    /// (in the order it took them) and what it refused, by position. Nothing of it names a
    /// constraint: sessions that share a store describe the same constraint apart (the root
    /// frame names its device, a fix may write a constraint otherwise), so each pass that
    /// takes a kept solve names its own constraints at those positions.
    struct AfreshSolve {
        var values: [Double]
        var activePositions: [Int]
        var refusals: [SolverBridge.Refusal]
    }
    /// The passes recently solved afresh. A layout whose solutions are not the only optimal
    /// ones (ambiguous views: in a storyboard app, most passes) is solved by a new solver each
    /// pass, so that its answer is every solver's; in mozilla-lockwise's check a quarter of
    /// those passes had been solved already with the same structure and constants. The same
    /// inputs give a new solver the same values, positions and refusals, so what is kept is
    /// what solving again gives.
    let afresh = LockedRecentCache<AfreshKey, AfreshSolve>(limit: 128)

    /// A store whose cones' blocks are answered from `coneAnswers`, which any number of stores
    /// may share (those of a check's layouts, and of its layouts with fixes tried on them).
    public init(coneAnswers: ConeAnswers = ConeAnswers()) {
        self.coneAnswers = coneAnswers
    }

    /// A layout system of each device the store's sessions were made for (the first made), whose
    /// translations the sessions of the store's other documents take where they are the same
    /// (`LayoutSystem.init(document:device:language:reusing:)`): a layout and the same layout with a fix.
    private var templates: [Device: LayoutSystem] = [:]

    /// The layout system kept for `device`, if any.
    func template(for device: Device) -> LayoutSystem? {
        lock.lock()
        defer { lock.unlock() }
        return templates[device]
    }

    /// Keeps `system` as the template of `device`, unless one is kept.
    func keep(_ system: LayoutSystem, for device: Device) {
        lock.lock()
        if templates[device] == nil { templates[device] = system }
        lock.unlock()
    }

    /// How many structures the store has met, how many of their zero solvers were built (a
    /// structure whose passes all start from states of other structures needs none), how
    /// many signatures it has answered, and how many passes solved afresh it found kept and
    /// solved (``afresh``).
    var counts: (structures: Int, zeroSolvers: Int, ambiguities: Int, afreshFound: Int, afreshSolved: Int) {
        let afreshCounts = afresh.counts
        lock.lock()
        defer { lock.unlock() }
        let all = solvers.values.joined()
        return (all.count, all.filter { $0.solver.isBuilt }.count, ambiguities.count, afreshCounts.found, afreshCounts.made)
    }

    /// The solver of the structure of `constraints`, built the first time it is asked for.
    /// Structures are compared and solvers built outside the lock (a structure kept is never
    /// changed): comparing hundreds of constraints, or building a solver, under it kept the
    /// other threads waiting. When two threads build the same structure at once, the first one
    /// kept is the one both return, so a structure has one solver.
    func solver(for constraints: [KeyedConstraint], variableCount: Int) -> StructureSolver {
        let hash = LayoutStructure.hash(of: constraints, variableCount: variableCount)
        lock.lock()
        let candidates = solvers[hash] ?? []
        lock.unlock()
        if let known = candidates.first(where: { $0.structure.matches(constraints, variableCount: variableCount) }) {
            return known.solver
        }
        lock.lock()
        let id = nextID
        nextID += 1
        lock.unlock()
        let structure = LayoutStructure(constraints, variableCount: variableCount)
        let made = (structure: structure, solver: StructureSolver(id: id, structure: structure, store: ObjectIdentifier(self)))
        lock.lock()
        defer { lock.unlock() }
        if let known = solvers[hash]?.dropFirst(candidates.count)
            .first(where: { $0.structure.matches(constraints, variableCount: variableCount) }) {
            return known.solver
        }
        solvers[hash, default: []].append(made)
        return made.solver
    }

    /// Every variable that some optimal direction of a solution with `signature` moves (the
    /// cone's answer), found the first time it is asked for, from the answers of the cone's
    /// blocks (``ConeBlock``), each found the first time the store's ``ConeAnswers`` meet it. `active`
    /// are the constraints of `structure` the solver holds, at `activeIndices` (nil: all).
    func movableVariables(
        _ active: [PendingConstraint], of structure: StructureSolver, activeIndices: [Int]?, signature: AmbiguityProbe.Signature
    ) -> Set<Int> {
        let key = AmbiguityKey(structure: structure.id, active: activeIndices, signature: signature)
        lock.lock()
        let known = ambiguities[key]
        lock.unlock()
        if let known { return known }
        let movable = AmbiguityProbe.movableDirections(
            active, signature: signature, variableCount: structure.variableCount,
            probing: Array(0..<structure.variableCount), block: coneAnswers.movable)
        lock.lock()
        ambiguities[key] = movable
        lock.unlock()
        return movable
    }
}

/// The answers of cones' blocks (``ConeBlock/Content``), by their content: the same block met in
/// another run, layout, device or document is answered once. Only the recently used answers
/// are kept (two generations of ``limit``), so memory stays bounded however large the check;
/// an answer let go is found again by the same solve, so what is kept never changes a result.
/// Threads may share it.
public final class ConeAnswers: @unchecked Sendable {
    /// Blocks answered per generation.
    static let limit = 16_384

    private let lock = BriefLock()
    private var answers = RecentCache<ConeBlock.Content, Set<Int>>(limit: ConeAnswers.limit)

    public init() {}

    /// How many answers are kept.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return answers.count
    }

    /// The variables (numbered as in the block) that some direction of the block's cone moves.
    func movable(_ block: ConeBlock.Content) -> Set<Int> {
        lock.lock()
        let known = answers.value(for: block)
        lock.unlock(freeing: answers.takeDropped())
        if let known { return known }
        let movable = block.movable()
        lock.lock()
        answers.insert(movable, for: block.compacted())
        lock.unlock(freeing: answers.takeDropped())
        return movable
    }
}

/// The constraints of one structure solved with every constant zero: where a pass of that
/// structure starts when no state of its run is near (see ``derived(from:changes:)``). That system
/// always holds (every variable at zero) and depends on the structure alone. Built the first
/// time a pass needs it, then never changed, only copied, so threads may share it.
final class StructureSolver: @unchecked Sendable {
    let id: Int
    /// The store that keeps it (``LayoutSessionStore/solver(for:variableCount:)``).
    let store: ObjectIdentifier
    let variableCount: Int
    /// The constraints' shapes, by position: what a state of another structure is compared
    /// with, to be made one of this (``derived(from:changes:)``).
    let structure: LayoutStructure
    /// The variables that no constraint of the structure names, in increasing order: free in
    /// every pass, whatever its constants (see ``LayoutSession``, "Ambiguity"). The variables a
    /// solver's uniqueness test speaks of are those of the terms of its constraints.
    let unnamed: [Int]
    /// The zero solver, once built (``zero()``).
    private var built: Zero?
    /// ``changesThatLeaveTheSolution``, once found.
    private var keptHarmless: [Bool]?
    /// Held while the zero solver is built (a long section, so not a `BriefLock`).
    private let lock = NSLock()

    /// At most this many constraints change their priority when a state of another structure
    /// is made a state of this one; more, and the pass starts from the zero solver.
    static let derivedChanges = 8

    /// The solver with every constant zero, its variables, and by position among the pass's
    /// constraints the constraint objects it holds and their handles (nil for one that could
    /// not go in, and then `complete` is false: only rounding could refuse one, and then every
    /// pass from it is solved afresh).
    private struct Zero {
        let solver: Solver
        let variables: [Variable]
        let made: [Constraint]
        let handles: [Solver.ConstantHandle?]
        let complete: Bool
    }

    init(id: Int, structure: LayoutStructure, store: ObjectIdentifier) {
        self.id = id
        self.store = store
        self.structure = structure
        variableCount = structure.variableCount
        let named = structure.namedVariables
        unnamed = named.indices.filter { !named[$0] }
    }

    /// By position, whether the constraint's constant, and its priority among the optional
    /// ones, can change without moving the solution of a pass of this structure: a constraint
    /// that is not required and names only variables that the required equations fix on their
    /// own (``DeterminedVariables``). Those variables take the same values in every solution
    /// that keeps the required constraints, so such a constraint's error is the same in every
    /// one of them whatever its constant: changing the constant, or the priority the error
    /// counts at, adds the same amount to every solution's cost and leaves the set of optimal
    /// solutions as it was. (A label whose width its required constraints fix, given a shorter
    /// text: only its size constraints' constants change, and its frame, and every other,
    /// stands.) Found once, from the structure alone.
    var changesThatLeaveTheSolution: [Bool] {
        // Found outside the lock that guards building the zero solver (a thread that wants it
        // would wait for this); two threads that find them at once find the same.
        lock.lock()
        let known = keptHarmless
        lock.unlock()
        if let known { return known }
        let words = structure.requiredEquationWords
        let determined = Self.determined.value(for: words) { Self.determined(by: structure) }
        let harmless = structure.optionalNamingOnly(determined)
        lock.lock()
        keptHarmless = harmless
        lock.unlock()
        return harmless
    }

    /// By their words (``LayoutStructure/requiredEquationWords``), which variables required
    /// equations fix: the same for every structure of those equations (a run's passes, on every
    /// device), found once.
    private static let determined = LockedRecentCache<[UInt64], [Bool]>(limit: 256)

    /// By variable, whether the required equations of `structure` fix it on their own
    /// (``DeterminedVariables``).
    private static func determined(by structure: LayoutStructure) -> [Bool] {
        var equalities: [LinearExpression] = []
        structure.forEachConstraint { relation, terms, priority in
            guard priority >= LayoutConstraint.requiredPriority, relation == .equal else { return }
            equalities.append(LinearExpression(terms: terms.map { ($0.variable, $0.coefficient) }))
        }
        var named = [Bool](repeating: false, count: structure.variableCount)
        for equality in equalities { for term in equality.terms { named[term.variable] = true } }
        let candidates = named.indices.filter { named[$0] }
        var determined = named
        for variable in AmbiguityProbe.undetermined(candidates, by: equalities) { determined[variable] = false }
        return determined
    }

    /// Whether the zero solver has been built.
    var isBuilt: Bool {
        lock.lock()
        defer { lock.unlock() }
        return built != nil
    }

    /// The zero solver, built the first time it is asked for (under the lock: a thread that
    /// asks meanwhile waits for it, rather than build another).
    private func zero() -> Zero {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let variables = (0..<variableCount).map { Variable("v\($0)") }
        var made: [Constraint] = []
        var lastVariables: [Int] = []
        made.reserveCapacity(structure.count)
        lastVariables.reserveCapacity(structure.count)
        structure.forEachConstraint { relation, terms, priority in
            // No label: what this solver refuses is solved afresh, and named, by `SolverBridge`.
            made.append(Constraint(Cassowary.Expression(terms.map { Term(variables[$0.variable], coefficient: $0.coefficient) }),
                                   SolverBridge.relation(relation), strength: Strength(priority)))
            lastVariables.append(terms.reduce(-1) { max($0, $1.variable) })
        }
        let solver = Solver()
        var complete = true
        for index in SolverBridge.fastOrder(lastVariables: lastVariables) {
            do throws(SolverError) {
                try solver.addConstraint(made[index])
            } catch {
                complete = false
                made[index] = Constraint(Cassowary.Expression(0), .equal)
            }
        }
        let zero = Zero(solver: solver, variables: variables, made: made, handles: made.map { solver.constantHandle(for: $0) },
                        complete: complete)
        // Every pass copies this solver and changes the copy, which copies the arrays written to.
        solver.compactStorage()
        built = zero
        return zero
    }

    /// A solver of this structure given a pass's constants: where the next pass of the same
    /// run goes on from when its structure is the same. Its solver holds the structure's
    /// constraints, by position `made` over `variables`, found by `handles`: the zero
    /// solver's, or, for a state made from a state of another structure (``derived(from:changes:)``),
    /// those the changed priorities replaced.
    struct State {
        fileprivate let structure: StructureSolver
        fileprivate let solver: Solver
        /// The constants the solver holds, by position (all zero in the structure's solver).
        fileprivate var constants: [Double]
        fileprivate let made: [Constraint]
        /// The constraints that replaced some of `made` (``derived(from:changes:)``), by
        /// position, latest last: kept beside `made`, which every state of the structure shares,
        /// rather than written into a copy of it (hundreds of references taken and given back).
        fileprivate var replaced: [(position: Int, constraint: Constraint)]
        fileprivate var handles: [Solver.ConstantHandle?]
        fileprivate let variables: [Variable]
        /// The values of the solution at these constants, when the solver called it unique
        /// (``solve(_:from:)``); nil when not found yet, or not unique. A pass that moves no
        /// constant then has these values: the solver is as the pass that found them left it.
        fileprivate var solution: [Double]?

        fileprivate init(structure: StructureSolver, solver: Solver, constants: [Double], made: [Constraint],
                         replaced: [(position: Int, constraint: Constraint)] = [],
                         handles: [Solver.ConstantHandle?], variables: [Variable], solution: [Double]? = nil) {
            self.structure = structure
            self.solver = solver
            self.constants = constants
            self.made = made
            self.replaced = replaced
            self.handles = handles
            self.variables = variables
            self.solution = solution
        }

        /// The constraint the solver holds at `position`.
        fileprivate func constraint(at position: Int) -> Constraint {
            replaced.last { $0.position == position }?.constraint ?? made[position]
        }

        /// Whether this is a state of `structure`.
        func isOf(_ structure: StructureSolver) -> Bool { self.structure === structure }

        /// The positions of the constraints whose priorities tell this state's structure from
        /// `other` (see ``LayoutStructure/priorityChanges(to:limit:)``); nil when they differ
        /// otherwise.
        func priorityChanges(to other: StructureSolver) -> [Int]? {
            structure.structure.priorityChanges(to: other.structure, limit: StructureSolver.derivedChanges)
        }

        /// The same state on a copy of its solver, which the copy's passes may change.
        func copied() -> State {
            State(structure: structure, solver: solver.copy(), constants: constants, made: made, replaced: replaced,
                  handles: handles, variables: variables, solution: solution)
        }
    }

    /// A state of this structure made from `source`, a state of another whose constraints
    /// differ from these in a few optional priorities alone
    /// (``LayoutStructure/priorityChanges(to:limit:)``): on a copy of the source's solver, each
    /// of those constraints is given its priority here in place (`Solver.changeStrength`), which
    /// the primal simplex settles from the source's basis. The pass then moves the constants that
    /// differ from the source's, where a copy of the zero solver would move them all. The
    /// source is a state of the same run (its previous pass, or the run a fix is tried on), so
    /// where a pass starts still depends on its run alone. `changes`: those positions, when the
    /// caller has found them (``RunSolverStates/kept(for:)``). Nil when the structures differ
    /// otherwise, or in more priorities than ``derivedChanges``, or the solver refuses a change.
    func derived(from source: State, changes: [Int]? = nil) -> State? {
        guard !source.isOf(self), let changed = changes ?? source.priorityChanges(to: self), !changed.isEmpty
        else { return nil }
        var state = source.copied()
        do throws(SolverError) {
            for position in changed {
                let replacement = try state.solver.changeStrength(of: state.constraint(at: position),
                                                                  to: Strength(structure.priorities[position]))
                state.replaced.append((position, replacement))
                state.handles[position] = state.solver.constantHandle(for: replacement)
            }
        } catch {
            return nil
        }
        return State(structure: self, solver: state.solver, constants: state.constants, made: state.made, replaced: state.replaced,
                     handles: state.handles, variables: state.variables)
    }

    /// The values of a pass with these constants, and the solver's state after it. The solver
    /// is `previous` when it is of this structure (the same run's previous pass, or a state
    /// made from another, ``derived(from:changes:)``), else a copy of the zero solver; either way it is
    /// given the pass's constants with `Solver.moveConstants`. The values are nil when the
    /// required constraints cannot all hold with these constants, or when the solution may not
    /// be the only optimal one.
    func solve(_ constraints: [KeyedConstraint], from previous: State?) -> (values: [Double]?, state: State?) {
        var state: State
        if let previous, previous.isOf(self) {
            state = previous
        } else {
            let zero = zero()
            guard zero.complete else { return (nil, nil) }
            state = State(structure: self, solver: zero.solver.copy(), constants: Array(repeating: 0, count: zero.made.count),
                          made: zero.made, handles: zero.handles, variables: zero.variables)
        }
        // Each changed constant moved by the difference, in order: as `Solver.setConstants`
        // would move it, without a new constraint object each.
        var changed: [Int] = []
        var moves: [(handle: Solver.ConstantHandle, delta: Double)] = []
        for index in constraints.indices where constraints[index].pending.constantTerm != state.constants[index] {
            changed.append(index)
            moves.append((state.handles[index]!, constraints[index].pending.constantTerm - state.constants[index]))
        }
        // The constants the solver holds already (a fix's pass that its change leaves as the
        // run's, a run's pass as its previous one): the solution found there, unique. Moving no
        // constant would leave the tableau as it is, and the test and the values read from it.
        if changed.isEmpty, let solution = state.solution { return (solution, state) }
        state.solution = nil
        do throws(SolverError) {
            guard try state.solver.moveConstants(moves) else { return (nil, state) }
        } catch {
            return (nil, state)
        }
        for index in changed { state.constants[index] = constraints[index].pending.constantTerm }
        guard state.solver.hasUniqueSolution else { return (nil, state) }
        state.solver.updateVariables()
        let values = state.solver.values(of: state.variables)
        state.solution = values
        return (values, state)
    }
}

/// The solver states a run's passes ended in, one for each structure they solved: where the
/// passes of the same run laid out again with a small change (a fix tried on it) start, when
/// they meet one of those structures, instead of the structure's zero solver. Only constants
/// that the change moved then move: a translation shortened moves one label's sizes, not every
/// constant of the layout. The states are the run's own, so where they lead depends on the
/// run alone, never on which other runs came first or on which thread.
///
/// Also the run's passes solved afresh (``AfreshRecord``), which a run laid out again with a
/// change resumes where the two share their first constraints; those runs leave checkpoints
/// in the records for one another, so which checkpoint a solve resumes from depends on which
/// came first, but never what it finds (a solve resumed is the solve from the start).
///
/// Filled by one run's ``LayoutSession/layout(_:recording:startingFrom:)``; then any number of
/// runs, on any threads, may start from them, each on a copy.
package final class RunSolverStates: @unchecked Sendable {
    private let lock = BriefLock()
    private var states: [Int: StructureSolver.State] = [:]
    private var keptMemo: LayoutSystem.ContentSizeMemo?
    private var keptSizes = MeasuredSizes()
    private var afresh: [AfreshRecord] = []
    /// The structures' ids in the order the run's passes first ended in one of them.
    private var order: [Int] = []
    private var startCount = 0
    private var takenCount = 0

    package init() {}

    /// How many passes took the values of one of the run's (``solution(_:constraints:)``).
    package var solutionsTaken: Int {
        lock.lock()
        defer { lock.unlock() }
        return takenCount
    }

    /// How many passes started from one of the states.
    package var starts: Int {
        lock.lock()
        defer { lock.unlock() }
        return startCount
    }

    /// Where a pass of `structure` of a run laid out again with a change starts: the state the
    /// run's last pass of that structure ended in (no changes), else the nearest
    /// (``nearest(to:)``); nil when the run has none that near. Found once for a pass, for the
    /// take (``solution(_:constraints:)``) and the start (``start(_:)``,
    /// ``StructureSolver/derived(from:changes:)``) alike.
    func kept(for structure: StructureSolver) -> (state: StructureSolver.State, changes: [Int])? {
        lock.lock()
        let own = states[structure.id].flatMap { $0.isOf(structure) ? $0 : nil }
        lock.unlock()
        return own.map { ($0, []) } ?? nearest(to: structure)
    }

    /// The state a pass of `structure`, which none of the run's passes ended in, is made from
    /// (``StructureSolver/derived(from:changes:)``): of the run's states whose structure differs from it
    /// in a few priorities alone, the one that differs in the fewest, of equals the one the run
    /// met first; nil when none is that near.
    private func nearest(to structure: StructureSolver) -> (state: StructureSolver.State, changes: [Int])? {
        lock.lock()
        let kept = order.compactMap { states[$0] }
        lock.unlock()
        var best: (state: StructureSolver.State, changes: [Int])?
        for state in kept {
            guard let changes = state.priorityChanges(to: structure), !changes.isEmpty,
                  changes.count < best?.changes.count ?? .max
            else { continue }
            best = (state, changes)
        }
        return best
    }

    /// A copy of the state the passes ended in of exactly `structure`, if they met it: where a
    /// run seeded by these states starts its first pass of it (``LayoutSession``).
    func state(of structure: StructureSolver) -> StructureSolver.State? {
        lock.lock()
        let kept = states[structure.id]
        lock.unlock()
        return kept?.copied()
    }

    /// A copy of `state`, one the run's last pass of a structure ended in (``kept(for:)``), for a
    /// pass to start from.
    func start(_ state: StructureSolver.State) -> StructureSolver.State {
        lock.lock()
        startCount += 1
        lock.unlock()
        return state.copied()
    }

    /// The values of a pass of the run laid out again with a change (a fix tried on it) that
    /// the run's own last pass of its structure had, or of the nearest structure
    /// (``kept(for:)``: one that differs from the pass's in optional priorities alone), when
    /// the solver called them the only optimal solution there (the state's `solution`) and the
    /// two differ only in constraints whose priorities and constants leave the solution
    /// (``StructureSolver/changesThatLeaveTheSolution``). Such a constraint's error is the
    /// same in every solution that keeps the required constraints, which the two share, at
    /// whatever priority and constant: every optimal solution of the one is an optimal solution
    /// of the other, so the run's unique solution is the pass's, as solving it would find (to
    /// the rounding of another path through the simplex). (A shorter translation in a label
    /// whose width the required constraints fix moves only its size constraints' constants; the
    /// label let wrap, its first pass's compression resistance.) Nil otherwise: the pass is solved.
    func solution(_ kept: (state: StructureSolver.State, changes: [Int]), constraints: [KeyedConstraint]) -> [Double]? {
        // The required equations of the two are the same (a priority changes only between
        // optional ones), so are the variables they fix: the kept state's structure answers.
        guard let solution = kept.state.solution, kept.state.constants.count == constraints.count else { return nil }
        var harmless: [Bool]?
        func leavesTheSolution(_ position: Int) -> Bool {
            if harmless == nil { harmless = kept.state.structure.changesThatLeaveTheSolution }
            return harmless![position]
        }
        for position in kept.changes where !leavesTheSolution(position) { return nil }
        for index in constraints.indices
        where constraints[index].pending.constantTerm != kept.state.constants[index] && !leavesTheSolution(index) {
            return nil
        }
        lock.lock()
        takenCount += 1
        lock.unlock()
        return solution
    }

    /// The content-size and stack constraints the run's last pass made (see
    /// ``LayoutSystem/ContentSizeMemo``): where a run laid out again with a change takes those
    /// it would make the same.
    var memo: LayoutSystem.ContentSizeMemo? {
        lock.lock()
        defer { lock.unlock() }
        return keptMemo
    }

    /// The intrinsic sizes the run's passes measured (``MeasuredSizes``).
    var measuredSizes: MeasuredSizes {
        lock.lock()
        defer { lock.unlock() }
        return keptSizes
    }

    /// Keeps the sizes a pass of the run measured.
    func keep(_ sizes: [MeasuredSizes.Size]) {
        lock.lock()
        keptSizes.add(sizes)
        lock.unlock()
    }

    /// Keeps the memo of the run's last pass.
    func keep(_ memo: LayoutSystem.ContentSizeMemo) {
        lock.lock()
        keptMemo = memo
        lock.unlock()
    }

    /// The run's passes solved afresh, with their checkpoints (``AfreshRecord``).
    var afreshRecords: [AfreshRecord] {
        lock.lock()
        defer { lock.unlock() }
        return afresh
    }

    /// Keeps the record of a pass of the run solved afresh.
    func keep(_ record: AfreshRecord) {
        lock.lock()
        afresh.append(record)
        lock.unlock()
    }

    /// Keeps `state` as the run's last of its structure; nil forgets the structure's.
    /// Its solver's storage is cut to what it has taken (`Solver.compactStorage()`): each pass
    /// that starts from the state copies it, and the first change of a copy copies the arrays
    /// it writes to, room and all. (A state no pass has changed since it was kept or copied
    /// has its arrays compact already, and cutting them copies nothing.)
    func record(_ state: StructureSolver.State?, of structure: StructureSolver) {
        state?.solver.compactStorage()
        lock.lock()
        if state != nil, states[structure.id] == nil, !order.contains(structure.id) { order.append(structure.id) }
        states[structure.id] = state
        lock.unlock()
    }
}

/// The intrinsic sizes a run's passes measured, by view: what the same run laid out again with
/// a change (a fix tried on it) takes for a view where nothing the size is measured from
/// changed. A size is measured from the view's node, its text, the wrap width and the run's
/// device, content size, direction and measurer: the run laid out again has the same device,
/// content size, direction and measurer, so the size holds where the view's node is not one the
/// change edits, and its id and place, its text (byte for byte) and its wrap width (bit for bit,
/// or none) are those it was measured with.
package struct MeasuredSizes {
    struct Size {
        let place: Int
        let id: String
        /// The view's text as measured (`LayoutContext.texts`; no text is an empty one).
        let text: String
        let wrapWidth: UInt64?
        let size: IntrinsicSize
    }

    /// By place in the views, each place's list empty where nothing was measured (a list by
    /// place rather than a dictionary: a run keeps the sizes of each view of each of its passes).
    private var byPlace: [[Size]] = []

    mutating func add(_ sizes: [Size]) {
        for size in sizes {
            if size.place >= byPlace.count {
                byPlace.append(contentsOf: repeatElement([], count: size.place + 1 - byPlace.count))
            }
            byPlace[size.place].append(size)
        }
    }

    /// The size measured for the view `id` at `place` with `text` (what `IntrinsicSize.of`
    /// measures: no text is an empty one) and `wrapWidth`, if any.
    func size(at place: Int, id: String, text: String, wrapWidth: Double?) -> IntrinsicSize? {
        guard byPlace.indices.contains(place) else { return nil }
        let wrap = wrapWidth?.bitPattern
        // Each read where the list keeps it: a copy of each retained its texts, and of the one
        // found, its size's parts again.
        return byPlace[place].withUnsafeBufferPointer { sizes in
            for index in sizes.indices
            where sizes[index].wrapWidth == wrap && sizes[index].id == id && ExactText.sameBytes(sizes[index].text, text) {
                return sizes[index].size
            }
            return nil
        }
    }

    /// Whether no size is kept (the list grows only for a size added at its new place).
    var isEmpty: Bool { byPlace.isEmpty }
}
