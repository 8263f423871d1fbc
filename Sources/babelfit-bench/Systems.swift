import Cassowary
import Foundation

// The solver figures of `scripts/bench`: constraint systems written once to a file, which
// babelfit's solver (`babelfit-bench solve`) and kiwisolver (`scripts/bench`'s Python side)
// both read, build and solve.
//
// A system's constraints are `sum(coefficient * variable) + constant  op  0`, op in ==, >=,
// <=, with a priority: 1000 is required, 750, 500 and 250 are given to kiwisolver as its
// `strong`, `medium` and `weak` strengths (the three levels both solvers have; every system
// here has one optimal solution, so strict priorities and kiwisolver's weights agree on it).
//
//     {"systems": [{"name": "chain-100", "group": "chain", "views": 100, "variables": 300,
//                   "constraints": [[[[variable, coefficient], ...], constant, "op", priority], ...]}, ...]}

/// A linear constraint of a generated system.
struct SystemConstraint {
    var terms: [(Int, Double)]
    var constant: Double
    var relation: String
    var priority: Int

    var json: [Any] { [terms.map { [$0.0, $0.1] as [Any] }, constant, relation, priority] }
}

/// A constraint system to solve: its variables are 0..<variables.
struct BenchSystem {
    var name: String
    /// `chain`, `rows` or `screen`: how the table groups the figures.
    var group: String
    var views: Int
    var variables: Int
    var constraints: [SystemConstraint] = []

    init(name: String, group: String, views: Int, variables: Int) {
        self.name = name
        self.group = group
        self.views = views
        self.variables = variables
    }

    mutating func add(_ terms: [(Int, Double)], _ constant: Double, _ relation: String, _ priority: Int = 1000) {
        constraints.append(SystemConstraint(terms: terms, constant: constant, relation: relation, priority: priority))
    }

    var json: [String: Any] {
        ["name": name, "group": group, "views": views, "variables": variables, "constraints": constraints.map(\.json)]
    }
}

/// A 64-bit linear congruential generator with a fixed seed: the same numbers on every run
/// and every platform, whatever the standard library's generators do.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        // The high bits are the good ones of an LCG; mix them into a full word.
        var mixed = state
        mixed ^= mixed >> 29
        mixed = mixed &* 0xbf58_476d_1ce4_e5b9
        mixed ^= mixed >> 32
        return mixed
    }

    mutating func below(_ limit: Int) -> Int { Int(next() % UInt64(limit)) }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

enum Systems {
    /// The systems of the solver figures: chains of 100, 1,000 and 10,000 views, the same
    /// numbers of views in rows of 10, and typical screens of 30 to 60 views.
    static func all(screens: Int = 20) -> [BenchSystem] {
        var systems: [BenchSystem] = []
        for views in [100, 1_000, 10_000] { systems.append(chain(views: views)) }
        for views in [100, 1_000, 10_000] { systems.append(rows(views: views)) }
        var generator = SeededGenerator(seed: 12)
        for index in 0..<screens { systems.append(screen(index, using: &generator)) }
        return systems
    }

    /// The intrinsic width of the chain's view `index`: 40 to 239 pt, so that some views want
    /// more than the 200 pt their `width <= 200 @500` allows (the intrinsic size at 750 wins).
    static func intrinsicWidth(_ index: Int) -> Double { Double(40 + (index * 73) % 200) }

    /// A view of a chain: `right == left + width`, an intrinsic width at 750 (compression
    /// resistance) and 250 (hugging), `width <= 200 @500`. Variables `3i` (left), `3i+1`
    /// (width), `3i+2` (right).
    private static func chainView(_ index: Int, into system: inout BenchSystem) {
        let left = 3 * index, width = left + 1, right = left + 2
        let intrinsic = intrinsicWidth(index)
        system.add([(right, 1), (left, -1), (width, -1)], 0, "==")
        system.add([(width, 1)], -intrinsic, ">=", 750)
        system.add([(width, 1)], -intrinsic, "<=", 250)
        system.add([(width, 1)], -200, "<=", 500)
    }

    /// `views` views side by side, each 8 pt after the one before, the first at 0.
    static func chain(views: Int) -> BenchSystem {
        var system = BenchSystem(name: "chain-\(views)", group: "chain", views: views, variables: 3 * views)
        for index in 0..<views {
            chainView(index, into: &system)
            if index == 0 {
                system.add([(0, 1)], 0, "==")
            } else {
                system.add([(3 * index, 1), (3 * index - 1, -1)], -8, "==")
            }
        }
        return system
    }

