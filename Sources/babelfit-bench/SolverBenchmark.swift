import Cassowary

/// Solves a horizontal chain of `views` views, as a long toolbar or table row would make:
/// each view sits 8 pt after the one before it, is 10 to 200 pt wide and would like to be
/// 50 pt wide (priority 500), sits at y = 20 and would like to be 44 pt high (priority 750);
/// the container ends 8 pt after the last view. Six constraints per view plus the
/// container's: 60,001 for 10,000 views.
///
/// Returns two lines, one for the constraints added in chain order and one for the same
/// constraints added in a shuffled order (a fixed seed): the number of constraints, the
/// seconds taken to add them all and read every value, and whether the solution is the one
/// expected (every view 50 wide, the container 58 pt per view).
func solverBenchmark(views: Int) -> String {
    [ChainOrder.forward, .shuffled].map { solveChain(views: views, order: $0) }.joined(separator: "\n")
}

/// The order in which the chain's constraints are given to the solver.
enum ChainOrder: String {
    case forward, shuffled
}

/// Adds the chain's constraints in `order`, then reads every value: the line for one order.
func solveChain(views: Int, order: ChainOrder) -> String {
    let clock = ContinuousClock()
    let start = clock.now
    var constraints: [Constraint] = []
    var lefts: [Variable] = [], widths: [Variable] = [], tops: [Variable] = [], heights: [Variable] = []
    for index in 0..<views {
        let left = Variable("view\(index).left"), width = Variable("view\(index).width")
        let top = Variable("view\(index).top"), height = Variable("view\(index).height")
        if index == 0 {
            constraints.append(left .== 8)
        } else {
            constraints.append(left .== lefts[index - 1] + widths[index - 1] + 8)
        }
        constraints.append(width .>= 10)
        constraints.append(width .<= 200)
        constraints.append((width .== 50).withStrength(500))
        constraints.append(top .== 20)
        constraints.append((height .== 44).withStrength(750))
        lefts.append(left)
        widths.append(width)
        tops.append(top)
        heights.append(height)
    }
    let container = Variable("container.width")
    if let last = lefts.indices.last {
        constraints.append(container .== lefts[last] + widths[last] + 8)
    }
    switch order {
    case .forward:
        break
    case .shuffled:
        // Fisher–Yates driven by a 64-bit linear congruential generator with a fixed seed:
        // the same order on every run, whatever the standard library's shuffle does.
        var state: UInt64 = 2024
        for index in constraints.indices.dropFirst().reversed() {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            constraints.swapAt(index, Int((state >> 33) % UInt64(index + 1)))
        }
    }
    let solver = Solver()
    do {
        try solver.addConstraints(constraints)
    } catch {
        fatalError("benchmark constraint rejected: \(error)")
    }
    solver.updateVariables()
    var correct = abs(solver.value(of: container) - Double(58 * views + 8)) < 1e-6 || views == 0
    for index in 0..<views {
        correct = correct && abs(solver.value(of: widths[index]) - 50) < 1e-9
            && abs(solver.value(of: heights[index]) - 44) < 1e-9
            && abs(solver.value(of: tops[index]) - 20) < 1e-9
            && abs(solver.value(of: lefts[index]) - Double(8 + 58 * index)) < 1e-6
    }
    let elapsed = start.duration(to: clock.now).components
    let milliseconds = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
    let seconds = "\(milliseconds / 1000).\(String(1000 + milliseconds % 1000).dropFirst())"
    return "solver (\(order.rawValue)): \(views) views, \(constraints.count) constraints, \(seconds) s, "
        + "solution \(correct ? "correct" : "WRONG")"
}
