import Layout
import Reports

/// `unsatisfiable`: required constraints that cannot all hold (the finding names the whole
/// conflicting set, at the line of the one broken) or a constraint that is invalid;
/// `ambiguous`: a view whose frame the constraints do not fix. From the layout's diagnostics.
struct DiagnosticsRule: FindingRule {
    func findings(in run: RunContext) -> [Finding] {
        run.diagnostics.map { diagnostic in
            switch diagnostic {
            case .invalidConstraint(let constraint, _):
                return finding(.unsatisfiable, diagnostic, constraints: [constraint], at: constraint, in: run)
            case .unsatisfiable(let conflicting, let broken):
                return finding(.unsatisfiable, diagnostic, constraints: conflicting, at: broken, in: run)
            case .ambiguous(let view, let components):
                // A tie of equal content priorities is named, as Xcode's "Content Priority Ambiguity".
                let tie = PriorityTie.find(view: view, components: components, in: run)
                var finding = Finding(kind: .ambiguous, severity: run.policy.severity(of: .ambiguous),
                                      subject: Subject(view: view, line: run.nodes[view]?.line,
                                                       viewLabel: run.nodes[view]?.label),
                                      message: diagnostic.description + (tie.map { "; \($0.description)" } ?? ""))
                finding.tie = tie
                return finding
            }
        }
    }

    private func finding(_ kind: FindingKind, _ diagnostic: LayoutDiagnostic, constraints: [ConstraintReference],
                         at located: ConstraintReference, in run: RunContext) -> Finding {
        Finding(kind: kind, severity: run.policy.severity(of: kind),
                subject: Subject(constraints: constraints.map { identity($0, in: run.document) },
                                 line: identity(located, in: run.document).line),
                message: diagnostic.description)
    }

    /// A constraint by its place in the layout (index and line), with its text as written.
    private func identity(_ constraint: ConstraintReference, in document: LayoutDocument) -> ConstraintIdentity {
        var line: Int?
        if let index = constraint.index, index < document.constraints.count, document.constraints[index].line > 0 {
            line = document.constraints[index].line
        }
        return ConstraintIdentity(index: constraint.index, line: line, text: constraint.description)
    }
}
