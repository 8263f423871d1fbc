/// Trims the required constraints that a failed phase one named to a minimal conflict.
///
/// The certificate the simplex finds is correct (the named constraints and the new one
/// cannot all hold) but not always minimal: a basis may mix two contradictions, or carry a
/// constraint whose part cancels. The deletion filter drops each named constraint in turn
/// and keeps it out when the rest, with the new constraint, still contradict; what remains
/// is an irreducible set, where leaving out any one constraint makes the rest satisfiable.
/// Each test solves the few constraints involved from scratch. Certificates of more than
/// ``limit`` constraints are returned as they are, since the filter is quadratic in them.
enum ConflictSearch {
    static let limit = 200

    static func minimalConflict(of constraint: Constraint, among candidates: [Constraint]) -> [Constraint] {
        guard candidates.count <= limit, contradict(candidates, constraint) else { return candidates }
        var kept = candidates
        for candidate in candidates {
            let trial = kept.filter { $0 !== candidate }
            if contradict(trial, constraint) { kept = trial }
        }
        return kept
    }

    /// Whether the required constraints `constraints` and `constraint` cannot all hold.
    private static func contradict(_ constraints: [Constraint], _ constraint: Constraint) -> Bool {
        var probe = SolverImpl(explainsConflicts: false)
        do throws(SolverError) {
            for each in constraints + [constraint] {
                try probe.addConstraint(each)
            }
        } catch {
            if case .unsatisfiableConstraint = error { return true }
        }
        return false
    }
}
