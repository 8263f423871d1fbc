/// The Cassowary algorithm: an incremental simplex over the ``Tableau``, with strict
/// priorities in the objective (see ``Cost``).
///
/// Adding a constraint turns it into a row (`createRow`): its variables, a slack if it is an
/// inequality, error symbols if it is optional (penalised in the objective at its level), a
/// dummy if it is a required equation. A subject is chosen to become basic (`chooseSubject`):
/// a variable the tableau does not define yet, else the constraint's own slack or error symbol
/// when that keeps the solution feasible. Failing both, a required constraint goes through
/// phase one (`addWithArtificialVariable`): an artificial variable stands for the row's
/// residual and the simplex drives it to zero, or proves that it cannot, in which case the
/// final artificial row is a certificate naming the conflicting constraints. Then the primal
/// simplex (`optimize`) restores optimality.
///
/// Removing a constraint first takes its error symbols out of the objective, then makes its
/// marker basic (`markerLeavingRow`) and drops that row.
///
/// Changing a constraint's constant (`setConstants`, and `suggestValue`, which moves an edit
/// variable's constraint) keeps the basis: the constraint's marker belongs to its row alone,
/// so adding δ to the constant is the same system with the marker replaced by itself plus
/// δ over its coefficient (`shiftConstant`). Only row constants change; every cost stays, so
/// the basis stays optimal but may become infeasible, which the dual simplex
/// (`dualOptimize`) repairs. When the required constraints can no longer all hold, a row of
/// the dual simplex with no entering symbol (or a redundant equation's row that is no longer
/// zero) proves it, as phase one's final row does for a new constraint.
struct SolverImpl {
    /// The symbols a constraint brought into the tableau: the marker that identifies its row
    /// (slack, dummy, or the first error symbol) and the second error symbol, if any.
    struct Tag {
        let marker: Symbol
        let other: Symbol?
    }

    private struct Record {
        let constraint: Constraint
        let filing: Filing
        var tag: Tag { filing.tag }
        var serial: Int { filing.serial }
        var isEdit: Bool { filing.isEdit }

        init(constraint: Constraint, filing: Filing) {
            self.constraint = constraint
            self.filing = filing
        }
    }

    /// A record but for its constraint, which is in `recorded` in the same slot: plain data,
    /// so that an array of them grows without copying references.
    private struct Filing {
        var tag = Tag(marker: Symbol(id: -1, kind: .dummy), other: nil)
        var serial = 0
        var isEdit = false
    }

    private struct Edit {
        let constraint: Constraint
        let tag: Tag
        var value: Double
    }

    /// The phase-one objective's level; any level works, it is the only one.
    private static let artificialLevel = 0

    private var tableau = Tableau()
    /// The marker of every constraint in the solver, edit constraints included.
    private var markers = IdentityMap()
    /// By symbol number: the slot of the record of the constraint a marker belongs to (see
    /// ``record(at:)``), -1 for every other symbol. A certificate's markers lead to their
    /// constraints without hashing. One number a symbol, where the records themselves, in
    /// an array that grows with the symbols, would be filled in for every symbol made.
    private var recordSlots: [Int] = []
    /// The records, each in a slot of its own: the constraints, and the rest of each record
    /// beside them. The slots of removed constraints are nil until later constraints take
    /// them again (`freeSlots`).
    private var recorded = RecordedConstraints()
    private var filings: [Filing] = []
    private var freeSlots: [Int] = []
    /// The external symbol of every variable the constraints name. A variable's identifier
    /// stays its own while it is registered: it is registered while some term of a constraint
    /// of the solver names it (see `uses`), and the solver holds its constraints (`recorded`,
    /// or the caller while one is being added), which hold their terms' variables.
    private var variableIds = IdentityMap()
    /// By symbol number: how many terms of the constraints name the variable of an external
    /// symbol; the variable is registered until the count is back to zero. Counting a use,
    /// once a term, is plain arithmetic, with no reference to the variable taken and given back.
    private var uses: [Int] = []
    private var edits: [ObjectIdentifier: Edit] = [:]
    private var serial = 0
    /// The values of the variables found since the last change (see ``value(of:)``), and the
    /// scratch stack of their evaluation.
    private var values = SymbolMap<Double>(filler: 0)
    private var evaluation: [Int] = []
    /// How a conflict is explained: the probes of ``ConflictSearch`` ask only whether a set
    /// contradicts, and which of its constraints the simplex's certificate names.
    private let conflicts: ConflictExplanation
    /// The most pivots one request may make (see ``Solver/pivotLimit``).
    var pivotLimit = Solver.defaultPivotLimit
    /// Pivots made by the request under way, and by every request so far.
    private var requestPivots = 0
    private(set) var pivotCount = 0
    /// Set when a request passed the limit: the tableau is then between bases, and every
    /// later request is refused with the same error.
    private var exhausted = false

