import Foundation
import Layout
import Localization
import Reports
import Text

/// Where a key is shown: a view of a layout, on a device, at a content size, in the
/// development language's layout.
public struct BudgetPlace: Sendable, Equatable {
    public var layout: String
    /// The layout file, as reports name it.
    public var file: String
    public var view: String
    /// The view's line in the layout file (0 when unknown).
    public var line: Int
    public var device: String
    public var contentSize: ContentSize
    /// The run this place is the development language's layout of.
    public var spec: RunSpec
}

/// The room a key's text has at one place, with the font it is shown in there.
public struct PlaceRoom: Sendable {
    public var key: String
    public var table: String
    public var place: BudgetPlace
    public var room: TextRoom
    /// The font the view shows the text in at that place (its content size).
    public var font: ResolvedFont
    /// The font as reports name it: "Noto Sans 17".
    public var fontName: String
    /// The width of an average character in that font: of the 26 letters a–z, in points.
    public var averageCharacterWidth: Double
    /// The view's line-break mode and lines, to lay a translation out as the view would.
    var lineBreak: LineBreakMode

    /// About how many characters of average width the room holds (its lines all full).
    public var characters: Int? {
        guard let width = room.width, averageCharacterWidth > 0 else { return nil }
        return Int((width / averageCharacterWidth).rounded(.down)) * max(room.lines, 1)
    }
}

/// Every key's width budget: the smallest room over the places it is shown.
public struct BudgetReport: Sendable {
    /// One per key (and table), sorted by table then key: the room of the place that sets it.
    public var budgets: [PlaceRoom]
    /// Every place of every key, in plan order (layout, device, content size, view).
    public var places: [PlaceRoom]
    /// Inputs that could not be used (a layout, a translation file, a font a text needs).
    public var inputErrors: [InputError]

    /// A key's budget, by table and key.
    public func budget(key: String, table: String) -> PlaceRoom? {
        budgets.first { $0.key == key && $0.table == table }
    }
}

/// A translation measured against the room of a place.
public struct BudgetMeasure: Sendable {
    public var room: PlaceRoom
    public var language: String
    /// The text as shown (looked up, formatted with the view's arguments).
    public var text: String
    /// Its width on one line, in points.
    public var width: Double
    /// For a wrapping view: the lines it takes at the room's width.
    public var lines: Int?
    /// Whether it fits the room: its width at most the room's (for a wrapping view, its lines at
    /// most the room's), within a millionth of a point.
    public var fits: Bool
}

extension Project {
    /// The room of every key shown in a layout, at every place it is shown: each layout (its
    /// development language's copy) on each device of its plan (`devices`, else its own, else the
    /// four standard ones) at each content size, in the development language, every text as it is.
    public func budgets(devices: [Device]? = nil, contentSizes: [ContentSize] = [.L]) -> BudgetReport {
        let plan = RunPlan(project: self, languages: nil, devices: devices, contentSizes: contentSizes)
        let checker = RunChecker(project: self, policy: SeverityPolicy(), developmentLayouts: LayoutCache(), sessions: LayoutSessions())
        var places: [PlaceRoom] = []
        var errors: [String: InputError] = [:]
        for spec in plan.runs {
            let loaded = layout(at: spec.layout)
            let translations = translations(of: loaded)
            let development = translations.developmentLanguage
            guard spec.language == development else { continue }
            do {
                places += try rooms(spec, loaded, translations, checker)
            } catch let error as TextMeasuringError {
                let line = loaded.nodes[error.view].flatMap { $0.line > 0 ? $0.line : nil }
                errors["\(error)"] = errors["\(error)"] ?? InputError(
                    file: loaded.file, line: line, message: "\(error) (needed by \(error.view) in \(error.language))")
            } catch {
                errors["\(error)"] = errors["\(error)"] ?? InputError(file: loaded.file, message: "\(error)")
            }
        }
        var smallest: [String: PlaceRoom] = [:]
        var order: [String] = []
        for place in places {
            let id = "\(place.table)\u{0}\(place.key)"
            if let known = smallest[id] {
                if place.room.capacity < known.room.capacity - 1e-9 { smallest[id] = place }
            } else {
                smallest[id] = place
                order.append(id)
            }
        }
        let budgets = order.compactMap { smallest[$0] }.sorted { ($0.table, $0.key) < ($1.table, $1.key) }
        return BudgetReport(budgets: budgets, places: places, inputErrors: (inputErrors + errors.values).sorted())
    }

    /// The rooms of the keys of one development-language run.
    private func rooms(_ spec: RunSpec, _ loaded: LoadedLayout, _ translations: Translations, _ checker: RunChecker) throws -> [PlaceRoom] {
        let document = loaded.document
        let texts = checker.resolveTexts(document, translations, language: spec.language, device: spec.device,
                                         contentSize: spec.contentSize)
        let context = checker.context(spec, language: spec.language, texts: texts)
        let session = checker.sessions.session(loaded, context: context, measurer: measurer)
        let result = try session.layout(context)
        var rooms: [PlaceRoom] = []
        for view in result.views where !view.hidden && view.fitted != nil {
            guard let node = loaded.nodes[view.id], case .localized(let text)? = node.kind.text, let fontSpec = node.kind.font
            else { continue }
            let font = fontSpec.resolved(for: context.contentSize)
            let room = try session.room(for: view.id, in: context)
            let average = try measurer.layout(TextMeasureRequest(text: "abcdefghijklmnopqrstuvwxyz", font: font,
                                                                 language: "en")).naturalWidth / 26
            rooms.append(PlaceRoom(
                key: text.key, table: text.table ?? document.table,
                place: BudgetPlace(layout: document.name, file: loaded.file, view: view.id, line: node.line,
                                   device: spec.device.name, contentSize: spec.contentSize, spec: spec),
                room: room, font: font, fontName: measurer.font(font).description, averageCharacterWidth: average,
                lineBreak: node.kind.wrapping?.lineBreak ?? .truncateTail))
        }
        return rooms
    }

