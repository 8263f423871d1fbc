import Foundation
import Layout
import Localization
import Reports
import Support
import Text

/// Which severity each kind of finding has; a kind set to nil is not reported at all.
public struct SeverityPolicy: Sendable, Equatable {
    public var overrides: [FindingKind: Severity?]

    public init(_ overrides: [FindingKind: Severity?] = [:]) {
        self.overrides = overrides
    }

    public func severity(of kind: FindingKind) -> Severity {
        (overrides[kind] ?? kind.defaultSeverity) ?? kind.defaultSeverity
    }

    /// Whether findings of a kind are reported.
    public func reports(_ kind: FindingKind) -> Bool {
        if let override = overrides[kind] { return override != nil }
        return true
    }
}

/// Lays one run out and finds what is wrong with it.
///
/// Besides the run's own layout it needs two others, with the same device and
/// content size: the development language's (an overlap counts only where
/// the development language has none) and, for a right-to-left language, the
/// same texts laid out left-to-right (what a mirrored frame is compared with).
struct RunChecker {
    let project: Project
    let policy: SeverityPolicy
    let developmentLayouts: LayoutCache
    let sessions: LayoutSessions
    /// Finds and verifies fixes for the run's findings; nil: none are looked for.
    var fixes: FixVerifier? = nil
    /// Whether a report lists the run's views (its frames and texts); a fix's verification
    /// reads only the findings.
    var reportsViews = true
    /// Whether a right-to-left run lays its mirrored layout out even where it mirrors itself,
    /// and what counts the two (``CheckOptions/laysOutEveryMirror``).
    var laysOutEveryMirror = false
    var mirrorCounts: MirrorCounts?

    private var engine: TextEngine { project.engine }

    /// Lets go of what the check keeps for a layout (its sessions, its development layouts,
    /// and those of the layout with each fix tried on it) once none of its runs is left: a run
    /// asked for later makes them again.
    func release(_ layout: LoadedLayout) {
        let documents = Set([layout.key]).union(fixes?.takeVariants(of: layout.key) ?? [])
        sessions.release(documents)
        developmentLayouts.release(documents)
        layout.releaseViewIndex()
    }

    /// The run's report, or the input error that keeps it from being checked (a font the
    /// run's text needs that cannot be opened): a run measured without its fonts would report
    /// frames and findings that are not true.
    func check(_ spec: RunSpec) -> Result<RunReport, RunFailure> {
        checkLaidOut(spec).map(\.report)
    }

    /// As `check`, with the layout result the report was made from (what `render` draws).
    /// `alone`: a view whose text alone is the run language's; every other view shows the
    /// development language's text (what a width budget speaks of). `texts`: the run's texts
    /// as looked up, when they are known (``RunContext/lookedUp`` of the same run on a layout
    /// with the same texts).
    /// `startingFrom`: the solver states of the same run on the layout before a fix (what the
    /// run laid out again with the fix starts its passes from); `recording` keeps this run's
    /// (as it does by itself where fixes are tried).
    /// `trial`: the run is a fix's trial, whose report needs only the findings that decide it
    /// (its layout result's diagnostics leave out `ambiguous` ones).
    func checkLaidOut(_ spec: RunSpec, alone: String? = nil, texts: [String: ViewText]? = nil,
                      startingFrom: RunSolverStates? = nil, recording: RunSolverStates? = nil, trial: FixTrial? = nil)
        -> Result<(report: RunReport, result: LayoutResult), RunFailure>
    {
        let loaded = project.layout(at: spec.layout)
        do {
            return .success(try PhaseTimes.measure(.check) {
                try report(spec, loaded, alone: alone, texts: texts, startingFrom: startingFrom, recording: recording,
                           trial: trial)
            })
        } catch let error as TextMeasuringError {
            let node = loaded.nodes[error.view]
            return .failure(RunFailure(
                cause: error.description,
                error: InputError(file: loaded.file, line: node.flatMap { $0.line > 0 ? $0.line : nil },
                                  message: "\(error) (needed by \(error.view) in \(error.language))")))
        } catch {
            return .failure(RunFailure(cause: "\(error)", error: InputError(file: loaded.file, message: "\(error)")))
        }
    }

