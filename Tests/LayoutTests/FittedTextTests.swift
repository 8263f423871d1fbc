import Layout
import XCTest

/// The layout result carries each text view's text as fitted in its frame, laid out once by
/// the same measurer that gave its intrinsic size; a text that cannot be measured stops the layout.
final class FittedTextTests: XCTestCase {
    func testEachTextViewCarriesItsTextAsFittedInItsFrame() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "name", "type": "label" },
                { "id": "about", "type": "label", "lines": 0 },
                { "id": "go", "type": "button", "image": { "size": [20, 20] } },
                { "id": "field", "type": "textField" },
                { "id": "box", "type": "view" } ] },
              "constraints": [
                "name.leading == root.leading", "name.top == root.top", "name.width == 55",
                "about.leading == root.leading", "about.top == name.bottom", "about.width == 100",
                "go.leading == root.leading", "go.top == about.bottom", "go.width == 60",
                "field.leading == root.leading", "field.top == go.bottom", "field.width == 200",
                "box.leading == root.leading", "box.top == field.bottom", "box.width == 10", "box.height == 10" ] }
            """)
        let texts = ["name": "Serial number", "about": "one two three four", "go": "Download", "field": "Search"]
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let result = layOut(layout, direction, texts: texts)
            // 13 characters need 130 pt; 55 pt shows the first line only, truncated.
            let name = try XCTUnwrap(result.view("name")?.fitted)
            XCTAssertTrue(name.layout.truncated)
            XCTAssertEqual(name.layout.naturalWidth, 130)
            XCTAssertEqual(name.available, 55)
            XCTAssertEqual(name.availableLines, 1)
            // Wrapped at 100 pt: "one two" and "three four" (70 and 100 pt), two lines of 20 pt.
            let about = try XCTUnwrap(result.view("about")?.fitted)
            XCTAssertEqual(about.layout.lines.map(\.text), ["one two", "three four"])
            XCTAssertFalse(about.layout.truncated)
            XCTAssertEqual(about.availableLines, 2, "as many lines as the 40 pt frame holds")
            XCTAssertEqual(result.frame("about")?.height, 40)
            // The button's title has the width its image leaves: 60 − 20 = 40 pt for 80 pt of text.
            let go = try XCTUnwrap(result.view("go")?.fitted)
            XCTAssertEqual(go.available, 40)
            XCTAssertTrue(go.layout.truncated)
            XCTAssertEqual(result.view("field")?.fitted?.layout.truncated, false)
            XCTAssertEqual(result.view("field")?.fitted?.available, 200)
            XCTAssertNil(result.view("box")?.fitted, "a view without text has none")
            // The text each was fitted from, read in place: the whole text, not what shows.
            XCTAssertEqual(result.view("name")?.fittedFrom, "Serial number")
            XCTAssertEqual(result.view("about")?.fittedFrom, "one two three four")
            XCTAssertEqual(result.view("go")?.fittedFrom, "Download")
            XCTAssertEqual(result.view("field")?.fittedFrom, "Search")
            XCTAssertNil(result.view("box")?.fittedFrom)
            XCTAssertEqual(name.font, ResolvedFont(family: nil, size: 17))
        }
    }

    func testAMeasuringErrorNamesTheViewAndLanguage() throws {
        struct Unreadable: Error, CustomStringConvertible {
            var description: String { "the font file cannot be opened" }
        }
        struct Failing: TextMeasuring {
            func layout(_ request: TextMeasureRequest) throws -> TextLayout {
                if request.text == "bad" { throw Unreadable() }
                return FixedAdvanceMeasurer().layout(request)
            }
        }
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "fine", "type": "label" }, { "id": "broken", "type": "label" } ] },
              "constraints": [ "fine.leading == root.leading", "fine.top == root.top",
                               "broken.leading == root.leading", "broken.top == fine.bottom" ] }
            """)
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let context = LayoutContext(device: testDevice, direction: direction, language: "he",
                                        texts: ["fine": "ok", "broken": "bad"])
            XCTAssertThrowsError(try LayoutEngine(measurer: Failing()).layout(layout, in: context)) { error in
                let failure = error as? TextMeasuringError
                XCTAssertEqual(failure?.view, "broken")
                XCTAssertEqual(failure?.language, "he")
                XCTAssertEqual(failure?.description, "the font file cannot be opened")
            }
        }
    }

    func testWidthVariantsShowTheWidestThatFits() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [ { "id": "title", "type": "label" } ] },
              "constraints": [ "title.leading == root.leading", "title.top == root.top", "title.width <= 75" ] }
            """)
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let context = LayoutContext(device: testDevice, direction: direction, texts: ["title": "Preferences"],
                                        widthVariants: ["title": ["Preferences", "Settings", "Prefs"]])
            let result = try LayoutEngine(measurer: FixedAdvanceMeasurer()).layout(layout, in: context)
            // 110 pt does not fit 75; "Settings" (80) neither; "Prefs" (50) does.
            XCTAssertEqual(result.view("title")?.fitted?.layout.text, "Prefs")
            XCTAssertEqual(result.frame("title")?.width, 50)
        }
    }
}

/// Fitting a text into its frame starts from the layout the view's intrinsic size was measured
/// with: the measurer is handed it, for the same text, font, direction and language.
final class FittingFromTheIntrinsicLayoutTests: XCTestCase {
    /// Answers from the fixed-advance measurer, recording what it is given.
    final class Recorder: TextMeasuring, @unchecked Sendable {
        var given: [(request: TextMeasureRequest, unconstrained: TextLayout)] = []
        var plain: [TextMeasureRequest] = []
        func layout(_ request: TextMeasureRequest) -> TextLayout {
            plain.append(request)
            return FixedAdvanceMeasurer().layout(request)
        }
        func layout(_ request: TextMeasureRequest, given unconstrained: TextLayout) -> TextLayout {
            given.append((request, unconstrained))
            return FixedAdvanceMeasurer().layout(request)
        }
    }

    func testEachTextViewIsFittedFromItsLayoutWithoutAWidth() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "name", "type": "label" },
                { "id": "about", "type": "label", "lines": 0 },
                { "id": "go", "type": "button" },
                { "id": "field", "type": "textField" },
                { "id": "forced", "type": "label", "semantic": "forceLeftToRight" } ] },
              "constraints": [
                "name.leading == root.leading", "name.top == root.top", "name.width == 55",
                "about.leading == root.leading", "about.top == name.bottom", "about.width == 100",
                "go.leading == root.leading", "go.top == about.bottom",
                "field.leading == root.leading", "field.top == go.bottom", "field.width == 200",
                "forced.leading == root.leading", "forced.top == field.bottom" ] }
            """)
        let texts = ["name": "Serial number", "about": "one two three four", "go": "Download", "field": "Search",
                     "forced": "Fixed"]
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let recorder = Recorder()
            let context = LayoutContext(device: testDevice, contentSize: .L, direction: direction, texts: texts)
            let result = try LayoutEngine(measurer: recorder).layout(layout, in: context)
            // Each layout handed over is the measurer's own without a width, for the request's text.
            for (request, unconstrained) in recorder.given {
                var without = request
                without.wrapWidth = nil
                without.maxLines = 1
                without.lineBreak = .truncateTail
                without.minimumScaleFactor = nil
                XCTAssertEqual(unconstrained, FixedAdvanceMeasurer().layout(without), request.text)
                XCTAssertNotNil(request.wrapWidth, "a fitting has the frame's width")
            }
            // Labels (one line, and wrapped: its line count first), the button and the field; a
            // view laid out in another direction than the run's (measured in the run's) is laid
            // out afresh.
            let fitted = recorder.given.map(\.request.text)
            XCTAssertEqual(fitted, ["Serial number", "one two three four", "one two three four", "Download", "Search"]
                + (direction == .leftToRight ? ["Fixed"] : []))
            // (The wrapped label is also measured at its wrap width for its intrinsic size.)
            XCTAssertEqual(recorder.plain.filter { $0.wrapWidth != nil && $0.text == "Fixed" }.count,
                           direction == .leftToRight ? 0 : 1)
            // What the views show is what the measurer gives for each request.
            let plain = layOut(layout, direction, texts: texts)
            XCTAssertEqual(result.views.map(\.fitted), plain.views.map(\.fitted))
        }
    }
}
