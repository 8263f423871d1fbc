import Layout
import XCTest

/// Stack views beyond the axis × alignment × distribution grid: hidden arranged views,
/// stacks that size themselves from their content, nesting, and compression.
final class StackBehaviourTests: XCTestCase {
    func testHiddenArrangedViewsLeaveTheArrangement() throws {
        // b is hidden: a and c are 10 apart as if b were not there; b has no width, at the start.
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "row", "type": "stack", "spacing": 10, "alignment": "center", "subviews": [
                    { "id": "a", "type": "label" }, { "id": "b", "type": "label", "hidden": true }, { "id": "c", "type": "label" } ] } ] },
              "constraints": [ "row.leading == root.leadingMargin", "row.top == root.safeTop" ] }
            """)
        assertFrames(
            layout, texts: ["a": "aaa", "b": "bbbb", "c": "cc"],
            ltr: ["row": rect(16, 20, 60, 20), "a": rect(16, 20, 30, 20), "b": rect(16, 20, 0, 20), "c": rect(56, 20, 20, 20)],
            rtl: ["row": rect(299, 20, 60, 20), "a": rect(329, 20, 30, 20), "b": rect(359, 20, 0, 20), "c": rect(299, 20, 20, 20)])
        XCTAssertEqual(layOut(layout, .leftToRight, texts: ["b": "bbbb"]).view("b")?.hidden, true)
    }

    func testNestedStacksSizeFromTheirContent() throws {
        // A vertical stack of two rows; neither stack has a size constraint.
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "column", "type": "stack", "axis": "vertical", "spacing": 4, "alignment": "leading", "subviews": [
                    { "id": "row1", "type": "stack", "spacing": 8, "subviews": [
                        { "id": "k1", "type": "label" }, { "id": "v1", "type": "label" } ] },
                    { "id": "row2", "type": "stack", "spacing": 8, "subviews": [
                        { "id": "k2", "type": "label" }, { "id": "v2", "type": "label" } ] } ] } ] },
              "constraints": [ "column.leading == root.leadingMargin", "column.top == root.safeTop" ] }
            """)
        // row1: 30 + 8 + 50 = 88; row2: 60 + 8 + 10 = 78; column: 88 wide, 20 + 4 + 20 high.
        assertFrames(
            layout, texts: ["k1": "key", "v1": "value", "k2": "longer", "v2": "v"],
            ltr: ["column": rect(16, 20, 88, 44), "row1": rect(16, 20, 88, 20), "row2": rect(16, 44, 78, 20),
                  "k1": rect(16, 20, 30, 20), "v1": rect(54, 20, 50, 20), "k2": rect(16, 44, 60, 20), "v2": rect(84, 44, 10, 20)],
            rtl: ["column": rect(271, 20, 88, 44), "row1": rect(271, 20, 88, 20), "row2": rect(281, 44, 78, 20),
                  "k1": rect(329, 20, 30, 20), "v1": rect(271, 20, 50, 20), "k2": rect(299, 44, 60, 20), "v2": rect(281, 44, 10, 20)])
    }

    func testFillCompressesTheLastOfTheLeastResistant() throws {
        // 100 pt for 3 labels of 60 pt and 2 × 5 spacing: 80 too many, taken from the last.
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "row", "type": "stack", "spacing": 5, "subviews": [
                    { "id": "a", "type": "label" }, { "id": "b", "type": "label" }, { "id": "c", "type": "label" } ] } ] },
              "constraints": [ "row.leading == root.leading", "row.top == root.top", "row.width == 100" ] }
            """)
        let texts = ["a": "aaaaaa", "b": "bbbbbb", "c": "cccccc"]
        assertFrames(
            layout, texts: texts,
            ltr: ["a": rect(0, 0, 60, 20), "b": rect(65, 0, 30, 20), "c": rect(100, 0, 0, 20)],
            rtl: ["a": rect(315, 0, 60, 20), "b": rect(280, 0, 30, 20), "c": rect(275, 0, 0, 20)])
        let withResistance = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "row", "type": "stack", "spacing": 5, "subviews": [
                    { "id": "a", "type": "label", "compressionResistance": 100 }, { "id": "b", "type": "label" },
                    { "id": "c", "type": "label" } ] } ] },
              "constraints": [ "row.leading == root.leading", "row.top == root.top", "row.width == 100" ] }
            """)
        assertFrames(
            withResistance, texts: texts,
            ltr: ["a": rect(0, 0, 0, 20), "b": rect(5, 0, 60, 20), "c": rect(70, 0, 30, 20)],
            rtl: ["a": rect(375, 0, 0, 20), "b": rect(310, 0, 60, 20), "c": rect(275, 0, 30, 20)])
    }

    func testMultiLineLabelInAVerticalStackWraps() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "column", "type": "stack", "axis": "vertical", "spacing": 8, "subviews": [
                    { "id": "title", "type": "label" }, { "id": "body", "type": "label", "lines": 0 } ] } ] },
              "constraints": [ "column.leading == root.leadingMargin", "column.trailing == root.trailingMargin",
                               "column.top == root.safeTop" ] }
            """)
        // 343 wide: 40 words of "word" (4 characters and a space: 50 pt) wrap 7 to a line
        // (6 × 50 + 40 = 340): 6 lines, 120 pt.
        let body = Array(repeating: "word", count: 40).joined(separator: " ")
        assertFrames(
            layout, texts: ["title": "Title", "body": body],
            ltr: ["column": rect(16, 20, 343, 148), "title": rect(16, 20, 343, 20), "body": rect(16, 48, 343, 120)],
            rtl: ["column": rect(16, 20, 343, 148), "title": rect(16, 20, 343, 20), "body": rect(16, 48, 343, 120)])
    }
}

/// The engine asks the measurer with the fonts of the content size being checked.
final class MeasuringTests: XCTestCase {
    final class Recorder: TextMeasuring, @unchecked Sendable {
        var requests: [TextMeasureRequest] = []
        func layout(_ request: TextMeasureRequest) -> TextLayout {
            requests.append(request)
            return FixedAdvanceMeasurer().layout(request)
        }
    }

    func testFontsFollowTheContentSize() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "body", "type": "label" },
                { "id": "fixed", "type": "label", "font": { "family": "Noto Sans", "size": 12, "weight": "bold" } },
                { "id": "head", "type": "label", "font": { "textStyle": "headline" } } ] },
              "constraints": [
                "body.leading == root.leading", "body.top == root.top",
                "fixed.leading == root.leading", "fixed.top == body.bottom",
                "head.leading == root.leading", "head.top == fixed.bottom" ] }
            """)
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let recorder = Recorder()
            let result = try LayoutEngine(measurer: recorder).layout(
                layout, in: LayoutContext(device: testDevice, contentSize: .AX1, direction: direction,
                                          texts: ["body": "ab", "fixed": "ab", "head": "ab"]))
            let fonts = Set(recorder.requests.map(\.font))
            XCTAssertEqual(fonts, [
                ResolvedFont(family: nil, size: 28), ResolvedFont(family: "Noto Sans", size: 12, weight: .bold),
                ResolvedFont(family: nil, size: 28, weight: .semibold),
            ])
            XCTAssertTrue(recorder.requests.allSatisfy { $0.direction == direction })
            // body at AX1 is 28 pt: 2 × 10 × 28 / 17 = 32.94 → 33 wide, 32.94 → 33 high (2x grid).
            XCTAssertEqual(result.frame("body"), direction == .leftToRight ? rect(0, 0, 33, 33) : rect(342, 0, 33, 33))
            XCTAssertEqual(result.view("head")?.font?.description, "System 28 semibold")
            XCTAssertEqual(result.view("fixed")?.font?.description, "Noto Sans 12 bold")
            XCTAssertNil(result.view("root")?.font)
        }
    }
}