    init(conflicts: ConflictExplanation = .minimal) {
        self.conflicts = conflicts
    }

    /// How many symbols the tableau has made.
    var symbolCount: Int { tableau.count }

    /// Makes the solver as a new one is (no constraint, no edit variable, the pivot limit and
    /// counts as they start), keeping its arrays for the next solver made (see ``SolverPool``).
    /// The constraints are let go of.
    mutating func clearForReuse() {
        let symbols = tableau.count
        tableau.clearForReuse()
        markers.removeAll()
        variableIds.removeAll()
        recordSlots.reset(first: symbols, to: -1)
        recorded.removeAll()
        filings.removeAll(keepingCapacity: true)
        freeSlots.removeAll(keepingCapacity: true)
        uses.reset(first: symbols, to: 0)
        edits = [:]
        serial = 0
        values.removeAll()
        pivotLimit = Solver.defaultPivotLimit
        requestPivots = 0
        pivotCount = 0
        exhausted = false
    }

    /// Cuts the arrays indexed by symbol number back to the symbols made, and the tableau's
    /// pooled storage back to what it has taken (see ``Solver/compactStorage()``).
    mutating func compact() {
        let symbols = tableau.count
        tableau.compact()
        recordSlots.truncate(to: symbols)
        uses.truncate(to: symbols)
        values.resize(to: symbols)
    }

    // MARK: Constraints

    var constraints: [Constraint] {
        recordSlots.indices.compactMap(record(at:)).filter { !$0.isEdit }.sorted { $0.serial < $1.serial }.map(\.constraint)
    }

    func hasConstraint(_ constraint: Constraint) -> Bool {
        record(of: constraint).map { !$0.isEdit } ?? false
    }

    private func record(of constraint: Constraint) -> Record? {
        markers[ObjectIdentifier(constraint)].flatMap(record(at:))
    }

    /// The record of the constraint whose marker is the symbol numbered `id`, nil if none.
    private func record(at id: Int) -> Record? {
        guard id < recordSlots.count, recordSlots[id] >= 0 else { return nil }
        return Record(constraint: recorded[recordSlots[id]]!, filing: filings[recordSlots[id]])
    }

    /// Files the record of `constraint` under its marker, in place of the record there if
    /// any. It takes the record's parts rather than a ``Record``, which would be one more
    /// reference to the constraint to take and give back for every constraint added.
    /// `vacancy` is the slot of `markers` that a new constraint takes (see
    /// ``IdentityMap/vacancy(for:)``), nil for a constraint that replaces another.
    private mutating func file(_ constraint: Constraint, tag: Tag, serial: Int, isEdit: Bool, vacancy: Int? = nil) {
        let id = tag.marker.id
        if let vacancy {
            markers.fill(vacancy, with: id, for: ObjectIdentifier(constraint))
        } else {
            markers[ObjectIdentifier(constraint)] = id
        }
        recordSlots.extend(toInclude: id, with: -1)
        let filing = Filing(tag: tag, serial: serial, isEdit: isEdit)
        var slot = recordSlots[id]
        if slot < 0 && freeSlots.isEmpty {
            // A new slot, the usual case: the record goes at the end.
            recordSlots[id] = recorded.append(constraint)
            filings.appendGrowing(filing)
            return
        }
        if slot < 0 { slot = freeSlots.removeLast() }
        recorded[slot] = constraint
        filings[slot] = filing
        recordSlots[id] = slot
    }

    /// Takes the record of the constraint whose marker is the symbol numbered `id` out.
    private mutating func unfile(_ id: Int) {
        let slot = recordSlots[id]
        recorded[slot] = nil
        freeSlots.append(slot)
        recordSlots[id] = -1
    }

    @discardableResult
    mutating func addConstraint(_ constraint: Constraint, isEdit: Bool = false) throws(SolverError) -> Tag {
        // The constraint's place among the markers, looked for once: nothing else is filed
        // there before the constraint is (``file(_:tag:serial:isEdit:vacancy:)``).
        guard let vacancy = markers.vacancy(for: ObjectIdentifier(constraint)) else {
            throw .duplicateConstraint(constraint)
        }
        try beginRequest()
        values.removeAll()
        let (row, tag) = createRow(constraint)
        do throws(SolverError) {
            try insert(consume row, tag: tag, for: constraint)
        } catch {
            release(constraint.expression)
            // Phase one may have left another basis of the same system; make it optimal again.
            try optimize()
            tableau.infeasible.removeAll()
            throw error
        }
        serial += 1
        file(constraint, tag: tag, serial: serial, isEdit: isEdit, vacancy: vacancy)
        try optimize()
        tableau.infeasible.removeAll()
        return tag
    }

