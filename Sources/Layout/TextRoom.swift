/// The room a text view's text has in one run, with every other text as it is: the widest
/// text it can show without being truncated or clipped, and without making another text view
/// truncated or clipped, any view clipped by its superview, or an image or control squeezed
/// below its size.
public struct TextRoom: Sendable, Equatable {
    /// The widest the text can be on one line (for a wrapping view, the width it wraps at), in
    /// points, on the device's pixel grid: a text whose natural width is at most this fits.
    /// Nil when nothing in the layout limits it.
    public var width: Double?
    /// 1 for a view that shows one line; for a wrapping label or button, the lines it can take
    /// at `width`; 0 when nothing limits them.
    public var lines: Int
    /// For a wrapping view: the height of one line of its text, by which `lines` was counted.
    public var lineHeight: Double?

    public init(width: Double?, lines: Int, lineHeight: Double? = nil) {
        self.width = width
        self.lines = lines
        self.lineHeight = lineHeight
    }

    /// How much text the room holds, for choosing the smallest of several rooms: the width,
    /// times the lines for a wrapping view; infinite when unlimited.
    public var capacity: Double {
        guard let width else { return .infinity }
        return lines == 0 ? .infinity : width * Double(lines)
    }
}

/// A text room could not be found: the view is not a text view of the layout.
public struct TextRoomError: Error, CustomStringConvertible {
    public var description: String
}

extension LayoutSession {
    /// The room the text of the view `id` has in this run (see ``TextRoom``).
    ///
    /// It is found by solving the layout with the view's intrinsic length (along each axis in
    /// turn) as a variable, `W`, in place of the number its text gave it: every constraint whose
    /// constant follows the intrinsic length (the view's content hugging and compression
    /// resistance, a stack's ambiguity suppression) follows `W` instead, and `W` is held by one
    /// required constraint whose constant the solver changes in place (the dual simplex keeps
    /// its basis). So the layout answers every `W` as Auto Layout would, priorities and all, and
    /// on each stretch where the solution moves linearly with `W` the first `W` at which a
    /// condition breaks is read off the solution's slope: the view at least `W` long, each other
    /// text view at least as long as its text needs (as tall as its lines), each view's edges
    /// within its superview's (a scroll view's content area for its content), each as far as it
    /// holds in this run. Where the slope changes, the stretch is narrowed by the same reading
    /// from both ends.
    ///
    /// - Throws: `TextMeasuringError` when a text cannot be measured; ``TextRoomError`` for a
    ///   view without text.
    public func room(for id: String, in context: LayoutContext) throws -> TextRoom {
        let solved = try solve(in: context)
        let system = solved.system
        let result = try layout(context)
        guard let index = system.indexOf[id], let fitted = result.views[index].fitted else {
            throw TextRoomError(description: "\(id) is not a text view of \(document.name)")
        }
        let conditions = fitConditions(system, result: result, except: index)
        let wrapping = system.views[index].kind.wrapping
        let frame = result.views[index].frame
        // What the view's frame holds besides its text: a button's content insets and image.
        let sides = max(0, frame.width - fitted.available)
        let lines = wrapping?.lines ?? 1
        let pixel = 1 / max(system.device.scale, 1)
        func onGrid(_ value: Double) -> Double { ((value + 1e-9) / pixel).rounded(.down) * pixel }

        guard let widest = try maximise(.horizontal, of: index, in: system, conditions: conditions) else {
            return TextRoom(width: nil, lines: lines)
        }
        let width = onGrid(max(0, widest - sides))
        guard lines != 1 else { return TextRoom(width: width, lines: 1) }
        // A wrapping view: as many lines as the height it can take holds.
        let lineHeight = fitted.layout.lines.first?.height ?? 0
        guard lineHeight > 0, let tallest = try maximise(.vertical, of: index, in: system, conditions: conditions) else {
            return TextRoom(width: width, lines: lines, lineHeight: lineHeight > 0 ? lineHeight : nil)
        }
        // What the view's intrinsic height holds besides its text: a button's content insets.
        let intrinsic = system.intrinsic[index]
        let verticalSides = max(0, (intrinsic.height ?? 0) - system.device.roundUpToPixels(intrinsic.text?.height ?? 0))
        var fitting = 0
        while fitting < 10_000, system.device.roundUpToPixels(Double(fitting + 1) * lineHeight) <= tallest - verticalSides + 1e-6 {
            fitting += 1
        }
        return TextRoom(width: width, lines: lines == 0 ? max(1, fitting) : min(lines, max(1, fitting)), lineHeight: lineHeight)
    }

