import Cassowary
import TestSupport
import XCTest

/// The same constraints given in other orders give the same solution.
///
/// Mostly the chain of the solver benchmark, 3,000 views, with its constraints out of order:
/// the links of the chain then join pieces that are already long, which a solver that writes
/// definitions out in full on every join makes quadratic. Every value is checked.
final class ConstraintOrderTests: XCTestCase {
    private let count = 3000

    /// Each view sits 8 after the one before it, is 10 to 200 wide and would like to be 50
    /// (priority 500), sits at y = 20 and would like to be 44 high (priority 750); the
    /// container ends 8 after the last view.
    private struct Chain {
        var lefts: [Variable] = [], widths: [Variable] = [], tops: [Variable] = [], heights: [Variable] = []
        var links: [Constraint] = []
        var constraints: [Constraint] = []
        let container = Variable("container.width")

        init(count: Int) {
            for index in 0..<count {
                let left = Variable("view\(index).left"), width = Variable("view\(index).width")
                let top = Variable("view\(index).top"), height = Variable("view\(index).height")
                let link = index == 0 ? left .== 8 : left .== lefts[index - 1] + widths[index - 1] + 8
                links.append(link)
                constraints += [
                    link, width .>= 10, width .<= 200, (width .== 50).withStrength(500), top .== 20,
                    (height .== 44).withStrength(750),
                ]
                lefts.append(left)
                widths.append(width)
                tops.append(top)
                heights.append(height)
            }
            constraints.append(container .== lefts[count - 1] + widths[count - 1] + 8)
        }
    }

    /// Checks every value, the lefts from `start`, each view 58 after the one before it.
    private func assertChain(_ chain: Chain, in solver: Solver, start: Double = 8, line: UInt = #line) {
        solver.updateVariables()
        for index in 0..<count {
            XCTAssertEqual(
                solver.value(of: chain.lefts[index]), start + 58 * Double(index), accuracy: 1e-6, "view \(index)",
                line: line)
            XCTAssertEqual(solver.value(of: chain.widths[index]), 50, accuracy: 1e-9, "view \(index)", line: line)
            XCTAssertEqual(solver.value(of: chain.tops[index]), 20, accuracy: 1e-9, "view \(index)", line: line)
            XCTAssertEqual(solver.value(of: chain.heights[index]), 44, accuracy: 1e-9, "view \(index)", line: line)
        }
        XCTAssertEqual(solver.value(of: chain.container), start + 58 * Double(count), accuracy: 1e-6, line: line)
    }

    /// A solver given the chain's constraints in an order shuffled with `seed`.
    private func shuffledChain(seed: UInt64) throws -> (Chain, Solver) {
        let chain = Chain(count: count)
        var generator = SeededGenerator(seed: seed)
        let solver = Solver()
        try solver.addConstraints(chain.constraints.shuffled(using: &generator))
        return (chain, solver)
    }

    func testAShuffledChainOfThreeThousandViews() throws {
        let (chain, solver) = try shuffledChain(seed: 2024)
        XCTAssertEqual(solver.constraints.count, 6 * count + 1)
        assertChain(chain, in: solver)
    }

    func testAReversedChainOfThreeThousandViews() throws {
        let chain = Chain(count: count)
        let solver = Solver()
        try solver.addConstraints(chain.constraints.reversed())
        assertChain(chain, in: solver)
    }

    /// The links last, in a shuffled order, once every view's own constraints are in.
    func testAChainWhoseLinksComeLast() throws {
        let chain = Chain(count: count)
        var generator = SeededGenerator(seed: 7)
        let links = Set(chain.links.map(ObjectIdentifier.init))
        let solver = Solver()
        try solver.addConstraints(chain.constraints.filter { !links.contains(ObjectIdentifier($0)) })
        try solver.addConstraints(chain.links.shuffled(using: &generator))
        assertChain(chain, in: solver)
    }

    /// A shuffled chain still behaves when links are removed and added again and when its
    /// first view is dragged.
    func testAShuffledChainCanBeChangedAfterwards() throws {
        let (chain, solver) = try shuffledChain(seed: 99)

        let broken = 1500
        try solver.removeConstraint(chain.links[broken])
        solver.updateVariables()
        for index in 0..<broken {
            XCTAssertEqual(solver.value(of: chain.lefts[index]), 8 + 58 * Double(index), accuracy: 1e-6)
        }
        for index in broken..<count - 1 {
            let gap = solver.value(of: chain.lefts[index + 1]) - solver.value(of: chain.lefts[index])
            XCTAssertEqual(gap, 58, accuracy: 1e-6, "view \(index)")
        }
        try solver.addConstraint(chain.links[broken])
        assertChain(chain, in: solver)

        for index in [2999, 0, 1234] {
            try solver.removeConstraint(chain.links[index])
            try solver.addConstraint(chain.links[index])
        }
        assertChain(chain, in: solver)

        try solver.removeConstraint(chain.links[0])
        try solver.addEditVariable(chain.lefts[0], strength: .strong)
        try solver.suggestValue(chain.lefts[0], 100)
        assertChain(chain, in: solver, start: 100)
        try solver.suggestValue(chain.lefts[0], -40)
        assertChain(chain, in: solver, start: -40)
        try solver.removeEditVariable(chain.lefts[0])
        try solver.addConstraint(chain.links[0])
        assertChain(chain, in: solver)
    }

    /// A link that closes a loop cannot be written with references; it must still be
    /// recognised as redundant or as a conflict.
    func testALinkThatClosesALoopIsRedundantOrConflicting() throws {
        let (chain, solver) = try shuffledChain(seed: 5)
        let last = count - 1
        // The container ends at 8 + 58 per view: saying so again is redundant, and 1 more conflicts.
        let redundant = chain.container .== chain.lefts[0] + 58 * Double(count)
        try solver.addConstraint(redundant)
        assertChain(chain, in: solver)
        let conflicting = chain.container .== chain.lefts[0] + 58 * Double(count) + 1
        XCTAssertThrowsError(try solver.addConstraint(conflicting)) { error in
            guard case SolverError.unsatisfiableConstraint(_, let conflicts) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(conflicts.contains { $0 === redundant })
        }
        try solver.removeConstraint(redundant)
        let end = chain.constraints.last!
        try solver.removeConstraint(end)
        let wider = chain.container .== chain.lefts[0] + chain.widths[last] + 58 * Double(count) - 40
        try solver.addConstraint(wider)
        solver.updateVariables()
        XCTAssertEqual(solver.value(of: chain.container), 18 + 58 * Double(count), accuracy: 1e-6)
        try solver.removeConstraint(wider)
        try solver.addConstraint(end)
        assertChain(chain, in: solver)
    }

    /// Every fixture system, its constraints reversed and shuffled, agrees with kiwisolver.
    func testFixtureSystemsInOtherOrders() throws {
        let systems = try KiwiSystem.load("kiwi-systems", minimum: 1000)
        var generator = SeededGenerator(seed: 11)
        for (number, system) in systems.enumerated() {
            for (name, order) in [
                ("reversed", Array(system.constraints.reversed())),
                ("shuffled", system.constraints.shuffled(using: &generator)),
            ] {
                let solver = Solver()
                try solver.addConstraints(order)
                system.assertUniqueValues(in: solver, "system \(number) \(name)")
            }
        }
    }
}
