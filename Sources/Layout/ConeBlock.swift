/// The cone of optimal directions at a solution (``AmbiguityProbe/movableDirections(_:signature:variableCount:probing:block:)``)
/// split into blocks that share no variable, each answered on its own.
///
/// **Why the cone splits.** An equation of the cone with a single variable left pins that
/// variable's direction at zero (the root's edges, a fixed width); pinned variables drop out
/// of every other row, which pins more in turn. What remains falls apart into blocks: the
/// horizontal and the vertical system, and across a screen each row of views hanging from the
/// pinned edges. The rows of one block are its equations and bounds; the only rows that would
/// tie blocks together are the violated priorities' growth limits (a priority's total
/// violation may not grow), which sum over every constraint of the priority. Those split too:
/// the solution is optimal, so no direction that moves one block alone can lower the highest
/// violated priority's violation (nor, keeping that one, the next, and so on down the
/// priorities), so where the sum may not grow, neither may each block's share of it. The cone
/// is then the product of the blocks' cones, each with its own growth limits, and a variable is
/// movable exactly when its block's cone moves it.
///
/// **Why that saves work.** Between languages a layout's signature differs in a few
/// constraints (a label truncated in German, not in English); only the blocks holding those
/// differ. A block's cone depends on nothing but its rows: that is its ``Content``, under which
/// the ``ConeAnswers`` of a check remember the answer, so each run solves only the blocks no run
/// met before, and each block's solve is the size of the block, not of the layout. The same
/// rows come back in other layouts (a row of label and field is a row of label and field), on
/// other devices, and in the layout with a fix tried on it, which differs from the layout in
/// one place.
enum ConeBlock {
    enum Kind: Hashable {
        /// `expression = 0`.
        case equation
        /// `expression ≥ 0`.
        case bound
        /// A share of the growth of the violated priority's total violation.
        case growth(Int)
    }

    /// One row of the cone.
    struct Piece {
        var kind: Kind
        var expression: LinearExpression

        init(_ kind: Kind, _ expression: LinearExpression) {
            self.kind = kind
            self.expression = expression.normalized
        }
    }

    /// One block's cone exactly as its solve is given it: its variables numbered from zero (in
    /// the layout's order), its equations and its bounds, the growth limits among them. Two
    /// blocks with equal content have the same answer, whichever layout, device or fix they come
    /// from: equality compares every coefficient's bits.
    struct Content: Hashable {
        let variables: Int
        let equations: [LinearExpression]
        let bounds: [LinearExpression]
        /// The counts, variables and coefficient bits of the rows, in order: what equality
        /// looks at.
        private let words: [UInt64]
        /// The words mixed into one number (``StructureHash``), made once: what the hash looks at.
        private let mixed: Int

        init(variables: Int, equations: [LinearExpression], bounds: [LinearExpression]) {
            self.variables = variables
            self.equations = equations
            self.bounds = bounds
            var words: [UInt64] = [UInt64(variables), UInt64(equations.count), UInt64(bounds.count)]
            for rows in [equations, bounds] {
                for row in rows {
                    words.append(UInt64(row.terms.count))
                    for term in row.terms {
                        words.append(UInt64(term.variable))
                        words.append(term.coefficient.bitPattern)
                    }
                }
            }
            var hash = StructureHash()
            for word in words { hash.mix(Int(truncatingIfNeeded: word)) }
            self.words = words
            mixed = hash.value
        }

        static func == (a: Content, b: Content) -> Bool { a.mixed == b.mixed && a.words == b.words }
        func hash(into hasher: inout Hasher) { hasher.combine(mixed) }

        /// The variables (numbered from zero) that some direction of this cone moves.
        func movable() -> Set<Int> {
            AmbiguityProbe.movableDirections(equations: equations, bounds: bounds, variables: variables)
        }
    }

