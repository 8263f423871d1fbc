import Reports
import XCTest

/// A finding is a typed value: its subject, and evidence per kind; the report fields are read from them.
final class FindingEvidenceTests: XCTestCase {
    func testReportFieldsComeFromTheEvidence() {
        let text = TextEvidence(text: "Número de serie", shown: "Núm…")
        let width = Finding(kind: .truncated, subject: Subject(view: "serial", line: 12),
                            evidence: .width(needed: 133.5, available: 55, text), message: "m")
        XCTAssertEqual(width.needed, 133.5)
        XCTAssertEqual(width.available, 55)
        XCTAssertNil(width.neededLines)
        XCTAssertEqual(width.text, "Número de serie")
        XCTAssertEqual(width.shown, "Núm…")
        XCTAssertEqual(width.view, "serial")
        XCTAssertEqual(width.line, 12)
        XCTAssertNil(width.constraints)

        let lines = Finding(kind: .truncated, subject: Subject(view: "about"), evidence: .lines(needed: 3, available: 2, text),
                            message: "m")
        XCTAssertEqual(lines.neededLines, 3)
        XCTAssertEqual(lines.availableLines, 2)
        XCTAssertNil(lines.needed)

        let overlap = Finding(kind: .overlap, subject: Subject(view: "a", otherView: "b"),
                              evidence: .area(width: 4, height: 20), message: "m")
        XCTAssertNil(overlap.needed)
        XCTAssertNil(overlap.text)
        XCTAssertEqual(overlap.otherView, "b")

        let conflict = Finding(kind: .unsatisfiable,
                               subject: Subject(constraints: [ConstraintIdentity(index: 3, line: 9, text: "a.width == 50"),
                                                              ConstraintIdentity(index: nil, text: "a.width == 60")], line: 9),
                               message: "m")
        XCTAssertEqual(conflict.constraints, ["a.width == 50", "a.width == 60"])
        XCTAssertEqual(conflict.subject.constraints.map(\.index), [3, nil])
    }

    /// Evidence, fixes and tie are values of the finding like the rest: set, read back, changed on
    /// a copy without changing the original, and equal however the finding was made.
    func testEvidenceFixesAndTieAreValuesOfTheFinding() {
        let subject = Subject(view: "name", line: 4)
        var finding = Finding(kind: .ambiguous, subject: subject, message: "m")
        XCTAssertEqual(finding.evidence, .none)
        XCTAssertEqual(finding.fixes, [])
        XCTAssertNil(finding.tie)

        let tie = PriorityTie(priority: .hugging, axis: "horizontal", value: 251, views: ["name", "value"])
        let fix = Fix(summary: "Raise name's horizontal hugging to 252")
        let original = finding
        finding.tie = tie
        finding.fixes = [fix]
        finding.evidence = .area(width: 4, height: 20)
        XCTAssertEqual(finding.tie, tie)
        XCTAssertEqual(finding.fixes, [fix])
        XCTAssertEqual(finding.evidence, .area(width: 4, height: 20))
        XCTAssertNotEqual(finding, original)
        XCTAssertNil(original.tie)
        XCTAssertEqual(original.fixes, [])

        var copy = finding
        copy.fixes = []
        XCTAssertEqual(finding.fixes, [fix])
        XCTAssertNotEqual(copy, finding)

        // Made with its evidence, or given it afterwards: the same finding.
        var later = Finding(kind: .overlap, subject: subject, message: "m")
        later.evidence = .area(width: 4, height: 20)
        XCTAssertEqual(later, Finding(kind: .overlap, subject: subject, evidence: .area(width: 4, height: 20), message: "m"))
        // Everything taken back: equal to a finding that never had any.
        copy.tie = nil
        copy.evidence = .none
        XCTAssertEqual(copy, original)
    }

    func testFieldsAsAReportGivesThemMakeTheSameEvidence() {
        let truncated = Finding(kind: .truncated, view: "name", message: "m", needed: 65.8, available: 55, text: "Nombre",
                                shown: "Nom…", line: 8)
        XCTAssertEqual(truncated.evidence, .width(needed: 65.8, available: 55, TextEvidence(text: "Nombre", shown: "Nom…")))
        let cutOff = Finding(kind: .clipped, view: "name", message: "m", needed: 23.2, available: 8, text: "x", shown: "x")
        XCTAssertEqual(cutOff.evidence, .height(needed: 23.2, available: 8, TextEvidence(text: "x", shown: "x")))
        let missing = Finding(kind: .missingTranslation, view: "name", message: "m", text: "Name", key: "name")
        XCTAssertEqual(missing.evidence, .translation(TextEvidence(text: "Name", shown: nil)))
        XCTAssertEqual(missing.key, "name")
        XCTAssertNil(missing.shown)
        let clipped = Finding(kind: .clipped, view: "badge", message: "m", otherView: "root")
        XCTAssertEqual(clipped.evidence, Evidence.none)
        XCTAssertEqual(clipped.subject, Subject(view: "badge", otherView: "root"))
    }
}
