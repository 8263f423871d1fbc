import Foundation
import Layout
import Reports
import Support

/// Verified fix suggestions (README, "Fixes"): for each `truncated`, `clipped`, `overlap` and
/// `not-mirrored` finding, and each `ambiguous` finding caused by a tie of equal content
/// priorities, up to `maximumFixes` changes, each kept only when laying the run out again with
/// it applied removes the finding and adds none, in that run and in the development language's
/// run on the same device and content size.
///
/// Only runs with such findings are laid out again; a fix that changes the layout is a new
/// document, whose layout sessions every run of the check shares (another language, the same
/// fix), and at most `maximumCandidates` candidates are tried per finding.
final class FixVerifier: @unchecked Sendable {
    static let maximumFixes = 3
    static let maximumCandidates = 6

    /// A layout document (as checked, or with a fix) at its place in the project, on a device and content size.
    private struct PlaceKey: Hashable {
        var document: DocumentKey
        var layout: Int
        var device: String
        var contentSize: ContentSize
    }
    /// The development language's run on each layout, device and content size, before any
    /// fix: its findings, the solver states its passes ended in (where its runs with fixes
    /// start), and, when it was checked on its own, its texts and views (what a run with a fix
    /// is compared with, view by view, ``FixTrial/RunBefore``) and the texts it looked up (what
    /// a run with a fix shows, which a fix changes only by a shorter translation: a fix's
    /// layout is another document, whose texts would otherwise be looked up again).
    private struct DevelopmentRun {
        var findings: Set<FindingIdentity>
        var states: RunSolverStates
        var texts: [String: ViewText]?
        var views: FirstByID<ViewLayout>?
        var lookedUp: [String: ViewText]?
        /// Its layout in full, when it was checked on its own (``FixTrial/LayoutBefore``).
        var result: LayoutResult?
    }
    private let developmentFindings = LockedCache<PlaceKey, DevelopmentRun?>()
    /// Whether a changed layout adds no finding to the development language's run.
    private let developmentVerdicts = LockedCache<PlaceKey, Bool>()
    /// A layout (its document and place in the project) and a fix's layout changes.
    private struct VariantKey: Hashable {
        var document: DocumentKey
        var layout: Int
        var changes: FixChanges
    }
    /// The layouts with a fix's changes made, each made once for all the runs that try the fix
    /// (its languages, devices and content sizes); nil where the fix cannot be applied.
    private let changedLayouts = LockedCache<VariantKey, LoadedLayout?>()
    /// The documents laid out with a fix, by the document they change: the check lets go of
    /// their sessions and development layouts with the document's own.
    private var variants: [DocumentKey: Set<DocumentKey>] = [:]
    private let variantsLock = BriefLock()

    /// The documents laid out with a fix of `document` so far, forgotten here, with what was
    /// found of them and of `document` (the keys of those caches hold the documents: kept, they
    /// would hold every layout a check tried a fix on until its end).
    func takeVariants(of document: DocumentKey) -> Set<DocumentKey> {
        variantsLock.lock()
        let taken = variants.removeValue(forKey: document) ?? []
        variantsLock.unlock()
        let documents = taken.union([document])
        developmentFindings.removeValues { documents.contains($0.document) }
        developmentVerdicts.removeValues { documents.contains($0.document) }
        changedLayouts.removeValues { documents.contains($0.document) }
        return taken
    }

    static func isFixable(_ finding: Finding) -> Bool {
        switch finding.kind {
        case .truncated, .clipped, .overlap, .notMirrored: return true
        case .ambiguous: return finding.tie != nil
        default: return false
        }
    }

    /// The findings, each fixable one with its verified fixes.
    func fixing(_ findings: [Finding], in run: RunContext, checker: RunChecker) -> [Finding] {
        guard findings.contains(where: Self.isFixable) else { return findings }
        var plain = checker
        plain.fixes = nil
        plain.reportsViews = false
        let before = Set(findings.map(FindingIdentity.init))
        var fixed = findings
        for index in fixed.indices where Self.isFixable(fixed[index]) {
            let finding = fixed[index]
            var verified: [Fix] = []
            for candidate in FixCandidates(run: run, finding: finding).all.prefix(Self.maximumCandidates) {
                guard verified.count < Self.maximumFixes else { break }
                if let fix = verify(candidate, of: finding, before: before, in: run, checker: plain),
                   !verified.contains(fix) {
                    verified.append(fix)
                }
            }
            fixed[index].fixes = verified
        }
        return fixed
    }