    /// The layout context of a run in a language: its texts resolved, with their width variants.
    func context(_ spec: RunSpec, language: String, texts: [String: ViewText]) -> LayoutContext {
        LayoutContext(device: spec.device, contentSize: spec.contentSize, direction: TextDirection(language: language),
                      language: language, texts: texts.mapValues(\.resolved.text),
                      // SF Symbols that follow a text style take its size at the run's content size.
                      imageSizes: project.layout(at: spec.layout).imageSizes(at: spec.contentSize),
                      widthVariants: texts.values.contains { $0.resolved.variants.count > 1 }
                          ? texts.compactMapValues { $0.resolved.variants.count > 1 ? $0.resolved.variants : nil } : [:])
    }

    private func report(_ spec: RunSpec, _ loaded: LoadedLayout, alone: String?, texts known: [String: ViewText]?,
                        startingFrom: RunSolverStates?, recording: RunSolverStates?, trial: FixTrial?) throws
        -> (report: RunReport, result: LayoutResult)
    {
        let document = loaded.document
        let language = spec.language
        let direction = TextDirection(language: language)
        let translations = project.translations(of: loaded)
        let ownCopy = loaded.localization != nil && loaded.localization != translations.developmentLanguage
        var texts = known ?? PhaseTimes.measure(.lookUp) {
            resolveTexts(loaded, translations, language: language, device: spec.device, contentSize: spec.contentSize,
                         ownCopy: ownCopy)
        }
        if let alone {
            var others = resolveTexts(loaded, translations, language: translations.developmentLanguage, device: spec.device,
                                      contentSize: spec.contentSize)
            others[alone] = texts[alone]
            texts = others
        }
        let lookedUp = texts
        let context = context(spec, language: language, texts: texts)
        // Where fixes are tried, their layouts start from the states this run's passes end in.
        let states = recording ?? (fixes == nil ? nil : RunSolverStates())
        // A language's own run: its texts as looked up, on the layout as read, laid out from the
        // start (not a width budget's, a fix's or one given texts known from another run).
        let ownRun = alone == nil && known == nil && startingFrom == nil && !ownCopy
        // The development language's own run, laid out as its texts say from a solver at rest,
        // is what other runs ask for as the development layout, and (with its findings) what
        // fixes are checked against: it is kept for them rather than laid out again (the same
        // inputs, so the same layout and findings).
        let development = translations.developmentLanguage
        let ownDevelopmentRun = ownRun && language == development
        // A run's first passes start where its seed language's texts left its session's solvers
        // (``Project/seedLanguage(of:direction:)``); a layout's own copy for a language has
        // texts of its own. The seed language's own run leaves them.
        let seedLanguage = project.seedLanguage(of: loaded, direction: direction)
        let seedsItsSession = ownRun && language == seedLanguage
        let seed: (() -> LayoutContext?)? = seedsItsSession || ownCopy ? nil : seedLanguage.map { seedLanguage in
            {
                let seedTexts = PhaseTimes.measure(.lookUp) {
                    resolveTexts(loaded, translations, language: seedLanguage, device: spec.device, contentSize: spec.contentSize)
                }
                return self.context(spec, language: seedLanguage, texts: seedTexts)
            }
        }
        // A fix's trial finds its ambiguous views only if its findings get that far (timed as
        // solving when it does).
        let (result, ambiguous): (LayoutResult, (() -> [LayoutDiagnostic])?) = trial == nil
            ? (try layOut(loaded, in: context, recording: states, startingFrom: startingFrom, seed: seed, isSeed: seedsItsSession),
               nil)
            : try PhaseTimes.measure(.solve) {
                if let before = trial?.layoutBefore, let edited = trial?.before?.edited,
                   let asBefore = try laidOutAsBefore(before, edited: edited, loaded, context) {
                    return asBefore
                }
                let laidOut = try session(loaded, context)
                    .layoutDeferringAmbiguity(context, recording: states, startingFrom: startingFrom,
                                              fittedBefore: trial?.before.map { FittedViews(views: $0.views.elements, edited: $0.edited) })
                return (laidOut.result, { PhaseTimes.measure(.solve) { laidOut.ambiguous() } })
            }
        if ownDevelopmentRun { developmentLayouts.keep(result, of: loaded, spec: spec, language: language) }
        // The text each view shows: of width variants, the one the layout chose. Written only
        // where it is not the text looked up (byte for byte), as for most views: a write copies
        // the texts, which the looked-up ones and the context share. Without width variants
        // every view is fitted from the context's text for its id, the one looked up: none is
        // looked up again to compare.
        // Each view's fields read where the result keeps it (a copy of a view retained each part).
        if !context.widthVariants.isEmpty {
            for index in result.views.indices {
                guard let shownText = result.views[index].fitted?.layout.text, let shown = texts[result.views[index].id],
                      !ExactText.sameBytes(shown.resolved.text, shownText)
                else { continue }
                texts[result.views[index].id] = shown.showing(shownText)
            }
        }
        var run = RunContext(
            spec: spec, layout: loaded, result: result, ambiguous: ambiguous, texts: texts, lookedUp: lookedUp, translations: translations, policy: policy,
            developmentLayout: {
                try developmentLayouts.layout(loaded, spec: spec, language: development) { language in
                    let devTexts = PhaseTimes.measure(.lookUp) {
                        resolveTexts(loaded, translations, language: language, device: spec.device,
                                     contentSize: spec.contentSize)
                    }
                    // Read for its frames alone (``RunContext/developmentLayout``).
                    return try layOut(loaded, in: self.context(spec, language: language, texts: devTexts), detail: .frames)
                }
            },
            mirror: direction == .rightToLeft ? {
                var leftToRight = context
                leftToRight.direction = .leftToRight
                return try layOut(loaded, in: leftToRight, detail: .frames)
            } : nil,
            formatDifferences: { [project] key, table, language in
                let sourceKey = FormatSourceKey(part: loaded.part, key: key, table: table)
                return project.formatDifferences.value(for: FormatDifferencesKey(source: sourceKey, language: language)) {
                    // The development language's format parsed once for every language's.
                    let source = project.developmentFormatSignatures.value(for: sourceKey) {
                        translations.developmentFormatSignature(key: key, table: table)
                    }
                    return translations.formatDifferences(key: key, table: table, language: language, from: source)
                }
            })

        run.solverStates = states
        if direction == .rightToLeft {
            run.mirrorsItselfWithoutDiagnostics = !laysOutEveryMirror && mirrorsItself(loaded, context)
            if trial == nil { mirrorCounts?.count(readOff: run.mirrorsItself) }
        }
        var findings = try Self.findings(in: run, trial: trial)
        // A finding about a view's text carries the key's note for translators (`qqq`), if any.
        for index in findings.indices {
            guard let key = findings[index].key, let view = findings[index].view,
                  let localized = texts[view]?.value.localizedKey, localized.key == key else { continue }
            findings[index].subject.translatorNote = translations.note(key: key, table: localized.table ?? document.table)
        }
        if let fixes {
            findings = fixes.fixing(findings, in: run, checker: self)
            if ownDevelopmentRun, let states {
                fixes.keepDevelopmentRun(findings, states: states, texts: run.texts, views: run.views, lookedUp: run.lookedUp,
                                         result: result, spec: spec, checker: self)
            }
        }
        var report = PhaseTimes.measure(.report) {
            RunReport(index: spec.index, layout: document.name, file: loaded.file, language: language,
                      direction: direction.rawValue, device: spec.device.name,
                      contentSize: spec.contentSize.rawValue, views: reportsViews ? result.views.map { viewReport($0, run) } : [],
                      findings: findings)
        }
        // A trial's report is read for its findings alone.
        if trial == nil { report.systemFont = project.engine.catalog.systemFontDescription(language: language) }
        return (report, result)
    }

