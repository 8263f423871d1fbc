/// Auto Layout for a layout document: frames for every view, on the Cassowary solver.
///
/// A run solves in passes. Each pass measures every view (intrinsic sizes through the
/// `TextMeasuring`), makes the constraints and solves. Then two things the solution feeds
/// back are updated, and the run solves again until neither changes (at most `maximumPasses`):
/// a multi-line label whose one-line text is wider than its solved width is measured again,
/// wrapped at that width (preferredMaxLayoutWidth), and every view's safe-area insets are
/// recomputed from where the root's unsafe area reaches into its frame.
public struct LayoutEngine {
    public let measurer: any TextMeasuring
    public static let maximumPasses = 4

    public init(measurer: any TextMeasuring) {
        self.measurer = measurer
    }

    /// Lays a document out in a context. When a text has width variants, the layout is solved
    /// with each text's widest variant, then again with the variants that fit their views.
    ///
    /// - Throws: `TextMeasuringError` when a view's text cannot be measured.
    public func layout(_ document: LayoutDocument, in context: LayoutContext) throws -> LayoutResult {
        var context = context
        var solved = try solve(document, in: context)
        if !context.widthVariants.isEmpty {
            let fitting = TextFitting(measurer: measurer, context: context)
            var changed = false
            for (index, view) in solved.system.views.enumerated() {
                guard let variants = context.widthVariants[view.id], variants.count > 1 else { continue }
                let width = solved.system.frame(index, solved.values).rounded.width
                let chosen = try measuring(view, context) { try fitting.widthVariant(variants, of: view, width: width) }
                if chosen != context.texts[view.id] {
                    context.texts[view.id] = chosen
                    changed = true
                }
            }
            if changed { solved = try solve(document, in: context) }
        }
        let fitting = TextFitting(measurer: measurer, context: context)
        let views = try solved.system.views.indices.map { index in
            try viewLayout(solved.system, index, values: solved.values, fitting: fitting)
        }
        return LayoutResult(views: views, diagnostics: solved.diagnostics, device: solved.system.device)
    }

    /// Runs `body`, naming the view whose text it measures when it throws.
    private func measuring<T>(_ view: ViewNode, _ context: LayoutContext, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as TextMeasuringError {
            throw error
        } catch {
            throw TextMeasuringError(view: view.id, language: context.language, underlying: error)
        }
    }

    private struct Solved {
        var system: LayoutSystem
        var values: [Double]
        var diagnostics: [LayoutDiagnostic]
    }

    private func solve(_ document: LayoutDocument, in context: LayoutContext) throws -> Solved {
        let device = document.environment?.applied(to: context.device) ?? context.device
        var system = LayoutSystem(document: document, device: device, language: context.direction)
        let names = system.views.flatMap { view in FrameComponent.allCases.map { "\(view.id).\($0.rawValue)" } }

        var invalid: [LayoutDiagnostic] = []
        var wrapWidths: [Int: Double] = [:]
        var bridge: SolverBridge?
        var values: [Double] = []

        for pass in 0..<Self.maximumPasses {
            system.intrinsic = try system.views.indices.map { index in
                try measuring(system.views[index], context) {
                    try IntrinsicSize.of(system.views[index], context: context, device: device, measurer: measurer,
                                         wrapWidth: wrapWidths[index])
                }
            }
            // The layout's own constraints depend on baselines (intrinsic) and safe areas.
            var ownConstraints: [PendingConstraint] = []
            invalid = []
            for (index, constraint) in document.constraints.enumerated() {
                switch system.translate(constraint, index: index) {
                case .success(let made): ownConstraints.append(made)
                case .failure(let failure): invalid.append(.invalidConstraint(failure.reference, reason: failure.reason))
                }
            }
            let pending = system.rootFrameConstraints()
                + system.views.indices.flatMap { system.stackConstraints($0) }
                + ownConstraints
                + system.contentSizeConstraints()
            let solved = SolverBridge(variableNames: names, constraints: pending)
            bridge = solved
            values = solved.values
            guard pass + 1 < Self.maximumPasses else { break }

            var newWraps: [Int: Double] = [:]
            for (index, view) in system.views.enumerated() {
                guard case .label(let label) = view.kind, label.lines != 1,
                    let oneLineWidth = system.intrinsic[index].oneLineWidth
                else { continue }
                let solvedWidth = values[index * 4 + 2]
                if oneLineWidth > solvedWidth + 1e-6 {
                    newWraps[index] = max(0, solvedWidth)
                }
            }
            let newInsets = system.safeInsetsFromFrames(values)
            let wrapsSettled = newWraps.keys.sorted() == wrapWidths.keys.sorted()
                && newWraps.allSatisfy { abs($0.value - (wrapWidths[$0.key] ?? -1)) < 1e-6 }
            if wrapsSettled && newInsets == system.safeInsets { break }
            wrapWidths = newWraps
            system.safeInsets = newInsets
        }

        let probing = system.views.indices.filter { !system.effectivelyHidden[$0] }.flatMap { view in (0..<4).map { view * 4 + $0 } }
        let movable = AmbiguityProbe.movableVariables(bridge?.active ?? [], values: values, names: names, probing: probing)
        var diagnostics = invalid + (bridge?.diagnostics ?? [])
        for index in system.views.indices {
            let components = FrameComponent.allCases.enumerated().filter { movable.contains(index * 4 + $0.offset) }.map(\.element)
            if !components.isEmpty {
                diagnostics.append(.ambiguous(view: system.views[index].id, components: components))
            }
        }
        return Solved(system: system, values: values, diagnostics: diagnostics)
    }

    private func viewLayout(_ system: LayoutSystem, _ index: Int, values: [Double], fitting: TextFitting) throws -> ViewLayout {
        let view = system.views[index]
        let direction = system.directions[index]
        var layout = ViewLayout(
            id: view.id, frame: system.frame(index, values).rounded, direction: direction,
            hidden: system.effectivelyHidden[index])
        layout.textAlignment = view.kind.textAlignment?.resolved(direction)
        layout.flipped = direction == .rightToLeft && view.kind.image?.mirrorsInRTL == true
        if let font = view.kind.font {
            layout.text = system.intrinsic[index].text
            layout.font = font.resolved(for: fitting.context.contentSize)
            layout.fitted = try measuring(view, fitting.context) { try fitting.fit(view, frame: layout.frame, direction: direction) }
        }
        return layout
    }
}

extension Rect {
    /// Rounded to a millionth of a point, so that a solver's 15.999999999 reads as 16.
    var rounded: Rect {
        func r(_ value: Double) -> Double {
            let result = (value * 1e6).rounded() / 1e6
            return result == 0 ? 0 : result
        }
        return Rect(x: r(x), y: r(y), width: r(width), height: r(height))
    }
}