    /// The fix, with what it then shows (a wrapping label's lines and height), when the run laid
    /// out again with it has lost the finding and gained none, and so has the development
    /// language's run; nil otherwise.
    private func verify(_ fix: Fix, of finding: Finding, before: Set<FindingIdentity>, in run: RunContext,
                        checker: RunChecker) -> Fix? {
        let spec = run.spec
        let project = checker.project, loaded = project.layout(at: spec.layout)
        let key = VariantKey(document: loaded.key, layout: spec.layout, changes: FixChanges(fix))
        let changing = {
            guard let changed = self.changedLayouts.value(for: key, make: { try? project.changedLayout(fix, of: loaded) }) else {
                throw FixApplicationError(message: "the fix cannot be applied to \(loaded.document.name)")
            }
            return changed
        }
        guard let variant = try? project.applying(fix, toLayout: spec.layout, contentSize: spec.contentSize, changing: changing)
        else { return nil }
        let original = checker.project.layoutKey(at: spec.layout), changed = variant.layoutKey(at: spec.layout)
        if changed != original {
            variantsLock.lock()
            variants[original, default: []].insert(changed)
            variantsLock.unlock()
        }
        let development = run.translations.developmentLanguage
        // A shorter development-language text changes the development layouts: they are not shared.
        let sharesDevelopment = fix.text?.language != development
        // The development language's run with the fix must gain no finding: unchanged by another
        // language's shorter translation; for a layout change, the same whichever language's
        // finding it fixes, so found once for the changed layout on the device and content size
        // (`verdictKey`). Where an earlier run found that it does not hold, the fix is not kept
        // here either, whatever this run laid out with it would show: it is not laid out.
        let checksDevelopment = spec.language != development && (fix.changesLayout || !sharesDevelopment)
        let verdictKey = checksDevelopment && fix.text == nil
            ? PlaceKey(document: changed, layout: spec.layout, device: spec.device.name, contentSize: spec.contentSize) : nil
        if let verdictKey, developmentVerdicts.stored(for: verdictKey) == false { return nil }
        var fixedChecker = RunChecker(project: variant, policy: checker.policy,
                                      developmentLayouts: sharesDevelopment ? checker.developmentLayouts : LayoutCache(),
                                      sessions: checker.sessions)
        fixedChecker.reportsViews = false
        fixedChecker.laysOutEveryMirror = checker.laysOutEveryMirror
        // A change of the layout alone leaves every view's text as the run looked it up (a fix
        // edits no text value and no font); a shorter translation changes the texts of its key.
        let texts = fix.text == nil ? run.lookedUp : fixedChecker.overriding(run.lookedUp, run.document, language: spec.language)
        let target = FindingIdentity(finding)
        let rejects = { (other: Finding) -> Bool in
            let identity = FindingIdentity(other)
            return identity == target || (!before.contains(identity) && !Self.intended(other, by: fix))
        }
        let trial = FixTrial(rejects: rejects, view: finding.view,
                             before: FixTrial.RunBefore(texts: run.texts, views: run.views, edited: Set(fix.views.keys)),
                             layoutBefore: fix.editsViewsAlone ? FixTrial.LayoutBefore(result: run.result, nodes: run.nodes) : nil)
        guard case .success(let after) = fixedChecker.checkLaidOut(spec, texts: texts, startingFrom: run.solverStates, trial: trial),
              !after.report.findings.contains(where: rejects)
        else { return nil }
        if checksDevelopment {
            let holds = { self.developmentHolds(fix, spec: spec, development: development, checker: checker, fixedChecker: fixedChecker) }
            guard verdictKey.map({ developmentVerdicts.value(for: $0, make: holds) }) ?? holds() else { return nil }
        }
        return Self.described(fix, after: after.result)
    }

