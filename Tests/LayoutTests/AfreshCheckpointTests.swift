@testable import Layout
import XCTest

/// A solve afresh that shares its first constraints (in the order the solver takes them) with
/// a kept one resumes from a checkpoint (``AfreshRecord``): it must be the solve a new solver
/// makes, value for value (bit for bit), constraint held for constraint held, and conflict for
/// conflict: on an ambiguous layout (whose values depend on the order of the steps), with a
/// constraint added (the constraints after it at other positions), and on a layout whose
/// required constraints conflict (there a resumed solve meets the conflict, and is made again
/// in the layout's own order, as a new one is).
final class AfreshCheckpointTests: XCTestCase {
    /// Views in a column, each label's vertical position left open (ambiguous), a row of
    /// buttons, and a wrapping note: some forty constraints.
    private let ambiguousColumn = """
        { "root": { "id": "root", "type": "view", "subviews": [
            { "id": "title", "type": "label" }, { "id": "subtitle", "type": "label" },
            { "id": "name", "type": "label" }, { "id": "field", "type": "textField" },
            { "id": "floating", "type": "label" }, { "id": "note", "type": "label", "lines": 0 },
            { "id": "ok", "type": "button" }, { "id": "cancel", "type": "button" }, { "id": "loose", "type": "view" } ] },
          "constraints": [
            "title.leading == root.leadingMargin", "title.top == root.safeTop + 8", "title.trailing <= root.trailingMargin",
            "subtitle.leading == title.leading", "subtitle.top == title.bottom + 4",
            "name.leading == root.leadingMargin", "name.top >= subtitle.bottom + 12",
            "field.leading == name.trailing + 8", "field.trailing == root.trailingMargin", "field.firstBaseline == name.firstBaseline",
            "floating.leading == root.leadingMargin",
            "note.leading == root.leadingMargin", "note.trailing == root.trailingMargin", "note.top >= field.bottom + 12",
            "ok.trailing == root.trailingMargin", "ok.top == note.bottom + 16", "cancel.trailing == ok.leading - 8",
            "cancel.top == ok.top" ] }
        """

    /// Required constraints that conflict (a height of 20 and of 30), among others.
    private let conflicting = """
        { "root": { "id": "root", "type": "view", "subviews": [
            { "id": "tag", "type": "label" }, { "id": "note", "type": "label" }, { "id": "more", "type": "label" },
            { "id": "last", "type": "label" } ] },
          "constraints": [
            "tag.leading == root.leadingMargin", "tag.top == root.safeTop", "tag.width <= 60",
            "note.leading == root.leadingMargin", "note.top == tag.bottom + 4", "note.height == 20", "note.height == 30",
            "more.leading == note.trailing + 4", "more.top == note.top", "last.leading == more.trailing + 4", "last.top == more.top" ] }
        """

    /// The constraints of a pass of `json` whose labels, buttons and fields measure `width`
    /// wide (plus a little by view) and 20 high, and the variable names.
    private func pass(_ json: String, width: Double) throws -> (constraints: [PendingConstraint], names: [String]) {
        let document = try decodeLayout(json)
        var system = LayoutSystem(document: document, device: testDevice, language: .leftToRight)
        for index in system.views.indices.dropFirst() where system.views[index].kind.font != nil {
            system.intrinsic[index] = IntrinsicSize(width: width + Double(index), height: 20, firstBaselineFromTop: 15,
                                                    lastBaselineFromBottom: 5, oneLineWidth: width + Double(index))
        }
        let made = system.constraints(document)
        let names = (0..<system.variableCount).map { "v\($0)" }
        return (made.constraints.map(\.pending), names)
    }

    private func assertSameSolve(_ solve: SolverBridge, _ fresh: SolverBridge, _ what: String,
                                 file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(solve.values.map(\.bitPattern), fresh.values.map(\.bitPattern), "\(what): values", file: file, line: line)
        XCTAssertEqual(solve.activePositions, fresh.activePositions, "\(what): constraints held", file: file, line: line)
        XCTAssertEqual(solve.diagnostics, fresh.diagnostics, "\(what): conflicts", file: file, line: line)
    }

    func testASolveSharingAKeptSolvesFirstConstraintsIsTheSameSolve() throws {
        for (name, json) in [("ambiguous", ambiguousColumn), ("conflicting", conflicting)] {
            let (base, names) = try pass(json, width: 40)
            var kept: [AfreshRecord] = []
            let run = SolverBridge(variableNames: names, constraints: base, resuming: nil, recording: { kept.append($0) })
            let record = try XCTUnwrap(kept.first, "\(name): the run's solve is recorded")
            assertSameSolve(run, SolverBridge(variableNames: names, constraints: base), "\(name): the run")
            let order = SolverBridge.fastOrder(base)
            var changes = 0
            let places = Array(stride(from: base.count / 4, to: base.count, by: 2))
            // Later changes first, then earlier ones: a checkpoint past where a solve parts from
            // the kept one must not serve it.
            for place in places.reversed() + places {
                // Twice each: the second starts from the checkpoint the first left where they part.
                for step in [1.0, 2.5] {
                    var changed = base
                    changed[order[place]].expression.constant += step
                    let trial = SolverBridge(variableNames: names, constraints: changed, resuming: [record], recording: nil)
                    assertSameSolve(trial, SolverBridge(variableNames: names, constraints: changed), "\(name): changed at \(place)")
                    changes += 1
                }
            }
            // A constraint added (a fix's): taken where the solver takes it by its last view.
            var added = base
            added.append(PendingConstraint(LinearExpression(terms: [(names.count - 2, 1)], constant: 0), .greaterThanOrEqual,
                                           LinearExpression(terms: [], constant: 12), priority: 1000,
                                           reference: ConstraintReference(index: nil, priority: 1000) { "added" }))
            assertSameSolve(SolverBridge(variableNames: names, constraints: added, resuming: [record], recording: nil),
                            SolverBridge(variableNames: names, constraints: added), "\(name): a constraint added")
            XCTAssertGreaterThan(changes, 8)
            if name == "ambiguous" {
                XCTAssertGreaterThan(record.checkpointCounts.count, 3, "the changes resumed from checkpoints: \(record.checkpointCounts)")
            }
        }
        // Solves of other variable names share nothing (the same constraints but one late one,
        // which would leave a checkpoint where they part).
        let (base, names) = try pass(ambiguousColumn, width: 40)
        var kept: [AfreshRecord] = []
        _ = SolverBridge(variableNames: names, constraints: base, resuming: nil, recording: { kept.append($0) })
        let record = try XCTUnwrap(kept.first)
        var changed = base
        changed[SolverBridge.fastOrder(base)[base.count - 3]].expression.constant += 1
        _ = SolverBridge(variableNames: names.map { $0 + "'" }, constraints: changed, resuming: [record], recording: nil)
        XCTAssertEqual(record.checkpointCounts, [])
        _ = SolverBridge(variableNames: names, constraints: changed, resuming: [record], recording: nil)
        XCTAssertEqual(record.checkpointCounts, [base.count - 3], "the same names share")
    }
}
