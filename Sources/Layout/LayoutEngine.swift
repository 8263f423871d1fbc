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

    public func layout(_ document: LayoutDocument, in context: LayoutContext) -> LayoutResult {
        let device = document.environment?.applied(to: context.device) ?? context.device
        var system = LayoutSystem(document: document, device: device, language: context.direction)
        let names = system.views.flatMap { view in FrameComponent.allCases.map { "\(view.id).\($0.rawValue)" } }

        var invalid: [LayoutDiagnostic] = []
        var wrapWidths: [Int: Double] = [:]
        var bridge: SolverBridge?
        var values: [Double] = []

        for pass in 0..<Self.maximumPasses {
            system.intrinsic = system.views.indices.map { index in
                IntrinsicSize.of(system.views[index], context: context, device: device, measurer: measurer, wrapWidth: wrapWidths[index])
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
        let views = system.views.indices.map { index in
            viewLayout(system, index, values: values, contentSize: context.contentSize)
        }
        return LayoutResult(views: views, diagnostics: diagnostics, device: device)
    }

    private func viewLayout(_ system: LayoutSystem, _ index: Int, values: [Double], contentSize: ContentSize) -> ViewLayout {
        let view = system.views[index]
        let direction = system.directions[index]
        var layout = ViewLayout(
            id: view.id, frame: system.frame(index, values).rounded, direction: direction,
            hidden: system.effectivelyHidden[index])
        let rtl = direction == .rightToLeft
        switch view.kind {
        case .label(let label):
            layout.textAlignment = label.alignment.resolved(direction)
            layout.text = system.intrinsic[index].text
            layout.font = label.font.resolved(for: contentSize)
        case .textField(let field):
            layout.textAlignment = field.alignment.resolved(direction)
            layout.text = system.intrinsic[index].text
            layout.font = field.font.resolved(for: contentSize)
        case .button(let button):
            layout.text = system.intrinsic[index].text
            layout.font = button.font.resolved(for: contentSize)
            layout.flipped = rtl && button.image?.mirrorsInRTL == true
        case .image(let image):
            layout.flipped = rtl && image.mirrorsInRTL
        case .view, .stack:
            break
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
