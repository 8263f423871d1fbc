import Layout
import Reports

/// `not-mirrored`, in a right-to-left language: a view whose direction follows the language
/// that does not sit where the mirror of its left-to-right frame would (the same texts laid
/// out left to right); a label or text field aligned `left`/`right` where `natural` would
/// mirror; an image marked `mirrorsInRTL` that a semantic content attribute keeps unflipped.
struct MirroringRule: FindingRule {
    /// How far a view may sit from its mirrored place, in points.
    static let tolerance = 0.5

    func findings(in run: RunContext) throws -> [Finding] {
        guard run.mirror != nil else { return [] }
        // A run that mirrors itself (``RunContext/mirrorsItself``): every view takes the
        // language's direction, left to right in the mirror, and sits where its mirror does.
        let mirror = run.mirrorsItself ? nil : try run.mirror.map { run.index(try $0()) }
        let language = run.language
        var findings: [Finding] = []
        for (place, view) in run.result.views.enumerated() {
            guard let node = run.node(at: place, of: view), !view.hidden, let superview = run.superview(at: place, of: view.id),
                  let parentFrame = run.frame(of: superview), case let parent = superview.id else { continue }
            guard let mirror else {
                if view.direction == .rightToLeft { findings += Self.alignment(node, language, in: run) }
                continue
            }
            guard let ltr = mirror.read(view.id, \.frame), let ltrParent = mirror.read(parent, \.frame) else { continue }
            // Only views whose direction follows the language: left-to-right in the mirror run.
            if view.direction == .rightToLeft, mirror.read(view.id, \.direction) == .leftToRight {
                let relative = view.frame.x - parentFrame.x
                let expected = ltrParent.width - (ltr.x - ltrParent.x) - ltr.width
                if abs(relative - expected) > Self.tolerance {
                    findings.append(run.finding(
                        .notMirrored, about: node,
                        "\(node.id) does not mirror in \(language): it is \(Number.points(relative)) pt from the left of \(parent), mirrored it would be \(Number.points(expected)) pt",
                        otherView: parent, evidence: .position(actual: relative, expected: expected)))
                }
                findings += Self.alignment(node, language, in: run)
            } else if case .image(let image) = node.kind, image.mirrorsInRTL, !view.flipped {
                let why = image.declaredMirrorsInRTL ? "is marked mirrorsInRTL"
                    : "shows \(image.systemName ?? "a symbol"), which follows the reading direction,"
                findings.append(run.finding(
                    .notMirrored, about: node,
                    "\(node.id) \(why) but stays unflipped in \(language): its semantic content attribute keeps it left-to-right"))
            }
        }
        return findings
    }

    /// A label or text field aligned `left` or `right` in a view that follows a right-to-left
    /// language.
    private static func alignment(_ node: ViewNode, _ language: String, in run: RunContext) -> [Finding] {
        guard let alignment = node.kind.textAlignment, alignment == .left || alignment == .right else { return [] }
        return [run.finding(.notMirrored, about: node,
                            "\(node.id) is aligned \(alignment.rawValue) in \(language), where natural alignment would mirror")]
    }
}
