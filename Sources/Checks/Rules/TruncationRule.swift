import Layout
import Reports

/// `truncated`: a text does not fit the width (on one line) or the lines its view gives it;
/// `shrunk`: a label with a minimum scale factor shrank its font to fit; and `clipped` for a
/// label whose lines are taller than its frame (cut off vertically, by more than half a point).
/// All read the text as the layout fitted it in the view's frame.
struct TruncationRule: FindingRule {
    func findings(about view: ViewLayout, _ node: ViewNode, text: ViewText?, place: Int, in run: RunContext) -> [Finding] {
        guard text != nil, let fit = view.fitted else { return [] }
        let layout = fit.layout
        let language = run.language
        let text = TextEvidence(text: layout.text, shown: layout.shown)
        var findings: [Finding] = []
        if layout.truncated {
            if fit.availableLines <= 1 {
                findings.append(run.finding(
                    .truncated, about: node,
                    "\(node.id) is truncated in \(language): needs \(Number.points(layout.naturalWidth)) pt, has \(Number.points(fit.available)) pt",
                    evidence: .width(needed: layout.naturalWidth, available: fit.available, text)))
            } else {
                findings.append(run.finding(
                    .truncated, about: node,
                    "\(node.id) is truncated in \(language): needs \(layout.neededLines) lines, has \(fit.availableLines)",
                    evidence: .lines(needed: layout.neededLines, available: fit.availableLines, text)))
            }
        } else if layout.scale < 1 {
            findings.append(run.finding(
                .shrunk, about: node,
                "\(node.id) shrinks its font to \(Int((layout.scale * 100).rounded(.down)))% in \(language) to fit \(Number.points(fit.available)) pt",
                evidence: .width(needed: layout.naturalWidth, available: fit.available, text)))
        }
        if case .label = node.kind, !layout.text.isEmpty, layout.height > view.frame.height + 0.5 {
            findings.append(run.finding(
                .clipped, about: node,
                "\(node.id)'s text is cut off vertically in \(language): needs \(Number.points(layout.height)) pt of height, has \(Number.points(view.frame.height)) pt",
                evidence: .height(needed: layout.height, available: view.frame.height, text)))
        }
        return findings
    }
}