    /// The same views in rows of 10, each row a chain from x = 16 that must end inside a
    /// 2,400 pt container (the row always fits).
    static func rows(views: Int) -> BenchSystem {
        var system = BenchSystem(name: "rows-\(views)", group: "rows", views: views, variables: 3 * views)
        for index in 0..<views {
            chainView(index, into: &system)
            if index % 10 == 0 {
                system.add([(3 * index, 1)], -16, "==")
            } else {
                system.add([(3 * index, 1), (3 * index - 1, -1)], -8, "==")
            }
            if index % 10 == 9 || index == views - 1 {
                system.add([(3 * index + 2, 1)], -(2_400 - 16), "<=")
            }
        }
        return system
    }

    /// A screen of 30 to 60 views on a 393 × 852 pt screen, as a layout's constraints give the
    /// solver: a column of rows from the safe area's top, each a label beside a text field
    /// (the label's intrinsic width at 750 and 250 against the field's preferred minimum at
    /// 500, their centres aligned), three buttons of equal widths, a wrapping text, or an
    /// image beside a title and a subtitle; a content view whose height follows the last row.
    /// Every variable is x, y, width, height of a view (4 per view); every view's frame is
    /// determined, so both solvers must find the same values.
    static func screen(_ number: Int, using generator: inout SeededGenerator) -> BenchSystem {
        let target = 30 + generator.below(31)
        var system = BenchSystem(name: "screen-\(number)", group: "screen", views: 0, variables: 0)
        var views = 0
        func view() -> (x: Int, y: Int, w: Int, h: Int) {
            views += 1
            let base = 4 * (views - 1)
            return (base, base + 1, base + 2, base + 3)
        }
        let (width, height, margin) = (393.0, 852.0, 16.0)
        let root = view()
        system.add([(root.x, 1)], 0, "==")
        system.add([(root.y, 1)], 0, "==")
        system.add([(root.w, 1)], -width, "==")
        system.add([(root.h, 1)], -height, "==")
        /// Intrinsic size at 750 (compression resistance) and 250 (hugging).
        func intrinsic(_ variable: Int, _ size: Double) {
            system.add([(variable, 1)], -size, ">=", 750)
            system.add([(variable, 1)], -size, "<=", 250)
        }
        func leading(_ v: (x: Int, y: Int, w: Int, h: Int), _ offset: Double) {
            system.add([(v.x, 1), (root.x, -1)], -offset, "==")
        }
        func trailing(_ v: (x: Int, y: Int, w: Int, h: Int), _ relation: String) {
            system.add([(v.x, 1), (v.w, 1), (root.x, -1), (root.w, -1)], margin, relation)
        }
        var previousBottom: (y: Int, h: Int)?
        func below(_ v: (x: Int, y: Int, w: Int, h: Int), spacing: Double) {
            if let previousBottom {
                system.add([(v.y, 1), (previousBottom.y, -1), (previousBottom.h, -1)], -spacing, "==")
            } else {
                system.add([(v.y, 1), (root.y, -1)], -(59 + spacing), "==")
            }
        }
        while views < target {
            switch generator.below(4) {
            case 0:
                // A label beside a field, centres aligned.
                let label = view(), field = view()
                below(field, spacing: 8)
                leading(label, margin)
                intrinsic(label.w, Double(40 + generator.below(200)))
                intrinsic(label.h, 20.5)
                system.add([(field.x, 1), (label.x, -1), (label.w, -1)], -8, "==")
                trailing(field, "==")
                system.add([(field.w, 1)], -100, ">=", 500)
                system.add([(field.h, 1)], -34, "==")
                system.add([(label.y, 2), (label.h, 1), (field.y, -2), (field.h, -1)], 0, "==")
                previousBottom = (field.y, field.h)
            case 1:
                // Three buttons of equal widths filling the row, tops aligned.
                let buttons = [view(), view(), view()]
                below(buttons[0], spacing: 12)
                leading(buttons[0], margin)
                for index in 1..<3 {
                    system.add([(buttons[index].x, 1), (buttons[index - 1].x, -1), (buttons[index - 1].w, -1)], -8, "==")
                    system.add([(buttons[index].w, 1), (buttons[0].w, -1)], 0, "==")
                    system.add([(buttons[index].y, 1), (buttons[0].y, -1)], 0, "==")
                }
                trailing(buttons[2], "==")
                for button in buttons {
                    intrinsic(button.w, Double(60 + generator.below(90)))
                    intrinsic(button.h, 44)
                }
                previousBottom = (buttons[0].y, buttons[0].h)
            case 2:
                // A text wrapped to the margins: its height from the number of lines.
                let text = view()
                below(text, spacing: 8)
                leading(text, margin)
                trailing(text, "==")
                intrinsic(text.h, 20.5 * Double(1 + generator.below(4)))
                previousBottom = (text.y, text.h)
            default:
                // An image beside a title and a subtitle that may not pass the margin.
                let image = view(), title = view(), subtitle = view()
                below(image, spacing: 12)
                leading(image, margin)
                system.add([(image.w, 1)], -44, "==")
                system.add([(image.h, 1)], -44, "==")
                for (label, size) in [(title, 17.0), (subtitle, 13.0)] {
                    system.add([(label.x, 1), (image.x, -1), (image.w, -1)], -12, "==")
                    trailing(label, "<=")
                    system.add([(label.w, 1)], -Double(60 + generator.below(300)), "==", 500)
                    intrinsic(label.h, size * 1.2)
                }
                system.add([(title.y, 1), (image.y, -1)], 0, "==")
                system.add([(subtitle.y, 1), (title.y, -1), (title.h, -1)], -2, "==")
                previousBottom = (image.y, image.h)
            }
        }
        // The content view: from the top to 20 pt under the last row.
        let content = view()
        system.add([(content.x, 1)], 0, "==")
        system.add([(content.y, 1)], 0, "==")
        system.add([(content.w, 1), (root.w, -1)], 0, "==")
        if let previousBottom {
            system.add([(content.h, 1), (previousBottom.y, -1), (previousBottom.h, -1)], -20, "==")
        }
        system.views = views
        system.variables = 4 * views
        return system
    }

