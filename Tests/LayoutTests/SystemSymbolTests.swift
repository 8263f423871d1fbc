import Layout
import XCTest

/// SF Symbols in layouts: `systemImage` and its configuration decoded, sized from the point
/// size, scale, weight and content size, and flipped in right-to-left when the name follows
/// the reading direction.
final class SystemSymbolTests: XCTestCase {
    /// A layout whose root holds `views`, each placed by `constraints`.
    private func symbolLayout(_ views: String, constraints: [String] = []) throws -> LayoutDocument {
        let list = constraints.map { "\"\($0)\"" }.joined(separator: ", ")
        return try LayoutDocument.decode("""
            { "root": { "id": "root", "type": "view", "subviews": [
            \(views)
            ] }, "constraints": [\(list)] }
            """, file: "Symbols.json")
    }

    private func image(_ layout: LayoutDocument, _ id: String) throws -> ImageSpec {
        try XCTUnwrap(layout.view(id)?.kind.image, "\(id) has no image")
    }

    // MARK: - Decoding

    func testSystemImageAndItsConfigurationDecode() throws {
        let layout = try symbolLayout("""
            { "id": "back", "type": "image", "systemImage": "chevron.backward" },
            { "id": "gear", "type": "image", "systemImage": "gear",
              "symbolConfiguration": { "pointSize": 24, "weight": "semibold", "scale": "large" } },
            { "id": "styled", "type": "image", "systemImage": "bell",
              "symbolConfiguration": { "textStyle": "headline", "scale": "small" } },
            { "id": "short", "type": "image", "systemImage": "star", "textStyle": "title2" },
            { "id": "sized", "type": "image", "systemImage": "heart", "size": [30, 28] },
            { "id": "share", "type": "button", "title": "Share", "image": { "systemImage": "square.and.arrow.up",
              "symbolConfiguration": { "weight": "bold" } } }
            """)
        XCTAssertEqual(try image(layout, "back"), ImageSpec(systemName: "chevron.backward"))
        XCTAssertNil(try image(layout, "back").source)
        XCTAssertEqual(try image(layout, "gear").symbolConfiguration,
                       SymbolConfiguration(pointSize: 24, weight: .semibold, scale: .large))
        XCTAssertEqual(try image(layout, "styled").symbolConfiguration, SymbolConfiguration(textStyle: .headline, scale: .small))
        XCTAssertEqual(try image(layout, "short").symbolConfiguration, SymbolConfiguration(textStyle: .title2))
        XCTAssertEqual(try image(layout, "sized").size, Size(width: 30, height: 28))
        XCTAssertEqual(try image(layout, "share"),
                       ImageSpec(systemName: "square.and.arrow.up", symbolConfiguration: SymbolConfiguration(weight: .bold)))
    }

    func testSymbolDecodingErrorsNameTheFieldAndItsPlace() {
        func error(_ fields: String) -> String? {
            let text = "{ \"root\": { \"id\": \"root\", \"type\": \"view\", \"subviews\": [\n  { \"id\": \"i\", \"type\": \"image\", \(fields) } ] } }"
            do {
                _ = try LayoutDocument.decode(text, file: "Layouts/Bad.json")
                XCTFail("decoded: \(fields)")
                return nil
            } catch {
                return error.description
            }
        }
        let cases: [(String, String)] = [
            (#""source": "a.png", "systemImage": "gear""#,
             "Layouts/Bad.json:2:67: root.subviews[0].systemImage: an image has either 'source' or 'systemImage', not both"),
            (#""systemImage": """#,
             "Layouts/Bad.json:2:48: root.subviews[0].systemImage: expected a non-empty string"),
            (#""systemImage": 3"#,
             "Layouts/Bad.json:2:48: root.subviews[0].systemImage: expected a string, found a number"),
            (#""source": "a.png", "symbolConfiguration": { "pointSize": 3 }"#,
             "Layouts/Bad.json:2:75: root.subviews[0].symbolConfiguration: 'symbolConfiguration' configures a system symbol, and this image has no 'systemImage'"),
            (#""textStyle": "body""#,
             "Layouts/Bad.json:2:46: root.subviews[0].textStyle: 'textStyle' configures a system symbol, and this image has no 'systemImage'"),
            (#""systemImage": "gear", "symbolConfiguration": { "scale": "large" }, "textStyle": "body""#,
             "Layouts/Bad.json:2:114: root.subviews[0].textStyle: 'textStyle' is short for a 'symbolConfiguration' with a text style; give one or the other"),
            (#""systemImage": "gear", "symbolConfiguration": { "pointSize": 17, "textStyle": "body" }"#,
             "Layouts/Bad.json:2:111: root.subviews[0].symbolConfiguration.textStyle: a symbol configuration has either 'pointSize' or 'textStyle', not both"),
            (#""systemImage": "gear", "symbolConfiguration": { "pointSize": 0 }"#,
             "Layouts/Bad.json:2:94: root.subviews[0].symbolConfiguration.pointSize: expected a point size above 0, found 0"),
            (#""systemImage": "gear", "symbolConfiguration": { "weight": "thick" }"#,
             "Layouts/Bad.json:2:91: root.subviews[0].symbolConfiguration.weight: unknown value 'thick'; expected one of ultraLight, thin, light, regular, medium, semibold, bold, heavy, black"),
            (#""systemImage": "gear", "symbolConfiguration": { "scale": "huge" }"#,
             "Layouts/Bad.json:2:90: root.subviews[0].symbolConfiguration.scale: unknown value 'huge'; expected one of small, medium, large"),
            (#""systemImage": "gear", "symbolConfiguration": { "size": 17 }"#,
             "Layouts/Bad.json:2:81: root.subviews[0].symbolConfiguration.size: unknown field 'size' for a symbol configuration; expected one of pointSize, textStyle, weight, scale"),
            (#""systemImage": "gear", "textStyle": "huge""#,
             "Layouts/Bad.json:2:69: root.subviews[0].textStyle: unknown value 'huge'; expected one of largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2"),
        ]
        for (fields, expected) in cases {
            XCTAssertEqual(error(fields), expected, fields)
        }
    }

