/// The constraints a stack view makes for its arranged subviews, as UIStackView does.
///
/// Positions along the stack's axis run in reading order: a horizontal stack lays its
/// arranged views out from its leading edge, so in right-to-left the first view is on the
/// right (the constraints are written in mirrored coordinates, as any leading/trailing one).
///
/// - Along the axis, the first and last visible views touch the stack's ends
///   (`UISV-canvas-connection`) and consecutive views are `spacing` apart (`UISV-spacing`):
///   - `fill`: the view with the lowest content hugging stretches, the one with the lowest
///     compression resistance shrinks; where several share that priority, the last of them
///     does, then the one before it (UIKit resolves that ambiguity by index;
///     `UISV-ambiguity-suppression`, priorities 1 to 49);
///   - `fillEqually`: every view as long as the first;
///   - `fillProportionally`: lengths in proportion to intrinsic lengths (priority 999); when a
///     view has no intrinsic length, as `fill`;
///   - `equalSpacing`: equal gaps of at least `spacing`, as small as the stack allows;
///   - `equalCentering`: centers equally far apart (priority 999), gaps at least `spacing`;
///   - when the views do not fit, `equalSpacing` and `equalCentering` shrink them as `fill` does.
/// - Across the axis: `fill` pins both edges; `leading`, `center`, `trailing` pin one edge or
///   the center and keep the view inside; `firstBaseline`/`lastBaseline` align every view's
///   baseline with the first visible view's and keep the group at the top. UIKit defines
///   the baseline alignments for horizontal stacks only; in a vertical stack babelfit treats
///   `firstBaseline` as `leading` and `lastBaseline` as `trailing`. Except with `fill`, the
///   stack is as thin as its thickest view (`UISV-spanning-fit`, priority 1).
/// - With `marginsRelativeArrangement` (isLayoutMarginsRelativeArrangement), the stack's
///   edges and centre above are those of its layout margins.
/// - A hidden arranged view leaves the arrangement: it sits at the stack's start with no
///   length (`UISV-hiding`) and is aligned across the axis like the others. A stack with
///   nothing to arrange collapses to no length (`UISV-canvas-fit`, priority 1).
extension LayoutSystem {
    /// The priority of the engine's tie-breaking and fitting constraints: below every other.
    static let fittingPriority = 1
    static let stackDistributionPriority = 999
    static let maximumSuppressionPriority = 49

    /// A stack's constraints come in three runs: those that join its ends and space its views,
    /// those of its distribution, and those that hide views and align them across the axis.
    /// The first and last read only what the system fixes (which views are hidden, the
    /// spacing, the alignment), unless the stack is arranged within its margins (its
    /// safe-area insets) or is horizontal and aligned by baselines (its views' baselines): how
    /// many constraints each of them holds, or nil for such a stack. Only the distribution reads
    /// the views' lengths (``stackInputs(_:)``).
    struct StackSections {
        var first: Int
        var last: Int
    }

    /// ``stackConstraints(_:keeping:)``'s constraints alone.
    func stackConstraints(_ stack: Int) -> [PendingConstraint] {
        stackConstraints(stack, keeping: nil).made
    }