    mutating func removeConstraint(_ constraint: Constraint) throws(SolverError) {
        guard let record = record(of: constraint), !record.isEdit else { throw .unknownConstraint(constraint) }
        try beginRequest()
        try remove(record)
    }

    private mutating func remove(_ record: Record) throws(SolverError) {
        markers[ObjectIdentifier(record.constraint)] = nil
        values.removeAll()
        let marker = record.tag.marker
        unfile(marker.id)
        removeConstraintEffects(record)
        if tableau.isBasic(marker) {
            tableau.dropRow(for: marker)
        } else if let leaving = markerLeavingRow(for: marker) {
            var row = tableau.removeRow(for: leaving)
            row.solve(for: marker, leaving: leaving)
            tableau.substitute(marker, with: row)
        }
        release(record.constraint.expression)
        try optimize()
        tableau.infeasible.removeAll()
    }

    /// The row to exchange for the nonbasic marker of a constraint being removed (see
    /// ``Tableau/markerLeavingRow(for:)``), nil when no row depends on it.
    private mutating func markerLeavingRow(for marker: Symbol) -> Symbol? {
        let leaving = tableau.markerLeavingRow(for: marker)
        guard leaving?.kind == .external else { return leaving }
        // Only variables' definitions hold the marker, so it carries no cost. Through their
        // references its terms may cancel; written out in nonbasic symbols, the definitions
        // that really depend on it are those that still hold it.
        tableau.objective.remove(marker)
        tableau.expandDefinitions(holding: marker)
        return tableau.markerLeavingRow(for: marker)
    }

    /// Takes the constraint's error symbols out of the objective.
    private mutating func removeConstraintEffects(_ record: Record) {
        penaliseErrors(of: record.tag, at: record.constraint.strength, factor: -1)
    }

    /// Adds `factor` times the cost at `strength` of each error symbol of a constraint to the
    /// objective: written out in the symbol's row where it is basic.
    private mutating func penaliseErrors(of tag: Tag, at strength: Strength, factor: Double) {
        let cost = Cost(level: strength.level, amount: 1)
        for symbol in [tag.marker, tag.other].compactMap({ $0 }) where symbol.kind == .error {
            if let row = tableau.row(for: symbol) {
                tableau.objective.add(row, times: cost, factor: factor)
            } else {
                tableau.objective.add(cost, times: factor, to: symbol)
            }
        }
    }

    /// Gives an optional constraint of the solver another optional strength in place (see
    /// ``Solver/changeStrength(of:to:)``): its error symbols' cost moves from the old level to
    /// the new one, and the primal simplex makes the solution optimal again. The constants
    /// are unchanged, so the basis stays feasible.
    mutating func changeStrength(of constraint: Constraint, to strength: Strength) throws(SolverError) -> Constraint {
        guard let record = record(of: constraint), !record.isEdit, !constraint.strength.isRequired, !strength.isRequired
        else { throw .unknownConstraint(constraint) }
        try beginRequest()
        values.removeAll()
        penaliseErrors(of: record.tag, at: constraint.strength, factor: -1)
        penaliseErrors(of: record.tag, at: strength, factor: 1)
        let replacement = Constraint(constraint.expression, constraint.relation, strength: strength, label: constraint.label)
        markers[ObjectIdentifier(constraint)] = nil
        file(replacement, tag: record.tag, serial: record.serial, isEdit: false)
        try optimize()
        tableau.infeasible.removeAll()
        return replacement
    }

    // MARK: Rows

    /// The row `expression (relation) 0` becomes, with the tag of the symbols it added; the
    /// error symbols already carry their cost in the objective.
    private mutating func createRow(_ constraint: Constraint) -> (Row, Tag) {
        let terms = constraint.expression.terms
        var row = tableau.makeRow(constant: constraint.expression.constant)
        row.reserveCapacity(terms.count + 2)  // a slack and an error at most
        for index in terms.indices {  // by index, as ``Row/cells`` explains
            row.add(terms[index].coefficient, retain(ObjectIdentifier(terms[index].variable)))
        }
        // The symbols made below are newer than the variables and each other: appended.
        let optional = !constraint.strength.isRequired
        let cost = Cost(level: constraint.strength.level, amount: 1)
        switch constraint.relation {
        case .greaterThanOrEqual, .lessThanOrEqual:
            // expression - slack = 0 for >=, expression + slack = 0 for <=; an optional
            // inequality may fall short by its error: expression - slack + error = 0.
            let sign = constraint.relation == .greaterThanOrEqual ? -1.0 : 1.0
            let slack = tableau.makeSymbol(.slack)
            row.append(sign, slack)
            guard optional else { return (row, Tag(marker: slack, other: nil)) }
            let error = tableau.makeSymbol(.error)
            row.append(-sign, error)
            tableau.objective.penalise(error, by: cost)
            return (row, Tag(marker: slack, other: error))
        case .equal:
            guard optional else {
                let dummy = tableau.makeSymbol(.dummy)
                row.append(1, dummy)
                return (row, Tag(marker: dummy, other: nil))
            }
            // expression = errorPlus - errorMinus, both penalised.
            let plus = tableau.makeSymbol(.error), minus = tableau.makeSymbol(.error)
            row.append(-1, plus)
            row.append(1, minus)
            tableau.objective.penalise(plus, by: cost)
            tableau.objective.penalise(minus, by: cost)
            return (row, Tag(marker: plus, other: minus))
        }
    }

