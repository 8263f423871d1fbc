import Checks
import Foundation
import Layout
import Reports
import TestSupport
import XCTest

/// Verified fixes (README, "Fixes"): every fix a check gives an example finding is applied
/// through the public API and the run checked again: the finding is gone, and neither the run
/// nor the development language's run has a finding it did not have.
final class FixesTests: XCTestCase {
    static let root = PackageRoot.url

    static let examples: Result<(project: Project, report: CheckReport), Error> = Result {
        let layouts = root.appendingPathComponent("Layouts").path
        let project = try Project(layouts: [layouts], strings: [layouts], fontsFolder: PackageRoot.fonts)
        return (project, project.check(CheckOptions()))
    }

    /// What makes a finding the same finding after a fix: kind, views, key, constraints.
    struct Identity: Hashable {
        var kind: FindingKind
        var view: String?
        var otherView: String?
        var key: String?
        var constraints: [String]?

        init(_ finding: Finding) {
            kind = finding.kind
            view = finding.view
            otherView = finding.otherView
            key = finding.key
            constraints = finding.constraints
        }
    }

    /// A `shrunk` warning is what a minimum scale factor fix does to its own view.
    func isIntended(_ finding: Finding, by fix: Fix) -> Bool {
        finding.kind == .shrunk && finding.view.map { fix.views[$0]?.minimumScaleFactor != nil } == true
    }

    func testEveryExampleFixRemovesItsFindingAndAddsNone() throws {
        let (project, report) = try Self.examples.get()
        XCTAssertEqual(report.inputErrors, [])
        var applied = 0
        var findingsWithFixes = 0
        var kindsFixed = Set<FindingKind>()
        for run in report.runs {
            let development = project.translations.developmentLanguage
            let contentSize = try XCTUnwrap(ContentSize(rawValue: run.contentSize))
            for finding in run.findings where !finding.fixes.isEmpty {
                findingsWithFixes += 1
                kindsFixed.insert(finding.kind)
                XCTAssertLessThanOrEqual(finding.fixes.count, 3)
                let before = Set(run.findings.map(Identity.init))
                let developmentBefore = Set(try project.run(layout: run.layout, language: development, device: run.device,
                                                            contentSize: contentSize).findings.map(Identity.init))
                for fix in finding.fixes {
                    let fixed = try project.applying(fix, toLayout: run.layout, contentSize: contentSize)
                    let after = try fixed.run(layout: run.layout, language: run.language, device: run.device,
                                              contentSize: contentSize)
                    let place = "\(run.title) \(run.layout): \(finding.message) — \(fix.summary)"
                    XCTAssertFalse(after.findings.contains { Identity($0) == Identity(finding) }, "still there: \(place)")
                    for new in after.findings where !before.contains(Identity(new)) {
                        XCTAssertTrue(isIntended(new, by: fix), "new finding \(new.message): \(place)")
                    }
                    let developmentAfter = try fixed.run(layout: run.layout, language: development, device: run.device,
                                                         contentSize: contentSize)
                    for new in developmentAfter.findings where !developmentBefore.contains(Identity(new)) {
                        XCTAssertTrue(isIntended(new, by: fix), "new in \(development): \(new.message): \(place)")
                    }
                    applied += 1
                }
            }
        }
        // Every truncated and not-mirrored example finding has a fix (EXPECTED.md: 69 and 24).
        XCTAssertEqual(findingsWithFixes, 69 + 24)
        XCTAssertEqual(kindsFixed, [.truncated, .notMirrored])
        XCTAssertGreaterThan(applied, findingsWithFixes)
    }