    // MARK: - Sizes

    func testSizeFromPointSizeScaleAndWeight() {
        func size(_ name: String, _ configuration: SymbolConfiguration? = nil, _ contentSize: ContentSize = .L) -> Size {
            SystemSymbol.size(named: name, configuration: configuration, contentSize: contentSize)
        }
        // chevron.right is 0.727 × 0.998 of the point size; without a configuration, 17 pt.
        XCTAssertEqual(size("chevron.right"), Size(width: 12.359, height: 16.966))
        XCTAssertEqual(size("chevron.right", nil, .AX5), Size(width: 12.359, height: 16.966),
                       "an image without a configuration keeps its size whatever the content size")
        XCTAssertEqual(size("chevron.forward"), size("chevron.right"), "the forward form is the same glyph")
        XCTAssertEqual(size("chevron.right", SymbolConfiguration(pointSize: 34)), Size(width: 24.718, height: 33.932))
        XCTAssertEqual(size("chevron.right", SymbolConfiguration(pointSize: 17, scale: .large)), Size(width: 16.067, height: 22.056))
        XCTAssertEqual(size("chevron.right", SymbolConfiguration(pointSize: 17, scale: .small)), Size(width: 9.887, height: 13.573))
        XCTAssertEqual(size("chevron.right", SymbolConfiguration(pointSize: 17, weight: .bold)), Size(width: 12.853, height: 17.645))
        XCTAssertEqual(size("minus", SymbolConfiguration(pointSize: 20)), Size(width: 21.1, height: 4.74))
        XCTAssertEqual(size("ellipsis"), Size(width: 18.632, height: 5.865))
        XCTAssertEqual(size("magnifyingglass"), Size(width: 20.043, height: 18.921))
        // Not in the table by name: `.fill`, enclosures, reading-direction words, unknown names.
        XCTAssertEqual(size("heart.fill"), size("heart"))
        XCTAssertEqual(size("heart"), Size(width: 20.723, height: 17.782))
        XCTAssertEqual(size("arrow.backward.circle.fill"), Size(width: 19.907, height: 19.482), "as large as its circle")
        XCTAssertEqual(size("checkmark.square"), Size(width: 19.516, height: 17.833), "as large as its square")
        XCTAssertEqual(size("text.justify.leading"), size("text.justify.left"))
        XCTAssertEqual(size("forward.fill"), Size(width: 25.177, height: 15.589), "the media symbol, not arrow.right")
        XCTAssertEqual(size("no.such.symbol"), Size(width: 20.4, height: 20.4), "a square of 1.2 × the point size")
        XCTAssertEqual(size("no.such.symbol", SymbolConfiguration(pointSize: 10, scale: .large)), Size(width: 15.6, height: 15.6))
    }

    func testTextStyleSymbolsFollowTheContentSize() {
        func size(_ style: TextStyle, _ contentSize: ContentSize, weight: SymbolWeight? = nil) -> Size {
            SystemSymbol.size(named: "chevron.right", configuration: SymbolConfiguration(textStyle: style, weight: weight),
                              contentSize: contentSize)
        }
        // body: 14 pt at XS, 17 at L, 28 at AX1, 53 at AX5.
        XCTAssertEqual(size(.body, .XS), Size(width: 10.178, height: 13.972))
        XCTAssertEqual(size(.body, .L), Size(width: 12.359, height: 16.966))
        XCTAssertEqual(size(.body, .AX1), Size(width: 20.356, height: 27.944))
        XCTAssertEqual(size(.body, .AX5), Size(width: 38.531, height: 52.894))
        XCTAssertEqual(size(.caption2, .L), Size(width: 7.997, height: 10.978))
        // headline is semibold, and so is its symbol unless the configuration names a weight.
        XCTAssertEqual(size(.headline, .L), Size(width: 12.668, height: 17.39))
        XCTAssertEqual(size(.headline, .L, weight: .regular), size(.body, .L))
    }