    /// Writes the systems as JSON to `path`.
    static func write(_ systems: [BenchSystem], to path: String) throws {
        let data = try JSONSerialization.data(withJSONObject: ["systems": systems.map(\.json)], options: [.sortedKeys])
        try data.write(to: URL(fileURLWithPath: path))
    }

    /// Reads systems written by `write`.
    static func read(_ path: String) throws -> [BenchSystem] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let list = root["systems"] as? [[String: Any]]
        else { throw BenchError("\(path): not a systems file") }
        return try list.map { item in
            guard let name = item["name"] as? String, let group = item["group"] as? String,
                  let views = item["views"] as? Int, let variables = item["variables"] as? Int,
                  let constraints = item["constraints"] as? [[Any]]
            else { throw BenchError("\(path): a system without its name, group, views, variables or constraints") }
            var system = BenchSystem(name: name, group: group, views: views, variables: variables)
            system.constraints = try constraints.map { entry in
                guard entry.count == 4, let terms = entry[0] as? [[Any]], let constant = (entry[1] as? NSNumber)?.doubleValue,
                      let relation = entry[2] as? String, let priority = entry[3] as? Int
                else { throw BenchError("\(path): a bad constraint in \(name)") }
                return SystemConstraint(
                    terms: terms.map { (($0[0] as? Int) ?? 0, (($0[1] as? NSNumber)?.doubleValue) ?? 0) },
                    constant: constant, relation: relation, priority: priority)
            }
            return system
        }
    }

    /// Builds the system in a new solver (variables, constraints, every constraint added in
    /// order), solves it and reads every value: what is timed.
    static func solve(_ system: BenchSystem) throws -> [Double] {
        let variables = (0..<system.variables).map { Variable("v\($0)") }
        let solver = Solver()
        for constraint in system.constraints {
            let expression = Expression(constraint.terms.map { Term(variables[$0.0], coefficient: $0.1) },
                                        constant: constraint.constant)
            let relation: Constraint.Relation = constraint.relation == "==" ? .equal
                : constraint.relation == ">=" ? .greaterThanOrEqual : .lessThanOrEqual
            try solver.addConstraint(Constraint(expression, relation, strength: Strength(constraint.priority)))
        }
        solver.updateVariables()
        return variables.map { solver.value(of: $0) }
    }

    /// `babelfit-bench solve FILE`: each system solved `repetitions` times; one JSON object
    /// per system: the median seconds on the clock and in CPU time, and the values (to
    /// compare with kiwisolver's).
    static func benchmark(_ path: String, repetitions: Int) throws -> [String: Any] {
        var results: [[String: Any]] = []
        for system in try read(path) {
            var values: [Double] = []
            var timings: [Timing] = []
            for _ in 0..<repetitions {
                timings.append(try Timing.of { values = try solve(system) })
            }
            results.append(["name": system.name, "group": system.group, "views": system.views,
                            "constraints": system.constraints.count,
                            "wall": median(timings.map(\.wall)), "cpu": median(timings.map(\.cpu)), "values": values])
        }
        return ["systems": results]
    }
}

/// The middle value (the mean of the two middle ones for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
