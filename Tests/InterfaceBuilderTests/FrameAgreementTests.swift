@testable import Checks
import Foundation
@testable import InterfaceBuilder
import XCTest

/// Xcode's own frames as the reference: every corpus scene laid out on its design device in
/// the development language, with the file's texts, each view's frame compared with the one
/// Xcode stored; a view agrees when its x, y, width and height are all within 1 pt.
///
/// Measured (663 visible views, root views left out):
///
/// | file | system-font line metrics | Noto Sans as is |
/// |---|---|---|
/// | LTFlow | 2/107 | 2/107 |
/// | UserSettings | 12/155 | 3/155 |
/// | WalletTab | 36/76 | 18/76 |
/// | Loop MainInterface | 0/8 | 0/8 |
/// | Loop Main | 33/72 | 25/72 |
/// | BrowsingViewController | 17/18 | 17/18 |
/// | PermissionViewController | 6/12 | 4/12 |
/// | GoMap MainStoryboard | 26/61 | 25/61 |
/// | DirectionViewController | 3/6 | 3/6 |
/// | Changeset | 8/12 | 0/12 |
/// | HomeRow | 0/9 | 0/9 |
/// | DuckDuckGo Settings | 64/73 | 58/73 |
/// | DuckDuckGo Tab | 4/4 | 4/4 |
/// | ItemList | 23/28 | 18/28 |
/// | ItemDetail | 3/10 | 3/10 |
/// | Welcome | 7/12 | 5/12 |
/// | total | 244/663 (37 %) | 185/663 (28 %) |
///
/// Of the 419 disagreements (system-font line metrics), 218 are a view in its place but for
/// its position, 91 a text view's size, 97 another view's size and 13 a control's:
/// - Positions: the safe area Xcode simulated. Scenes of LTFlow, UserSettings and WalletTab
///   sit under bars that Xcode infers from how the app presents them (a sheet, a navigation
///   bar pushed from another storyboard, iOS 26's bars), which the files do not say; their
///   views are all shifted by 59 or 62 pt. Views below a text whose height differs move too.
/// - Text sizes: San Francisco is not available; Noto Sans's advances are a few percent wider,
///   and its lines taller (23.2 pt against 20.3 at 17 pt, the column on the right), which is
///   why the left column gives lines San Francisco's height. Multi-line labels that wrap
///   differently change the height of everything around them.
/// - Other sizes: views whose size follows their texts (stacks, cells, containers); custom
///   classes whose code gives an intrinsic size (StatusBarHUDView, ChartContainerView); frames
///   Xcode did not update (a "misplaced" view: HomeRow's labels 17 and 24 pt high for 20 and
///   29 pt of text; ItemDetail's cell, squeezed to 44 pt by its content); a multi-line label
///   the layout engine lets be squeezed to nothing rather than resist at its priority.
/// - Controls: switches (51 × 31), segmented controls, progress views and search bars have
///   intrinsic sizes the layout model does not know: they are plain views.
final class FrameAgreementTests: XCTestCase {
    /// Agreeing views per file, with the system font's line metrics; floors that can only rise.
    static let floors: [String: Int] = [
        "LTFlow.storyboard": 2, "UserSettings.storyboard": 12, "WalletTab.storyboard": 36, "MainInterface.storyboard": 0,
        "Main.storyboard": 33, "BrowsingViewController.xib": 17, "PermissionViewController.xib": 6,
        "MainStoryboard.storyboard": 26, "DirectionViewController.xib": 3, "Changeset.storyboard": 8, "HomeRow.storyboard": 0,
        "Settings.storyboard": 64, "Tab.storyboard": 4, "ItemList.storyboard": 23, "ItemDetail.storyboard": 3,
        "Welcome.storyboard": 7,
    ]

    private func agreement(_ measurer: any TextMeasuring) throws -> (total: FrameAgreement, byFile: [String: FrameAgreement]) {
        var total = FrameAgreement(measurer: measurer)
        var byFile: [String: FrameAgreement] = [:]
        for relative in try Corpus.interfaceFiles() {
            let path = try Corpus.path(relative)
            let xml = try XMLReader.parse(bytes: try TextDecoding.readRaw(path: path), file: path)
            var agreement = FrameAgreement(measurer: measurer)
            for document in try Corpus.read(relative).documents { try agreement.compare(document, file: xml) }
            byFile[(relative as NSString).lastPathComponent] = agreement
            total.compared += agreement.compared
            total.agreeing += agreement.agreeing
        }
        return (total, byFile)
    }

    func testFramesAgreeWithXcodesWithTheSystemFontsLineMetrics() throws {
        let (total, byFile) = try agreement(SystemFontLineMetrics())
        XCTAssertEqual(total.compared, 663)
        XCTAssertGreaterThanOrEqual(total.agreeing, 244)
        XCTAssertEqual(Set(byFile.keys), Set(Self.floors.keys))
        for (file, floor) in Self.floors {
            XCTAssertGreaterThanOrEqual(byFile[file]?.agreeing ?? -1, floor, file)
        }
        // Views that agree whatever the fonts: DuckDuckGo's tab switcher, and the stack of
        // Direction's buttons, under the safe area and the layout margins.
        XCTAssertEqual(byFile["Tab.storyboard"]?.disagreements.count, 0)
        let direction = byFile["DirectionViewController.xib"]?.disagreements.map(\.id) ?? []
        XCTAssertFalse(direction.contains("BZS-tz-AfD"))
        XCTAssertFalse(direction.contains("exg-Jc-FOH"))
    }

    func testFramesAgreeWithXcodesWithNotoSans() throws {
        let (total, _) = try agreement(FontMeasurer(engine: FrameAgreement.engine))
        XCTAssertEqual(total.compared, 663)
        XCTAssertGreaterThanOrEqual(total.agreeing, 185)
    }
}