    /// Keeps the findings of the development language's own run (`spec`, laid out from a solver
    /// at rest), the states its passes ended in, its texts, its views and its layout, which checking a fix
    /// against that run would otherwise find by laying it out again.
    func keepDevelopmentRun(_ findings: [Finding], states: RunSolverStates, texts: [String: ViewText], views: FirstByID<ViewLayout>,
                            lookedUp: [String: ViewText], result: LayoutResult, spec: RunSpec, checker: RunChecker) {
        let key = PlaceKey(document: checker.project.layoutKey(at: spec.layout), layout: spec.layout, device: spec.device.name,
                           contentSize: spec.contentSize)
        developmentFindings.keep(DevelopmentRun(findings: Set(findings.map(FindingIdentity.init)), states: states, texts: texts,
                                                views: views, lookedUp: lookedUp, result: result), for: key)
    }

    /// Whether the development language's run, with the fix, has no finding it did not have.
    private func developmentHolds(_ fix: Fix, spec: RunSpec, development: String, checker: RunChecker,
                                  fixedChecker: RunChecker) -> Bool {
        var developmentSpec = spec
        developmentSpec.language = development
        let key = PlaceKey(document: checker.project.layoutKey(at: spec.layout), layout: spec.layout, device: spec.device.name,
                           contentSize: spec.contentSize)
        let known = developmentFindings.value(for: key) {
            let states = RunSolverStates()
            guard case .success(let run) = checker.checkLaidOut(developmentSpec, recording: states) else { return nil }
            return DevelopmentRun(findings: Set(run.report.findings.map(FindingIdentity.init)), states: states)
        }
        guard let known else { return false }
        let rejects = { (other: Finding) -> Bool in !known.findings.contains(FindingIdentity(other)) && !Self.intended(other, by: fix) }
        // Compared with the development run view by view when it was kept whole: a view the fix
        // leaves as it was finds what it found there, which rejects nothing.
        let before = known.texts.flatMap { texts in
            known.views.map { FixTrial.RunBefore(texts: texts, views: $0, edited: Set(fix.views.keys)) }
        }
        // The texts the run looked up, with a shorter translation's in place (as `verify` takes its run's).
        let loaded = checker.project.layout(at: spec.layout)
        let texts = known.lookedUp.map { fix.text == nil ? $0 : fixedChecker.overriding($0, loaded.document, language: development) }
        guard case .success(let fixedDevelopment) = fixedChecker.checkLaidOut(
            developmentSpec, texts: texts, startingFrom: known.states,
            trial: FixTrial(rejects: rejects, view: nil, before: before,
                            layoutBefore: fix.editsViewsAlone ? known.result.map {
                                FixTrial.LayoutBefore(result: $0, nodes: loaded.nodes)
                            } : nil))
        else { return false }
        return !fixedDevelopment.report.findings.contains(where: rejects)
    }

    /// A `shrunk` warning on a view the fix gives a minimum scale factor is what the fix does.
    private static func intended(_ finding: Finding, by fix: Fix) -> Bool {
        guard finding.kind == .shrunk, let view = finding.view else { return false }
        return fix.views[view]?.minimumScaleFactor != nil
    }

    /// A wrapping fix with the lines and height its label then takes.
    private static func described(_ fix: Fix, after result: LayoutResult) -> Fix {
        guard let (id, _) = fix.views.first(where: { $0.value.lines == 0 }), let view = result.view(id),
              let fitted = view.fitted else { return fix }
        var described = fix
        let lines = fitted.layout.lines.count
        described.wraps = WrapOutcome(view: id, lines: lines, height: view.frame.height)
        described.summary += ": it then takes \(lines) line\(lines == 1 ? "" : "s"), \(Number.points(view.frame.height)) pt high"
        return described
    }
}