    /// The run's findings that the policy reports: every rule's about each view not hidden, in
    /// the layout's order, then every rule's about the run. In a fix's trial, as ``FixTrial`` says.
    static func findings(in run: RunContext, trial: FixTrial? = nil) throws -> [Finding] {
        var findings: [Finding] = []
        /// Adds the findings the policy reports; false once one rejects the trial's fix.
        func add(_ found: [Finding]) -> Bool {
            for finding in found where run.policy.reports(finding.kind) {
                findings.append(finding)
                if trial?.rejects(finding) == true { return false }
            }
            return true
        }
        let views = run.result.views
        let rules = Self.rules, textRules = Self.textRules, textRuleSlots = Self.textRuleSlots
        for index in ViewOrder(first: trial?.first(views), count: views.count) where !views[index].hidden {
            let view = views[index]
            if let trial, trial.isAsBefore(view, at: index, in: run) { continue }
            guard let node = run.node(at: index, of: view) else { continue }
            let text = run.texts[view.id]
            let sameText = trial?.showsTheSameText(view.id, text) ?? false
            // What the rules that read the text alone find, found once for every run that
            // shows the text in this view (``ViewText/textRuleFindings(place:language:policy:_:)``).
            var ofText: [[Finding]]?
            for (position, rule) in rules.enumerated() where !(sameText && rule.readsTextsAlone) {
                guard let text, let slot = textRuleSlots[position] else {
                    guard add(rule.findings(about: view, node, text: text, place: index, in: run)) else { return findings }
                    continue
                }
                if ofText == nil {
                    ofText = text.textRuleFindings(place: index, language: run.language, policy: run.policy) {
                        textRules.map { $0.findings(about: view, node, text: text, place: index, in: run) }
                    }
                }
                guard add(ofText![slot]) else { return findings }
            }
        }
        for rule in rules {
            guard add(try rule.findings(in: run)) else { return findings }
        }
        return findings
    }

