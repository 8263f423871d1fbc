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
/// differ. A block's cone depends on nothing but the constraints in it, how each stands, and
/// which of their variables are pinned: that is its ``Key``, under which a
/// ``LayoutSessionStore`` remembers the answer, so each run solves only the blocks it has not
/// met before, and each block's solve is the size of the block, not of the layout.
enum ConeBlock {
    /// A constraint as far as the cone is concerned: which one, how it stands, and whether its
    /// priority holds exactly.
    struct Source: Hashable {
        var constraint: Int
        var standing: AmbiguityProbe.Standing
        var holds: Bool
    }

    enum Kind: Hashable {
        /// `expression = 0`.
        case equation
        /// `expression ≥ 0`.
        case bound
        /// A share of the growth of the violated priority's total violation.
        case growth(Int)
    }

    /// One row of the cone and the constraints it comes from.
    struct Piece {
        var kind: Kind
        var expression: LinearExpression
        var sources: [Source]

        init(_ kind: Kind, _ expression: LinearExpression, _ sources: [Source]) {
            self.kind = kind
            self.expression = expression.normalized
            self.sources = sources
        }
    }

    /// What a block's cone depends on: its constraints, how each stands, and which of their
    /// variables are pinned.
    struct Key: Hashable {
        var sources: [Source]
        var pinned: [Int]
    }

    /// The variables of `probing` that some direction of the cone of `pieces` moves. Variables
    /// from `variableCount` on are error variables (never movable themselves). `answer` is
    /// given each block's key and the work that answers it, and may answer from what it
    /// remembers.
    static func movable(
        _ pieces: [Piece], variableCount: Int, errorCount: Int, probing: [Int],
        answer: (Key, () -> Set<Int>) -> Set<Int>
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
        var blocks: [Int: [Int]] = [:]
        for (index, piece) in pieces.enumerated() {
            guard let term = piece.expression.terms.first(where: { !pinned[$0.variable] }) else { continue }
            blocks[root(term.variable), default: []].append(index)
        }

        // A variable that no row holds moves freely; a pinned one never moves.
        var movable = Set((0..<variableCount).filter { !pinned[$0] && !constrained[$0] })
        for block in blocks.keys.sorted() {
            let members = blocks[block]!.map { pieces[$0] }
            let sources = Set(members.flatMap(\.sources)).sorted { $0.constraint < $1.constraint }
            let pinnedHere = Set(members.flatMap { $0.expression.terms.map(\.variable) }.filter { pinned[$0] }).sorted()
            movable.formUnion(answer(Key(sources: sources, pinned: pinnedHere)) {
                solve(members, pinned: pinned, variableCount: variableCount)
            })
        }
        return movable.intersection(probing)
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

    /// The movable variables of one block (numbered as in the layout), its pinned variables
    /// taken out of its rows.
    private static func solve(_ members: [Piece], pinned: [Bool], variableCount: Int) -> Set<Int> {
        let variables = Set(members.flatMap { $0.expression.terms.map(\.variable) }.filter { !pinned[$0] }).sorted()
        let local = Dictionary(uniqueKeysWithValues: variables.enumerated().map { ($0.element, $0.offset) })
        func reduced(_ expression: LinearExpression) -> LinearExpression {
            LinearExpression(terms: expression.terms.compactMap { term in local[term.variable].map { ($0, term.coefficient) } })
        }
        var equations: [LinearExpression] = [], bounds: [LinearExpression] = []
        var growth: [Int: LinearExpression] = [:]
        for piece in members {
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
        let movable = AmbiguityProbe.movableDirections(equations: equations, bounds: bounds, variables: variables.count)
        return Set(movable.map { variables[$0] }.filter { $0 < variableCount })
    }
}