    /// Puts the row of a new constraint into the tableau.
    ///
    /// The row is handed on with `consume` wherever it goes into the tableau, so that its
    /// cells keep a single owner: solving it for the subject then edits them in place, where
    /// a second reference would make that copy them all.
    private mutating func insert(_ row: consuming Row, tag: Tag, for constraint: Constraint) throws(SolverError) {
        // A variable that no row holds yet can be defined by the row as it stands, references
        // to other variables and all (see ``Tableau``): nothing can refer back to it.
        if let subject = freeVariable(in: row, unheldOnly: true) {
            return define(subject, by: consume row)
        }
        // A variable that rows hold can keep the references too when none of the variables
        // referred to depends on it; the definitions that hold it then refer to it in turn.
        // Constraints that join two parts of a layout, given in any order, stay short this way.
        if let subject = acyclicSubject(in: row) {
            return defineVariable(subject, by: consume row)
        }
        // Every variable of the row is defined: reverse the references from one of them to a
        // variable that is not, rather than write the row out through them all.
        if definesAllVariables(of: row) && tableau.undefine(oneOfVariablesIn: row) != nil,
            let subject = acyclicSubject(in: row)
        {
            return defineVariable(subject, by: consume row)
        }
        var row = tableau.expanded(consume row)
        if let subject = freeVariable(in: row, unheldOnly: false) {
            return define(subject, by: consume row)
        }
        if row.constant < 0 { row.negate() }
        if let subject = chooseSubject(row, tag) {
            return define(subject, by: consume row)
        }
        if row.symbols.allSatisfy({ $0.kind == .dummy }) {
            // Only markers of required equations are left: the new constraint is a
            // combination of them, and holds exactly when the constant is zero.
            guard isNearZero(row.constant) else { throw unsatisfiable(constraint, certificate: row) }
            return define(tag.marker, by: consume row)
        }
        try addWithArtificialVariable(row, for: constraint)
    }

    /// Whether the row holds variables and the tableau defines every one of them.
    ///
    /// Mutating, though it changes nothing, as ``freeVariable(in:unheldOnly:)`` is: a
    /// nonmutating method called from ``insert(_:tag:for:)``, which mutates, is handed a copy
    /// of the whole solver's fields (some 600 bytes), made for every constraint added.
    private mutating func definesAllVariables(of row: Row) -> Bool {
        var holdsVariables = false
        for index in row.cells.indices where row.cells[index].symbol.kind == .external {  // see ``Row/cells``
            guard tableau.isBasic(row.cells[index].symbol) else { return false }
            holdsVariables = true
        }
        return holdsVariables
    }

    /// A variable of the row that the tableau does not define, lowest symbol first. Mutating,
    /// though it changes nothing, for the reason ``definesAllVariables(of:)`` gives.
    private mutating func freeVariable(in row: Row, unheldOnly: Bool) -> Symbol? {
        for index in row.cells.indices {  // by index, as ``Row/cells`` explains
            let symbol = row.cells[index].symbol
            if symbol.kind == .external && !tableau.isBasic(symbol) && (!unheldOnly || !tableau.isHeld(symbol)) {
                return symbol
            }
        }
        return nil
    }

    /// The lowest variable of the row that the tableau does not define and that the row's
    /// defined variables do not depend on, so that it may be defined by the row as it stands.
    private mutating func acyclicSubject(in row: Row) -> Symbol? {
        for index in row.cells.indices {  // by index, as ``Row/cells`` explains
            let symbol = row.cells[index].symbol
            if symbol.kind == .external && !tableau.isBasic(symbol) && !tableau.wouldDependOnItself(symbol, through: row) {
                return symbol
            }
        }
        return nil
    }

    /// Solves `0 = row` for `subject`, a variable that the row's defined variables do not
    /// depend on, and makes it basic with the references kept.
    private mutating func defineVariable(_ subject: Symbol, by row: consuming Row) {
        row.solve(for: subject)
        tableau.defineVariable(subject, by: consume row)
    }

    /// Solves `0 = row` for `subject` and makes it basic.
    private mutating func define(_ subject: Symbol, by row: consuming Row) {
        row.solve(for: subject)
        tableau.define(subject, by: consume row)
    }

