/// How a solver explains a required constraint that cannot hold
/// (``SolverError/unsatisfiableConstraint(_:conflicts:)``).
enum ConflictExplanation {
    /// The required constraints the simplex's certificate names, as found: the probes of
    /// ``ConflictSearch``.
    case certified
    /// Those trimmed to a minimal conflict (``ConflictSearch``).
    case minimal
}

/// Trims the required constraints that a failed phase one named to a minimal conflict.
///
/// The certificate the simplex finds is correct (the named constraints and the new one
/// cannot all hold) but not always minimal: a basis may mix two contradictions, or carry a
/// constraint whose part cancels. The deletion filter drops each named constraint in turn
/// and keeps it out when the rest, with the new constraint, still contradict; what remains
/// is an irreducible set, where leaving out any one constraint makes the rest satisfiable.
/// Each test solves the constraints kept from scratch. Certificates of more than ``limit``
/// constraints are returned as they are, since the filter is quadratic in them.
///
/// A test that finds a contradiction also finds its certificate, a contradicting subset of
/// what it tried (``witness(_:_:)``). Until a later test replaces it, that subset stays among
/// the constraints kept, so leaving out a constraint outside it still contradicts: such a
/// constraint is dropped without a test. A set holding a contradicting set contradicts, so
/// the filter decides every constraint as solving would, in the same order, and keeps the same
/// constraints; it solves once for each constraint of the certificates met rather than once
/// for each constraint named. That holds in exact arithmetic: the simplex decides with a
/// tolerance, and a set that rounding alone made contradict (or a test that would have met
/// the pivot limit) could be decided otherwise by solving it. `ConflictSearchTests` compares
/// the two filters on random systems, and every report of the corpora is the same with either.
enum ConflictSearch {
    static let limit = 200

    static func minimalConflict(of constraint: Constraint, among candidates: [Constraint]) -> [Constraint] {
        // One probe for every test, cleared between them as a new one is (`SolverImpl.clearForReuse()`).
        var probe = SolverImpl(conflicts: .certified)
        guard candidates.count <= limit, var witness = witness(candidates, constraint, probe: &probe) else { return candidates }
        var kept = candidates
        for candidate in candidates {
            let trial = kept.filter { $0 !== candidate }
            if !witness.contains(ObjectIdentifier(candidate)) {
                // `trial` holds the witness, which contradicts with `constraint`.
                kept = trial
            } else if let found = Self.witness(trial, constraint, probe: &probe) {
                kept = trial
                witness = found
            }
        }
        return kept
    }

    /// Nil when the required constraints `constraints` and `constraint` can all hold; else
    /// those of `constraints` that a certificate of their contradiction names (with
    /// `constraint`, they cannot all hold), by identity.
    private static func witness(_ constraints: [Constraint], _ constraint: Constraint,
                                probe: inout SolverImpl) -> Set<ObjectIdentifier>? {
        defer { probe.clearForReuse() }
        do throws(SolverError) {
            for each in constraints {
                try probe.addConstraint(each)
            }
            try probe.addConstraint(constraint)
        } catch {
            guard case .unsatisfiableConstraint(let failed, let conflicts) = error else { return nil }
            // The constraint that could not go in is one of the set, unless it is `constraint`.
            var named = Set(conflicts.map(ObjectIdentifier.init))
            if failed !== constraint { named.insert(ObjectIdentifier(failed)) }
            return named
        }
        return nil
    }
}
