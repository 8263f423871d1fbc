import Cassowary

/// Solves a horizontal chain of `views` views, as a long toolbar or table row would make:
/// each view sits 8 pt after the one before it, is 10 to 200 pt wide and would like to be
/// 50 pt wide (priority 500), sits at y = 20 and would like to be 44 pt high (priority 750);
/// the container ends 8 pt after the last view. Six constraints per view plus the
/// container's: 60,001 for 10,000 views.
///
/// Returns one line with the number of constraints, the seconds taken to add them all and
/// read every value, and whether the solution is the one expected (every view 50 wide, the
/// container 58 pt per view).
func solverBenchmark(views: Int) -> String {
    let clock = ContinuousClock()
    let start = clock.now
    let solver = Solver()
    var constraints = 0
    func add(_ constraint: Constraint) {
        do {
            try solver.addConstraint(constraint)
            constraints += 1
        } catch {
            fatalError("benchmark constraint rejected: \(error)")
        }
    }
    var lefts: [Variable] = [], widths: [Variable] = [], tops: [Variable] = [], heights: [Variable] = []
    for index in 0..<views {
        let left = Variable("view\(index).left"), width = Variable("view\(index).width")
        let top = Variable("view\(index).top"), height = Variable("view\(index).height")
        if index == 0 {
            add(left .== 8)
        } else {
            add(left .== lefts[index - 1] + widths[index - 1] + 8)
        }
        add(width .>= 10)
        add(width .<= 200)
        add((width .== 50).withStrength(500))
        add(top .== 20)
        add((height .== 44).withStrength(750))
        lefts.append(left)
        widths.append(width)
        tops.append(top)
        heights.append(height)
    }
    let container = Variable("container.width")
    if let last = lefts.indices.last {
        add(container .== lefts[last] + widths[last] + 8)
    }
    solver.updateVariables()
    var correct = abs(solver.value(of: container) - Double(58 * views + 8)) < 1e-6 || views == 0
    for index in 0..<views {
        correct = correct && abs(solver.value(of: widths[index]) - 50) < 1e-9
            && abs(solver.value(of: heights[index]) - 44) < 1e-9
            && abs(solver.value(of: lefts[index]) - Double(8 + 58 * index)) < 1e-6
    }
    let elapsed = start.duration(to: clock.now).components
    let milliseconds = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
    let seconds = "\(milliseconds / 1000).\(String(1000 + milliseconds % 1000).dropFirst())"
    return "solver: \(views) views, \(constraints) constraints, \(seconds) s, solution \(correct ? "correct" : "WRONG")"
}