    /// The constraint's own slack or error symbol, when solving for it keeps the solution
    /// feasible: when its coefficient is negative (the row's constant is nonnegative, so the
    /// symbol's value is too), or when the constant is zero (the value is zero either way).
    /// The marker comes first: a slack costs nothing, so taking it leaves an optimal
    /// objective optimal, which spares many pivots when constraints repeat one another.
    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        func keepsFeasible(_ symbol: Symbol?) -> Bool {
            guard let symbol, symbol.isPivotable else { return false }
            let coefficient = row.coefficient(of: symbol)
            return coefficient < 0 || (coefficient != 0 && isNearZero(row.constant))
        }
        return keepsFeasible(tag.marker) ? tag.marker : keepsFeasible(tag.other) ? tag.other : nil
    }

    /// Phase one for a row with no usable subject: an artificial variable takes the row's
    /// value and the simplex minimises it. Zero means the constraint can hold; the artificial
    /// variable then leaves the tableau for good. Otherwise the final artificial row proves
    /// the constraint cannot hold, and the row is dropped, leaving the system as it was.
    private mutating func addWithArtificialVariable(_ row: Row, for constraint: Constraint) throws(SolverError) {
        let artificial = tableau.makeSymbol(.slack)
        tableau.insertRow(row, for: artificial)
        tableau.artificial = Objective(row: row, level: Self.artificialLevel)
        try optimize(artificialPhase: true)
        let phaseOne = tableau.artificial!
        tableau.artificial = nil
        // Once the artificial variable has left the basis it is zero, whatever rounding says.
        let feasible = !tableau.isBasic(artificial) || phaseOne.constant.isZero
        if tableau.isBasic(artificial) {
            var definition = tableau.removeRow(for: artificial)
            guard feasible else {
                throw unsatisfiable(constraint, certificate: Set(phaseOne.symbolIds.map { tableau.symbol($0) }))
            }
            if let entering = definition.symbols.first(where: \.isPivotable) ?? definition.symbols.first {
                definition.solve(for: entering, leaving: artificial)
                tableau.define(entering, by: definition)
            }
        }
        tableau.removeColumn(artificial)
    }

    // MARK: Simplex

    /// Starts counting the pivots of a request; refuses it once a request passed the limit.
    private mutating func beginRequest() throws(SolverError) {
        guard !exhausted else { throw .pivotLimit(pivotLimit) }
        requestPivots = 0
    }

    /// One pivot of the simplex, counted against ``pivotLimit``: the simplex's rules exclude
    /// cycling, but rounding could still make it go round, and a request must end.
    private mutating func pivot(entering: Symbol, leaving: Symbol) throws(SolverError) {
        guard requestPivots < pivotLimit else {
            exhausted = true
            throw .pivotLimit(pivotLimit)
        }
        requestPivots += 1
        pivotCount += 1
        tableau.pivot(entering: entering, leaving: leaving)
    }

    /// The primal simplex: while some symbol's cost is negative, enter it (lowest symbol
    /// first) and let the restricted row that bounds it first leave.
    private mutating func optimize(artificialPhase: Bool = false) throws(SolverError) {
        while let entering = artificialPhase ? tableau.artificial!.entering : tableau.objective.entering {
            guard let leaving = tableau.primalLeavingRow(for: entering) else {
                throw .internalFailure("the objective is unbounded")
            }
            try pivot(entering: entering, leaving: leaving)
        }
    }

    /// The dual simplex: while a restricted row is negative, let it leave and enter the
    /// symbol with the smallest ratio of cost to coefficient, which keeps the basis optimal.
    /// A negative row with no symbol to enter proves that the required constraints cannot
    /// all hold: it is returned, and the solver is left between bases.
    private mutating func dualOptimize() throws(SolverError) -> (basic: Symbol, symbols: Set<Symbol>)? {
        while let id = tableau.infeasible.popMin() {
            let leaving = tableau.symbol(id)
            guard tableau.isBasic(leaving), tableau.constant(of: leaving) < -epsilon else { continue }
            // Candidates in symbol order, a later one only when clearly better: ratios equal
            // to within rounding go to the lowest symbol.
            var entering: Symbol?, enteringCost = Cost.zero, enteringCoefficient = 1.0
            do {  // the view of the row ends before the pivot changes the tableau
                let cells = tableau.cells(of: leaving)
                for cell in cells where cell.coefficient > 0 && cell.symbol.isPivotable {
                    let cost = tableau.objective.cost(of: cell.symbol)
                    if entering == nil || Cost.compareRatios(cost, cell.coefficient, enteringCost, enteringCoefficient) < 0 {
                        (entering, enteringCost, enteringCoefficient) = (cell.symbol, cost, cell.coefficient)
                    }
                }
            }
            guard let entering else { return (leaving, Set(tableau.cells(of: leaving).lazy.map(\.symbol))) }
            try pivot(entering: entering, leaving: leaving)
        }
        return nil
    }

    // MARK: Edit variables

    func hasEditVariable(_ variable: Variable) -> Bool { edits[ObjectIdentifier(variable)] != nil }

    /// Adds `variable == its current value` at `strength`; ``suggestValue(_:_:)`` moves the value.
    mutating func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        guard !strength.isRequired else { throw .badRequiredStrength(variable) }
        guard !hasEditVariable(variable) else { throw .duplicateEditVariable(variable) }
        let value = self.value(of: variable)
        let constraint = Constraint(variable, .equal, value, strength: strength, label: "edit \(variable)")
        let tag = try addConstraint(constraint, isEdit: true)
        edits[ObjectIdentifier(variable)] = Edit(constraint: constraint, tag: tag, value: value)
    }

    mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let edit = edits.removeValue(forKey: ObjectIdentifier(variable)) else {
            throw .unknownEditVariable(variable)
        }
        try remove(record(of: edit.constraint)!)
    }

    /// Moves the edit constraint `variable == value`: its expression `variable - value`
    /// changes its constant by minus the move (see ``shiftConstant(of:relation:strength:by:)``).
    mutating func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        let key = ObjectIdentifier(variable)
        guard var edit = edits[key] else { throw .unknownEditVariable(variable) }
        try beginRequest()
        values.removeAll()
        let delta = value - edit.value
        edit.value = value
        edits[key] = edit
        var redundantRows: [Symbol] = []
        shiftConstant(of: edit.tag, relation: .equal, strength: edit.constraint.strength, by: -delta, redundantRows: &redundantRows)
        if let conflict = try dualOptimize() {
            throw .internalFailure("the dual simplex found no entering symbol for row \(conflict.basic.id)")
        }
    }

    // MARK: Constants

    /// Gives constraints of the solver new constants (the constant of `expression`, which reads
    /// `lhs - rhs`) and solves again with the dual simplex. Each constraint is replaced by a new
    /// object, the same relation with its new constant, which takes its place (and its order
    /// among ``constraints``); the new objects are returned in the order of `changes`.
    ///
    /// All changes are made before solving, so they may pass through states that contradict.
    /// When the required constraints cannot all hold with the new constants, nothing changes
    /// and the error names the first changed constraint that takes part (with its new
    /// constant) and the required constraints it conflicts with (those changed with their new
    /// constants).
    mutating func setConstants(_ changes: [(constraint: Constraint, constant: Double)]) throws(SolverError) -> [Constraint] {
        try beginRequest()
        let saved = self
        var replacements: [Constraint] = []
        var redundantRows: [Symbol] = []
        replacements.reserveCapacity(changes.count)
        values.removeAll()
        for (constraint, constant) in changes {
            guard let record = record(of: constraint), !record.isEdit else {
                self = saved
                throw .unknownConstraint(constraint)
            }
            let delta = constant - constraint.expression.constant
            shiftConstant(
                of: record.tag, relation: constraint.relation, strength: constraint.strength, by: delta,
                redundantRows: &redundantRows)
            let replacement = Constraint(
                Expression(constraint.expression.terms, constant: constant), constraint.relation,
                strength: constraint.strength, label: constraint.label)
            markers[ObjectIdentifier(constraint)] = nil
            file(replacement, tag: record.tag, serial: record.serial, isEdit: false)
            replacements.append(replacement)
        }
        guard let certificate = try settleShiftedConstants(redundantRows, restoring: saved) else { return replacements }
        // The first changed constraint whose marker is in the certificate is the one named.
        let involved = Set(certificate.map(\.id))
        let named = replacements.first { markers[ObjectIdentifier($0)].map(involved.contains) ?? false } ?? replacements[0]
        let error = unsatisfiable(named, certificate: certificate)
        self = saved
        throw error
    }

    /// The handle of a constraint of the solver (not an edit constraint), nil for any other.
    /// It holds in copies of the solver too: a constraint keeps its symbols.
    func constantHandle(for constraint: Constraint) -> Solver.ConstantHandle? {
        guard let record = record(of: constraint), !record.isEdit else { return nil }
        return Solver.ConstantHandle(tag: record.tag, relation: constraint.relation, strength: constraint.strength)
    }

    /// Adds each `delta` to its constraint's constant and solves again, as ``setConstants(_:)``
    /// does for the same constants, in the same order (the same operations, so the same
    /// values to the bit), but keeps each constraint's object: the caller keeps the constants.
    /// The solver then holds constraints whose objects show their constants as they were
    /// added, so ``setConstants(_:)``, ``constraints`` and conflicts would read those; a solver
    /// whose constants are moved this way is moved only this way. Returns false, with nothing
    /// changed, when the required constraints cannot all hold with the new constants.
    mutating func moveConstants(_ moves: [(handle: Solver.ConstantHandle, delta: Double)]) throws(SolverError) -> Bool {
        try beginRequest()
        let saved = self
        var redundantRows: [Symbol] = []
        values.removeAll()
        for (handle, delta) in moves {
            shiftConstant(
                of: handle.tag, relation: handle.relation, strength: handle.strength, by: delta, redundantRows: &redundantRows)
        }
        guard try settleShiftedConstants(redundantRows, restoring: saved) == nil else {
            self = saved
            return false
        }
        return true
    }

    /// After constants moved (``shiftConstant(of:relation:strength:by:)``), whose redundant
    /// equations' rows are `redundantRows`: the dual simplex restores feasibility. Returns the
    /// symbols of a row that proves the required constraints contradict (a redundant
    /// equation's row no longer zero, or a row of the dual simplex with no entering symbol),
    /// nil when the constants hold. Past the pivot limit, the solver is `saved` again (the
    /// constants stay as they were, the solver usable) and the error thrown.
    private mutating func settleShiftedConstants(_ redundantRows: [Symbol], restoring saved: SolverImpl) throws(SolverError)
        -> Set<Symbol>?
    {
        // A redundant equation's row holds only other equations' dummies: it must stay zero.
        var certificate: Set<Symbol>?
        for basic in redundantRows {
            if tableau.isBasic(basic), !isNearZero(tableau.constant(of: basic)) {
                certificate = Set(tableau.cells(of: basic).lazy.map(\.symbol)).union([basic])
                break
            }
        }
        if certificate == nil {
            do throws(SolverError) {
                if let conflict = try dualOptimize() { certificate = conflict.symbols.union([conflict.basic]) }
            } catch {
                self = saved
                throw error
            }
        }
        tableau.infeasible.removeAll()
        return certificate
    }

    /// Adds `delta` to the constant of the constraint whose symbols are `tag`. The marker `m`
    /// has coefficient `c` in the constraint's row and in no other, so the new system is the
    /// old one with `m` replaced by `m + δ/c`: a basic marker's row loses δ/c, a nonbasic
    /// marker's column shifts every row that holds it by δ/c times its coefficient (the marker
    /// stays at zero). The second error symbol of an optional constraint serves when it is
    /// basic (its coefficient is `-c`). Appends the redundant equations' rows that changed to
    /// `redundantRows`: one list for all the constants a request moves, no array made for each.
    private mutating func shiftConstant(
        of tag: Tag, relation: Constraint.Relation, strength: Strength, by delta: Double, redundantRows: inout [Symbol]
    ) {
        guard delta != 0 else { return }
        // The coefficients `createRow` gives the marker.
        let coefficient: Double
        switch relation {
        case .greaterThanOrEqual: coefficient = -1
        case .lessThanOrEqual: coefficient = 1
        case .equal: coefficient = strength.isRequired ? 1 : -1
        }
        let shift = delta / coefficient
        let marker = tag.marker
        if tableau.isBasic(marker) {
            tableau.addToConstant(of: marker, -shift)
            if marker.kind == .dummy { redundantRows.append(marker) }
            return
        }
        if let other = tag.other, tableau.isBasic(other) {
            tableau.addToConstant(of: other, shift)
            return
        }
        tableau.shiftColumn(marker, by: shift)
        guard marker.kind == .dummy else { return }
        tableau.appendDummyHolders(of: marker, to: &redundantRows)
    }

    // MARK: Variables

    /// The symbol of the variable whose identifier is `key`, one more use of it counted.
    private mutating func retain(_ key: ObjectIdentifier) -> Symbol {
        if let id = variableIds[key] {
            uses[id] += 1
            return Symbol(id: id, kind: .external)
        }
        let symbol = tableau.makeSymbol(.external)
        variableIds[key] = symbol.id
        uses.extend(toInclude: symbol.id, with: 0)
        uses[symbol.id] = 1
        return symbol
    }

    private mutating func release(_ expression: Expression) {
        for term in expression.terms {
            let key = ObjectIdentifier(term.variable)
            let id = variableIds[key]!
            uses[id] -= 1
            if uses[id] == 0 {
                variableIds[key] = nil
            }
        }
    }

    /// The variable's value in the current solution; 0 for a variable no constraint names.
    mutating func value(of variable: Variable) -> Double {
        guard let id = variableIds[ObjectIdentifier(variable)] else { return 0 }
        // Found already (after ``updateVariables()``, every value is): a lookup that leaves the
        // tableau alone, which the evaluation below, reading it while writing the memo beside
        // it, copies.
        if let value = values[id] { return value }
        return tableau.value(of: Symbol(id: id, kind: .external), memo: &values, stack: &evaluation)
    }

    /// Whether every variable has its value in every optimal solution; a sufficient test.
    ///
    /// The optimal solutions are those of the current basis's system in which every nonbasic
    /// symbol that costs something stays zero (its cost is positive at the optimum). A
    /// variable's definition holds nonbasic symbols, and references to variables that are
    /// defined in turn; the variables are fixed when every symbol the definitions hold stays at
    /// zero in those solutions (see ``Tableau/staysAtZeroWhereOptimal(_:)``). A variable that no
    /// row defines is free.
    ///
    /// Mutating though it changes nothing: ``Solver`` calls it on its stored solver in place,
    /// where a call that is not mutating would be made on a copy of the whole solver (every
    /// array of it retained, then released).
    mutating func hasUniqueSolution() -> Bool {
        var held: [Int] = []
        guard tableau.appendFreePivotables(ofVariablesCounted: uses, to: &held) else { return false }
        return held.isEmpty || tableau.staysAtZeroWhereOptimal(held)
    }

    /// The values of `variables`, in order, each as ``value(of:)`` gives it.
    mutating func values(of variables: [Variable]) -> [Double] {
        var found = [Double](repeating: 0, count: variables.count)
        for index in variables.indices { found[index] = value(of: variables[index]) }
        return found
    }

    /// Evaluates every variable at once, so that later ``value(of:)`` calls are lookups.
    mutating func updateVariables() {
        tableau.evaluateVariables(counted: uses, memo: &values, stack: &evaluation)
    }

    // MARK: Conflicts

    /// The error for a required constraint that cannot hold. `certificate` holds the symbols
    /// of a row that proves it (a combination of the new row with the rows of earlier
    /// constraints): a constraint took part exactly when its marker is in the row, because
    /// each marker belongs to one constraint alone. Optional constraints cannot take part
    /// (their error symbols could always absorb the difference), so the markers found are
    /// those of required constraints; ``ConflictSearch`` then trims the set to a minimal one.
    private func unsatisfiable(_ constraint: Constraint, certificate symbols: Set<Symbol>) -> SolverError {
        let involved = symbols.compactMap { record(at: $0.id) }
            .filter { $0.constraint.strength.isRequired && !$0.isEdit && $0.constraint !== constraint }
            .sorted { $0.serial < $1.serial }
            .map(\.constraint)
        guard conflicts == .minimal else { return .unsatisfiableConstraint(constraint, conflicts: involved) }
        return .unsatisfiableConstraint(
            constraint, conflicts: ConflictSearch.minimalConflict(of: constraint, among: involved))
    }

    private func unsatisfiable(_ constraint: Constraint, certificate row: Row) -> SolverError {
        unsatisfiable(constraint, certificate: Set(row.symbols))
    }
}