/// A run laid out again with a fix, checked only as far as deciding the fix takes
/// (``FixVerifier``): its findings stop at the first that rejects the fix, and come in an order
/// that meets one soonest, the fixed finding's view first. A view that shows the text it
/// showed before the fix (every view but those of a shortened translation's key) is not asked
/// again of the rules that read texts alone (``FindingRule/readsTextsAlone``): their findings
/// would be the run's own, which reject no fix (no such finding is one a fix is for). A view
/// the fix leaves as it was (``isAsBefore(_:at:in:)``) is asked of no rule about a view: each
/// reads the view's node, text, frame and fitted text and its superview's frame, and so would
/// find what it found in the run. The fixed finding's view is always asked. Whether a finding
/// rejects the fix is all that the findings tell: they are not a report's.
///
/// A class: a trial is read for every view of its run, and a copy of a structure of its parts
/// retained each of them.
final class FixTrial {
    /// Whether a finding rejects the fix.
    let rejects: (Finding) -> Bool
    /// The view of the finding the fix is for, if any.
    let view: String?
    /// The run as it was before the fix (for the development language's run with a fix, that
    /// run as checked on its own); nil when it is not known, and every view is asked.
    let before: RunBefore?
    /// That run's layout in full, for a fix that edits views alone (``Fix/editsViewsAlone``):
    /// where each edited node differs from the run's in nothing a frame reads, the run with the
    /// fix is laid out as that one, its edited views' texts fitted again (`LayoutResult.refitting`),
    /// and not solved again. Nil: the run is laid out again.
    let layoutBefore: LayoutBefore?

    /// A run's layout in full and its layout's nodes (``RunContext/nodes``), as the run laid them out.
    struct LayoutBefore {
        let result: LayoutResult
        let nodes: ViewIndex
    }

    init(rejects: @escaping (Finding) -> Bool, view: String?, before: RunBefore?, layoutBefore: LayoutBefore? = nil) {
        self.rejects = rejects
        self.view = view
        self.before = before
        self.layoutBefore = layoutBefore
    }

    /// A run before a fix, and what the fix edits.
    struct RunBefore {
        /// The texts the run showed (`RunContext.texts`).
        let texts: [String: ViewText]
        /// The run's views as laid out (`RunContext.views`).
        let views: FirstByID<ViewLayout>
        /// The views whose nodes the fix edits.
        let edited: Set<String>
    }

    /// The place of the view asked first: the fixed finding's view's, if the run has it.
    func first(_ views: [ViewLayout]) -> Int? {
        view.flatMap { id in views.firstIndex { $0.id == id } }
    }

    /// Whether the view shows the text it showed before the fix: `text`, its text in the run
    /// with the fix (`RunContext.texts[view]`).
    func showsTheSameText(_ view: String, _ text: ViewText?) -> Bool {
        guard let before else { return false }
        switch (before.texts[view]?.resolved.text, text?.resolved.text) {
        case (nil, nil): return true
        case (let old?, let now?): return ExactText.sameBytes(old, now)
        default: return false
        }
    }

    /// Whether the fix leaves the view at `place` as it was, for every rule about a view: not
    /// the fixed finding's view, its node not edited, the same frame, direction, flip and
    /// visibility, the same text (for a view with a fitted text, the text it was fitted from,
    /// byte for byte: then the same fitted text, which follows from the node, text, frame and
    /// direction in the same run), and its superview's frame (a scroll view's content area's)
    /// the same. A fix edits a view's own lines, priorities, scale factor or alignment
    /// (``ViewEdit``), which reach another view only through its frame.
    func isAsBefore(_ view: ViewLayout, at place: Int, in run: RunContext) -> Bool {
        guard let before, view.id != self.view, place < before.views.count,
              !before.edited.containsFew(view.id) else { return false }
        let views = before.views
        // Read in place: a copy of a view retains each of its parts.
        guard views.read(place: place, { old in
            old.id == view.id && old.frame == view.frame && old.direction == view.direction && old.flipped == view.flipped
                && old.hidden == view.hidden && {
                    switch (old.fittedFrom, view.fittedFrom) {
                    case (let fittedBefore?, let now?): return ExactText.sameBytes(fittedBefore, now)
                    case (nil, nil): return !run.showsText(at: place, of: view) || showsTheSameText(view.id, run.texts[view.id])
                    default: return false
                    }
                }()
        }) else { return false }
        // The superview, by its place where the layouts' views are the same place by place, else
        // by id; and, for a scroll view, its content area's id (read alone: a copy of the
        // superview's kind retained each of its parts).
        let parentFrame: Rect?, parentFrameBefore: Rect?, contentGuide: String?
        if let parentPlace = run.parentPlace(of: place), parentPlace < views.count,
           views.read(place: parentPlace, { $0.id }) == run.views.read(place: parentPlace, { $0.id }) {
            parentFrame = run.views.read(place: parentPlace, { $0.frame })
            parentFrameBefore = views.read(place: parentPlace, { $0.frame })
            contentGuide = run.nodes.read(place: parentPlace, Self.contentGuide)
        } else {
            guard let parent = run.parents[view.id] else { return true }
            parentFrame = run.frame(parent)
            parentFrameBefore = views.read(parent, \.frame)
            contentGuide = run.nodes.read(parent, Self.contentGuide) ?? nil
        }
        guard let parentFrame, parentFrameBefore == parentFrame else { return false }
        if let contentGuide {
            return views.read(contentGuide, \.frame) == run.frame(contentGuide)
        }
        return true
    }