    /// Whether a right-to-left run's mirrored layout (its texts laid out left to right) is the
    /// run's own frames mirrored where each of its passes had one optimal solution, which the
    /// mirror takes to the other's (``LayoutResult/everyPassUnique``), and it has no diagnostic
    /// (no view ambiguous, no constraint broken or unmade; ``RunContext/mirrorsItself``): its
    /// constraints are the mirror images of the left-to-right ones (its session's
    /// `mirrorsExactly`, found once for all its runs), and each text it measures measures alike
    /// in both directions (every width variant too). Every view then sits within rounding where
    /// the `not-mirrored` rule expects it (``MirroringRule``).
    private func mirrorsItself(_ loaded: LoadedLayout, _ context: LayoutContext) -> Bool {
        session(loaded, context).mirrorsExactly
            && context.texts.values.allSatisfy(LayoutDocument.measuresAlikeInBothDirections)
            && context.widthVariants.values.allSatisfy { $0.allSatisfy(LayoutDocument.measuresAlikeInBothDirections) }
    }

    /// The places of a run's views in the order their findings are asked for: `first` (a fix's
    /// trial's fixed finding's view), if any, then every other in order. Read as it goes: a list
    /// of the places, made for every run and trial, cost an array or two each.
    struct ViewOrder: Sequence, IteratorProtocol {
        let first: Int?
        let count: Int
        private var position = -1

        init(first: Int?, count: Int) {
            self.first = first
            self.count = count
        }

        mutating func next() -> Int? {
            if position < 0 {
                position = 0
                if let first { return first }
            }
            if position == first { position += 1 }
            guard position < count else { return nil }
            defer { position += 1 }
            return position
        }
    }

    /// The rules, in the order a view's findings are listed.
    static let rules: [any FindingRule] = [
        TruncationRule(), TranslationRule(), ClippingRule(), OverlapRule(), MirroringRule(), DiagnosticsRule(),
        SymbolDirectionRule(), BidiDirectionRule(),
    ]
    /// The rules that read a view's text alone (``FindingRule/readsTextsAlone``), in order.
    static let textRules = rules.filter(\.readsTextsAlone)
    /// By rule: its place among ``textRules``; nil for a rule that reads more than the text.
    static let textRuleSlots: [Int?] = rules.indices.map { position in
        rules[position].readsTextsAlone ? rules[..<position].filter(\.readsTextsAlone).count : nil
    }

    /// What the report says of a view: its frame, and for a text view its text as resolved and as shown.
    private func viewReport(_ view: ViewLayout, _ run: RunContext) -> ViewReport {
        var report = ViewReport(id: view.id, frame: [view.frame.x, view.frame.y, view.frame.width, view.frame.height],
                                flipped: view.flipped)
        guard let text = run.texts[view.id] else { return report }
        let fitted = view.fitted
        report.text = text.resolved.text
        report.shown = fitted?.layout.shown ?? text.resolved.text
        report.lines = fitted?.layout.lines.count
        report.font = fitted.map { project.measurer.font($0.font).description }
        report.alignment = view.textAlignment?.rawValue
        if let lookup = text.resolved.lookup, lookup.foundIn != run.language, Pseudolanguage(language: run.language) == nil {
            report.textLanguage = lookup.foundIn ?? (lookup.usedDefault ? "default" : "key")
        }
        return report
    }

    /// Lays a run out on the session of its layout, device, direction and content size.
    /// `seed`, `isSeed`: see ``LayoutSession/layout(_:recording:startingFrom:detail:seed:isSeed:)``.
    private func layOut(_ layout: LoadedLayout, in context: LayoutContext, recording: RunSolverStates? = nil,
                        startingFrom: RunSolverStates? = nil, detail: LayoutDetail = .full,
                        seed: (() -> LayoutContext?)? = nil, isSeed: Bool = false) throws -> LayoutResult {
        try PhaseTimes.measure(.solve) {
            try session(layout, context).layout(context, recording: recording, startingFrom: startingFrom, detail: detail,
                                                seed: seed, isSeed: isSeed)
        }
    }