/// The constraints of a solver's records, by slot, in an object that the copies of a solver
/// share (``Solver/copy()``). A copy that sets a slot while another copy still shares the
/// object keeps the change beside it, a few at most, rather than copying every slot: a solver
/// made from another changes the strength of a constraint or two (a label's priority), where
/// a copy of the slots retained each of its hundreds of constraints. Past a few changes, or to
/// add a slot, the copy takes slots of its own.
private struct RecordedConstraints {
    private final class Slots {
        var constraints: [Constraint?] = []
    }

    private var slots = Slots()
    /// The slots set while `slots` was shared, in order (a later change of a slot wins).
    private var changes: [(slot: Int, constraint: Constraint?)] = []
    private static let changesKept = 8

    subscript(slot: Int) -> Constraint? {
        get {
            for change in changes.reversed() where change.slot == slot { return change.constraint }
            return slots.constraints[slot]
        }
        set {
            if isKnownUniquelyReferenced(&slots) {
                takeChanges()
                slots.constraints[slot] = newValue
            } else if changes.count < Self.changesKept {
                changes.append((slot, newValue))
            } else {
                makeOwn()
                slots.constraints[slot] = newValue
            }
        }
    }

    /// Adds a slot holding `constraint`; its number.
    mutating func append(_ constraint: Constraint) -> Int {
        makeOwn()
        slots.constraints.appendGrowing(constraint)
        return slots.constraints.count - 1
    }

    /// No slot; the storage kept where it is the solver's own.
    mutating func removeAll() {
        changes.removeAll()
        if isKnownUniquelyReferenced(&slots) {
            slots.constraints.removeAll(keepingCapacity: true)
        } else {
            slots = Slots()
        }
    }

    /// Slots of this solver's own, with its changes written into them.
    private mutating func makeOwn() {
        if !isKnownUniquelyReferenced(&slots) {
            let own = Slots()
            own.constraints = slots.constraints
            slots = own
        }
        takeChanges()
    }

    /// The changes written into the slots, which are this solver's own.
    private mutating func takeChanges() {
        guard !changes.isEmpty else { return }
        for change in changes { slots.constraints[change.slot] = change.constraint }
        changes.removeAll()
    }
}
