/// What a unit of a symbol costs the objective: one amount per priority level.
///
/// Strict priorities make the objective a vector rather than a number. Minimising it means
/// minimising the amount at the highest level first, then the next level without giving any
/// of the higher levels back, and so on; so costs are compared lexicographically from the
/// highest level down. Only the levels in use are stored, as components sorted from the
/// highest level down, and every level 1...999 is exact: no level is ever scaled into
/// another, so no number of constraints at one level adds up to a single one above it.
/// Amounts that come out near zero are dropped, which is the zero test of every level.
struct Cost {
    struct Component {
        let level: Int
        var amount: Double
    }

    /// Levels strictly decreasing, no amount near zero.
    private(set) var components: [Component] = []

    static let zero = Cost()

    private init() {}

    init(level: Int, amount: Double) {
        if !isNearZero(amount) {
            components = [Component(level: level, amount: amount)]
        }
    }

    var isZero: Bool { components.isEmpty }

    /// The most significant level decides: negative there means entering the symbol lowers
    /// the objective, whatever happens below.
    var isNegative: Bool { (components.first?.amount ?? 0) < 0 }

    /// `self += other · factor`.
    mutating func add(_ other: Cost, times factor: Double) {
        if other.components.isEmpty || factor == 0 { return }
        if components.count == 1, other.components.count == 1, components[0].level == other.components[0].level {
            let sum = components[0].amount + other.components[0].amount * factor
            if isNearZero(sum) { components.removeAll() } else { components[0].amount = sum }
            return
        }
        var merged: [Component] = []
        merged.reserveCapacity(components.count + other.components.count)
        var mine = components.makeIterator(), theirs = other.components.makeIterator()
        var a = mine.next(), b = theirs.next()
        while a != nil || b != nil {
            var level = 0, amount = 0.0
            if let x = a, b == nil || x.level > b!.level {
                (level, amount) = (x.level, x.amount)
                a = mine.next()
            } else if let y = b, a == nil || y.level > a!.level {
                (level, amount) = (y.level, y.amount * factor)
                b = theirs.next()
            } else {
                (level, amount) = (a!.level, a!.amount + b!.amount * factor)
                a = mine.next()
                b = theirs.next()
            }
            if !isNearZero(amount) { merged.append(Component(level: level, amount: amount)) }
        }
        components = merged
    }

    /// Orders the ratio `a / x` against `b / y` (x and y positive) lexicographically:
    /// negative, zero or positive. Amounts that agree to within rounding count as equal at
    /// their level, so that the decision falls to the levels below instead of to noise.
    static func compareRatios(_ a: Cost, _ x: Double, _ b: Cost, _ y: Double) -> Int {
        var i = 0, j = 0
        while i < a.components.count || j < b.components.count {
            let left = i < a.components.count ? a.components[i] : nil
            let right = j < b.components.count ? b.components[j] : nil
            let level = max(left?.level ?? Int.min, right?.level ?? Int.min)
            let p = left?.level == level ? left!.amount / x : 0
            let q = right?.level == level ? right!.amount / y : 0
            if left?.level == level { i += 1 }
            if right?.level == level { j += 1 }
            if abs(p - q) > epsilon * max(1, abs(p), abs(q)) { return p < q ? -1 : 1 }
        }
        return 0
    }
}