    func testTheSpanishItemDetailFixes() throws {
        let (_, report) = try Self.examples.get()
        let run = try XCTUnwrap(report.runs.first { $0.layout == "ItemDetail" && $0.language == "es" && $0.device == "iPhone 15" })
        let name = try XCTUnwrap(run.findings.first { $0.view == "nameLabel" })
        XCTAssertEqual(name.fixes.map(\.summary), [
            "change 'nameLabel.width == 55' to 'nameLabel.width >= 55', so nameLabel can grow to the 65.8 pt its text needs",
            "shorten the es translation of 'Name' (Localizable) to at most 55 pt: 10.8 pt shorter, about 1 character fewer",
            "set nameLabel's minimumScaleFactor to 0.83, so its text shrinks to fit 55 pt",
        ])
        XCTAssertEqual(name.fixes[0].removeConstraints, ["nameLabel.width == 55"])
        XCTAssertEqual(name.fixes[0].addConstraints, ["nameLabel.width >= 55"])
        XCTAssertEqual(name.fixes[1].text, TextEdit(key: "Name", table: "Localizable", language: "es", maxWidth: 55,
                                                    shorterBy: name.fixes[1].text!.shorterBy, characters: 1))
        XCTAssertEqual(try XCTUnwrap(name.fixes[1].text?.shorterBy), 10.8, accuracy: 0.05)
        XCTAssertEqual(name.fixes[2].views, ["nameLabel": ViewEdit(minimumScaleFactor: 0.83)])
    }

    func testLeftAndRightBecomeLeadingAndTrailing() throws {
        let (_, report) = try Self.examples.get()
        let run = try XCTUnwrap(report.runs.first { $0.layout == "CurrencyList" && $0.language == "ar" })
        let badge = try XCTUnwrap(run.findings.first { $0.view == "alertsBadge" && $0.kind == .notMirrored })
        XCTAssertEqual(badge.fixes.count, 1)
        XCTAssertEqual(badge.fixes[0].removeConstraints, ["alertsBadge.left == alertsIcon.right - 10"])
        XCTAssertEqual(badge.fixes[0].addConstraints, ["alertsBadge.leading == alertsIcon.trailing - 10"])
        let hint = try XCTUnwrap(report.runs.first { $0.layout == "LanguageSwitch" && $0.language == "he" }?
            .findings.first { $0.view == "hintLabel" })
        XCTAssertEqual(hint.fixes.map(\.views), [["hintLabel": ViewEdit(alignment: "natural")]])
    }

    /// A storyboard's fix is in the same terms, with Interface Builder's ids and strings keys.
    func testTheStoryboardDeliveryPromiseWraps() throws {
        let (_, report) = try Self.examples.get()
        let run = try XCTUnwrap(report.runs.first {
            $0.layout == "Product/Product" && $0.language == "de" && $0.device == "iPhone SE (3rd generation)"
        })
        let delivery = try XCTUnwrap(run.findings.first { $0.view == "Dlv-Lb-001" })
        let wrap = try XCTUnwrap(delivery.fixes.first { $0.views["Dlv-Lb-001"]?.lines == 0 })
        XCTAssertEqual(wrap.wraps?.lines, 2)
        XCTAssertTrue(wrap.summary.hasPrefix("let Dlv-Lb-001 wrap (lines: 0): it then takes 2 lines, "), wrap.summary)
        let text = try XCTUnwrap(delivery.fixes.compactMap(\.text).first)
        XCTAssertEqual(text.key, "Dlv-Lb-001.text")
        XCTAssertEqual(text.table, "Product")
    }