    /// The largest the view's intrinsic length along `axis` can be (see `room(for:in:)`); nil
    /// when nothing limits it.
    private func maximise(_ axis: Attribute.Axis, of index: Int, in system: LayoutSystem,
                          conditions: [PendingConstraint]) throws -> Double? {
        let horizontal = axis == .horizontal
        let base = system.constraints(document).constraints
        // The same constraints with the view's intrinsic length one point longer: a constant
        // that moved with it follows the variable.
        var longer = system
        var size = longer.intrinsic[index]
        let length = (horizontal ? size.width : size.height) ?? 0
        if horizontal { size.width = length + 1 } else { size.height = length + 1 }
        longer.intrinsic[index] = size
        let moved = longer.constraints(document).constraints
        let variable = system.variableCount
        var constraints: [PendingConstraint] = []
        for (position, keyed) in base.enumerated() {
            var pending = keyed.pending
            if moved.count == base.count {
                let other = moved[position].pending.expression
                let slope = other.constant - pending.expression.constant
                let sameTerms = other.terms.count == pending.expression.terms.count
                    && zip(other.terms, pending.expression.terms).allSatisfy { $0.variable == $1.variable && $0.coefficient == $1.coefficient }
                if sameTerms, abs(slope) > 1e-12 {
                    pending.expression = LinearExpression(
                        terms: pending.expression.terms + [(variable, slope)], constant: pending.expression.constant - slope * length)
                }
            }
            constraints.append(pending)
        }
        let own = horizontal ? system.width(index) : system.height(index)
        let checks = (conditions + [system.made(own, .greaterThanOrEqual, .variable(variable), "\(system.views[index].id)'s text fits")])
            .map { $0.expression }
        var parametric = ParametricLayout(variableCount: variable + 1, constraints: constraints, variable: variable, start: length)
        return parametric.largest(from: length, keeping: checks, limit: Self.unlimited)
    }

    /// A length beyond which a text counts as unlimited.
    static var unlimited: Double { 100_000 }

    /// What must hold for no text to be truncated or clipped and no view clipped, as far as
    /// nothing is in this run: each text view (but `except`) at least as wide as its text needs
    /// on one line (a wrapping one as wide as it is) and as tall as its lines; each image,
    /// control or other view with an intrinsic size at least that size; each view (not hidden)
    /// within its superview, or its scroll view's content area.
    private func fitConditions(_ system: LayoutSystem, result: LayoutResult, except: Int) -> [PendingConstraint] {
        var conditions: [PendingConstraint] = []
        func atLeast(_ expression: LinearExpression, _ value: Double, current: Double, _ what: String) {
            conditions.append(system.made(expression, .greaterThanOrEqual, .constant(min(value, current)), what))
        }
        for (index, view) in system.views.enumerated() where !system.effectivelyHidden[index] {
            let frame = result.views[index].frame
            if index != except, let fitted = result.views[index].fitted {
                let sides = frame.width - fitted.available
                let oneLine = fitted.availableLines <= 1 && (view.kind.wrapping?.lines ?? 1) == 1
                atLeast(system.width(index), oneLine ? sides + fitted.layout.naturalWidth : frame.width, current: frame.width,
                        "\(view.id)'s text keeps its width")
                if case .label = view.kind, !fitted.layout.text.isEmpty {
                    atLeast(system.height(index), fitted.layout.height - 0.5, current: frame.height, "\(view.id)'s text keeps its height")
                }
            }
            if index != except, view.kind.font == nil {
                // An image, a control or a view with an intrinsic size is not squeezed below it.
                let size = system.intrinsic[index]
                if let width = size.width { atLeast(system.width(index), width, current: frame.width, "\(view.id) keeps its width") }
                if let height = size.height { atLeast(system.height(index), height, current: frame.height, "\(view.id) keeps its height") }
            }
            guard let parentIndex = system.parent[index] else { continue }
            var bounds = parentIndex
            if case .scroll(let scroll) = system.views[parentIndex].kind {
                guard view.id != scroll.contentGuide, let guide = system.indexOf[scroll.contentGuide] else { continue }
                bounds = guide
            }
            let outer = result.views[bounds].frame
            let what = "\(view.id) stays inside \(system.views[bounds].id)"
            atLeast(system.x(index) - system.x(bounds), 0, current: frame.x - outer.x, what)
            atLeast(system.y(index) - system.y(bounds), 0, current: frame.y - outer.y, what)
            atLeast(system.x(bounds) + system.width(bounds) - system.x(index) - system.width(index), 0,
                    current: outer.maxX - frame.maxX, what)
            atLeast(system.y(bounds) + system.height(bounds) - system.y(index) - system.height(index), 0,
                    current: outer.maxY - frame.maxY, what)
        }
        return conditions
    }
}