    /// The id of a scroll view's content area; nil for a view of another kind.
    private static func contentGuide(_ node: ViewNode) -> String? {
        if case .scroll(let scroll) = node.kind { return scroll.contentGuide }
        return nil
    }
}

/// What makes two findings the same finding for a fix: kind, views, key and constraints,
/// whatever their numbers.
struct FindingIdentity: Hashable {
    var kind: FindingKind
    var view: String?
    var otherView: String?
    var key: String?
    var constraints: [String]

    init(_ finding: Finding) {
        kind = finding.kind
        view = finding.view
        otherView = finding.otherView
        key = finding.key
        constraints = finding.subject.constraints.map(\.text)
    }
}

/// The changes worth trying for one finding, most direct first.
struct FixCandidates {
    let run: RunContext
    let finding: Finding

    var all: [Fix] {
        guard let id = finding.view, let node = run.nodes[id] else { return [] }
        switch finding.kind {
        case .truncated: return truncated(node)
        case .clipped: return clipped(node)
        case .overlap: return overlap(node)
        case .notMirrored: return notMirrored(node)
        case .ambiguous: return finding.tie.map(tie) ?? []
        default: return []
        }
    }

    private var document: LayoutDocument { run.document }
    /// Room left for a text's size being rounded up to the pixel grid, where a text must shrink
    /// by a measured amount (an overlap, a part outside the superview).
    static let pixelSlack = 1.0

    // MARK: Kinds

    private func truncated(_ node: ViewNode) -> [Fix] {
        var fixes: [Fix] = []
        let widthLimits = sizeLimits(of: node.id, .width)
        var needs = "to the width its text needs"
        if case .width(let needed, _, _) = finding.evidence { needs = "to the \(Number.points(needed)) pt its text needs" }
        fixes += widthLimits.map { relaxed($0, of: node, grows: needs) }
        fixes += wrap(node).map { [$0] } ?? []
        if case .width(let needed, let available, _) = finding.evidence {
            fixes += shorterText(node, needed: needed, fitting: available).map { [$0] } ?? []
            fixes += scaled(node, needed: needed, available: available).map { [$0] } ?? []
        }
        fixes += widthLimits.compactMap { lowered($0, of: node, axis: .horizontal) }
        return fixes
    }

    private func clipped(_ node: ViewNode) -> [Fix] {
        if case .height = finding.evidence {
            let heightLimits = sizeLimits(of: node.id, .height)
            return heightLimits.map { relaxed($0, of: node, grows: "to the height its lines need") }
                + heightLimits.compactMap { lowered($0, of: node, axis: .vertical) }
        }
        guard let parent = finding.otherView, let frame = run.frame(node.id), let parentFrame = run.frame(parent),
              let view = run.views[node.id] else { return [] }
        let pastRight = frame.x + frame.width - parentFrame.x - parentFrame.width
        let pastLeft = parentFrame.x - frame.x
        let overflow = max(pastRight, pastLeft)
        guard overflow > ClippingRule.tolerance else { return [] }
        var fixes: [Fix] = []
        // Keep the view within its superview's trailing (or leading) edge, and let its text wrap.
        let rightToLeft = view.direction == .rightToLeft
        let edge: (Attribute, Relation) = (pastRight > 0) != rightToLeft ? (.trailing, .lessThanOrEqual) : (.leading, .greaterThanOrEqual)
        let bound = LayoutConstraint(ConstraintItem(view: node.id, attribute: edge.0), edge.1,
                                     ConstraintItem(view: parent, attribute: edge.0))
        let text = LayoutJSONWriter.text(of: bound)
        if var wrapping = wrap(node) {
            wrapping.addConstraints = [text]
            wrapping.summary = "keep \(node.id) within \(parent) ('\(text)') and let it wrap (lines: 0)"
            fixes.append(wrapping)
        }
        if let fitted = view.fitted, fitted.layout.naturalWidth > overflow + Self.pixelSlack {
            let natural = fitted.layout.naturalWidth
            fixes += shorterText(node, needed: natural, fitting: natural - overflow - Self.pixelSlack).map { [$0] } ?? []
            fixes += scaled(node, needed: natural, available: natural - overflow - Self.pixelSlack).map { [$0] } ?? []
        }
        return fixes
    }