    /// A fix applied to the layout file itself, as the JSON report gives it, and the file checked
    /// from scratch: the fields are machine-applicable.
    func testAJSONFixAppliesToTheLayoutFile() throws {
        let (_, report) = try Self.examples.get()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(layout: String, language: String, view: String)] = [
            ("ItemDetail", "es", "nameLabel"), ("CurrencyList", "ar", "alertsBadge"), ("LanguageSwitch", "he", "hintLabel"),
            ("Toolbar", "de", "moveButton"),
        ]
        let layouts = Self.root.appendingPathComponent("Layouts")
        for name in try FileManager.default.contentsOfDirectory(atPath: layouts.path) where name.hasSuffix(".png") {
            try FileManager.default.copyItem(at: layouts.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        for (layout, language, view) in cases {
            let run = try XCTUnwrap(report.runs.first { $0.layout == layout && $0.language == language && $0.device == "iPhone 15" })
            let finding = try XCTUnwrap(run.findings.first { $0.view == view })
            let fix = try XCTUnwrap(finding.fixes.first { $0.text == nil }, "\(layout) \(view) has a layout fix")
            // Edit the file's JSON as the fix's JSON says.
            let fixJSON = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(fix.jsonValue.serialized().utf8)) as? [String: Any])
            let source = layouts.appendingPathComponent("\(layout).json")
            var document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
            var constraints = try XCTUnwrap(document["constraints"] as? [String])
            let edits = fixJSON["constraints"] as? [String: [String]] ?? [:]
            for removed in edits["remove"] ?? [] {
                let index = try XCTUnwrap(constraints.firstIndex(of: removed), "\(layout) writes '\(removed)'")
                constraints.remove(at: index)
            }
            constraints += edits["add"] ?? []
            document["constraints"] = constraints
            if let views = fixJSON["views"] as? [String: [String: Any]], var root = document["root"] as? [String: Any] {
                for (id, fields) in views { XCTAssertTrue(Self.set(fields, on: id, in: &root), "\(layout) has \(id)") }
                document["root"] = root
            }
            let file = folder.appendingPathComponent("\(layout).json")
            try JSONSerialization.data(withJSONObject: document).write(to: file)
            let fixed = try Project(layouts: [file.path], strings: [layouts.path], fontsFolder: PackageRoot.fonts)
            XCTAssertEqual(fixed.inputErrors, [])
            let after = try fixed.run(layout: layout, language: language, device: "iPhone 15")
            XCTAssertFalse(after.findings.contains { $0.view == view && $0.kind == finding.kind }, "\(layout): \(fix.summary)")
            XCTAssertTrue(after.findings.allSatisfy { new in run.findings.contains { Identity($0) == Identity(new) } },
                          "\(layout): \(after.findings.map(\.message))")
        }
    }

    static func set(_ fields: [String: Any], on id: String, in view: inout [String: Any]) -> Bool {
        if view["id"] as? String == id {
            for (key, value) in fields { view[key] = value }
            return true
        }
        guard var subviews = view["subviews"] as? [[String: Any]] else { return false }
        for index in subviews.indices where set(fields, on: id, in: &subviews[index]) {
            view["subviews"] = subviews
            return true
        }
        return false
    }

    // MARK: Made-up screens for the kinds the examples do not have

    func check(_ layout: String, strings: [String: [String: String]] = [:]) throws -> (Project, CheckReport) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try layout.write(to: folder.appendingPathComponent("Screen.json"), atomically: true, encoding: .utf8)
        for (language, entries) in strings {
            let lproj = folder.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            let text = entries.keys.sorted().map { "\"\($0)\" = \"\(entries[$0]!)\";\n" }.joined()
            try text.write(to: lproj.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        }
        let project = try Project(layouts: [folder.appendingPathComponent("Screen.json").path], strings: [folder.path],
                                  fontsFolder: PackageRoot.fonts)
        XCTAssertEqual(project.inputErrors, [])
        return (project, project.check(CheckOptions(devices: [try XCTUnwrap(Device.named("iPhone 15"))])))
    }

    func testATieOfEqualHuggingIsNamedAndFixed() throws {
        let (project, report) = try check("""
        { "format": 1, "name": "Tie",
          "root": { "id": "root", "type": "view", "subviews": [
            { "id": "titleLabel", "type": "label", "text": "Title", "font": { "family": "Noto Sans", "size": 17 } },
            { "id": "detailLabel", "type": "label", "text": "Detail", "font": { "family": "Noto Sans", "size": 17 } } ] },
          "constraints": [
            "titleLabel.leading == root.leadingMargin", "titleLabel.top == root.safeTop + 8",
            "detailLabel.leading == titleLabel.trailing + 8", "detailLabel.trailing == root.trailingMargin",
            "detailLabel.firstBaseline == titleLabel.firstBaseline" ] }
        """)
        let title = try XCTUnwrap(report.runs.first?.findings.first { $0.view == "titleLabel" })
        XCTAssertEqual(title.kind, .ambiguous)
        XCTAssertEqual(title.tie, PriorityTie(priority: .hugging, axis: "horizontal", value: 251, views: ["titleLabel", "detailLabel"]))
        XCTAssertTrue(title.message.hasSuffix(
            "; Content Priority Ambiguity: titleLabel and detailLabel have the same horizontal content hugging priority (251)"),
            title.message)
        XCTAssertEqual(title.fixes.first?.views, ["titleLabel": ViewEdit(hugging: AxisPriorityEdit(horizontal: 252))])
        for fix in title.fixes {
            let after = try project.applying(fix, toLayout: "Tie").run(layout: "Tie", language: "en")
            XCTAssertEqual(after.findings, [], fix.summary)
        }
    }

    func testAClippedLabelIsKeptInsideAndWraps() throws {
        let (project, report) = try check("""
        { "format": 1, "name": "Clip",
          "root": { "id": "root", "type": "view", "subviews": [
            { "id": "noteLabel", "type": "label", "text": "[note]", "font": { "family": "Noto Sans", "size": 17 } } ] },
          "constraints": [ "noteLabel.leading == root.leadingMargin + 150", "noteLabel.top == root.safeTop + 8" ] }
        """, strings: ["en": ["note": "Short note"], "de": ["note": "Eine ziemlich lange Anmerkung zum Artikel"]])
        let clipped = try XCTUnwrap(report.runs.first { $0.language == "de" }?.findings.first)
        XCTAssertEqual(clipped.kind, .clipped)
        let inside = try XCTUnwrap(clipped.fixes.first)
        XCTAssertEqual(inside.addConstraints, ["noteLabel.trailing <= root.trailing"])
        XCTAssertEqual(inside.views, ["noteLabel": ViewEdit(lines: 0)])
        XCTAssertEqual(inside.wraps?.lines, 2)
        for fix in clipped.fixes {
            let fixed = try project.applying(fix, toLayout: "Clip")
            XCTAssertEqual(try fixed.run(layout: "Clip", language: "de").findings, [], fix.summary)
            XCTAssertEqual(try fixed.run(layout: "Clip", language: "en").findings, [], fix.summary)
        }
    }

    /// A fix is tried on the run as far as deciding it takes (the fixed finding's view first,
    /// stopping at the first finding that rejects it): what it keeps and what it refuses must be
    /// what a whole check of the fixed runs says. Here the name label's width limit, relaxed,
    /// lets the name grow and truncate the value beside it (a view whose text the fix does not
    /// change) and leaves the two widths ambiguous; lowered below the name's compression
    /// resistance, it leaves the name truncated. Wrapping, a shorter translation and a minimum
    /// scale factor are clean, and offered.
    func testTheFixesOfferedAreThoseAWholeCheckFindsClean() throws {
        let (project, report) = try check(Self.nameRow(beside: "value", [
            "valueLabel.leading == nameLabel.trailing + 8", "valueLabel.trailing <= root.trailing - 16",
            "valueLabel.firstBaseline == nameLabel.firstBaseline",
        ]), strings: ["en": ["name": "Name", "value": "Value"],
                       "de": ["name": "Der vollständige Name", "value": "Morgen geliefert, kostenlos"]])
        XCTAssertEqual(report.runs.first { $0.language == "en" }?.findings, [])
        let german = try XCTUnwrap(report.runs.first { $0.language == "de" })
        // The value (220 pt) fits the 253 pt beside a 100 pt name; the name (183 pt) does not.
        XCTAssertEqual(german.findings.map(\.kind), [.truncated])
        let name = try XCTUnwrap(german.findings.first)
        XCTAssertEqual(name.view, "nameLabel")

        // What a whole check says of the two changes of the width limit, the first and last tried.
        // Relaxed, the name grows, the value is cut, and the two labels' equal priorities leave
        // their widths to the solver (ambiguous); lowered below the name's
        // compression resistance (750), it meets the value's, as high: the name grows only by
        // the 33 pt the value leaves, and stays truncated.
        let relaxed = try project.applying(
            Fix(summary: "relaxed", removeConstraints: ["nameLabel.width == 100"], addConstraints: ["nameLabel.width >= 100"]),
            toLayout: "Row").run(layout: "Row", language: "de")
        XCTAssertFalse(relaxed.findings.contains { $0.view == "nameLabel" && $0.kind == .truncated })
        XCTAssertTrue(relaxed.findings.contains { $0.view == "valueLabel" && $0.kind == .truncated })
        XCTAssertEqual(Set(relaxed.findings.filter { $0.kind == .ambiguous }.compactMap(\.view)), ["nameLabel", "valueLabel"])
        let lowered = try project.applying(
            Fix(summary: "lowered", removeConstraints: ["nameLabel.width == 100"], addConstraints: ["nameLabel.width == 100 @749"]),
            toLayout: "Row").run(layout: "Row", language: "de")
        XCTAssertEqual(lowered.findings.map(\.kind), [.truncated])
        XCTAssertEqual(lowered.findings.first?.view, "nameLabel")
        XCTAssertEqual(lowered.views.first { $0.id == "nameLabel" }?.frame[2] ?? 0, 133, accuracy: 0.5)

        // Offered: the three others, each of which a whole check finds clean.
        XCTAssertEqual(name.fixes.map(\.summary), [
            "let nameLabel wrap (lines: 0): it then takes 3 lines, 69.7 pt high",
            "shorten the de translation of 'name' (Localizable) to at most 100 pt: 82.7 pt shorter, about 10 characters fewer",
            "set nameLabel's minimumScaleFactor to 0.54, so its text shrinks to fit 100 pt",
        ])
        XCTAssertEqual(name.fixes[0].wraps?.lines, 3)
        for fix in name.fixes {
            let fixed = try project.applying(fix, toLayout: "Row")
            let after = try fixed.run(layout: "Row", language: "de").findings
            XCTAssertEqual(after.filter { !($0.kind == .shrunk && $0.view == "nameLabel") }, [], fix.summary)
            XCTAssertEqual(try fixed.run(layout: "Row", language: "en").findings, [], fix.summary)
        }
    }

    /// A layout "Row": a name label 100 pt wide (`[name]`) and a second label, `key` + "Label"
    /// showing `[key]`, placed by `constraints`.
    static func nameRow(beside key: String, _ constraints: [String]) -> String {
        let all = ["nameLabel.leading == root.leading + 16", "nameLabel.top == root.safeTop + 8", "nameLabel.width == 100"]
            + constraints
        return """
        { "format": 1, "name": "Row",
          "root": { "id": "root", "type": "view", "subviews": [
            { "id": "nameLabel", "type": "label", "text": "[name]", "font": { "family": "Noto Sans", "size": 17 } },
            { "id": "\(key)Label", "type": "label", "text": "[\(key)]", "font": { "family": "Noto Sans", "size": 17 } } ] },
          "constraints": [\(all.map { "\"\($0)\"" }.joined(separator: ", "))] }
        """
    }

    /// A shorter translation is tried with the findings of the other views' texts as they
    /// were: a missing translation elsewhere (a finding of the run before the fix) keeps no fix
    /// from being offered, and a whole check of the fixed run finds that one alone.
    func testAShorterTranslationBesideAMissingOne() throws {
        let (project, report) = try check(Self.nameRow(beside: "note", [
            "noteLabel.leading == root.leading + 16", "noteLabel.top == nameLabel.bottom + 8",
            "noteLabel.trailing <= root.trailing - 16",
        ]), strings: ["en": ["name": "Name", "note": "Note"], "de": ["name": "Der vollständige Name"]])
        let german = try XCTUnwrap(report.runs.first { $0.language == "de" })
        XCTAssertEqual(german.findings.map(\.kind), [.truncated, .missingTranslation])
        let name = try XCTUnwrap(german.findings.first)
        let shorter = try XCTUnwrap(name.fixes.first { $0.text != nil }, "\(name.fixes.map(\.summary))")
        XCTAssertEqual(shorter.text?.key, "name")
        let after = try project.applying(shorter, toLayout: "Row").run(layout: "Row", language: "de").findings
        XCTAssertEqual(after.map(\.kind), [.missingTranslation])
        XCTAssertEqual(after.first?.view, "noteLabel")
    }

    func testAnOverlapIsFixedByAShorterTranslation() throws {
        let (project, report) = try check("""
        { "format": 1, "name": "Overlap",
          "root": { "id": "root", "type": "view", "subviews": [
            { "id": "nameLabel", "type": "label", "text": "[name]", "font": { "family": "Noto Sans", "size": 17 } },
            { "id": "badgeLabel", "type": "label", "text": "[badge]", "font": { "family": "Noto Sans", "size": 17 } } ] },
          "constraints": [ "nameLabel.leading == root.leadingMargin", "nameLabel.top == root.safeTop + 8",
            "badgeLabel.centerX == root.centerX", "badgeLabel.top == root.safeTop + 8" ] }
        """, strings: ["en": ["name": "Name", "badge": "New"], "de": ["name": "Vollständiger Name des Artikels", "badge": "Neu"]])
        let overlap = try XCTUnwrap(report.runs.first { $0.language == "de" }?.findings.first)
        XCTAssertEqual(overlap.kind, .overlap)
        let fix = try XCTUnwrap(overlap.fixes.first)
        let text = try XCTUnwrap(fix.text)
        XCTAssertEqual(text.key, "name")
        XCTAssertEqual(text.language, "de")
        // The text must end before the badge starts: the badge is centred, 393 pt wide screen.
        XCTAssertLessThan(text.maxWidth, 393 / 2 - 16)
        let fixed = try project.applying(fix, toLayout: "Overlap")
        XCTAssertEqual(try fixed.run(layout: "Overlap", language: "de").findings, [])
    }

    func testAFixChangesItsLayoutAloneInTheCopyItIsCheckedOn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for name in ["First", "Second", "Third"] {
            try """
            { "format": 1, "name": "\(name)",
              "root": { "id": "root", "type": "view", "subviews": [
                { "id": "titleLabel", "type": "label", "text": "Title", "font": { "family": "Noto Sans", "size": 17 } } ] },
              "constraints": [ "titleLabel.leading == root.leadingMargin", "titleLabel.top == root.safeTop + 8" ] }
            """.write(to: folder.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        }
        let project = try Project(layouts: [folder.path], strings: [], fontsFolder: PackageRoot.fonts)
        XCTAssertEqual(project.layouts.map(\.document.name), ["First", "Second", "Third"])
        func constraints(_ project: Project) -> [[String]] {
            project.layouts.map { $0.document.constraints.map(\.description) }
        }
        let before = constraints(project)
        let wide = Fix(summary: "wide", addConstraints: ["titleLabel.width >= 100"])
        let second = try project.applying(wide, toLayout: "Second")
        XCTAssertEqual(constraints(second), [before[0], before[1] + ["titleLabel.width >= 100"], before[2]])
        XCTAssertEqual(constraints(project), before, "the project itself is unchanged")
        XCTAssertEqual(try second.run(layout: "Second", language: "en").views.first { $0.id == "titleLabel" }?.frame[2], 100)
        XCTAssertEqual(try second.run(layout: "First", language: "en").views.first { $0.id == "titleLabel" }?.frame[2],
                       try project.run(layout: "First", language: "en").views.first { $0.id == "titleLabel" }?.frame[2])
        // A copy of the copy that changes another layout keeps both changes; one that changes
        // the same layout again builds on its change.
        let both = try second.applying(Fix(summary: "narrow", addConstraints: ["titleLabel.width <= 20"]), toLayout: "Third")
        XCTAssertEqual(constraints(both), [before[0], before[1] + ["titleLabel.width >= 100"], before[2] + ["titleLabel.width <= 20"]])
        XCTAssertEqual(try both.run(layout: "Third", language: "en").views.first { $0.id == "titleLabel" }?.frame[2], 20)
        XCTAssertEqual(try both.run(layout: "Second", language: "en").views.first { $0.id == "titleLabel" }?.frame[2], 100)
        let again = try second.applying(Fix(summary: "wider", addConstraints: ["titleLabel.width >= 150"]), toLayout: "Second")
        XCTAssertEqual(constraints(again)[1], before[1] + ["titleLabel.width >= 100", "titleLabel.width >= 150"])
        XCTAssertEqual(constraints(again)[2], before[2])
    }

    func testTheJSONReportReadsItsFixesBack() throws {
        let (_, report) = try Self.examples.get()
        let text = JSONReport.render(report)
        XCTAssertTrue(text.contains("\"fixes\": ["))
        let read = try CheckReport(json: text, file: "report.json")
        XCTAssertEqual(JSONReport.render(read), text, "a saved report keeps its fixes")
        XCTAssertEqual(read.runs.flatMap(\.findings).map { $0.fixes.map(\.summary) },
                       report.runs.flatMap(\.findings).map { $0.fixes.map(\.summary) })
    }

    func testNoFixesWhenNotAsked() throws {
        let (project, _) = try Self.examples.get()
        var options = CheckOptions(languages: ["es"], devices: [try XCTUnwrap(Device.named("iPhone 15"))])
        options.fixes = false
        let report = project.check(options)
        XCTAssertFalse(report.runs.flatMap(\.findings).isEmpty)
        XCTAssertTrue(report.runs.flatMap(\.findings).allSatisfy(\.fixes.isEmpty))
    }
}
