import Cassowary
import XCTest

/// A row of 2,000 views, each after the one before: the shape of layout that makes a
/// solver without a column index quadratic.
final class ChainTests: XCTestCase {
    private let count = 2000

    private struct Chain {
        var lefts: [Variable] = [], widths: [Variable] = []
        var first: Constraint?
        var links: [Constraint] = []
    }

    private func makeChain(in solver: Solver) throws -> Chain {
        var chain = Chain()
        for index in 0..<count {
            let left = Variable("view\(index).left"), width = Variable("view\(index).width")
            if index == 0 {
                let first = left .== 16
                try solver.addConstraint(first)
                chain.first = first
            } else {
                let link = left .== chain.lefts[index - 1] + chain.widths[index - 1] + 8
                try solver.addConstraint(link)
                chain.links.append(link)
            }
            try solver.addConstraints([
                width .>= 10, width .<= 200, (width .== Double(20 + index % 7)).withStrength(500),
            ])
            chain.lefts.append(left)
            chain.widths.append(width)
        }
        return chain
    }

    private func assertChain(_ chain: Chain, in solver: Solver, start: Double, line: UInt = #line) {
        solver.updateVariables()
        var left = start
        for index in 0..<count {
            let width = Double(20 + index % 7)
            XCTAssertEqual(solver.value(of: chain.lefts[index]), left, accuracy: 1e-6, "view \(index)", line: line)
            XCTAssertEqual(solver.value(of: chain.widths[index]), width, accuracy: 1e-9, "view \(index)", line: line)
            left += width + 8
        }
    }

    func testAChainOfTwoThousandViews() throws {
        let solver = Solver()
        let chain = try makeChain(in: solver)
        XCTAssertEqual(solver.constraints.count, 4 * count)
        assertChain(chain, in: solver, start: 16)
    }

    func testAContainerThatIsTooNarrowSqueezesEveryView() throws {
        let solver = Solver()
        let chain = try makeChain(in: solver)
        let last = count - 1
        // The natural width is 16 + Σ(20 + i % 7) + 8·1999; ask for the views to end at 42,016,
        // which leaves each view 13 wide on average: the widths at priority 500 must give.
        let end = chain.lefts[last] + chain.widths[last] .<= 42_016
        try solver.addConstraint(end)
        solver.updateVariables()
        let right = solver.value(of: chain.lefts[last]) + solver.value(of: chain.widths[last])
        XCTAssertEqual(right, 42_016, accuracy: 1e-6)
        var total = 0.0
        for index in 0..<count {
            let width = solver.value(of: chain.widths[index])
            XCTAssertGreaterThanOrEqual(width, 10 - 1e-9)
            XCTAssertLessThanOrEqual(width, Double(20 + index % 7) + 1e-9)
            total += width
        }
        XCTAssertEqual(total, 42_016 - 16 - 8 * Double(count - 1), accuracy: 1e-6)
        try solver.removeConstraint(end)
        assertChain(chain, in: solver, start: 16)
    }

    func testMovingTheFirstViewMovesThemAll() throws {
        let solver = Solver()
        let chain = try makeChain(in: solver)
        try solver.removeConstraint(chain.first!)
        try solver.addConstraint(chain.lefts[0] .== 100)
        assertChain(chain, in: solver, start: 100)
        try solver.addEditVariable(chain.lefts[0], strength: .strong)
        try solver.removeConstraint(solver.constraints.last!)
        try solver.suggestValue(chain.lefts[0], -40)
        assertChain(chain, in: solver, start: -40)
    }

    func testBreakingOneLinkLeavesTheRestInPlace() throws {
        let solver = Solver()
        let chain = try makeChain(in: solver)
        try solver.removeConstraint(chain.links[999])
        solver.updateVariables()
        XCTAssertEqual(solver.value(of: chain.lefts[999]), 16 + (0..<999).reduce(0.0) { $0 + Double(28 + $1 % 7) },
            accuracy: 1e-6)
        let freeLeft = solver.value(of: chain.lefts[1000])
        XCTAssertEqual(
            solver.value(of: chain.lefts[1001]), freeLeft + Double(20 + 1000 % 7) + 8, accuracy: 1e-9)
        try solver.addConstraint(chain.links[999])
        assertChain(chain, in: solver, start: 16)
    }
}
