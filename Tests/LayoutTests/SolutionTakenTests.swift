import Foundation
@testable import Layout
import XCTest

/// A run laid out again with a change (a fix tried on it) takes the values of the run's own
/// pass where its constraints differ from that pass's only in constants that leave the
/// solution (`RunSolverStates.solution(_:constraints:)`): constraints that are not
/// required and name only variables the required equations fix. Every result is the fresh
/// layout's, and the passes that could take the run's values did, and no other.
final class SolutionTakenTests: XCTestCase {
    private let measurer = FixedAdvanceMeasurer()

    /// `fixed`: a label pinned to both margins (its width fixed by required equations); `free`:
    /// a label pinned at its leading edge only, its trailing edge within the margin (its width
    /// its text's); `strict`: a label 100 pt wide whose compression resistance is required;
    /// three buttons that fill a stack between the margins equally.
    private func screen() throws -> LayoutDocument {
        try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "fixed", "type": "label" }, { "id": "free", "type": "label" },
                { "id": "strict", "type": "label", "compressionResistance": { "h": 1000, "v": 750 } },
                { "id": "buttons", "type": "stack", "axis": "horizontal", "distribution": "fillEqually", "spacing": 8,
                  "subviews": [ { "id": "one", "type": "button" }, { "id": "two", "type": "button" },
                                        { "id": "three", "type": "button" } ] } ] },
              "constraints": [
                "fixed.top == root.safeTop + 8", "fixed.leading == root.leadingMargin", "fixed.trailing == root.trailingMargin",
                "free.top == fixed.bottom + 8", "free.leading == root.leadingMargin", "free.trailing <= root.trailingMargin",
                "strict.top == free.bottom + 8", "strict.leading == root.leadingMargin", "strict.width == 100",
                "buttons.top == strict.bottom + 8", "buttons.leading == root.leadingMargin",
                "buttons.trailing == root.trailingMargin" ] }
            """)
    }

    private let run: [String: String] = [
        "fixed": "A heading that is far too long for its line", "free": "A caption", "strict": "Short",
        "one": "Continue", "two": "Cancel", "three": "Settings and more",
    ]

    /// The run recorded, then laid out again with `changes` to its texts from its states:
    /// asserts the fresh layout's result, and returns how many passes took the run's values.
    private func taken(_ changes: [String: String], direction: LayoutDirection = .leftToRight,
                       line: UInt = #line) throws -> Int {
        let document = try screen()
        let session = LayoutSession(document: document, device: testDevice, direction: direction, contentSize: .L,
                                    measurer: measurer)
        let states = RunSolverStates()
        let context = LayoutContext(device: testDevice, direction: direction, language: "en", texts: run)
        XCTAssertEqual(try session.layout(context, recording: states, startingFrom: nil).views,
                       try LayoutEngine(measurer: measurer).layout(document, in: context).views, line: line)
        var changed = context
        for (id, text) in changes { changed.texts[id] = text }
        let again = try session.layout(changed, recording: nil, startingFrom: states)
        let fresh = try LayoutEngine(measurer: measurer).layout(document, in: changed)
        XCTAssertEqual(again.views, fresh.views, "\(changes)", line: line)
        XCTAssertEqual(again.diagnostics, fresh.diagnostics, "\(changes)", line: line)
        return states.solutionsTaken
    }

    func testAShorterTextInAWidthTheRequiredConstraintsFixTakesTheRunsSolution() throws {
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            XCTAssertEqual(try taken(["fixed": "A heading"], direction: direction), 1, "\(direction)")
            XCTAssertEqual(try taken(["three": "More"], direction: direction), 1, "a button of a stack filled equally")
            XCTAssertEqual(try taken(["fixed": "A heading", "two": "No"], direction: direction), 1, "both at once")
            XCTAssertEqual(try taken([:], direction: direction), 1, "nothing changed")
        }
    }

    func testAWidthTheTextDecidesIsSolvedAgain() throws {
        // The caption's width is its text's: a shorter one moves its frame.
        XCTAssertEqual(try taken(["free": "A"]), 0)
        // With a longer text too.
        XCTAssertEqual(try taken(["free": "A caption that is a good deal longer"]), 0)
    }

    func testARequiredConstantIsSolvedAgain() throws {
        // A required compression resistance whose constant changes: a longer text in the 100 pt
        // label cannot fit, and the required constraints conflict, as laying it out afresh finds.
        XCTAssertEqual(try taken(["strict": "Far too long for a hundred points"]), 0)
        XCTAssertEqual(try taken(["strict": "Tiny"]), 0, "a required constraint's constant, even where it holds")
    }

    /// A label let wrap (`lines` 0 where the run's had 1, as a fix makes it): its first pass
    /// measures it on one line, resisting compression at the lowest priority (a structure a
    /// priority from the run's). Where its width is fixed, that pass is the run's; then it
    /// wraps, taller, and that pass is solved. Where its width is its own, the first pass is
    /// solved too.
    func testALabelLetWrapWhoseWidthIsFixedTakesTheRunsFirstPass() throws {
        func box(lines: Int, pinned: Bool) throws -> LayoutDocument {
            try decodeLayout("""
                { "root": { "id": "root", "type": "view", "subviews": [ { "id": "body", "type": "label", "lines": \(lines) } ] },
                  "constraints": [ "body.leading == root.leadingMargin", "body.trailing \(pinned ? "==" : "<=") root.trailingMargin",
                                   "body.top == root.safeTop" ] }
                """)
        }
        let context = LayoutContext(device: testDevice, direction: .leftToRight, language: "en",
                                    texts: ["body": "A body long enough to need a second line and then a third one below it"])
        for pinned in [true, false] {
            let store = LayoutSessionStore()
            let run = LayoutSession(document: try box(lines: 1, pinned: pinned), device: testDevice, direction: .leftToRight,
                                    contentSize: .L, measurer: measurer, store: store)
            let trial = LayoutSession(document: try box(lines: 0, pinned: pinned), device: testDevice, direction: .leftToRight,
                                      contentSize: .L, measurer: measurer, store: store)
            let states = RunSolverStates()
            let truncated = try run.layout(context, recording: states, startingFrom: nil)
            let again = try trial.layout(context, recording: nil, startingFrom: states)
            let fresh = try LayoutEngine(measurer: measurer).layout(try box(lines: 0, pinned: pinned), in: context)
            XCTAssertEqual(again.views, fresh.views, "pinned: \(pinned)")
            XCTAssertEqual(again.diagnostics, fresh.diagnostics, "pinned: \(pinned)")
            XCTAssertGreaterThan(try XCTUnwrap(fresh.view("body")?.frame.height), try XCTUnwrap(truncated.view("body")?.frame.height),
                                 "it wraps")
            XCTAssertEqual(states.solutionsTaken, pinned ? 1 : 0, "pinned: \(pinned)")
        }
    }

    func testATextOfAnotherHeightIsSolvedAgain() throws {
        // An empty text has no height: the label's height constraints change, and its height
        // is not fixed by the required constraints (its top is, its bottom is not).
        XCTAssertEqual(try taken(["fixed": ""]), 0)
    }
}
