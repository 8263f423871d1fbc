import Checks
import Foundation
import Layout
import Reports
import TestSupport
import XCTest

/// Width budgets of the example layouts (`babelfit strings budgets`): the room each key's text
/// has, found by the solver, holds against the check itself.
final class BudgetTests: XCTestCase {
    static let project: Result<Project, Error> = Result {
        let layouts = PackageRoot.url.appendingPathComponent("Layouts").path
        return try Project(layouts: [layouts], strings: [layouts], fontsFolder: PackageRoot.fonts)
    }

    static let report: Result<BudgetReport, Error> = Result { try project.get().budgets() }

    func report() throws -> BudgetReport {
        let project = try Self.project.get()
        XCTAssertEqual(project.inputErrors, [], "every example input must be readable")
        XCTAssertEqual(project.layouts.count, 8)
        let report = try Self.report.get()
        XCTAssertEqual(report.inputErrors, [])
        return report
    }

    func testTheItemDetailLabelsHaveTheirFixedFiftyFivePoints() throws {
        let report = try report()
        for key in ["Name", "Serial", "Value"] {
            let budget = try XCTUnwrap(report.budget(key: key, table: "Localizable"), key)
            XCTAssertEqual(budget.room.width, 55, key)
            XCTAssertEqual(budget.room.lines, 1, key)
            XCTAssertEqual(budget.place.layout, "ItemDetail", "\(key): the fixed width of ItemDetail sets it, not ItemDetailFixed")
            XCTAssertEqual(budget.fontName, "Noto Sans 17")
        }
        // In ItemDetailFixed the labels share the widest one's width, and the fields give way.
        let fixed = try XCTUnwrap(report.places.first { $0.place.layout == "ItemDetailFixed" && $0.place.view == "nameLabel"
            && $0.place.device == "iPhone SE (3rd generation)" })
        XCTAssertGreaterThan(try XCTUnwrap(fixed.room.width), 55)
    }

    func testEveryKeyShownHasABudgetAtItsSmallestPlace() throws {
        let report = try report()
        XCTAssertFalse(report.budgets.isEmpty)
        for budget in report.budgets {
            let places = report.places.filter { $0.key == budget.key && $0.table == budget.table }
            XCTAssertFalse(places.isEmpty, budget.key)
            for place in places {
                XCTAssertLessThanOrEqual(budget.room.capacity, place.room.capacity, "\(budget.key) at \(place.place)")
            }
        }
    }

    /// Over every place of every example key, in every language that has the key itself: the
    /// run in which that view alone shows the translation (every other text the development
    /// language's, as the budget assumes) has no truncated or clipped view when the translation
    /// is within the room, and has one when it is over. Within means: its width on one line at
    /// most the room's width plus a millionth of a point (for a wrapping view, its lines at the
    /// room's width at most the room's lines). The room's width is on the device's pixel grid:
    /// a label's intrinsic width is its text's width rounded up to the grid, so a text within
    /// the room asks for at most the room.
    func testEveryTranslationWithinItsRoomFitsAndEveryOneOverItIsTruncatedOrClipped() throws {
        let project = try Self.project.get()
        let report = try report()
        let trials = BudgetTrials(project: project)
        var within = 0, over = 0
        for language in project.translations.languages where language != project.translations.developmentLanguage {
            for measure in try project.measure(report.places, language: language) {
                let run = try trials.check(measure.room.place, language: language)
                let broken = run.findings.filter { $0.kind == .truncated || $0.kind == .clipped }
                let what = "\(measure.room.key) \"\(measure.text)\" (\(language), \(measure.width) pt) at \(measure.room.place.layout) "
                    + "\(measure.room.place.view) on \(measure.room.place.device), room \(measure.room.room)"
                if measure.fits {
                    within += 1
                    XCTAssertEqual(broken.map(\.message), [], "within its room: \(what)")
                } else {
                    over += 1
                    XCTAssertFalse(broken.isEmpty, "over its room: \(what)")
                }
            }
        }
        XCTAssertGreaterThan(within, 100, "most example translations fit")
        XCTAssertGreaterThan(over, 20, "the examples are built to have translations that do not fit")
    }
}
