import Layout
import XCTest

/// One test per axis × alignment × distribution, each in both directions, with frames
/// derived by hand from UIStackView's rules (see StackLayout.swift).
///
/// The stack holds three arranged views, spacing 10, its leading edge 20 pt from the root's
/// and its top at 100:
/// - `a`, a label "ab": 20 × 20, first and last baseline 16 below its top;
/// - `b`, an image of 30 × 50 (no text: its baselines are its bottom edge, 50);
/// - `c`, a button "xyz": 30 wide, 20 + 2 × 6 = 32 high, baseline 6 + 16 = 22.
/// All three hug at 251 and resist at 750, so under `fill` the last one stretches.
///
/// Horizontal: the stack is 260 wide (content 20 + 30 + 30 + 2 × 10 = 100, 160 to spare).
/// - fill: c takes the spare: 0+20, 30+30, 70+190;
/// - fillEqually: (260 − 20) / 3 = 80 each: 0, 90, 180;
/// - fillProportionally: 240 in the ratio 20 : 30 : 30 = 60, 90, 90 at 0, 70, 170;
/// - equalSpacing: intrinsic widths, gaps (260 − 80) / 2 = 90: 0, 110, 230;
/// - equalCentering: centers 10 and 245 at the ends, b's halfway at 127.5: b at 112.5.
/// Across (heights 20, 50, 32): the stack is as high as b, 50; fill: all 50; leading: tops
/// at 0; center: 15, 0, 9; trailing: 30, 0, 18; firstBaseline and lastBaseline (one line
/// each): baselines at b's 50, tops 34, 0, 28, and c reaches to 60, so the stack is 60 high.
///
/// Vertical: the stack is 200 wide and 326 high (content 20 + 50 + 32 + 20 = 122).
/// - fill: c stretches: 0+20, 30+50, 90+236; fillEqually: (326 − 20) / 3 = 102 each;
/// - fillProportionally: 306 in the ratio 20 : 50 : 32 = 60, 150, 96 at 0, 70, 230;
/// - equalSpacing: gaps (326 − 102) / 2 = 112: 0, 132, 294;
/// - equalCentering: centers 10 and 310, b's at 160: b at 135.
/// Across (widths 20, 30, 30, from the leading edge): fill: 200 each; leading: 0;
/// center: 90, 85, 85; trailing: 180, 170, 170; firstBaseline as leading and lastBaseline
/// as trailing (UIKit defines baseline alignment for horizontal stacks only).
/// Right-to-left mirrors every frame: x becomes 375 − x − width.
final class StackViewTests: XCTestCase {
    private func check(
        _ axis: StackAxis, _ alignment: StackAlignment, _ distribution: StackDistribution,
        ltr: [String: Rect], rtl: [String: Rect], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let size = axis == .horizontal ? ["stack.width == 260"] : ["stack.width == 200", "stack.height == 326"]
        let constraints = (["stack.leading == root.leading + 20", "stack.top == root.top + 100"] + size)
            .map { "\"\($0)\"" }.joined(separator: ", ")
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "stack", "type": "stack", "axis": "\(axis.rawValue)", "alignment": "\(alignment.rawValue)",
                  "distribution": "\(distribution.rawValue)", "spacing": 10, "subviews": [
                    { "id": "a", "type": "label" },
                    { "id": "b", "type": "image", "size": [30, 50] },
                    { "id": "c", "type": "button" } ] } ] },
              "constraints": [\(constraints)] }
            """)
        assertFrames(layout, texts: ["a": "ab", "c": "xyz"], ltr: ltr, rtl: rtl, file: file, line: line)
    }

    func testHorizontalFillFill() throws {
        try check(.horizontal, .fill, .fill,
                  ltr: ["stack": rect(20, 100, 260, 50), "a": rect(20, 100, 20, 50), "b": rect(50, 100, 30, 50), "c": rect(90, 100, 190, 50)],
                  rtl: ["stack": rect(95, 100, 260, 50), "a": rect(335, 100, 20, 50), "b": rect(295, 100, 30, 50), "c": rect(95, 100, 190, 50)])
    }

    func testHorizontalFillFillEqually() throws {
        try check(.horizontal, .fill, .fillEqually,
                  ltr: ["stack": rect(20, 100, 260, 50), "a": rect(20, 100, 80, 50), "b": rect(110, 100, 80, 50), "c": rect(200, 100, 80, 50)],
                  rtl: ["stack": rect(95, 100, 260, 50), "a": rect(275, 100, 80, 50), "b": rect(185, 100, 80, 50), "c": rect(95, 100, 80, 50)])
    }

    func testHorizontalFillFillProportionally() throws {
        try check(.horizontal, .fill, .fillProportionally,
                  ltr: ["stack": rect(20, 100, 260, 50), "a": rect(20, 100, 60, 50), "b": rect(90, 100, 90, 50), "c": rect(190, 100, 90, 50)],
                  rtl: ["stack": rect(95, 100, 260, 50), "a": rect(295, 100, 60, 50), "b": rect(195, 100, 90, 50), "c": rect(95, 100, 90, 50)])
    }

    func testHorizontalFillEqualSpacing() throws {
        try check(.horizontal, .fill, .equalSpacing,
                  ltr: ["stack": rect(20, 100, 260, 50), "a": rect(20, 100, 20, 50), "b": rect(130, 100, 30, 50), "c": rect(250, 100, 30, 50)],
                  rtl: ["stack": rect(95, 100, 260, 50), "a": rect(335, 100, 20, 50), "b": rect(215, 100, 30, 50), "c": rect(95, 100, 30, 50)])
    }

    func testHorizontalFillEqualCentering() throws {
        try check(.horizontal, .fill, .equalCentering,
                  ltr: ["stack": rect(20, 100, 260, 50), "a": rect(20, 100, 20, 50), "b": rect(132.5, 100, 30, 50), "c": rect(250, 100, 30, 50)],
                  rtl: ["stack": rect(95, 100, 260, 50), "a": rect(335, 100, 20, 50), "b": rect(212.5, 100, 30, 50), "c": rect(95, 100, 30, 50)])
    }

    func testHorizontalLeadingFill() throws {
        try check(.horizontal, .leading, .fill,
                  ltr: ["stack": rect(20, 100, 260, 50), "a": rect(20, 100, 20, 20), "b": rect(50, 100, 30, 50), "c": rect(90, 100, 190, 32)],
                  rtl: ["stack": rect(95, 100, 260, 50), "a": rect(335, 100, 20, 20), "b": rect(295, 100, 30, 50), "c": rect(95, 100, 190, 32)])
    }

    func testHorizontalLeadingFillEqually() throws {
        try check(.horizontal, .leading, .fillEqually,
                  ltr: ["stack": rect(20, 100, 260, 50), "a": rect(20, 100, 80, 20), "b": rect(110, 100, 80, 50), "c": rect(200, 100, 80, 32)],
                  rtl: ["stack": rect(95, 100, 260, 50), "a": rect(275, 100, 80, 20), "b": rect(185, 100, 80, 50), "c": rect(95, 100, 80, 32)])
    }

    func testHorizontalLeadingFillProportionally() throws {
        try check(.horizontal, .leading, .fillProportionally,
                  ltr: ["stack": rect(20, 100, 260, 50), "a": rect(20, 100, 60, 20), "b": rect(90, 100, 90, 50), "c": rect(190, 100, 90, 32)],
                  rtl: ["stack": rect(95, 100, 260, 50), "a": rect(295, 100, 60, 20), "b": rect(195, 100, 90, 50), "c": rect(95, 100, 90, 32)])
    }

    func testHorizontalLeadingEqualSpacing() throws {
        try check(.horizontal, .leading, .equalSpacing,
                  ltr: ["stack": rect(20, 100, 260, 50), "a": rect(20, 100, 20, 20), "b": rect(130, 100, 30, 50), "c": rect(250, 100, 30, 32)],
                  rtl: ["stack": rect(95, 100, 260, 50), "a": rect(335, 100, 20, 20), "b": rect(215, 100, 30, 50), "c": rect(95, 100, 30, 32)])
    }

    func testHorizontalLeadingEqualCentering() throws {
        try check(.horizontal, .leading, .equalCentering,
                  ltr: ["stack": rect(20, 100, 260, 50), "a": rect(20, 100, 20, 20), "b": rect(132.5, 100, 30, 50), "c": rect(250, 100, 30, 32)],
                  rtl: ["stack": rect(95, 100, 260, 50), "a": rect(335, 100, 20, 20), "b": rect(212.5, 100, 30, 50), "c": rect(95, 100, 30, 32)])
    }

    func testHorizontalCenterFill() throws {
        try check(.horizontal, .center, .fill,
                  ltr: ["stack": rect(20, 100, 260, 50), "a": rect(20, 115, 20, 20), "b": rect(50, 100, 30, 50), "c": rect(90, 109, 190, 32)],
                  rtl: ["stack": rect(95, 100, 260, 50), "a": rect(335, 115, 20, 20), "b": rect(295, 100, 30, 50), "c": rect(95, 109, 190, 32)])
    }

    func testHorizontalCenterFillEqually() throws {
        try check(.horizontal, .center, .fillEqually,
                  ltr: ["stack": rect(20, 100, 260, 50), "a": rect(20, 115, 80, 20), "b": rect(110, 100, 80, 50), "c": rect(200, 109, 80, 32)],
                  rtl: ["stack": rect(95, 100, 260, 50), "a": rect(275, 115, 80, 20), "b": rect(185, 100, 80, 50), "c": rect(95, 109, 80, 32)])
    }

    func testHorizontalCenterFillProportionally() throws {
        try check(.horizontal, .center, .fillProportionally,
                  ltr: ["stack": rect(20, 100, 260, 50), "a": rect(20, 115, 60, 20), "b": rect(90, 100, 90, 50), "c": rect(190, 109, 90, 32)],
                  rtl: ["stack": rect(95, 100, 260, 50), "a": rect(295, 115, 60, 20), "b": rect(195, 100, 90, 50), "c": rect(95, 109, 90, 32)])
    }

    func testHorizontalCenterEqualSpacing() throws {
        try check(.horizontal, .center, .equalSpacing,
                  ltr: ["stack": rect(20, 100, 260, 50), "a": rect(20, 115, 20, 20), "b": rect(130, 100, 30, 50), "c": rect(250, 109, 30, 32)],
                  rtl: ["stack": rect(95, 100, 260, 50), "a": rect(335, 115, 20, 20), "b": rect(215, 100, 30, 50), "c": rect(95, 109, 30, 32)])
    }

    func testHorizontalCenterEqualCentering() throws {
        try check(.horizontal, .center, .equalCentering,
                  ltr: ["stack": rect(20, 100, 260, 50), "a": rect(20, 115, 20, 20), "b": rect(132.5, 100, 30, 50), "c": rect(250, 109, 30, 32)],
                  rtl: ["stack": rect(95, 100, 260, 50), "a": rect(335, 115, 20, 20), "b": rect(212.5, 100, 30, 50), "c": rect(95, 109, 30, 32)])
    }

    func testHorizontalTrailingFill() throws {
        try check(.horizontal, .trailing, .fill,
                  ltr: ["stack": rect(20, 100, 260, 50), "a": rect(20, 130, 20, 20), "b": rect(50, 100, 30, 50), "c": rect(90, 118, 190, 32)],
                  rtl: ["stack": rect(95, 100, 260, 50), "a": rect(335, 130, 20, 20), "b": rect(295, 100, 30, 50), "c": rect(95, 118, 190, 32)])
    }

    func testHorizontalTrailingFillEqually() throws {
        try check(.horizontal, .trailing, .fillEqually,
                  ltr: ["stack": rect(20, 100, 260, 50), "a": rect(20, 130, 80, 20), "b": rect(110, 100, 80, 50), "c": rect(200, 118, 80, 32)],
                  rtl: ["stack": rect(95, 100, 260, 50), "a": rect(275, 130, 80, 20), "b": rect(185, 100, 80, 50), "c": rect(95, 118, 80, 32)])
    }

    func testHorizontalTrailingFillProportionally() throws {
        try check(.horizontal, .trailing, .fillProportionally,
                  ltr: ["stack": rect(20, 100, 260, 50), "a": rect(20, 130, 60, 20), "b": rect(90, 100, 90, 50), "c": rect(190, 118, 90, 32)],
                  rtl: ["stack": rect(95, 100, 260, 50), "a": rect(295, 130, 60, 20), "b": rect(195, 100, 90, 50), "c": rect(95, 118, 90, 32)])
    }

    func testHorizontalTrailingEqualSpacing() throws {
        try check(.horizontal, .trailing, .equalSpacing,
                  ltr: ["stack": rect(20, 100, 260, 50), "a": rect(20, 130, 20, 20), "b": rect(130, 100, 30, 50), "c": rect(250, 118, 30, 32)],
                  rtl: ["stack": rect(95, 100, 260, 50), "a": rect(335, 130, 20, 20), "b": rect(215, 100, 30, 50), "c": rect(95, 118, 30, 32)])
    }

    func testHorizontalTrailingEqualCentering() throws {
        try check(.horizontal, .trailing, .equalCentering,
                  ltr: ["stack": rect(20, 100, 260, 50), "a": rect(20, 130, 20, 20), "b": rect(132.5, 100, 30, 50), "c": rect(250, 118, 30, 32)],
                  rtl: ["stack": rect(95, 100, 260, 50), "a": rect(335, 130, 20, 20), "b": rect(212.5, 100, 30, 50), "c": rect(95, 118, 30, 32)])
    }

    func testHorizontalFirstBaselineFill() throws {
        try check(.horizontal, .firstBaseline, .fill,
                  ltr: ["stack": rect(20, 100, 260, 60), "a": rect(20, 134, 20, 20), "b": rect(50, 100, 30, 50), "c": rect(90, 128, 190, 32)],
                  rtl: ["stack": rect(95, 100, 260, 60), "a": rect(335, 134, 20, 20), "b": rect(295, 100, 30, 50), "c": rect(95, 128, 190, 32)])
    }

    func testHorizontalFirstBaselineFillEqually() throws {
        try check(.horizontal, .firstBaseline, .fillEqually,
                  ltr: ["stack": rect(20, 100, 260, 60), "a": rect(20, 134, 80, 20), "b": rect(110, 100, 80, 50), "c": rect(200, 128, 80, 32)],
                  rtl: ["stack": rect(95, 100, 260, 60), "a": rect(275, 134, 80, 20), "b": rect(185, 100, 80, 50), "c": rect(95, 128, 80, 32)])
    }

    func testHorizontalFirstBaselineFillProportionally() throws {
        try check(.horizontal, .firstBaseline, .fillProportionally,
                  ltr: ["stack": rect(20, 100, 260, 60), "a": rect(20, 134, 60, 20), "b": rect(90, 100, 90, 50), "c": rect(190, 128, 90, 32)],
                  rtl: ["stack": rect(95, 100, 260, 60), "a": rect(295, 134, 60, 20), "b": rect(195, 100, 90, 50), "c": rect(95, 128, 90, 32)])
    }

    func testHorizontalFirstBaselineEqualSpacing() throws {
        try check(.horizontal, .firstBaseline, .equalSpacing,
                  ltr: ["stack": rect(20, 100, 260, 60), "a": rect(20, 134, 20, 20), "b": rect(130, 100, 30, 50), "c": rect(250, 128, 30, 32)],
                  rtl: ["stack": rect(95, 100, 260, 60), "a": rect(335, 134, 20, 20), "b": rect(215, 100, 30, 50), "c": rect(95, 128, 30, 32)])
    }

    func testHorizontalFirstBaselineEqualCentering() throws {
        try check(.horizontal, .firstBaseline, .equalCentering,
                  ltr: ["stack": rect(20, 100, 260, 60), "a": rect(20, 134, 20, 20), "b": rect(132.5, 100, 30, 50), "c": rect(250, 128, 30, 32)],
                  rtl: ["stack": rect(95, 100, 260, 60), "a": rect(335, 134, 20, 20), "b": rect(212.5, 100, 30, 50), "c": rect(95, 128, 30, 32)])
    }

    func testHorizontalLastBaselineFill() throws {
        try check(.horizontal, .lastBaseline, .fill,
                  ltr: ["stack": rect(20, 100, 260, 60), "a": rect(20, 134, 20, 20), "b": rect(50, 100, 30, 50), "c": rect(90, 128, 190, 32)],
                  rtl: ["stack": rect(95, 100, 260, 60), "a": rect(335, 134, 20, 20), "b": rect(295, 100, 30, 50), "c": rect(95, 128, 190, 32)])
    }

    func testHorizontalLastBaselineFillEqually() throws {
        try check(.horizontal, .lastBaseline, .fillEqually,
                  ltr: ["stack": rect(20, 100, 260, 60), "a": rect(20, 134, 80, 20), "b": rect(110, 100, 80, 50), "c": rect(200, 128, 80, 32)],
                  rtl: ["stack": rect(95, 100, 260, 60), "a": rect(275, 134, 80, 20), "b": rect(185, 100, 80, 50), "c": rect(95, 128, 80, 32)])
    }

    func testHorizontalLastBaselineFillProportionally() throws {
        try check(.horizontal, .lastBaseline, .fillProportionally,
                  ltr: ["stack": rect(20, 100, 260, 60), "a": rect(20, 134, 60, 20), "b": rect(90, 100, 90, 50), "c": rect(190, 128, 90, 32)],
                  rtl: ["stack": rect(95, 100, 260, 60), "a": rect(295, 134, 60, 20), "b": rect(195, 100, 90, 50), "c": rect(95, 128, 90, 32)])
    }

    func testHorizontalLastBaselineEqualSpacing() throws {
        try check(.horizontal, .lastBaseline, .equalSpacing,
                  ltr: ["stack": rect(20, 100, 260, 60), "a": rect(20, 134, 20, 20), "b": rect(130, 100, 30, 50), "c": rect(250, 128, 30, 32)],
                  rtl: ["stack": rect(95, 100, 260, 60), "a": rect(335, 134, 20, 20), "b": rect(215, 100, 30, 50), "c": rect(95, 128, 30, 32)])
    }

    func testHorizontalLastBaselineEqualCentering() throws {
        try check(.horizontal, .lastBaseline, .equalCentering,
                  ltr: ["stack": rect(20, 100, 260, 60), "a": rect(20, 134, 20, 20), "b": rect(132.5, 100, 30, 50), "c": rect(250, 128, 30, 32)],
                  rtl: ["stack": rect(95, 100, 260, 60), "a": rect(335, 134, 20, 20), "b": rect(212.5, 100, 30, 50), "c": rect(95, 128, 30, 32)])
    }

    func testVerticalFillFill() throws {
        try check(.vertical, .fill, .fill,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(20, 100, 200, 20), "b": rect(20, 130, 200, 50), "c": rect(20, 190, 200, 236)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(155, 100, 200, 20), "b": rect(155, 130, 200, 50), "c": rect(155, 190, 200, 236)])
    }

    func testVerticalFillFillEqually() throws {
        try check(.vertical, .fill, .fillEqually,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(20, 100, 200, 102), "b": rect(20, 212, 200, 102), "c": rect(20, 324, 200, 102)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(155, 100, 200, 102), "b": rect(155, 212, 200, 102), "c": rect(155, 324, 200, 102)])
    }

    func testVerticalFillFillProportionally() throws {
        try check(.vertical, .fill, .fillProportionally,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(20, 100, 200, 60), "b": rect(20, 170, 200, 150), "c": rect(20, 330, 200, 96)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(155, 100, 200, 60), "b": rect(155, 170, 200, 150), "c": rect(155, 330, 200, 96)])
    }

    func testVerticalFillEqualSpacing() throws {
        try check(.vertical, .fill, .equalSpacing,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(20, 100, 200, 20), "b": rect(20, 232, 200, 50), "c": rect(20, 394, 200, 32)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(155, 100, 200, 20), "b": rect(155, 232, 200, 50), "c": rect(155, 394, 200, 32)])
    }

    func testVerticalFillEqualCentering() throws {
        try check(.vertical, .fill, .equalCentering,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(20, 100, 200, 20), "b": rect(20, 235, 200, 50), "c": rect(20, 394, 200, 32)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(155, 100, 200, 20), "b": rect(155, 235, 200, 50), "c": rect(155, 394, 200, 32)])
    }

    func testVerticalLeadingFill() throws {
        try check(.vertical, .leading, .fill,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(20, 100, 20, 20), "b": rect(20, 130, 30, 50), "c": rect(20, 190, 30, 236)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(335, 100, 20, 20), "b": rect(325, 130, 30, 50), "c": rect(325, 190, 30, 236)])
    }

    func testVerticalLeadingFillEqually() throws {
        try check(.vertical, .leading, .fillEqually,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(20, 100, 20, 102), "b": rect(20, 212, 30, 102), "c": rect(20, 324, 30, 102)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(335, 100, 20, 102), "b": rect(325, 212, 30, 102), "c": rect(325, 324, 30, 102)])
    }

    func testVerticalLeadingFillProportionally() throws {
        try check(.vertical, .leading, .fillProportionally,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(20, 100, 20, 60), "b": rect(20, 170, 30, 150), "c": rect(20, 330, 30, 96)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(335, 100, 20, 60), "b": rect(325, 170, 30, 150), "c": rect(325, 330, 30, 96)])
    }

    func testVerticalLeadingEqualSpacing() throws {
        try check(.vertical, .leading, .equalSpacing,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(20, 100, 20, 20), "b": rect(20, 232, 30, 50), "c": rect(20, 394, 30, 32)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(335, 100, 20, 20), "b": rect(325, 232, 30, 50), "c": rect(325, 394, 30, 32)])
    }

    func testVerticalLeadingEqualCentering() throws {
        try check(.vertical, .leading, .equalCentering,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(20, 100, 20, 20), "b": rect(20, 235, 30, 50), "c": rect(20, 394, 30, 32)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(335, 100, 20, 20), "b": rect(325, 235, 30, 50), "c": rect(325, 394, 30, 32)])
    }

    func testVerticalCenterFill() throws {
        try check(.vertical, .center, .fill,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(110, 100, 20, 20), "b": rect(105, 130, 30, 50), "c": rect(105, 190, 30, 236)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(245, 100, 20, 20), "b": rect(240, 130, 30, 50), "c": rect(240, 190, 30, 236)])
    }

    func testVerticalCenterFillEqually() throws {
        try check(.vertical, .center, .fillEqually,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(110, 100, 20, 102), "b": rect(105, 212, 30, 102), "c": rect(105, 324, 30, 102)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(245, 100, 20, 102), "b": rect(240, 212, 30, 102), "c": rect(240, 324, 30, 102)])
    }

    func testVerticalCenterFillProportionally() throws {
        try check(.vertical, .center, .fillProportionally,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(110, 100, 20, 60), "b": rect(105, 170, 30, 150), "c": rect(105, 330, 30, 96)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(245, 100, 20, 60), "b": rect(240, 170, 30, 150), "c": rect(240, 330, 30, 96)])
    }

    func testVerticalCenterEqualSpacing() throws {
        try check(.vertical, .center, .equalSpacing,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(110, 100, 20, 20), "b": rect(105, 232, 30, 50), "c": rect(105, 394, 30, 32)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(245, 100, 20, 20), "b": rect(240, 232, 30, 50), "c": rect(240, 394, 30, 32)])
    }

    func testVerticalCenterEqualCentering() throws {
        try check(.vertical, .center, .equalCentering,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(110, 100, 20, 20), "b": rect(105, 235, 30, 50), "c": rect(105, 394, 30, 32)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(245, 100, 20, 20), "b": rect(240, 235, 30, 50), "c": rect(240, 394, 30, 32)])
    }

    func testVerticalTrailingFill() throws {
        try check(.vertical, .trailing, .fill,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(200, 100, 20, 20), "b": rect(190, 130, 30, 50), "c": rect(190, 190, 30, 236)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(155, 100, 20, 20), "b": rect(155, 130, 30, 50), "c": rect(155, 190, 30, 236)])
    }

    func testVerticalTrailingFillEqually() throws {
        try check(.vertical, .trailing, .fillEqually,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(200, 100, 20, 102), "b": rect(190, 212, 30, 102), "c": rect(190, 324, 30, 102)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(155, 100, 20, 102), "b": rect(155, 212, 30, 102), "c": rect(155, 324, 30, 102)])
    }

    func testVerticalTrailingFillProportionally() throws {
        try check(.vertical, .trailing, .fillProportionally,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(200, 100, 20, 60), "b": rect(190, 170, 30, 150), "c": rect(190, 330, 30, 96)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(155, 100, 20, 60), "b": rect(155, 170, 30, 150), "c": rect(155, 330, 30, 96)])
    }

    func testVerticalTrailingEqualSpacing() throws {
        try check(.vertical, .trailing, .equalSpacing,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(200, 100, 20, 20), "b": rect(190, 232, 30, 50), "c": rect(190, 394, 30, 32)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(155, 100, 20, 20), "b": rect(155, 232, 30, 50), "c": rect(155, 394, 30, 32)])
    }

    func testVerticalTrailingEqualCentering() throws {
        try check(.vertical, .trailing, .equalCentering,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(200, 100, 20, 20), "b": rect(190, 235, 30, 50), "c": rect(190, 394, 30, 32)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(155, 100, 20, 20), "b": rect(155, 235, 30, 50), "c": rect(155, 394, 30, 32)])
    }

    func testVerticalFirstBaselineFill() throws {
        try check(.vertical, .firstBaseline, .fill,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(20, 100, 20, 20), "b": rect(20, 130, 30, 50), "c": rect(20, 190, 30, 236)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(335, 100, 20, 20), "b": rect(325, 130, 30, 50), "c": rect(325, 190, 30, 236)])
    }

    func testVerticalFirstBaselineFillEqually() throws {
        try check(.vertical, .firstBaseline, .fillEqually,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(20, 100, 20, 102), "b": rect(20, 212, 30, 102), "c": rect(20, 324, 30, 102)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(335, 100, 20, 102), "b": rect(325, 212, 30, 102), "c": rect(325, 324, 30, 102)])
    }

    func testVerticalFirstBaselineFillProportionally() throws {
        try check(.vertical, .firstBaseline, .fillProportionally,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(20, 100, 20, 60), "b": rect(20, 170, 30, 150), "c": rect(20, 330, 30, 96)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(335, 100, 20, 60), "b": rect(325, 170, 30, 150), "c": rect(325, 330, 30, 96)])
    }

    func testVerticalFirstBaselineEqualSpacing() throws {
        try check(.vertical, .firstBaseline, .equalSpacing,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(20, 100, 20, 20), "b": rect(20, 232, 30, 50), "c": rect(20, 394, 30, 32)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(335, 100, 20, 20), "b": rect(325, 232, 30, 50), "c": rect(325, 394, 30, 32)])
    }

    func testVerticalFirstBaselineEqualCentering() throws {
        try check(.vertical, .firstBaseline, .equalCentering,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(20, 100, 20, 20), "b": rect(20, 235, 30, 50), "c": rect(20, 394, 30, 32)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(335, 100, 20, 20), "b": rect(325, 235, 30, 50), "c": rect(325, 394, 30, 32)])
    }

    func testVerticalLastBaselineFill() throws {
        try check(.vertical, .lastBaseline, .fill,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(200, 100, 20, 20), "b": rect(190, 130, 30, 50), "c": rect(190, 190, 30, 236)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(155, 100, 20, 20), "b": rect(155, 130, 30, 50), "c": rect(155, 190, 30, 236)])
    }

    func testVerticalLastBaselineFillEqually() throws {
        try check(.vertical, .lastBaseline, .fillEqually,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(200, 100, 20, 102), "b": rect(190, 212, 30, 102), "c": rect(190, 324, 30, 102)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(155, 100, 20, 102), "b": rect(155, 212, 30, 102), "c": rect(155, 324, 30, 102)])
    }

    func testVerticalLastBaselineFillProportionally() throws {
        try check(.vertical, .lastBaseline, .fillProportionally,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(200, 100, 20, 60), "b": rect(190, 170, 30, 150), "c": rect(190, 330, 30, 96)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(155, 100, 20, 60), "b": rect(155, 170, 30, 150), "c": rect(155, 330, 30, 96)])
    }

    func testVerticalLastBaselineEqualSpacing() throws {
        try check(.vertical, .lastBaseline, .equalSpacing,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(200, 100, 20, 20), "b": rect(190, 232, 30, 50), "c": rect(190, 394, 30, 32)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(155, 100, 20, 20), "b": rect(155, 232, 30, 50), "c": rect(155, 394, 30, 32)])
    }

    func testVerticalLastBaselineEqualCentering() throws {
        try check(.vertical, .lastBaseline, .equalCentering,
                  ltr: ["stack": rect(20, 100, 200, 326), "a": rect(200, 100, 20, 20), "b": rect(190, 235, 30, 50), "c": rect(190, 394, 30, 32)],
                  rtl: ["stack": rect(155, 100, 200, 326), "a": rect(155, 100, 20, 20), "b": rect(155, 235, 30, 50), "c": rect(155, 394, 30, 32)])
    }

}