    func testImageSizesGiveSymbolsAtTheContentSizeAndKeepExplicitSizes() throws {
        let layout = try symbolLayout("""
            { "id": "plain", "type": "image", "systemImage": "xmark" },
            { "id": "styled", "type": "image", "systemImage": "xmark", "textStyle": "body" },
            { "id": "sized", "type": "image", "systemImage": "xmark", "size": [44, 44] },
            { "id": "go", "type": "button", "image": { "systemImage": "plus", "symbolConfiguration": { "pointSize": 20 } } }
            """)
        XCTAssertEqual(layout.imageSizes(relativeTo: "/nonexistent"), [
            "plain": Size(width: 17.391, height: 15.708), "styled": Size(width: 17.391, height: 15.708),
            "go": Size(width: 21.1, height: 19.12),
        ], "the default content size, L; a symbol needs no file")
        XCTAssertEqual(layout.symbolSizes(at: .AX3), layout.imageSizes(relativeTo: "/nonexistent", contentSize: .AX3))
        XCTAssertEqual(layout.imageSizes(relativeTo: "/nonexistent", contentSize: .AX3), [
            "plain": Size(width: 17.391, height: 15.708), "styled": Size(width: 40.92, height: 36.96),
            "go": Size(width: 21.1, height: 19.12),
        ])
    }