    /// Two views that do not overlap in the development language: keep them apart as they are there.
    private func overlap(_ node: ViewNode) -> [Fix] {
        guard let other = finding.otherView, let reference = try? run.developmentLayout(),
              let a = reference.view(node.id), let b = reference.view(other) else { return [] }
        var fixes: [Fix] = []
        func apart(_ first: String, _ firstAttribute: Attribute, _ second: String, _ secondAttribute: Attribute,
                   gap: Double, _ what: String) {
            let constraint = LayoutConstraint(ConstraintItem(view: second, attribute: secondAttribute), .greaterThanOrEqual,
                                              ConstraintItem(view: first, attribute: firstAttribute),
                                              constant: max(0, (gap * 2).rounded(.down) / 2))
            let text = LayoutJSONWriter.text(of: constraint)
            fixes.append(Fix(summary: "keep \(second) \(what) \(first), as in \(run.translations.developmentLanguage): add '\(text)'",
                             addConstraints: [text]))
        }
        let leftToRight = a.direction == .leftToRight
        for (first, firstFrame, second, secondFrame) in [(node.id, a.frame, other, b.frame), (other, b.frame, node.id, a.frame)] {
            let horizontalGap = secondFrame.x - (firstFrame.x + firstFrame.width)
            if horizontalGap >= 0 {
                // `first` lies left of `second`: in reading order before it left to right, after it right to left.
                if leftToRight {
                    apart(first, .trailing, second, .leading, gap: horizontalGap, "after")
                } else {
                    apart(second, .trailing, first, .leading, gap: horizontalGap, "after")
                }
            }
            let verticalGap = secondFrame.y - (firstFrame.y + firstFrame.height)
            if verticalGap >= 0 { apart(first, .bottom, second, .top, gap: verticalGap, "below") }
        }
        // A shorter text, by as much as it reaches past the other view's near edge.
        for (id, otherID) in [(node.id, other), (other, node.id)] {
            guard let frame = run.frame(id), let otherFrame = run.frame(otherID), let shown = run.views[id]?.fitted,
                  let each = run.nodes[id] else { continue }
            let past = frame.x <= otherFrame.x ? frame.x + frame.width - otherFrame.x : otherFrame.x + otherFrame.width - frame.x
            let natural = shown.layout.naturalWidth
            guard past > 0, natural > past + Self.pixelSlack else { continue }
            fixes += shorterText(each, needed: natural, fitting: natural - past - Self.pixelSlack).map { [$0] } ?? []
        }
        return fixes
    }

    private func notMirrored(_ node: ViewNode) -> [Fix] {
        if case .position = finding.evidence {
            let absolute = document.constraints.filter { constraint in
                constraint.first.view == node.id && constraint.first.attribute.isAbsoluteHorizontal
                    || constraint.second.map { $0.view == node.id && $0.attribute.isAbsoluteHorizontal } == true
            }
            guard !absolute.isEmpty else { return [] }
            let directional = absolute.map { constraint in
                var changed = constraint
                changed.first.attribute = Self.directional(changed.first.attribute)
                if let second = changed.second { changed.second!.attribute = Self.directional(second.attribute) }
                return changed
            }
            let removed = absolute.map(LayoutJSONWriter.text(of:)), added = directional.map(LayoutJSONWriter.text(of:))
            let pairs = zip(removed, added).map { "'\($0)' → '\($1)'" }.joined(separator: ", ")
            return [Fix(summary: "use leading/trailing for \(node.id), which mirror: \(pairs)",
                        removeConstraints: removed, addConstraints: added)]
        }
        if let alignment = node.kind.textAlignment, alignment == .left || alignment == .right {
            return [Fix(summary: "align \(node.id)'s text natural instead of \(alignment.rawValue), so it follows the reading direction",
                        views: [node.id: ViewEdit(alignment: TextAlignment.natural.rawValue)])]
        }
        return []
    }

