import Layout
import XCTest

/// Auto Layout semantics on iPhone SE (375 × 667, safe area 20 at the top, root margins 16
/// and 8) with the fixed-advance measurer (10 pt a character, lines 20 pt, baseline 16).
/// Every case runs left-to-right and right-to-left.
final class AutoLayoutTests: XCTestCase {
    func testSpecExampleRow() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "name", "type": "label" },
                { "id": "field", "type": "textField" } ] },
              "constraints": [
                "name.leading == root.leadingMargin",
                "name.top == root.safeTop + 20",
                "field.leading == name.trailing + 8",
                "field.trailing == root.trailingMargin",
                "field.firstBaseline == name.firstBaseline" ] }
            """)
        // name: "Name" is 40 × 20, baseline 16. field: 20 + 2 × 7 = 34 high, baseline 7 + 16 = 23,
        // so its top is 40 + 16 − 23 = 33; it runs from 16 + 40 + 8 = 64 to 375 − 16 = 359.
        assertFrames(
            layout, texts: ["name": "Name"],
            ltr: ["root": rect(0, 0, 375, 667), "name": rect(16, 40, 40, 20), "field": rect(64, 33, 295, 34)],
            rtl: ["root": rect(0, 0, 375, 667), "name": rect(319, 40, 40, 20), "field": rect(16, 33, 295, 34)])
    }

    func testOffsetsRunInReadingOrder() throws {
        // b.leading == a.trailing + 8 puts b 8 pt after a: to its right in LTR, to its left in RTL.
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "a", "type": "view" }, { "id": "b", "type": "view" } ] },
              "constraints": [
                "a.leading == root.leading + 10", "a.top == root.top", "a.width == 50", "a.height == 10",
                "b.leading == a.trailing + 8", "b.top == a.bottom", "b.width == a.width * 2 - 60", "b.height == 10" ] }
            """)
        assertFrames(
            layout,
            ltr: ["a": rect(10, 0, 50, 10), "b": rect(68, 10, 40, 10)],
            rtl: ["a": rect(315, 0, 50, 10), "b": rect(267, 10, 40, 10)])
    }

    func testLeftAndRightNeverFlip() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [ { "id": "a", "type": "view" } ] },
              "constraints": [ "a.left == root.left + 10", "a.right == root.right - 300", "a.top == root.top", "a.height == 1" ] }
            """)
        assertFrames(layout, ltr: ["a": rect(10, 0, 65, 1)], rtl: ["a": rect(10, 0, 65, 1)])
    }

    func testCenterXIsMirroredWithLeading() throws {
        // In RTL, a.centerX == root.leading + 100 is evaluated in mirrored x: 100 from the right.
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [ { "id": "a", "type": "view" } ] },
              "constraints": [ "a.centerX == root.leading + 100", "a.width == 40", "a.top == root.top", "a.height == 1" ] }
            """)
        assertFrames(layout, ltr: ["a": rect(80, 0, 40, 1)], rtl: ["a": rect(255, 0, 40, 1)])
    }

    func testSemanticAttributeOfTheCommonAncestorDecides() throws {
        // Inside `player` (playback: always LTR) constraints between its children stay LTR;
        // `player` itself is placed by a constraint whose common ancestor is the root.
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "player", "type": "view", "semantic": "playback", "subviews": [
                    { "id": "back", "type": "view" }, { "id": "play", "type": "view" } ] },
                { "id": "forced", "type": "view", "semantic": "forceRightToLeft", "subviews": [
                    { "id": "inner", "type": "view" } ] } ] },
              "constraints": [
                "player.leading == root.leading", "player.top == root.top", "player.width == 200", "player.height == 50",
                "back.leading == player.leading + 10", "back.top == player.top", "back.width == 30", "back.height == 30",
                "play.leading == back.trailing + 5", "play.top == player.top", "play.width == 30", "play.height == 30",
                "forced.leading == root.leading", "forced.top == player.bottom", "forced.width == 100", "forced.height == 50",
                "inner.leading == forced.leading + 10", "inner.top == forced.top", "inner.width == 20", "inner.height == 20" ] }
            """)
        XCTAssertEqual(layOut(layout, .rightToLeft).view("back")?.direction, .leftToRight)
        XCTAssertEqual(layOut(layout, .leftToRight).view("inner")?.direction, .rightToLeft)
        assertFrames(
            layout,
            ltr: ["player": rect(0, 0, 200, 50), "back": rect(10, 0, 30, 30), "play": rect(45, 0, 30, 30),
                  "forced": rect(0, 50, 100, 50), "inner": rect(70, 50, 20, 20)],
            rtl: ["player": rect(175, 0, 200, 50), "back": rect(185, 0, 30, 30), "play": rect(220, 0, 30, 30),
                  "forced": rect(275, 50, 100, 50), "inner": rect(345, 50, 20, 20)])
    }

    /// Two labels between the margins (343 pt), 8 pt apart; `a` has the extra fields given.
    private func twoLabels(a fields: String) throws -> LayoutDocument {
        try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "a", "type": "label", \(fields) }, { "id": "b", "type": "label" } ] },
              "constraints": [
                "a.leading == root.leadingMargin", "b.leading == a.trailing + 8", "b.trailing == root.trailingMargin",
                "a.top == root.topMargin", "b.top == a.top" ] }
            """)
    }

    func testHuggingAndCompressionResistance() throws {
        // Room to spare: the label that hugs less stretches.
        assertFrames(
            try twoLabels(a: "\"hugging\": 200"), texts: ["a": "abc", "b": "defg"],
            ltr: ["a": rect(16, 28, 295, 20), "b": rect(319, 28, 40, 20)],
            rtl: ["a": rect(64, 28, 295, 20), "b": rect(16, 28, 40, 20)])
        // Too long for the space: the one that resists less is compressed.
        let long = String(repeating: "x", count: 30)
        assertFrames(
            try twoLabels(a: "\"compressionResistance\": { \"h\": 749 }"), texts: ["a": long, "b": long],
            ltr: ["a": rect(16, 28, 35, 20), "b": rect(59, 28, 300, 20)],
            rtl: ["a": rect(324, 28, 35, 20), "b": rect(16, 28, 300, 20)])
    }

    func testMultiLineLabelWrapsAtItsSolvedWidth() throws {
        // 100 pt wide: "aaaa bbbb cccc dddd" (190 pt on one line) wraps into 2 lines of
        // "aaaa bbbb" and "cccc dddd" (90 pt each): 40 pt high; its last baseline is 20 + 16.
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "body", "type": "label", "lines": 0 }, { "id": "side", "type": "label" } ] },
              "constraints": [
                "body.leading == root.leadingMargin", "body.top == root.safeTop", "body.width == 100",
                "side.leading == body.trailing + 10", "side.lastBaseline == body.lastBaseline" ] }
            """)
        assertFrames(
            layout, texts: ["body": "aaaa bbbb cccc dddd", "side": "x"],
            ltr: ["body": rect(16, 20, 100, 40), "side": rect(126, 40, 10, 20)],
            rtl: ["body": rect(259, 20, 100, 40), "side": rect(239, 40, 10, 20)])
        let result = layOut(layout, .leftToRight, texts: ["body": "aaaa bbbb cccc dddd", "side": "x"])
        XCTAssertEqual(result.view("body")?.text?.lineCount, 2)
        // Limited to one line by `lines`, a label keeps the height of one line.
        let two = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [ { "id": "body", "type": "label", "lines": 2 } ] },
              "constraints": [ "body.leading == root.leadingMargin", "body.top == root.safeTop", "body.width == 50" ] }
            """)
        assertFrames(
            two, texts: ["body": "aaaa bbbb cccc dddd"],
            ltr: ["body": rect(16, 20, 50, 40)], rtl: ["body": rect(309, 20, 50, 40)])
    }

    func testAWrappedLabelIsAsWideAsItsWidestLine() throws {
        // Bounded only by the trailing margin (343 pt): "abcde fghij …" wraps five 5-letter words a
        // line (5 × 50 + 4 × 10 = 290 pt); the label takes 290 pt, as UILabel sizes wrapped text,
        // and a view after it follows its real edge.
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "body", "type": "label", "lines": 0 }, { "id": "mark", "type": "label" } ] },
              "constraints": [
                "body.leading == root.leadingMargin", "body.top == root.safeTop",
                "body.trailing <= root.trailingMargin",
                "mark.leading == body.trailing", "mark.top == body.top" ] }
            """)
        let texts = ["body": "abcde fghij klmno pqrst uvwxy zabcd efghi jklmn", "mark": "*"]
        assertFrames(
            layout, texts: texts,
            ltr: ["body": rect(16, 20, 290, 40), "mark": rect(306, 20, 10, 20)],
            rtl: ["body": rect(69, 20, 290, 40), "mark": rect(59, 20, 10, 20)])
    }

    func testButtonWithContentInsetsAndImage() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "go", "type": "button", "contentInsets": { "leading": 12, "trailing": 4 } },
                { "id": "share", "type": "button", "image": { "size": [24, 30], "mirrorsInRTL": true } } ] },
              "constraints": [
                "go.leading == root.leadingMargin", "go.top == root.safeTop",
                "share.leading == go.trailing", "share.top == go.bottom" ] }
            """)
        // go: 12 + 20 ("Go") + 4 = 36 wide, 6 + 20 + 6 = 32 high. share: 24 + 50 wide, 6 + 30 + 6 = 42 high.
        assertFrames(
            layout, texts: ["go": "Go", "share": "Share"],
            ltr: ["go": rect(16, 20, 36, 32), "share": rect(52, 52, 74, 42)],
            rtl: ["go": rect(323, 20, 36, 32), "share": rect(249, 52, 74, 42)])
        XCTAssertEqual(layOut(layout, .rightToLeft, texts: ["share": "Share"]).view("share")?.flipped, true)
        XCTAssertEqual(layOut(layout, .leftToRight, texts: ["share": "Share"]).view("share")?.flipped, false)
    }

    func testImagesFlipAndNaturalAlignmentResolves() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "arrow", "type": "image", "size": [24, 24], "mirrorsInRTL": true },
                { "id": "logo", "type": "image", "size": [24, 24] },
                { "id": "title", "type": "label" },
                { "id": "fixed", "type": "label", "alignment": "left", "semantic": "forceLeftToRight" } ] },
              "constraints": [
                "arrow.trailing == root.trailingMargin", "arrow.top == root.safeTop",
                "logo.leading == root.leadingMargin", "logo.top == root.safeTop",
                "title.leading == logo.trailing + 8", "title.centerY == logo.centerY",
                "fixed.leading == logo.leading", "fixed.top == logo.bottom" ] }
            """)
        let texts = ["title": "Title", "fixed": "Fixed"]
        assertFrames(
            layout, texts: texts,
            ltr: ["arrow": rect(335, 20, 24, 24), "logo": rect(16, 20, 24, 24), "title": rect(48, 22, 50, 20),
                  "fixed": rect(16, 44, 50, 20)],
            rtl: ["arrow": rect(16, 20, 24, 24), "logo": rect(335, 20, 24, 24), "title": rect(277, 22, 50, 20),
                  "fixed": rect(309, 44, 50, 20)])
        let rtl = layOut(layout, .rightToLeft, texts: texts)
        XCTAssertEqual(rtl.view("arrow")?.flipped, true)
        XCTAssertEqual(rtl.view("logo")?.flipped, false)
        XCTAssertEqual(rtl.view("title")?.textAlignment, .right)
        XCTAssertEqual(rtl.view("fixed")?.textAlignment, .left)
        let ltr = layOut(layout, .leftToRight, texts: texts)
        XCTAssertEqual(ltr.view("arrow")?.flipped, false)
        XCTAssertEqual(ltr.view("title")?.textAlignment, .left)
    }

    func testMarginsAndSafeAreasOfTheDevices() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "box", "type": "view", "margins": { "top": 1, "leading": 2, "bottom": 3, "trailing": 4 },
                  "subviews": [ { "id": "inner", "type": "view" } ] } ] },
              "constraints": [
                "box.leading == root.leadingMargin", "box.trailing == root.trailingMargin",
                "box.top == root.topMargin", "box.bottom == root.bottomMargin",
                "inner.leading == box.leadingMargin", "inner.trailing == box.trailingMargin",
                "inner.top == box.topMargin", "inner.bottom == box.bottomMargin" ] }
            """)
        // iPhone 15 Pro Max: 430 × 932, safe area 59 / 34, margins 20 (width ≥ 400) and 8.
        let pro = Device.named("iPhone 15 Pro Max")!
        assertFrames(
            layout, device: pro,
            ltr: ["box": rect(20, 67, 390, 823), "inner": rect(22, 68, 384, 819)],
            rtl: ["box": rect(20, 67, 390, 823), "inner": rect(24, 68, 384, 819)])
        // iPad: 820 × 1180, safe area 24 / 20.
        let pad = Device.named("iPad (10th generation)")!
        assertFrames(
            layout, device: pad,
            ltr: ["root": rect(0, 0, 820, 1180), "box": rect(20, 32, 780, 1120)],
            rtl: ["root": rect(0, 0, 820, 1180), "box": rect(20, 32, 780, 1120)])
    }

    func testSubviewSafeAreaIsWhereTheScreensUnsafeAreaReachesIn() throws {
        // A bar from the top of the screen: its safe area starts 20 pt down (iPhone SE).
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "bar", "type": "view", "subviews": [ { "id": "title", "type": "label" } ] } ] },
              "constraints": [
                "bar.leading == root.leading", "bar.trailing == root.trailing", "bar.top == root.top", "bar.height == 64",
                "title.leading == bar.leadingMargin", "title.top == bar.safeTop", "title.bottom <= bar.safeBottom" ] }
            """)
        assertFrames(
            layout, texts: ["title": "Title"],
            ltr: ["bar": rect(0, 0, 375, 64), "title": rect(8, 20, 50, 20)],
            rtl: ["bar": rect(0, 0, 375, 64), "title": rect(317, 20, 50, 20)])
    }

    func testEnvironmentOverridesTheDevice() throws {
        let layout = try decodeLayout("""
            { "environment": { "width": 320, "height": 480, "safeArea": { "top": 0 },
                               "margins": { "top": 0, "leading": 5, "bottom": 0, "trailing": 7 } },
              "root": { "id": "root", "type": "view", "subviews": [ { "id": "a", "type": "view" } ] },
              "constraints": [ "a.leading == root.leadingMargin", "a.trailing == root.trailingMargin",
                               "a.top == root.topMargin", "a.height == 10" ] }
            """)
        assertFrames(
            layout,
            ltr: ["root": rect(0, 0, 320, 480), "a": rect(5, 0, 308, 10)],
            rtl: ["root": rect(0, 0, 320, 480), "a": rect(7, 0, 308, 10)])
        XCTAssertEqual(layOut(layout, .leftToRight).device.width, 320)
    }

    func testTextSizesRoundUpToThePixelGrid() throws {
        struct Fractional: TextMeasuring {
            func layout(_ request: TextMeasureRequest) -> TextLayout {
                TextLayout(text: request.text, shown: request.text,
                           lines: [TextLine(text: request.text, visual: request.text, width: 10.2, height: 20.1, ascent: 16, fonts: [])],
                           truncated: false, scale: 1, naturalWidth: 10.2, neededLines: 1, width: 10.2, height: 20.1,
                           firstBaseline: 16, lastBaseline: 16, direction: request.direction, unsupported: [])
            }
        }
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [ { "id": "a", "type": "label" } ] },
              "constraints": [ "a.leading == root.leading", "a.top == root.top" ] }
            """)
        for (device, width, height) in [(testDevice, 10.5, 20.5), (Device.named("iPhone 15")!, 31.0 / 3, 61.0 / 3)] {
            for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                let result = try LayoutEngine(measurer: Fractional()).layout(
                    layout, in: LayoutContext(device: device, direction: direction, texts: ["a": "x"]))
                let frame = try XCTUnwrap(result.frame("a"))
                XCTAssertEqual(frame.width, width, accuracy: 1e-6)
                XCTAssertEqual(frame.height, height, accuracy: 1e-6)
                XCTAssertEqual(frame.x, direction == .leftToRight ? 0 : device.width - width, accuracy: 1e-6)
            }
        }
    }

    func testHiddenViewsKeepTheirConstraints() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "a", "type": "view", "hidden": true, "subviews": [ { "id": "child", "type": "view" } ] },
                { "id": "b", "type": "view" } ] },
              "constraints": [
                "a.leading == root.leading", "a.top == root.top", "a.width == 30", "a.height == 30",
                "child.leading == a.leading", "child.top == a.top", "child.width == 5", "child.height == 5",
                "b.leading == a.trailing", "b.top == a.top", "b.width == 30", "b.height == 30" ] }
            """)
        assertFrames(
            layout, ltr: ["a": rect(0, 0, 30, 30), "b": rect(30, 0, 30, 30)],
            rtl: ["a": rect(345, 0, 30, 30), "b": rect(315, 0, 30, 30)])
        let result = layOut(layout, .leftToRight)
        XCTAssertEqual(result.view("a")?.hidden, true)
        XCTAssertEqual(result.view("child")?.hidden, true)
        XCTAssertEqual(result.view("b")?.hidden, false)
        XCTAssertEqual(result.views.map(\.id), ["root", "a", "child", "b"])
    }

    /// A column of 150 labels, each below the one before: laid out and probed for ambiguity
    /// in both directions. (How long it takes is babelfit-bench's `layout` line.)
    func testALongColumnLaysOut() throws {
        let count = 150
        let views = (0..<count).map { "{ \"id\": \"l\($0)\", \"type\": \"label\" }" }.joined(separator: ", ")
        var constraints = ["\"l0.top == root.safeTop\""]
        for index in 0..<count {
            constraints.append("\"l\(index).leading == root.leadingMargin\"")
            if index > 0 { constraints.append("\"l\(index).top == l\(index - 1).bottom + 2\"") }
        }
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [\(views)] }, "constraints": [\(constraints.joined(separator: ", "))] }
            """)
        let texts = Dictionary(uniqueKeysWithValues: (0..<count).map { ("l\($0)", "row \($0)") })
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let result = layOut(layout, direction, texts: texts)
            XCTAssertEqual(result.diagnostics, [])
            XCTAssertEqual(result.frame("l149")?.y, 20 + 149 * 22)
            XCTAssertEqual(result.frame("l149")?.x, direction == .leftToRight ? 16 : 359 - 70)
        }
    }
}
