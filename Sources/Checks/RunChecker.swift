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
    func check(_ spec: RunSpec) -> Result<RunReport, InputError> {
        let loaded = project.layouts[spec.layout]
        let document = loaded.document
        let language = spec.language
        let direction = TextDirection(language: language)
        var texts = resolveTexts(document, language: language, device: spec.device, contentSize: spec.contentSize)
        for node in document.allViews {
            guard let text = texts[node.id], let fontSpec = node.fontSpec else { continue }
            let font = project.measurer.font(fontSpec.resolved(for: spec.contentSize))
            do {
                _ = try engine.layout(text.resolved.text, font: font, language: language)
            } catch {
                return .failure(InputError(file: loaded.file, line: node.line > 0 ? node.line : nil,
                                           message: "\(error) (needed by \(node.id) in \(language))"))
            }
        }
        var context = LayoutContext(device: spec.device, contentSize: spec.contentSize, direction: direction,
                                    language: language, texts: texts.mapValues(\.resolved.text),
                                    imageSizes: loaded.imageSizes)
        let layoutEngine = LayoutEngine(measurer: project.measurer)
        var result = layoutEngine.layout(document, in: context)
        // Texts with width variants (NSStringVariableWidthRuleType) show the widest variant that
        // fits the width the layout gave their view, as iOS chooses; lay out again with those.
        if chooseWidthVariants(&texts, document: document, result: result, language: language,
                               contentSize: spec.contentSize) {
            context.texts = texts.mapValues(\.resolved.text)
            result = layoutEngine.layout(document, in: context)
        }

        var findings: [Finding] = []
        var views: [ViewReport] = []
        let nodes = loaded.nodes
        let parents = loaded.parents
        let frames = Dictionary(uniqueKeysWithValues: result.views.map { ($0.id, $0) })

        for viewLayout in result.views {
            guard let node = nodes[viewLayout.id] else { continue }
            var report = ViewReport(id: node.id, frame: Self.frame(viewLayout.frame), flipped: viewLayout.flipped)
            if let text = texts[node.id] {
                let shown = textFit(node, viewLayout, text: text.resolved.text, language: language, contentSize: spec.contentSize)
                report.text = text.resolved.text
                report.shown = shown?.layout.shown ?? text.resolved.text
                report.lines = shown?.layout.lines.count
                report.font = shown.map { $0.font.description }
                report.alignment = viewLayout.textAlignment?.rawValue
                if let lookup = text.resolved.lookup, lookup.foundIn != language, Pseudolanguage(language: language) == nil {
                    report.textLanguage = lookup.foundIn ?? (lookup.usedDefault ? "default" : "key")
                }
                if !node.hidden, let shown {
                    findings += fitFindings(node, viewLayout, shown, language: language)
                }
                if !node.hidden {
                    findings += translationFindings(node, text, language: language, table: document.table)
                }
            }
            views.append(report)
            if !node.hidden, let parent = parents[node.id], let parentFrame = frames[parent]?.frame {
                findings += clipping(node, viewLayout.frame, in: parentFrame, parent: parent, language: language)
            }
        }
        findings += overlaps(document, result, spec: spec, texts: texts, parents: parents, nodes: nodes)
        if direction == .rightToLeft {
            var leftToRight = context
            leftToRight.direction = .leftToRight
            let mirror = layoutEngine.layout(document, in: leftToRight)
            findings += mirroring(document, result, mirror, nodes: nodes, parents: parents, language: language)
        }
        findings += diagnostics(result.diagnostics, document: document, language: language)
        return .success(RunReport(index: spec.index, layout: document.name, file: loaded.file, language: language,
                                  direction: direction.rawValue, device: spec.device.name,
                                  contentSize: spec.contentSize.rawValue, views: views,
                                  findings: findings.filter { policy.reports($0.kind) }))
    }

    // MARK: - Texts

    func resolveTexts(_ document: LayoutDocument, language: String, device: Device, contentSize: ContentSize)
        -> [String: ViewText]
    {
        var texts: [String: ViewText] = [:]
        let deviceName = device.name.lowercased().hasPrefix("ipad") ? "ipad" : "iphone"
        for node in document.allViews {
            guard let value = node.textValue else { continue }
            // x-pseudo-longest compares translations by their measured width in the view's font.
            let font = node.fontSpec.map { project.measurer.font($0.resolved(for: contentSize)) }
            let measure: ((String) -> Double)? = font.map { font in
                { [engine] text in (try? engine.width(of: text, font: font, language: language)) ?? Double(text.count) }
            }
            let resolved = project.translations.resolve(value.localizable, table: document.table, language: language,
                                                        options: ResolveOptions(device: deviceName, measure: measure))
            texts[node.id] = ViewText(value: value, resolved: resolved)
        }
        return texts
    }

    /// Replaces each text that has width variants by the widest variant that fits its view's
    /// width on one line (the narrowest when none fits). Returns whether any text changed.
    func chooseWidthVariants(_ texts: inout [String: ViewText], document: LayoutDocument, result: LayoutResult,
                             language: String, contentSize: ContentSize) -> Bool {
        var changed = false
        for node in document.allViews {
            guard var text = texts[node.id], text.resolved.variants.count > 1, let frame = result.frame(node.id),
                  let spec = node.fontSpec else { continue }
            let font = project.measurer.font(spec.resolved(for: contentSize))
            let fitting = text.resolved.variants.first { variant in
                ((try? engine.width(of: variant, font: font, language: language)) ?? .infinity) <= frame.width + 1e-6
            } ?? text.resolved.variants.last!
            if fitting != text.resolved.text {
                text.resolved.text = fitting
                texts[node.id] = text
                changed = true
            }
        }
        return changed
    }

    // MARK: - Fitting

    struct Fit {
        var layout: TextLayout
        var font: FontRequest
        /// The width and lines the view gives its text.
        var available: Double
        var availableLines: Int
    }

    /// How a view's text fits the width (and, for labels, the height) its frame gives it.
    func textFit(_ node: ViewNode, _ view: ViewLayout, text: String, language: String, contentSize: ContentSize) -> Fit? {
        guard let spec = node.fontSpec else { return nil }
        let font = project.measurer.font(spec.resolved(for: contentSize))
        let frame = view.frame
        var options: TextLayoutOptions
        switch node.kind {
        case .label(let label):
            var lines = label.lines
            if lines != 1 {
                // As many lines as the frame's height holds (at least one), up to the label's limit.
                let wrapped = try? engine.layout(text, font: font, language: language,
                                                 options: TextLayoutOptions(width: frame.width, lines: 0, lineBreak: .wordWrap),
                                                 direction: view.direction)
                var fitting = 0, height = 0.0
                for line in wrapped?.lines ?? [] {
                    height += line.height
                    if height > frame.height + 0.01 { break }
                    fitting += 1
                }
                let fit = max(1, fitting)
                lines = label.lines == 0 ? fit : min(label.lines, fit)
            }
            options = TextLayoutOptions(width: frame.width, lines: lines, lineBreak: label.lineBreak,
                                        minimumScaleFactor: label.minimumScaleFactor)
        case .button(let button):
            let imageWidth = button.image?.size?.width ?? 0
            let available = max(0, frame.width - button.contentInsets.leading - button.contentInsets.trailing - imageWidth)
            // A button's title label truncates in the middle, as UIButton's does.
            options = TextLayoutOptions(width: available, lines: 1, lineBreak: .truncateMiddle)
        case .textField:
            options = TextLayoutOptions(width: frame.width, lines: 1, lineBreak: .truncateTail)
        case .view, .image, .stack:
            return nil
        }
        guard let layout = try? engine.layout(text, font: font, language: language, options: options, direction: view.direction)
        else { return nil }
        return Fit(layout: layout, font: font, available: options.width ?? frame.width, availableLines: options.lines)
    }

    func fitFindings(_ node: ViewNode, _ view: ViewLayout, _ fit: Fit, language: String) -> [Finding] {
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
                  parents: [String: String], nodes: [String: ViewNode]) -> [Finding] {
        let development = project.translations.developmentLanguage
        guard spec.language != development else { return [] }
        let reference = developmentLayouts.layout(spec: spec, language: development) { language in
            let devTexts = resolveTexts(document, language: language, device: spec.device, contentSize: spec.contentSize)
            let context = LayoutContext(device: spec.device, contentSize: spec.contentSize,
                                        direction: TextDirection(language: language), language: language,
                                        texts: devTexts.mapValues(\.resolved.text),
                                        imageSizes: project.layouts[spec.layout].imageSizes)
            return LayoutEngine(measurer: project.measurer).layout(document, in: context)
        }
        var findings: [Finding] = []
        var siblings: [String: [String]] = [:]
        for view in result.views {
            guard let node = nodes[view.id], !node.hidden, texts[view.id] != nil, let parent = parents[view.id] else { continue }
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
            guard let node = nodes[view.id], !node.hidden, let parent = parents[view.id],
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
                switch node.kind {
                case .label(let label) where label.alignment == .left || label.alignment == .right:
                    findings.append(Finding(
                        kind: .notMirrored, severity: policy.severity(of: .notMirrored), view: node.id,
                        message: "\(node.id) is aligned \(label.alignment.rawValue) in \(language), where natural alignment would mirror",
                        line: node.line))
                case .textField(let field) where field.alignment == .left || field.alignment == .right:
                    findings.append(Finding(
                        kind: .notMirrored, severity: policy.severity(of: .notMirrored), view: node.id,
                        message: "\(node.id) is aligned \(field.alignment.rawValue) in \(language), where natural alignment would mirror",
                        line: node.line))
                default:
                    break
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

/// The development language's layouts, computed once per layout, device and content size.
final class LayoutCache: @unchecked Sendable {
    private var results: [String: LayoutResult] = [:]
    private let lock = NSLock()

    func layout(spec: RunSpec, language: String, compute: (String) -> LayoutResult) -> LayoutResult {
        let key = "\(spec.layout)|\(language)|\(spec.device.name)|\(spec.contentSize.rawValue)"
        lock.lock()
        if let cached = results[key] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        let result = compute(language)
        lock.lock()
        results[key] = result
        lock.unlock()
        return result
    }
}