    /// A fix's trial laid out as its run was (``FixTrial/layoutBefore``, a fix that edits views
    /// alone), where each edited node differs from the run's in nothing a frame reads
    /// (``ViewNode/differsOnlyInFitting(from:)``): the views the fix edits take their edited
    /// nodes, their texts fitted again; the `ambiguous` diagnostics apart, as a trial's are (the
    /// run's, laid out in full, end with them). Nil otherwise (a label's lines edited), or where
    /// an edited view is not the same place in the run and in the layout: then it is laid out.
    private func laidOutAsBefore(_ before: FixTrial.LayoutBefore, edited: Set<String>, _ loaded: LoadedLayout,
                                 _ context: LayoutContext) throws -> (LayoutResult, () -> [LayoutDiagnostic])? {
        let nodes = loaded.nodes
        var places: [(place: Int, node: ViewNode)] = []
        for id in edited.sorted() {
            guard let place = before.result.views.firstIndex(where: { $0.id == id }), place < nodes.count, place < before.nodes.count,
                  nodes.read(place: place, { $0.id }) == id, case let node = nodes[place: place],
                  node.differsOnlyInFitting(from: before.nodes[place: place]) else { return nil }
            places.append((place, node))
        }
        var result = try before.result.refitting(places, context: context, measurer: project.measurer)
        let isAmbiguous = { (diagnostic: LayoutDiagnostic) -> Bool in
            if case .ambiguous = diagnostic { return true }
            return false
        }
        let ambiguous = result.diagnostics.filter(isAmbiguous)
        result.diagnostics.removeAll(where: isAmbiguous)
        return (result, { ambiguous })
    }

    /// The session of the layout, device, direction and content size of a run.
    private func session(_ layout: LoadedLayout, _ context: LayoutContext) -> LayoutSession {
        sessions.session(layout, context: context, measurer: project.measurer)
    }

    // MARK: - Texts

    /// `ownCopy`: the layout is a language's own copy (`fr.lproj/Main.storyboard`), whose
    /// texts are that language's as written: no strings table is applied to them.
    /// `withOverrides`: a fix's shorter translation put in (``overridden(_:_:language:)``).
    func resolveTexts(_ document: LayoutDocument, _ translations: Translations, language: String, device: Device,
                      contentSize: ContentSize, ownCopy: Bool = false, withOverrides: Bool = true)
        -> [String: ViewText]
    {
        let deviceName = device.variationName
        var texts: [String: ViewText] = [:]
        document.root.forEachView { node in
            guard var value = node.kind.text else { return }
            if ownCopy, case .localized(let text) = value, text.defaultIsDevelopmentText, let own = text.defaultValue {
                value = .plain(own)
            }
            // x-pseudo-longest compares translations by their measured width in the view's font.
            let font = node.kind.font.map { project.measurer.font($0.resolved(for: contentSize)) }
            let measure: ((String) -> Double)? = font.map { font in
                { [engine] text in (try? engine.width(of: text, font: font, language: language)) ?? Double(text.count) }
            }
            let resolved = translations.resolve(value.localizable, table: document.table, language: language,
                                                options: ResolveOptions(device: deviceName, measure: measure))
            let text = ViewText(value: value, resolved: resolved)
            texts[node.id] = withOverrides ? overridden(text, document, language: language) : text
        }
        return texts
    }

    /// ``resolveTexts(_:_:language:device:contentSize:ownCopy:)`` of a layout of the project,
    /// kept for its other runs in the language (``LookedUpTexts``), a fix's shorter
    /// translation put in.
    func resolveTexts(_ loaded: LoadedLayout, _ translations: Translations, language: String, device: Device,
                      contentSize: ContentSize, ownCopy: Bool = false) -> [String: ViewText] {
        let document = loaded.document
        guard Pseudolanguage(language: language) != .longest else {
            return resolveTexts(document, translations, language: language, device: device, contentSize: contentSize,
                                ownCopy: ownCopy)
        }
        // Kept for every device where no text the layout shows varies by device (most layouts),
        // else for the device's kind alone.
        let keys = [nil, device.variationName].map {
            LookedUpTextsKey(document: loaded.key, part: loaded.part, language: language, device: $0, ownCopy: ownCopy)
        }
        let texts = project.lookedUpTexts.value(forFirstOf: keys) {
            let texts = resolveTexts(document, translations, language: language, device: device, contentSize: contentSize,
                                     ownCopy: ownCopy, withOverrides: false)
            let variesByDevice = texts.values.contains { $0.resolved.lookup?.translation?.variesByDevice == true }
            return (texts, variesByDevice ? 1 : 0)
        }
        return project.textOverrides.isEmpty ? texts : overriding(texts, document, language: language)
    }

