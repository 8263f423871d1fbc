import Support

/// Whether a layout's right-to-left system of constraints is the mirror image of its
/// left-to-right one, constraint by constraint: what lets a right-to-left run's mirrored
/// layout (the same texts laid out left to right, which the `not-mirrored` rule compares
/// frames with) be known without laying it out.
///
/// The mirror `M` takes a frame's left edge `x` to `W − x − width` (`W` the screen's width) and
/// leaves its width, top and height. A right-to-left system resolves `leading` to the right
/// edge and writes a constraint with a directional attribute in mirrored coordinates (each
/// horizontal position negated, `LayoutSystem.value(_:of:direction:mirrored:)`), as UIKit reads
/// leading and trailing; a stack's constraints are all written so (`stackConstraints`). `M`
/// takes such a constraint of the left-to-right system to the right-to-left one exactly when
/// the coefficients of its horizontal positions sum to zero (`W` cancels): two positions with a
/// multiplier of 1. A constraint with no horizontal position (sizes, vertical edges, baselines)
/// is its own image. One with no directional attribute is not mirrored: between two centres, its
/// image is itself only as an equation without a constant. `left` and `right` never flip.
/// The views' margins are directional, so they swap sides with the direction; the safe area's
/// sides must be alike. Every view must take the language's direction: one that forces its
/// own is laid out the same way in both.
extension LayoutDocument {
    /// Whether the document's constraints on `device` (its environment applied) are, in
    /// right-to-left, the mirror images of those in left-to-right, as above; the texts each
    /// view measures must also measure alike in both (``measuresAlikeInBothDirections(_:)``).
    public func mirrorsExactly(on device: Device) -> Bool {
        let safeArea = (environment?.applied(to: device) ?? device).safeArea
        guard safeArea.left.bitPattern == safeArea.right.bitPattern else { return false }
        var unforced = true
        root.forEachView { view in
            if view.semantic != .unspecified { unforced = false }
        }
        return unforced && constraints.allSatisfy(\.mirrorsExactly)
    }

    /// Whether a text measures alike in a view of either direction: empty, or each of its
    /// paragraphs taking its direction from its own first strong character
    /// (`TextDirection.paragraphsOfTheirOwn`), which is all a view's direction reaches in
    /// measuring it (`TextEngine.layout`).
    public static func measuresAlikeInBothDirections(_ text: String) -> Bool {
        text.isEmpty || TextDirection.paragraphsOfTheirOwn(utf16: text.utf16Units, writing: .natural) != nil
    }
}

extension LayoutConstraint {
    /// Whether `M` takes this constraint of the left-to-right system to its right-to-left one.
    var mirrorsExactly: Bool {
        func isPosition(_ attribute: Attribute) -> Bool { attribute.axis == .horizontal && !attribute.isDimension }
        let firstIsPosition = isPosition(first.attribute), secondIsPosition = second.map { isPosition($0.attribute) } ?? false
        guard firstIsPosition || secondIsPosition else { return true }
        guard let second, firstIsPosition, secondIsPosition, multiplier == 1,
              !first.attribute.isAbsoluteHorizontal, !second.attribute.isAbsoluteHorizontal else { return false }
        if first.attribute.isDirectional || second.attribute.isDirectional { return true }
        // Two centres, not mirrored: `a.centerX == b.centerX` alone is its own image.
        return relation == .equal && constant == 0
    }
}