    /// The variables of `probing` that some direction of the cone of `pieces` moves. Variables
    /// from `variableCount` on are error variables (never movable themselves). `answer` is
    /// given each block's content and answers it, from what it remembers or with
    /// ``Content/movable()``.
    static func movable(
        _ pieces: [Piece], variableCount: Int, errorCount: Int, probing: [Int],
        answer: (Content) -> Set<Int>
    ) -> Set<Int> {
        let count = variableCount + errorCount
        let pinned = pinnedVariables(pieces, count: count)

        // Blocks: variables joined by the rows that hold them (pinned ones left out).
        var parent = Array(0..<count)
        func root(_ variable: Int) -> Int {
            var variable = variable
            while parent[variable] != variable {
                parent[variable] = parent[parent[variable]]
                variable = parent[variable]
            }
            return variable
        }
        var constrained = [Bool](repeating: false, count: count)
        for piece in pieces {
            var first: Int?
            for term in piece.expression.terms where !pinned[term.variable] {
                constrained[term.variable] = true
                guard let joined = first else {
                    first = root(term.variable)
                    continue
                }
                let other = root(term.variable)
                if other != joined {
                    parent[max(joined, other)] = min(joined, other)
                    first = min(joined, other)
                }
            }
        }
        // Each block's rows, under the block's root, in order.
        var members = [[Int]](repeating: [], count: count)
        for (index, piece) in pieces.enumerated() {
            guard let term = piece.expression.terms.first(where: { !pinned[$0.variable] }) else { continue }
            members[root(term.variable)].append(index)
        }

        // A variable that no row holds moves freely; a pinned one never moves.
        var movable = [Bool](repeating: false, count: variableCount)
        for variable in 0..<variableCount where !pinned[variable] && !constrained[variable] {
            movable[variable] = true
        }
        var local = [Int](repeating: -1, count: count)
        for block in 0..<count where !members[block].isEmpty {
            let (variables, content) = Self.content(of: members[block], in: pieces, pinned: pinned, local: &local)
            for number in answer(content) where variables[number] < variableCount {
                movable[variables[number]] = true
            }
        }
        return Set(probing.filter { $0 < variableCount && movable[$0] })
    }

    /// Variables whose direction the equations pin at zero: an equation with one variable not
    /// yet pinned pins it, until none is left.
    private static func pinnedVariables(_ pieces: [Piece], count: Int) -> [Bool] {
        var pinned = [Bool](repeating: false, count: count)
        var equationsHolding = [[Int]](repeating: [], count: count)
        var unpinned = [Int](repeating: 0, count: pieces.count)
        var ready: [Int] = []
        for (index, piece) in pieces.enumerated() where piece.kind == .equation {
            unpinned[index] = piece.expression.terms.count
            for term in piece.expression.terms { equationsHolding[term.variable].append(index) }
            if unpinned[index] == 1 { ready.append(index) }
        }
        while let index = ready.popLast() {
            guard unpinned[index] == 1, let term = pieces[index].expression.terms.first(where: { !pinned[$0.variable] }) else { continue }
            pinned[term.variable] = true
            for equation in equationsHolding[term.variable] {
                unpinned[equation] -= 1
                if unpinned[equation] == 1 { ready.append(equation) }
            }
        }
        return pinned
    }

    /// One block's cone, its pinned variables taken out of its rows and the rest numbered from
    /// zero, with the layout's numbers of those variables. `local`, a number for every
    /// variable, is -1 throughout when given and when given back.
    private static func content(of members: [Int], in pieces: [Piece], pinned: [Bool], local: inout [Int])
        -> (variables: [Int], content: Content)
    {
        // The block's variables, ascending, each once; and each one's number in the block, by
        // variable (variables are numbered densely: `pinned` has a flag for each).
        var variables: [Int] = []
        for member in members {
            for term in pieces[member].expression.terms where !pinned[term.variable] { variables.append(term.variable) }
        }
        variables.sort()
        var unique = 0
        for index in variables.indices where unique == 0 || variables[unique - 1] != variables[index] {
            variables[unique] = variables[index]
            unique += 1
        }
        variables.removeLast(variables.count - unique)
        for (number, variable) in variables.enumerated() { local[variable] = number }
        defer { for variable in variables { local[variable] = -1 } }
        func reduced(_ expression: LinearExpression) -> LinearExpression {
            LinearExpression(terms: expression.terms.compactMap { term in
                local[term.variable] >= 0 ? (local[term.variable], term.coefficient) : nil
            })
        }
        var equations: [LinearExpression] = [], bounds: [LinearExpression] = []
        var growth: [Int: LinearExpression] = [:]
        for member in members {
            let piece = pieces[member]
            let expression = reduced(piece.expression)
            switch piece.kind {
            case .equation: equations.append(expression)
            case .bound: bounds.append(expression)
            case .growth(let level): growth[level] = (growth[level] ?? LinearExpression()) + expression
            }
        }
        // At a violated priority, the block's share of the total violation may not grow.
        for level in growth.keys.sorted() {
            bounds.append(growth[level]! * -1)
        }
        bounds.removeAll { $0.terms.isEmpty }
        return (variables, Content(variables: variables.count, equations: equations, bounds: bounds))
    }
}