    /// `text` as this project shows it: with a fix's shorter translation, being checked, in
    /// place of its key's (``Project/textOverrides``).
    private func overridden(_ text: ViewText, _ document: LayoutDocument, language: String) -> ViewText {
        guard !project.textOverrides.isEmpty, let key = text.value.localizedKey,
              let shorter = project.textOverrides[TextOverride(key: key.key, table: key.table ?? document.table,
                                                                language: text.resolved.lookup?.foundIn ?? language)]
        else { return text }
        return text.showing(shorter, variants: [shorter])
    }

    /// The texts of a run as looked up on the project this one copies (``RunContext/lookedUp``),
    /// as this project looks them up: the same but for its shorter translations (a fix of a
    /// translation changes no other text). What ``resolveTexts`` would give, without looking
    /// every text up again.
    func overriding(_ lookedUp: [String: ViewText], _ document: LayoutDocument, language: String) -> [String: ViewText] {
        lookedUp.mapValues { overridden($0, document, language: language) }
    }
}

/// The layout sessions of a check: one per layout, device, direction and content size, each
/// solving its structure once and every run (language) as a change of constants; the sessions
/// of one layout and direction share a store, so that what depends on the constraints alone is
/// worked out once for every device and content size. Keyed by the document's key (``DocumentKey``).
final class LayoutSessions: @unchecked Sendable {
    private struct Key: Hashable {
        var document: DocumentKey
        var device: Device
        var direction: LayoutDirection
        var contentSize: ContentSize
    }
    /// A layout's store is its origin's (``LoadedLayout/origin``).
    private struct StoreKey: Hashable {
        var document: DocumentKey
        var direction: LayoutDirection
    }
    private let sessions = LockedCache<Key, LayoutSession>()
    private let stores = LockedCache<StoreKey, LayoutSessionStore>()
    /// Shared by every store: the cones' blocks of one layout come back in others, and in the
    /// layouts with fixes tried on them.
    private let coneAnswers = ConeAnswers()

    /// Forgets the sessions and stores of these documents.
    func release(_ documents: Set<DocumentKey>) {
        sessions.removeValues { documents.contains($0.document) }
        stores.removeValues { documents.contains($0.document) }
    }

    func session(_ layout: LoadedLayout, context: LayoutContext, measurer: any TextMeasuring) -> LayoutSession {
        let key = Key(document: layout.key, device: context.device, direction: context.direction,
                      contentSize: context.contentSize)
        return sessions.value(for: key) {
            let store = stores.value(for: StoreKey(document: layout.origin, direction: context.direction)) { LayoutSessionStore(coneAnswers: coneAnswers) }
            return LayoutSession(document: layout.document, device: context.device, direction: context.direction,
                                 contentSize: context.contentSize, measurer: measurer, store: store)
        }
    }
}

/// Why a run could not be checked: an input error, and its cause (what the text engine threw),
/// by which a check reports each cause once, at the first view and run that met it.
struct RunFailure: Error {
    var cause: String
    var error: InputError
}

/// The development language's layouts, computed once per layout, device and content size.
/// Keyed by the document itself, not its place in the project, so that a run of an edited
/// document never reuses the layout of the document as it was.
final class LayoutCache: @unchecked Sendable {
    private struct Key: Hashable {
        var document: DocumentKey
        var language: String
        var device: String
        var contentSize: ContentSize
    }
    private let results = LockedCache<Key, LayoutResult>()

    /// Forgets the layouts of these documents.
    func release(_ documents: Set<DocumentKey>) {
        results.removeValues { documents.contains($0.document) }
    }

    func layout(_ layout: LoadedLayout, spec: RunSpec, language: String,
                compute: (String) throws -> LayoutResult) rethrows -> LayoutResult {
        let key = Key(document: layout.key, language: language, device: spec.device.name, contentSize: spec.contentSize)
        return try results.value(for: key) { try compute(language) }
    }

    /// Keeps the layout of `language`'s own run, unless one is kept already (the same).
    func keep(_ result: LayoutResult, of layout: LoadedLayout, spec: RunSpec, language: String) {
        results.keep(result, for: Key(document: layout.key, language: language, device: spec.device.name,
                                      contentSize: spec.contentSize))
    }
}