    /// The text each place of a key shows in `language` where the language has the key itself
    /// (not through a fallback), measured against the place's room.
    public func measure(_ places: [PlaceRoom], language: String) throws -> [BudgetMeasure] {
        let checker = RunChecker(project: self, policy: SeverityPolicy(), developmentLayouts: LayoutCache(), sessions: LayoutSessions())
        var measures: [BudgetMeasure] = []
        for room in places {
            let loaded = layout(at: room.place.spec.layout)
            let translations = translations(of: loaded)
            guard let node = loaded.nodes[room.place.view] else { continue }
            let texts = checker.resolveTexts(loaded.document, translations, language: language,
                                             device: room.place.spec.device, contentSize: room.place.contentSize)
            guard let shown = texts[node.id], shown.resolved.lookup?.foundIn == language else { continue }
            measures.append(try self.measure(shown.resolved.text, in: room, language: language))
        }
        return measures
    }

    /// A text measured against a place's room, in `language`.
    public func measure(_ text: String, in room: PlaceRoom, language: String) throws -> BudgetMeasure {
        let direction = TextDirection(language: language)
        let width = try measurer.layout(TextMeasureRequest(text: text, font: room.font, direction: direction, language: language))
            .naturalWidth
        guard let limit = room.room.width else {
            return BudgetMeasure(room: room, language: language, text: text, width: width, lines: nil, fits: true)
        }
        if room.room.lines == 1 {
            return BudgetMeasure(room: room, language: language, text: text, width: width, lines: nil, fits: width <= limit + 1e-6)
        }
        let wrapped = try measurer.layout(TextMeasureRequest(text: text, font: room.font, wrapWidth: limit, maxLines: 0,
                                                             lineBreak: .wordWrap, direction: direction, language: language))
        let lines = wrapped.lines.count
        return BudgetMeasure(room: room, language: language, text: text, width: width, lines: lines,
                             fits: room.room.lines == 0 || lines <= room.room.lines)
    }
}

/// Runs in which one view alone shows a language's text and every other view the development
/// language's: the run a width budget speaks of, where a text within its room fits and one over
/// it is truncated or clipped (or makes another view so). Safe to use from several threads.
public final class BudgetTrials: Sendable {
    private let checker: RunChecker

    public init(project: Project) {
        checker = RunChecker(project: project, policy: SeverityPolicy(), developmentLayouts: LayoutCache(), sessions: LayoutSessions())
    }

    /// The development language's run of `place` with the place's view showing its text in
    /// `language` (laid out in that language's direction). Throws the `InputError` that keeps
    /// it from being checked.
    public func check(_ place: BudgetPlace, language: String) throws -> RunReport {
        var spec = place.spec
        spec.language = language
        switch checker.checkLaidOut(spec, alone: place.view) {
        case .success(let run): return run.report
        case .failure(let failure): throw failure.error
        }
    }
}

extension Project {
    /// `strings lint --budgets`: each translation (of a language that has the key itself) that
    /// does not fit the room of a place its key is shown, once per key, table and language, at
    /// the smallest room it is over; at the translation's place in its file.
    public func budgetFindings(_ report: BudgetReport) throws -> [LintFinding] {
        var findings: [LintFinding] = []
        var seen = Set<String>()
        let ordered = report.places.enumerated().sorted { a, b in
            (a.element.room.capacity, a.offset) < (b.element.room.capacity, b.offset)
        }.map(\.element)
        for place in ordered {
            let translations = translations(of: layout(at: place.place.spec.layout))
            for language in translations.languages
            where language != translations.developmentLanguage && !translations.isDocumentation(language) {
                let id = "\(place.table)\u{0}\(place.key)\u{0}\(language)"
                guard !seen.contains(id) else { continue }
                for measure in try measure([place], language: language) where !measure.fits {
                    seen.insert(id)
                    guard let translation = translations.translation(key: place.key, table: place.table, language: language) else { continue }
                    let need = measure.lines.map { "takes \($0) lines of \(Number.points(place.room.width ?? 0)) pt" }
                        ?? "is \(Number.points(measure.width)) pt wide"
                    let room = place.room.lines == 1 ? "\(Number.format(place.room.width ?? 0)) pt"
                        : "\(place.room.lines) lines of \(Number.format(place.room.width ?? 0)) pt"
                    var finding = LintFinding(
                        kind: .budget,
                        message: "\"\(place.key)\" in \(language), \"\(measure.text)\", \(need) in \(place.fontName): over its budget of "
                            + "\(room) at \(place.place.layout) \(place.place.view) · \(place.place.device) · \(place.place.contentSize.rawValue)",
                        location: translation.location, table: place.table, key: place.key, language: language)
                    finding.translatorNote = translations.note(key: place.key, table: place.table)
                    findings.append(finding)
                }
            }
        }
        return findings.sorted()
    }
}