    /// The sizes reach the layout: an image view's and a button's intrinsic size, at the
    /// content size of the run, in both directions.
    func testSymbolsAreLaidOutAtTheirSizeInBothDirections() throws {
        let layout = try symbolLayout("""
            { "id": "close", "type": "image", "systemImage": "xmark", "textStyle": "body" },
            { "id": "add", "type": "button", "image": { "systemImage": "plus", "symbolConfiguration": { "pointSize": 20 } } }
            """, constraints: ["close.leading == root.leading", "close.top == root.top",
                               "add.leading == close.trailing + 8", "add.top == root.top"])
        for contentSize in [ContentSize.L, .AX3] {
            let sizes = layout.imageSizes(relativeTo: "/nonexistent", contentSize: contentSize)
            let close = try XCTUnwrap(sizes["close"])
            XCTAssertEqual(close, contentSize == .L ? Size(width: 17.391, height: 15.708) : Size(width: 40.92, height: 36.96))
            for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                let result = try LayoutEngine(measurer: FixedAdvanceMeasurer()).layout(
                    layout, in: LayoutContext(device: testDevice, contentSize: contentSize, direction: direction, imageSizes: sizes))
                let ltr = direction == .leftToRight
                let frame = try XCTUnwrap(result.frame("close"))
                XCTAssertEqual(frame.x, ltr ? 0 : 375 - close.width, accuracy: 1e-6)
                XCTAssertEqual(frame.y, 0)
                XCTAssertEqual(frame.width, close.width)
                XCTAssertEqual(frame.height, close.height)
                // A button with a 21.1 × 19.12 image and no title: as wide as its image, and as high as
                // the taller of the image and the title's line, 6 pt above and below.
                let add = try XCTUnwrap(result.frame("add"))
                XCTAssertEqual(add.width, 21.1)
                XCTAssertGreaterThanOrEqual(add.height, 19.12 + 12)
                XCTAssertEqual(add.x, ltr ? close.width + 8 : 375 - close.width - 8 - 21.1, accuracy: 1e-6)
                XCTAssertEqual(result.diagnostics, [], "\(direction) at \(contentSize)")
            }
        }
    }

    // MARK: - Direction

    func testReadingDirectionSymbolsFlipInRightToLeftAndSideSymbolsDoNot() throws {
        let names = ["chevron.forward", "arrow.backward", "arrowshape.turn.up.backward", "text.justify.leading",
                     "rectangle.leadinghalf.filled", "text.quote", "list.number", "chevron.right", "arrow.left",
                     "text.alignleft", "forward.fill", "gobackward.15", "plus.forwardslash.minus", "gear"]
        let views = names.enumerated().map { index, name in
            "{ \"id\": \"s\(index)\", \"type\": \"image\", \"systemImage\": \"\(name)\" }"
        }
        let pinned = (0..<names.count).flatMap { ["s\($0).leading == root.leading", "s\($0).top == root.top + \($0 * 30)"] }
        let layout = try symbolLayout(views.joined(separator: ",\n"), constraints: pinned)
        let flipping: Set = ["chevron.forward", "arrow.backward", "arrowshape.turn.up.backward", "text.justify.leading",
                             "rectangle.leadinghalf.filled", "text.quote", "list.number"]
        let sizes = layout.imageSizes(relativeTo: "/nonexistent")
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let result = try LayoutEngine(measurer: FixedAdvanceMeasurer()).layout(
                layout, in: LayoutContext(device: testDevice, direction: direction, imageSizes: sizes))
            for (index, name) in names.enumerated() {
                XCTAssertEqual(SystemSymbol.flipsInRightToLeft(name), flipping.contains(name), name)
                XCTAssertEqual(result.view("s\(index)")?.flipped, direction == .rightToLeft && flipping.contains(name),
                               "\(name) in \(direction)")
            }
            XCTAssertEqual(result.diagnostics, [])
        }
    }

    func testMarkedSideSymbolsFlipAndForcedDirectionsKeepSymbolsAsDrawn() throws {
        let layout = try symbolLayout("""
            { "id": "marked", "type": "image", "systemImage": "chevron.right", "mirrorsInRTL": true },
            { "id": "unmarked", "type": "image", "systemImage": "chevron.forward", "mirrorsInRTL": false },
            { "id": "player", "type": "view", "semantic": "playback", "subviews": [
              { "id": "next", "type": "image", "systemImage": "chevron.forward" } ] },
            { "id": "hebrew", "type": "view", "semantic": "forceRightToLeft", "subviews": [
              { "id": "more", "type": "image", "systemImage": "chevron.forward" } ] }
            """, constraints: [
                "marked.leading == root.leading", "marked.top == root.top",
                "unmarked.leading == root.leading", "unmarked.top == root.top + 30",
                "player.leading == root.leading", "player.top == root.top + 60", "player.width == 100", "player.height == 40",
                "next.leading == player.leading", "next.top == player.top",
                "hebrew.leading == root.leading", "hebrew.top == root.top + 100", "hebrew.width == 100", "hebrew.height == 40",
                "more.leading == hebrew.leading", "more.top == hebrew.top",
            ])
        XCTAssertTrue(try image(layout, "unmarked").mirrorsInRTL, "a forward symbol turns whatever the layout says")
        XCTAssertFalse(try image(layout, "unmarked").declaredMirrorsInRTL)
        let sizes = layout.imageSizes(relativeTo: "/nonexistent")
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let result = try LayoutEngine(measurer: FixedAdvanceMeasurer()).layout(
                layout, in: LayoutContext(device: testDevice, direction: direction, imageSizes: sizes))
            let rtl = direction == .rightToLeft
            XCTAssertEqual(result.view("marked")?.flipped, rtl)
            XCTAssertEqual(result.view("unmarked")?.flipped, rtl)
            XCTAssertEqual(result.view("next")?.flipped, false, "playback stays left-to-right")
            XCTAssertEqual(result.view("more")?.flipped, true, "forced right-to-left in both directions")
            XCTAssertEqual(result.diagnostics, [])
        }
    }

    func testSideSymbolsAndTheirReadingDirectionForms() {
        let counterparts: [(String, String?)] = [
            ("chevron.right", "chevron.forward"), ("chevron.left", "chevron.backward"), ("arrow.left", "arrow.backward"),
            ("arrow.right.circle.fill", "arrow.forward.circle.fill"), ("arrowshape.turn.up.left", "arrowshape.turn.up.backward"),
            ("arrow.up.right", "arrow.up.forward"), ("sidebar.left", "sidebar.leading"),
            ("rectangle.lefthalf.filled", "rectangle.leadinghalf.filled"), ("text.justify.right", "text.justify.trailing"),
            ("arrow.down.left.and.arrow.up.right", "arrow.down.backward.and.arrow.up.forward"),
            ("text.alignleft", nil), ("hand.point.right", nil), ("airpod.left", nil),
        ]
        for (name, counterpart) in counterparts {
            XCTAssertEqual(SystemSymbol.directionalCounterpart(of: name), counterpart, name)
            XCTAssertTrue(SystemSymbol.pointsToAFixedSide(name), name)
            XCTAssertFalse(SystemSymbol.flipsInRightToLeft(name), name)
        }
        for name in ["chevron.forward", "gear", "arrow.left.and.right", "chevron.left.forwardslash.chevron.right",
                     "bubble.left.and.text.bubble.right", "righttriangle", "chevron.up", "forward.fill"] {
            XCTAssertFalse(SystemSymbol.pointsToAFixedSide(name), name)
        }
    }
}