    /// The stack's constraints, and their ``StackSections`` where the first and last runs read
    /// nothing a pass changes. `kept`: the constraints and sections the stack made in an
    /// earlier pass of the same system, whose first and last runs are taken as they are (the
    /// same constraints, made from the same fields) and only the distribution's made again.
    func stackConstraints(_ stack: Int, keeping kept: (made: [PendingConstraint], sections: StackSections)?)
        -> (made: [PendingConstraint], sections: StackSections?)
    {
        guard case .stack(let spec) = views[stack].kind else { return ([], nil) }
        let direction = directions[stack]
        let horizontal = spec.axis == .horizontal
        let (visible, hidden) = arranged(stack)
        var result: [PendingConstraint] = []
        // A vertical stack treats the baseline alignments as leading and trailing (below).
        let readsPasses = spec.marginsRelativeArrangement
            || (horizontal && (spec.alignment == .firstBaseline || spec.alignment == .lastBaseline))
        let kept = readsPasses ? nil : kept

        func at(_ attribute: Attribute, _ view: Int) -> LinearExpression {
            let mirrored = direction == .rightToLeft
            // isLayoutMarginsRelativeArrangement: the arrangement runs inside the stack's margins.
            if view == stack, spec.marginsRelativeArrangement {
                switch attribute {
                case .leading: return value(.leadingMargin, of: view, direction: direction, mirrored: mirrored)
                case .trailing: return value(.trailingMargin, of: view, direction: direction, mirrored: mirrored)
                case .top: return value(.topMargin, of: view, direction: direction, mirrored: mirrored)
                case .bottom: return value(.bottomMargin, of: view, direction: direction, mirrored: mirrored)
                case .centerX: return (at(.leading, view) + at(.trailing, view)) * 0.5
                case .centerY: return (at(.top, view) + at(.bottom, view)) * 0.5
                default: break
                }
            }
            return value(attribute, of: view, direction: direction, mirrored: mirrored)
        }
        let start: Attribute = horizontal ? .leading : .top, end: Attribute = horizontal ? .trailing : .bottom
        let length: Attribute = horizontal ? .width : .height, center: Attribute = horizontal ? .centerX : .centerY
        let crossStart: Attribute = horizontal ? .top : .leading, crossEnd: Attribute = horizontal ? .bottom : .trailing
        let crossLength: Attribute = horizontal ? .height : .width, crossCenter: Attribute = horizontal ? .centerY : .centerX
        func add(
            _ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression,
            priority: Int = LayoutConstraint.requiredPriority, _ name: String, _ involved: [Int]
        ) {
            result.append(stackMade(stack, lhs, relation, rhs, priority: priority, name, involved))
        }
        func gap(_ pair: (Int, Int)) -> LinearExpression { at(start, pair.1) - at(end, pair.0) }

        // Along the axis.
        let pairs = Array(zip(visible, visible.dropFirst()))
        if let kept {
            result += kept.made.prefix(kept.sections.first)
        } else {
            if let first = visible.first, let last = visible.last {
                add(at(start, first), .equal, at(start, stack), "UISV-canvas-connection", [first])
                add(at(end, last), .equal, at(end, stack), "UISV-canvas-connection", [last])
            } else {
                // Nothing to arrange (all hidden, or none): the stack collapses.
                add(at(length, stack), .equal, .constant(0), priority: Self.fittingPriority, "UISV-canvas-fit", [])
                if spec.alignment == .fill {
                    add(at(crossLength, stack), .equal, .constant(0), priority: Self.fittingPriority, "UISV-canvas-fit", [])
                }
            }
            switch spec.distribution {
            case .fill, .fillEqually, .fillProportionally:
                for pair in pairs {
                    add(gap(pair), .equal, .constant(spec.spacing), "UISV-spacing", [pair.0, pair.1])
                }
            case .equalSpacing, .equalCentering:
                for pair in pairs {
                    add(gap(pair), .greaterThanOrEqual, .constant(spec.spacing), "UISV-spacing", [pair.0, pair.1])
                }
            }
        }
        let firstCount = result.count
        let intrinsicLengths = visible.map { horizontal ? intrinsic[$0].width : intrinsic[$0].height }
        let proportional = spec.distribution == .fillProportionally && visible.count > 1
            && intrinsicLengths.allSatisfy { ($0 ?? 0) > 0 }
        switch spec.distribution {
        case .fill:
            result += ambiguitySuppression(stack, visible, horizontal: horizontal)
        case .fillEqually:
            for view in visible.dropFirst() {
                add(at(length, view), .equal, at(length, visible[0]), "UISV-fill-equally", [visible[0], view])
            }
        case .fillProportionally:
            if proportional, let base = intrinsicLengths[0] {
                for (view, own) in zip(visible, intrinsicLengths).dropFirst() {
                    add(at(length, view), .equal, at(length, visible[0]) * ((own ?? 0) / base),
                        priority: Self.stackDistributionPriority, "UISV-fill-proportionally", [visible[0], view])
                }
            } else {
                result += ambiguitySuppression(stack, visible, horizontal: horizontal)
            }
        case .equalSpacing:
            result += ambiguitySuppression(stack, visible, horizontal: horizontal)
            if let firstPair = pairs.first {
                for pair in pairs.dropFirst() {
                    add(gap(pair), .equal, gap(firstPair), "UISV-distributing-edge", [firstPair.0, firstPair.1, pair.1])
                }
                add(gap(firstPair), .equal, .constant(spec.spacing), priority: Self.fittingPriority, "UISV-fitting", [firstPair.0, firstPair.1])
            }
        case .equalCentering:
            result += ambiguitySuppression(stack, visible, horizontal: horizontal)
            if let firstPair = pairs.first {
                let distance = at(center, firstPair.1) - at(center, firstPair.0)
                for pair in pairs.dropFirst() {
                    add(at(center, pair.1) - at(center, pair.0), .equal, distance, priority: Self.stackDistributionPriority,
                        "UISV-distributing-edge", [firstPair.0, pair.1])
                }
                add(distance, .equal, .constant(0), priority: Self.fittingPriority, "UISV-fitting", [firstPair.0, firstPair.1])
            }
        }
        let distributionEnd = result.count
        func sections() -> StackSections? {
            readsPasses ? nil : StackSections(first: firstCount, last: result.count - distributionEnd)
        }
        if let kept {
            result += kept.made.suffix(kept.sections.last)
            return (result, sections())
        }
        for view in hidden {
            add(at(start, view), .equal, at(start, stack), "UISV-hiding", [view])
            add(at(length, view), .equal, .constant(0), "UISV-hiding", [view])
        }

        // Across the axis.
        var alignment = spec.alignment
        if !horizontal, alignment == .firstBaseline { alignment = .leading }
        if !horizontal, alignment == .lastBaseline { alignment = .trailing }
        let reference = visible.first
        for view in visible + hidden {
            switch alignment {
            case .fill:
                add(at(crossStart, view), .equal, at(crossStart, stack), "UISV-alignment", [view])
                add(at(crossEnd, view), .equal, at(crossEnd, stack), "UISV-alignment", [view])
            case .leading:
                add(at(crossStart, view), .equal, at(crossStart, stack), "UISV-alignment", [view])
                add(at(crossEnd, view), .lessThanOrEqual, at(crossEnd, stack), "UISV-spanning-boundary", [view])
            case .trailing:
                add(at(crossEnd, view), .equal, at(crossEnd, stack), "UISV-alignment", [view])
                add(at(crossStart, view), .greaterThanOrEqual, at(crossStart, stack), "UISV-spanning-boundary", [view])
            case .center:
                add(at(crossCenter, view), .equal, at(crossCenter, stack), "UISV-alignment", [view])
                add(at(crossStart, view), .greaterThanOrEqual, at(crossStart, stack), "UISV-spanning-boundary", [view])
                add(at(crossEnd, view), .lessThanOrEqual, at(crossEnd, stack), "UISV-spanning-boundary", [view])
            case .firstBaseline, .lastBaseline:
                let first = alignment == .firstBaseline
                if let reference, reference != view {
                    add(baseline(first: first, of: view), .equal, baseline(first: first, of: reference), "UISV-alignment", [reference, view])
                }
                add(at(crossStart, view), .greaterThanOrEqual, at(crossStart, stack), "UISV-spanning-boundary", [view])
                add(at(crossEnd, view), .lessThanOrEqual, at(crossEnd, stack), "UISV-spanning-boundary", [view])
                add(at(crossStart, view), .equal, at(crossStart, stack), priority: Self.fittingPriority, "UISV-fitting", [view])
            }
        }
        if alignment != .fill {
            add(at(crossLength, stack), .equal, .constant(0), priority: Self.fittingPriority, "UISV-spanning-fit", [])
        }
        return (result, sections())
    }