    /// A tie of equal priorities: make one view's priority win by one.
    private func tie(_ tie: PriorityTie) -> [Fix] {
        let horizontal = tie.axis == "horizontal"
        return tie.views.prefix(2).compactMap { id in
            guard let node = run.nodes[id] else { return nil }
            let others = tie.views.filter { $0 != id }.joined(separator: ", ")
            switch tie.priority {
            case .hugging:
                let value = (horizontal ? node.hugging.horizontal : node.hugging.vertical) + 1
                guard value < LayoutConstraint.requiredPriority else { return nil }
                let edit = horizontal ? AxisPriorityEdit(horizontal: value) : AxisPriorityEdit(vertical: value)
                return Fix(summary: "raise \(id)'s \(tie.axis) content hugging priority to \(value), so it keeps its size and \(others) take\(tie.views.count == 2 ? "s" : "") the rest",
                           views: [id: ViewEdit(hugging: edit)])
            case .compressionResistance:
                let value = (horizontal ? node.compressionResistance.horizontal : node.compressionResistance.vertical) - 1
                guard value >= 1 else { return nil }
                let edit = horizontal ? AxisPriorityEdit(horizontal: value) : AxisPriorityEdit(vertical: value)
                return Fix(summary: "lower \(id)'s \(tie.axis) compression resistance priority to \(value), so it gives way before \(others)",
                           views: [id: ViewEdit(compressionResistance: edit)])
            }
        }
    }

    // MARK: Kinds of change

    /// Required constraints that hold a view's size at most a constant: `nameLabel.width == 55`.
    private func sizeLimits(of id: String, _ attribute: Attribute) -> [LayoutConstraint] {
        document.constraints.filter {
            $0.first.view == id && $0.first.attribute == attribute && $0.second == nil && $0.isRequired
                && $0.relation != .greaterThanOrEqual
        }
    }

    /// `nameLabel.width == 55` → `nameLabel.width >= 55`.
    private func relaxed(_ constraint: LayoutConstraint, of node: ViewNode, grows: String) -> Fix {
        var changed = constraint
        changed.relation = .greaterThanOrEqual
        let old = LayoutJSONWriter.text(of: constraint), new = LayoutJSONWriter.text(of: changed)
        return Fix(summary: "change '\(old)' to '\(new)', so \(node.id) can grow \(grows)",
                   removeConstraints: [old], addConstraints: [new])
    }

    /// The constraint at a priority one below the view's compression resistance, which then wins.
    private func lowered(_ constraint: LayoutConstraint, of node: ViewNode, axis: Attribute.Axis) -> Fix? {
        let resistance = axis == .horizontal ? node.compressionResistance.horizontal : node.compressionResistance.vertical
        guard resistance > 1 else { return nil }
        var changed = constraint
        changed.priority = resistance - 1
        let old = LayoutJSONWriter.text(of: constraint), new = LayoutJSONWriter.text(of: changed)
        return Fix(summary: "lower '\(old)' to priority \(resistance - 1) ('\(new)'), below \(node.id)'s compression resistance (\(resistance)), so its text wins",
                   removeConstraints: [old], addConstraints: [new])
    }

    /// `lines: 0` for a label or button title that has a limit of lines.
    private func wrap(_ node: ViewNode) -> Fix? {
        guard let wrapping = node.kind.wrapping, wrapping.lines != 0 else { return nil }
        return Fix(summary: "let \(node.id) wrap (lines: 0)", views: [node.id: ViewEdit(lines: 0)])
    }

