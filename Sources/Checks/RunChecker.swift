import Foundation
import Layout
import Localization
import Reports
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

    private var engine: TextEngine { project.engine }

    /// The run's report, or the input error that keeps it from being checked (a font the
    /// run's text needs that cannot be opened): a run measured without its fonts would report
    /// frames and findings that are not true.
    func check(_ spec: RunSpec) -> Result<RunReport, RunFailure> {
        let loaded = project.layouts[spec.layout]
        do {
            return .success(try report(spec, loaded))
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
                      imageSizes: project.layouts[spec.layout].imageSizes,
                      widthVariants: texts.compactMapValues { $0.resolved.variants.count > 1 ? $0.resolved.variants : nil })
    }

    private func report(_ spec: RunSpec, _ loaded: LoadedLayout) throws -> RunReport {
        let document = loaded.document
        let language = spec.language
        let direction = TextDirection(language: language)
        var texts = resolveTexts(document, language: language, device: spec.device, contentSize: spec.contentSize)
        let context = context(spec, language: language, texts: texts)
        let layoutEngine = LayoutEngine(measurer: project.measurer)
        let result = try layoutEngine.layout(document, in: context)

        var findings: [Finding] = []
        var views: [ViewReport] = []
        let nodes = loaded.nodes
        let parents = loaded.parents
        let frames = Dictionary(uniqueKeysWithValues: result.views.map { ($0.id, $0) })

        for viewLayout in result.views {
            guard let node = nodes[viewLayout.id] else { continue }
            var report = ViewReport(id: node.id, frame: Self.frame(viewLayout.frame), flipped: viewLayout.flipped)
            if var text = texts[node.id] {
                // The text the view shows: of width variants, the one the layout chose.
                let fitted = viewLayout.fitted
                if let fitted { text.resolved.text = fitted.layout.text }
                texts[node.id] = text
                report.text = text.resolved.text
                report.shown = fitted?.layout.shown ?? text.resolved.text
                report.lines = fitted?.layout.lines.count
                report.font = fitted.map { project.measurer.font($0.font).description }
                report.alignment = viewLayout.textAlignment?.rawValue
                if let lookup = text.resolved.lookup, lookup.foundIn != language, Pseudolanguage(language: language) == nil {
                    report.textLanguage = lookup.foundIn ?? (lookup.usedDefault ? "default" : "key")
                }
                if !viewLayout.hidden, let fitted {
                    findings += fitFindings(node, viewLayout, fitted, language: language)
                }
                if !viewLayout.hidden {
                    findings += translationFindings(node, text, language: language, table: document.table)
                }
            }
            views.append(report)
            if !viewLayout.hidden, let parent = parents[node.id], let parentFrame = frames[parent]?.frame {
                findings += clipping(node, viewLayout.frame, in: parentFrame, parent: parent, language: language)
            }
        }
        findings += try overlaps(document, result, spec: spec, texts: texts, parents: parents, nodes: nodes)
        if direction == .rightToLeft {
            var leftToRight = context
            leftToRight.direction = .leftToRight
            let mirror = try layoutEngine.layout(document, in: leftToRight)
            findings += mirroring(document, result, mirror, nodes: nodes, parents: parents, language: language)
        }
        findings += diagnostics(result.diagnostics, document: document, language: language)
        return RunReport(index: spec.index, layout: document.name, file: loaded.file, language: language,
                         direction: direction.rawValue, device: spec.device.name,
                         contentSize: spec.contentSize.rawValue, views: views,
                         findings: findings.filter { policy.reports($0.kind) })
    }

    // MARK: - Texts

    func resolveTexts(_ document: LayoutDocument, language: String, device: Device, contentSize: ContentSize)
        -> [String: ViewText]
    {
        var texts: [String: ViewText] = [:]
        let deviceName = device.name.lowercased().hasPrefix("ipad") ? "ipad" : "iphone"
        for node in document.allViews {
            guard let value = node.kind.text else { continue }
            // x-pseudo-longest compares translations by their measured width in the view's font.
            let font = node.kind.font.map { project.measurer.font($0.resolved(for: contentSize)) }
            let measure: ((String) -> Double)? = font.map { font in
                { [engine] text in (try? engine.width(of: text, font: font, language: language)) ?? Double(text.count) }
            }
            let resolved = project.translations.resolve(value.localizable, table: document.table, language: language,
                                                        options: ResolveOptions(device: deviceName, measure: measure))
            texts[node.id] = ViewText(value: value, resolved: resolved)
        }
        return texts
    }

    // MARK: - Fitting

    func fitFindings(_ node: ViewNode, _ view: ViewLayout, _ fit: FittedText, language: String) -> [Finding] {
        var findings: [Finding] = []
        let layout = fit.layout
        if layout.truncated {
            if fit.availableLines <= 1 {
                findings.append(Finding(
                    kind: .truncated, severity: policy.severity(of: .truncated), view: node.id,
                    message: "\(node.id) is truncated in \(language): needs \(Self.points(layout.naturalWidth)) pt, has \(Self.points(fit.available)) pt",
                    needed: layout.naturalWidth, available: fit.available, text: layout.text, shown: layout.shown,
                    line: node.line))
            } else {
                findings.append(Finding(
                    kind: .truncated, severity: policy.severity(of: .truncated), view: node.id,
                    message: "\(node.id) is truncated in \(language): needs \(layout.neededLines) lines, has \(fit.availableLines)",
                    neededLines: layout.neededLines, availableLines: fit.availableLines, text: layout.text, shown: layout.shown,
                    line: node.line))
            }
        } else if layout.scale < 1 {
            findings.append(Finding(
                kind: .shrunk, severity: policy.severity(of: .shrunk), view: node.id,
                message: "\(node.id) shrinks its font to \(Int((layout.scale * 100).rounded(.down)))% in \(language) to fit \(Self.points(fit.available)) pt",
                needed: layout.naturalWidth, available: fit.available, text: layout.text, shown: layout.shown, line: node.line))
        }
        if case .label = node.kind, !layout.text.isEmpty, layout.height > view.frame.height + 0.5 {
            findings.append(Finding(
                kind: .clipped, severity: policy.severity(of: .clipped), view: node.id,
                message: "\(node.id)'s text is cut off vertically in \(language): needs \(Self.points(layout.height)) pt of height, has \(Self.points(view.frame.height)) pt",
                needed: layout.height, available: view.frame.height, text: layout.text, shown: layout.shown, line: node.line))
        }
        return findings
    }

    // MARK: - Translations

    func translationFindings(_ node: ViewNode, _ text: ViewText, language: String, table: String) -> [Finding] {
        guard let key = text.value.localizedKey, let lookup = text.resolved.lookup,
              Pseudolanguage(language: language) == nil else { return [] }
        var findings: [Finding] = []
        let development = project.translations.developmentLanguage
        let tableName = key.table ?? table
        // A key the catalog marks shouldTranslate: false is meant to show the same everywhere.
        let untranslatable = lookup.translation.map { !$0.shouldTranslate } ?? false
        if lookup.foundIn != language, !untranslatable {
            // A regional language answered by its own language (pt-BR by pt) is NSBundle's
            // lookup working as meant: the view report records it, but it is no finding.
            let ownChain = project.translations.fallbackChain(for: language).prefix { $0 != development }
            let regional = lookup.foundIn.map { ownChain.contains($0) } ?? false
            if !regional && (lookup.foundIn == nil || language != development) {
                let shownFrom = lookup.foundIn.map { "the \($0) translation" } ?? (lookup.usedDefault ? "its default" : "the key")
                findings.append(Finding(
                    kind: .missingTranslation, severity: policy.severity(of: .missingTranslation), view: node.id,
                    message: "\(node.id): \"\(key.key)\" has no \(language) translation in \(tableName); shows \(shownFrom)",
                    text: text.resolved.text, key: key.key, line: node.line))
            }
        }
        if !text.resolved.missingArguments.isEmpty {
            let numbers = text.resolved.missingArguments.map(String.init).joined(separator: ", ")
            findings.append(Finding(
                kind: .formatMismatch, severity: policy.severity(of: .formatMismatch), view: node.id,
                message: "\(node.id): the \(lookup.foundIn ?? language) text of \"\(key.key)\" takes argument \(numbers), which the layout does not give",
                text: text.resolved.text, key: key.key, line: node.line))
        }
        if let found = lookup.foundIn, found != development {
            let differences = project.translations.formatDifferences(key: key.key, table: tableName, language: found)
            if !differences.isEmpty {
                findings.append(Finding(
                    kind: .formatMismatch, severity: policy.severity(of: .formatMismatch), view: node.id,
                    message: "\(node.id): the \(found) translation of \"\(key.key)\" \(differences.joined(separator: "; "))",
                    text: text.resolved.text, key: key.key, line: node.line))
            }
        }
        return findings
    }

    // MARK: - Geometry

    static let tolerance = 0.01

    func clipping(_ node: ViewNode, _ frame: Rect, in parent: Rect, parent parentID: String, language: String) -> [Finding] {
        var edges: [String] = []
        if frame.x < parent.x - Self.tolerance { edges.append("\(Self.points(parent.x - frame.x)) pt past its left edge") }
        if frame.x + frame.width > parent.x + parent.width + Self.tolerance {
            edges.append("\(Self.points(frame.x + frame.width - parent.x - parent.width)) pt past its right edge")
        }
        if frame.y < parent.y - Self.tolerance { edges.append("\(Self.points(parent.y - frame.y)) pt past its top edge") }
        if frame.y + frame.height > parent.y + parent.height + Self.tolerance {
            edges.append("\(Self.points(frame.y + frame.height - parent.y - parent.height)) pt past its bottom edge")
        }
        guard !edges.isEmpty else { return [] }
        return [Finding(kind: .clipped, severity: policy.severity(of: .clipped), view: node.id,
                        message: "\(node.id) lies outside \(parentID) in \(language): \(edges.joined(separator: ", "))",
                        otherView: parentID, line: node.line)]
    }

    func overlaps(_ document: LayoutDocument, _ result: LayoutResult, spec: RunSpec, texts: [String: ViewText],
                  parents: [String: String], nodes: [String: ViewNode]) throws -> [Finding] {
        let development = project.translations.developmentLanguage
        guard spec.language != development else { return [] }
        let reference = try developmentLayouts.layout(spec: spec, language: development) { language in
            let devTexts = resolveTexts(document, language: language, device: spec.device, contentSize: spec.contentSize)
            return try LayoutEngine(measurer: project.measurer).layout(document, in: context(spec, language: language, texts: devTexts))
        }
        var findings: [Finding] = []
        var siblings: [String: [String]] = [:]
        for view in result.views {
            guard !view.hidden, texts[view.id] != nil, let parent = parents[view.id] else { continue }
            siblings[parent, default: []].append(view.id)
        }
        for parent in siblings.keys.sorted() {
            let ids = siblings[parent]!
            for (i, a) in ids.enumerated() {
                for b in ids[(i + 1)...] {
                    guard let frameA = result.frame(a), let frameB = result.frame(b),
                          let area = Self.intersection(frameA, frameB) else { continue }
                    if let refA = reference.frame(a), let refB = reference.frame(b), Self.intersection(refA, refB) != nil { continue }
                    findings.append(Finding(
                        kind: .overlap, severity: policy.severity(of: .overlap), view: a,
                        message: "\(a) overlaps \(b) in \(spec.language) by \(Self.points(area.width)) × \(Self.points(area.height)) pt; they do not overlap in \(development)",
                        otherView: b, line: nodes[a]?.line))
                }
            }
        }
        return findings
    }

    static func intersection(_ a: Rect, _ b: Rect) -> (width: Double, height: Double)? {
        let width = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
        let height = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        return width > tolerance && height > tolerance ? (width, height) : nil
    }

    func mirroring(_ document: LayoutDocument, _ result: LayoutResult, _ mirror: LayoutResult, nodes: [String: ViewNode],
                   parents: [String: String], language: String) -> [Finding] {
        var findings: [Finding] = []
        for view in result.views {
            guard let node = nodes[view.id], !view.hidden, let parent = parents[view.id],
                  let parentFrame = result.frame(parent), let ltr = mirror.frame(view.id),
                  let ltrParent = mirror.frame(parent) else { continue }
            // Only views whose direction follows the language: left-to-right in the mirror run.
            if view.direction == .rightToLeft, mirror.view(view.id)?.direction == .leftToRight {
                let relative = view.frame.x - parentFrame.x
                let ltrRelative = ltr.x - ltrParent.x
                let expected = ltrParent.width - ltrRelative - ltr.width
                if abs(relative - expected) > 0.5 {
                    findings.append(Finding(
                        kind: .notMirrored, severity: policy.severity(of: .notMirrored), view: node.id,
                        message: "\(node.id) does not mirror in \(language): it is \(Self.points(relative)) pt from the left of \(parent), mirrored it would be \(Self.points(expected)) pt",
                        otherView: parent, line: node.line))
                }
                if let alignment = node.kind.textAlignment, alignment == .left || alignment == .right {
                    findings.append(Finding(
                        kind: .notMirrored, severity: policy.severity(of: .notMirrored), view: node.id,
                        message: "\(node.id) is aligned \(alignment.rawValue) in \(language), where natural alignment would mirror",
                        line: node.line))
                }
            } else if case .image(let image) = node.kind, image.mirrorsInRTL, !view.flipped {
                findings.append(Finding(
                    kind: .notMirrored, severity: policy.severity(of: .notMirrored), view: node.id,
                    message: "\(node.id) is marked mirrorsInRTL but stays unflipped in \(language): its semantic content attribute keeps it left-to-right",
                    line: node.line))
            }
        }
        return findings
    }

    // MARK: - Constraints

    func diagnostics(_ diagnostics: [LayoutDiagnostic], document: LayoutDocument, language: String) -> [Finding] {
        diagnostics.map { diagnostic in
            switch diagnostic {
            case .invalidConstraint(let constraint, _):
                return Finding(kind: .unsatisfiable, severity: policy.severity(of: .unsatisfiable),
                               message: diagnostic.description, constraints: [constraint.description],
                               line: line(of: constraint, in: document))
            case .unsatisfiable(let conflicting, let broken):
                return Finding(kind: .unsatisfiable, severity: policy.severity(of: .unsatisfiable),
                               message: diagnostic.description, constraints: conflicting.map(\.description),
                               line: line(of: broken, in: document))
            case .ambiguous(let view, _):
                return Finding(kind: .ambiguous, severity: policy.severity(of: .ambiguous), view: view,
                               message: diagnostic.description, line: document.view(view)?.line)
            }
        }
    }

    func line(of constraint: ConstraintReference, in document: LayoutDocument) -> Int? {
        guard let index = constraint.index, index < document.constraints.count else { return nil }
        let line = document.constraints[index].line
        return line > 0 ? line : nil
    }

    // MARK: - Formatting

    static func frame(_ rect: Rect) -> [Double] { [rect.x, rect.y, rect.width, rect.height] }

    /// A length as messages show it: one decimal.
    static func points(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return String(format: "%g", value) }
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int64(rounded)) : String(format: "%.1f", rounded)
    }
}

/// Why a run could not be checked: an input error, and its cause (what the text engine threw),
/// by which a check reports each cause once, at the first view and run that met it.
struct RunFailure: Error {
    var cause: String
    var error: InputError
}

/// The development language's layouts, computed once per layout, device and content size.
final class LayoutCache: @unchecked Sendable {
    private var results: [String: LayoutResult] = [:]
    private let lock = NSLock()

    func layout(spec: RunSpec, language: String, compute: (String) throws -> LayoutResult) rethrows -> LayoutResult {
        let key = "\(spec.layout)|\(language)|\(spec.device.name)|\(spec.contentSize.rawValue)"
        lock.lock()
        if let cached = results[key] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        let result = try compute(language)
        lock.lock()
        results[key] = result
        lock.unlock()
        return result
    }
}