final class CollapsingStackTests: XCTestCase {
    func testAStackWhoseViewsAreAllHiddenCollapses() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "column", "type": "stack", "axis": "vertical", "subviews": [
                    { "id": "a", "type": "label", "hidden": true }, { "id": "b", "type": "label", "hidden": true } ] },
                { "id": "after", "type": "label" } ] },
              "constraints": [ "column.leading == root.leadingMargin", "column.trailing == root.trailingMargin",
                               "column.top == root.safeTop", "after.top == column.bottom + 8", "after.leading == column.leading" ] }
            """)
        assertFrames(
            layout, texts: ["a": "a", "b": "b", "after": "after"],
            ltr: ["column": rect(16, 20, 343, 0), "after": rect(16, 28, 50, 20)],
            rtl: ["column": rect(16, 20, 343, 0), "after": rect(309, 28, 50, 20)])
    }
}

final class CompressedDistributionTests: XCTestCase {
    /// 150 pt for three 60 pt labels at least 5 apart: the spacing stays at its minimum and
    /// the labels shrink by 40 pt.
    func testEqualSpacingAndEqualCenteringShrinkFromTheLast() throws {
        for distribution in ["equalSpacing", "equalCentering"] {
            let layout = try decodeLayout("""
                { "root": { "id": "root", "type": "view", "subviews": [
                    { "id": "row", "type": "stack", "spacing": 5, "distribution": "\(distribution)", "subviews": [
                        { "id": "a", "type": "label" }, { "id": "b", "type": "label" }, { "id": "c", "type": "label" } ] } ] },
                  "constraints": [ "row.leading == root.leading", "row.top == root.top", "row.width == 150" ] }
                """)
            // equalSpacing: gaps 5, 140 for 180: c shrinks by 40 to 20.
            // equalCentering: the centers must stay equally spaced (priority 999, above the
            // labels' resistance). With a whole (0+60, center 30) and both gaps 5, b's center
            // 65 + wb/2 lies halfway between 30 and c's 150 − wc/2, and wb + wc = 80: wb = 20,
            // wc = 60, so b shrinks.
            let expected: [String: Rect] = distribution == "equalSpacing"
                ? ["a": rect(0, 0, 60, 20), "b": rect(65, 0, 60, 20), "c": rect(130, 0, 20, 20)]
                : ["a": rect(0, 0, 60, 20), "b": rect(65, 0, 20, 20), "c": rect(90, 0, 60, 20)]
            let mirrored = expected.mapValues { rect(375 - $0.x - $0.width, $0.y, $0.width, $0.height) }
            assertFrames(layout, texts: ["a": "aaaaaa", "b": "bbbbbb", "c": "cccccc"], ltr: expected, rtl: mirrored)
        }
    }
}