    /// A translation no wider than `fitting`, for a view that shows a key without arguments on one line.
    private func shorterText(_ node: ViewNode, needed: Double, fitting: Double) -> Fix? {
        // The translation to shorten is the one the run shows: its language's, or the one it falls back to.
        guard let key = node.kind.text?.localizedKey, key.args.isEmpty, fitting > 0, needed > fitting,
              let resolved = run.texts[node.id]?.resolved, let language = resolved.lookup?.foundIn,
              !resolved.text.isEmpty else { return nil }
        let text = resolved.text
        let maxWidth = (fitting * 10).rounded(.down) / 10
        let shorterBy = needed - maxWidth
        let characters = Int((shorterBy / (needed / Double(text.count))).rounded(.up))
        let table = key.table ?? document.table
        return Fix(summary: "shorten the \(language) translation of '\(key.key)' (\(table)) to at most \(Number.points(maxWidth)) pt: \(Number.points(shorterBy)) pt shorter, about \(characters) character\(characters == 1 ? "" : "s") fewer",
                   text: TextEdit(key: key.key, table: table, language: language, maxWidth: maxWidth,
                                  shorterBy: shorterBy, characters: characters))
    }

    /// A one-line label's minimum scale factor, as small as its text needs to fit.
    private func scaled(_ node: ViewNode, needed: Double, available: Double) -> Fix? {
        guard case .label(let label) = node.kind, label.lines == 1, needed > available, available > 0 else { return nil }
        let factor = (available / needed * 100).rounded(.down) / 100
        guard factor >= 0.1, label.minimumScaleFactor.map({ $0 > factor }) ?? true else { return nil }
        return Fix(summary: "set \(node.id)'s minimumScaleFactor to \(Number.exact(factor)), so its text shrinks to fit \(Number.points(available)) pt",
                   views: [node.id: ViewEdit(minimumScaleFactor: factor)])
    }

    private static func directional(_ attribute: Attribute) -> Attribute {
        switch attribute {
        case .left: return .leading
        case .right: return .trailing
        default: return attribute
        }
    }
}

extension PriorityTie {
    /// The tie that leaves an ambiguous view free, where there is one: another view of the same
    /// superview, ambiguous on the same axis, with content of its own and the same content hugging
    /// priority on that axis (or, where the view's text is squeezed below its width, the same
    /// compression resistance).
    static func find(view id: String, components: [FrameComponent], in run: RunContext) -> PriorityTie? {
        guard let node = run.nodes[id], Self.hasContent(node), let parent = run.parents[id] else { return nil }
        let horizontal = components.contains(.x) || components.contains(.width)
        let axisComponents: Set<FrameComponent> = horizontal ? [.x, .width] : [.y, .height]
        let squeezed: Bool
        if let view = run.views[id], let fitted = view.fitted {
            squeezed = horizontal ? fitted.layout.naturalWidth > view.frame.width + ClippingRule.tolerance
                : fitted.layout.height > view.frame.height + ClippingRule.tolerance
        } else {
            squeezed = false
        }
        func value(_ node: ViewNode) -> Int {
            let pair = squeezed ? node.compressionResistance : node.hugging
            return horizontal ? pair.horizontal : pair.vertical
        }
        var tied: [String] = []
        for diagnostic in run.diagnostics {
            guard case .ambiguous(let other, let otherComponents) = diagnostic, other != id,
                  !axisComponents.isDisjoint(with: otherComponents), run.parents[other] == parent,
                  let otherNode = run.nodes[other], Self.hasContent(otherNode), value(otherNode) == value(node),
                  !tied.contains(other) else { continue }
            tied.append(other)
        }
        guard !tied.isEmpty else { return nil }
        return PriorityTie(priority: squeezed ? .compressionResistance : .hugging,
                           axis: horizontal ? "horizontal" : "vertical", value: value(node), views: [id] + tied)
    }

    /// A view with an intrinsic size for its priorities to act on.
    private static func hasContent(_ node: ViewNode) -> Bool {
        switch node.kind {
        case .label, .button, .image, .textField, .control: return true
        case .view: return node.intrinsicContentSize != nil
        case .stack, .scroll: return false
        }
    }
}
