import Layout
import XCTest

/// UIKit behaviour real screens rely on, in the JSON format: multi-line buttons, scroll views
/// with content and frame layout guides, the safe area's centre and the keyboard guide, stacks
/// arranged inside their margins, and controls with intrinsic sizes.
final class UIKitBehaviourTests: XCTestCase {
    let phone = Device.named("iPhone 15")!  // 393 × 852, safe area 59 above and 34 below

    func testAButtonWithLinesWrapsItsTitleAndGrowsTaller() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "one", "type": "button" },
                { "id": "many", "type": "button", "lines": 0, "lineBreak": "wordWrap" } ] },
              "constraints": [
                "one.leading == root.leading", "one.top == root.top", "one.width == 100",
                "many.leading == root.leading", "many.top == one.bottom", "many.width == 100" ] }
            """)
        // "aaaa bbbb cccc" is 140 pt on one line: 100 pt hold "aaaa bbbb" (90 pt) and "cccc".
        let texts = ["one": "aaaa bbbb cccc", "many": "aaaa bbbb cccc"]
        let result = layOut(layout, .leftToRight, texts: texts)
        XCTAssertEqual(result.diagnostics, [])
        // One line: 20 pt of title and the default 6 pt above and below; the title truncates.
        XCTAssertEqual(result.frame("one"), rect(0, 0, 100, 32))
        XCTAssertEqual(result.view("one")?.fitted?.layout.truncated, true)
        // Two lines: 40 pt of title and 12 of insets; nothing truncated.
        XCTAssertEqual(result.frame("many"), rect(0, 32, 100, 52))
        XCTAssertEqual(result.view("many")?.fitted?.layout.lines.map(\.text), ["aaaa bbbb", "cccc"])
        XCTAssertEqual(result.view("many")?.fitted?.layout.truncated, false)
    }

    func testButtonLinesAreCheckedLikeALabels() {
        XCTAssertThrowsError(try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [ { "id": "b", "type": "button", "lines": -1 } ] } }
            """)) { error in
            XCTAssertEqual("\(error)", "Test.json:1:97: root.subviews[0].lines: expected 0 (unlimited) or more lines, found -1")
        }
    }

    /// A vertical scroll view whose content (a column taller than the screen) is pinned to its
    /// edges (the content area) and as wide as its frame.
    static let scrolling = """
        { "root": { "id": "root", "type": "view", "subviews": [
            { "id": "scroll", "type": "scroll", "subviews": [
              { "id": "column", "type": "view" } ] } ] },
          "constraints": [
            "scroll.leading == root.leading", "scroll.trailing == root.trailing",
            "scroll.top == root.safeTop", "scroll.bottom == root.safeBottom",
            "column.top == scroll.top", "column.bottom == scroll.bottom",
            "column.leading == scroll.leading", "column.trailing == scroll.trailing",
            "column.width == scroll.frameLayoutGuide.width", "column.height == 2000" ] }
        """

    func testScrollContentIsLaidOutInItsContentArea() throws {
        let layout = try decodeLayout(Self.scrolling)
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let result = layOut(layout, direction, device: phone)
            XCTAssertEqual(result.diagnostics, [], "\(direction)")
            XCTAssertEqual(result.frame("scroll"), rect(0, 59, 393, 759), "\(direction)")
            // The content is as tall as the column: taller than the frame, so it scrolls.
            XCTAssertEqual(result.frame("scroll.contentLayoutGuide"), rect(0, 59, 393, 2000), "\(direction)")
            XCTAssertEqual(result.frame("column"), rect(0, 59, 393, 2000), "\(direction)")
        }
        guard case .scroll(let spec) = layout.root.subviews[0].kind else { return XCTFail("not a scroll view") }
        XCTAssertEqual(spec.contentGuide, "scroll.contentLayoutGuide")
        XCTAssertEqual(layout.root.subviews[0].subviews.last?.hidden, true)
    }

    func testAScrollViewsContentGuideCanBeNamed() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "scroll", "type": "scroll", "subviews": [ { "id": "box", "type": "view" } ] } ] },
              "constraints": [
                "scroll.leading == root.leading", "scroll.top == root.top", "scroll.width == 200", "scroll.height == 100",
                "scroll.contentLayoutGuide.width == 600", "scroll.contentLayoutGuide.height == 100",
                "box.leading == scroll.contentLayoutGuide.leading + 400", "box.top == scroll.top",
                "box.width == 50", "box.height == 50" ] }
            """)
        let result = layOut(layout, .leftToRight)
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.frame("box"), rect(400, 0, 50, 50))
    }

    func testAViewMayNotTakeTheNameOfAContentGuide() {
        XCTAssertThrowsError(try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "scroll", "type": "scroll" }, { "id": "scroll.contentLayoutGuide", "type": "view" } ] } }
            """)) { error in
            XCTAssertTrue("\(error)".contains("the view id 'scroll.contentLayoutGuide' (at root.subviews[1]) is the name of a scroll view's content layout guide"), "\(error)")
        }
    }

    func testTheSafeAreasCentreAndTheKeyboardGuide() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "dot", "type": "view" }, { "id": "bar", "type": "view" } ] },
              "constraints": [
                "dot.centerX == root.safeCenterX", "dot.centerY == root.safeCenterY", "dot.width == 10", "dot.height == 10",
                "bar.leading == root.leading", "bar.trailing == root.trailing", "bar.height == 44",
                "bar.bottom == root.keyboardTop" ] }
            """)
        let result = layOut(layout, .leftToRight, device: phone)
        XCTAssertEqual(result.diagnostics, [])
        // The safe area runs from 59 to 818: its centre is at 438.5.
        XCTAssertEqual(result.frame("dot"), rect(191.5, 433.5, 10, 10))
        // The keyboard hidden, its guide's top is the safe area's bottom.
        XCTAssertEqual(result.frame("bar"), rect(0, 774, 393, 44))
    }

    func testAStackArrangedInsideItsMargins() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "stack", "type": "stack", "axis": "vertical", "marginsRelativeArrangement": true,
                  "margins": { "top": 10, "leading": 20, "bottom": 30, "trailing": 40 },
                  "subviews": [ { "id": "a", "type": "view" } ] },
                { "id": "plain", "type": "stack", "axis": "vertical", "subviews": [ { "id": "b", "type": "view" } ] } ] },
              "constraints": [
                "stack.leading == root.leading", "stack.top == root.safeTop", "stack.width == 200",
                "a.height == 50",
                "plain.leading == root.leading", "plain.top == stack.bottom", "plain.width == 200", "b.height == 50" ] }
            """)
        assertFrames(
            layout,
            ltr: ["stack": rect(0, 20, 200, 90), "a": rect(20, 30, 140, 50), "plain": rect(0, 110, 200, 50), "b": rect(0, 110, 200, 50)],
            rtl: ["stack": rect(175, 20, 200, 90), "a": rect(215, 30, 140, 50), "plain": rect(175, 110, 200, 50), "b": rect(175, 110, 200, 50)])
    }

    func testControlsHaveUIKitsIntrinsicSizes() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "switch", "type": "switch" },
                { "id": "spinner", "type": "activityIndicator" },
                { "id": "big", "type": "activityIndicator", "style": "large" },
                { "id": "stepper", "type": "stepper" },
                { "id": "progress", "type": "progress" },
                { "id": "slider", "type": "slider" },
                { "id": "search", "type": "searchBar" },
                { "id": "segments", "type": "segmentedControl" } ] },
              "constraints": [
                "switch.leading == root.leading", "switch.top == root.top",
                "spinner.leading == root.leading", "spinner.top == switch.bottom",
                "big.leading == root.leading", "big.top == spinner.bottom",
                "stepper.leading == root.leading", "stepper.top == big.bottom",
                "progress.leading == root.leading", "progress.trailing == root.trailing", "progress.top == stepper.bottom",
                "slider.leading == root.leading", "slider.trailing == root.trailing", "slider.top == progress.bottom",
                "search.leading == root.leading", "search.trailing == root.trailing", "search.top == slider.bottom",
                "segments.leading == root.leading", "segments.trailing == root.trailing", "segments.top == search.bottom" ] }
            """)
        assertFrames(
            layout,
            ltr: ["switch": rect(0, 0, 51, 31), "spinner": rect(0, 31, 20, 20), "big": rect(0, 51, 37, 37),
                  "stepper": rect(0, 88, 94, 32), "progress": rect(0, 120, 375, 4), "slider": rect(0, 124, 375, 31),
                  "search": rect(0, 155, 375, 56), "segments": rect(0, 211, 375, 32)],
            rtl: ["switch": rect(324, 0, 51, 31), "spinner": rect(355, 31, 20, 20), "big": rect(338, 51, 37, 37),
                  "stepper": rect(281, 88, 94, 32), "progress": rect(0, 120, 375, 4), "slider": rect(0, 124, 375, 31),
                  "search": rect(0, 155, 375, 56), "segments": rect(0, 211, 375, 32)])
        XCTAssertThrowsError(try decodeLayout("""
            { "root": { "id": "s", "type": "activityIndicator", "style": "huge" } }
            """)) { error in
            XCTAssertTrue("\(error)".contains("root.style: unknown activity indicator style 'huge'; expected medium or large"), "\(error)")
        }
    }

    /// A custom view whose code gives it an intrinsic size: `intrinsicSize` on a plain view.
    func testAPlainViewsIntrinsicSize() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "chart", "type": "view", "intrinsicSize": { "width": 120, "height": 44 } },
                { "id": "bar", "type": "view", "intrinsicSize": { "height": 30 } } ] },
              "constraints": [
                "chart.leading == root.leading", "chart.top == root.top",
                "bar.leading == root.leading", "bar.trailing == root.trailing", "bar.top == chart.bottom + 6" ] }
            """)
        assertFrames(layout, ltr: ["chart": rect(0, 0, 120, 44), "bar": rect(0, 50, 375, 30)],
                     rtl: ["chart": rect(255, 0, 120, 44), "bar": rect(0, 50, 375, 30)])
        XCTAssertThrowsError(try decodeLayout("""
            { "root": { "id": "root", "type": "label", "intrinsicSize": { "width": 1 } } }
            """)) { error in
            XCTAssertTrue("\(error)".contains("root.intrinsicSize"), "\(error)")
        }
    }
}