    /// Where several arranged views share a hugging (or compression resistance) priority
    /// along the axis, the last one stretches (or shrinks) first, then the one
    /// before it, and so on: each other view keeps its intrinsic length at a low priority
    /// that grows towards the first (1 for the last but one, 2 before it, … at most 49).
    private func ambiguitySuppression(_ stack: Int, _ visible: [Int], horizontal: Bool) -> [PendingConstraint] {
        let sized = visible.compactMap { view -> (view: Int, length: Double)? in
            guard let length = horizontal ? intrinsic[view].width : intrinsic[view].height else { return nil }
            return (view, length)
        }
        let groups: [(priority: (ViewNode) -> Int, relation: Relation)] = [
            ({ horizontal ? $0.hugging.horizontal : $0.hugging.vertical }, .lessThanOrEqual),
            ({ horizontal ? $0.compressionResistance.horizontal : $0.compressionResistance.vertical }, .greaterThanOrEqual),
        ]
        var result: [PendingConstraint] = []
        for group in groups {
            for level in Set(sized.map { group.priority(views[$0.view]) }).sorted() {
                let tied = sized.filter { group.priority(views[$0.view]) == level }
                for (position, member) in tied.dropLast().enumerated() {
                    let length = horizontal ? width(member.view) : height(member.view)
                    let priority = min(tied.count - 1 - position, Self.maximumSuppressionPriority)
                    result.append(stackMade(
                        stack, length, group.relation, .constant(member.length), priority: priority,
                        "UISV-ambiguity-suppression", [member.view]))
                }
            }
        }
        return result
    }

    /// A stack's constraint, named as UIKit names it, with the stack and the views involved.
    private func stackMade(
        _ stack: Int, _ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression, priority: Int, _ name: String,
        _ involved: [Int]
    ) -> PendingConstraint {
        let views = views
        return made(lhs, relation, rhs, priority: priority, "\(name) (\(([stack] + involved).map { views[$0].id }.joined(separator: ", ")))")
    }
}
