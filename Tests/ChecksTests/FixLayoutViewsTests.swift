@testable import Checks
import Foundation
import Layout
import Reports
import TestSupport
import XCTest

/// A fix's layout takes its views by id from the layout it changes, with the fix's view edits
/// made on the edited view's node and on every node above it (`ViewTree.editing`): the same
/// tree, node for node, as the one made from the changed document's root.
final class FixLayoutViewsTests: XCTestCase {
    /// Every layout of `Layouts/`: each view alone, then a view together with the view above
    /// it, edited in every field a fix edits (lines, priorities, scale factor, alignment).
    func testAFixLayoutsViewsAreThoseOfItsDocument() throws {
        let root = PackageRoot.path
        let project = try Project(layouts: ["\(root)/Layouts"], strings: ["\(root)/Layouts"], fontsFolder: PackageRoot.fonts)
        XCTAssertGreaterThan(project.layouts.count, 5)
        var compared = 0, derived = 0
        for original in project.layouts {
            let tree = original.viewIndex
            let views = tree.nodes.elements
            for place in views.indices {
                var edits: [[String: ViewEdit]] = [[views[place].id: Self.edit(place)]]
                if let parent = tree.parentPlaces[place] {
                    edits.append([views[place].id: Self.edit(place), views[parent].id: Self.edit(parent)])
                }
                for viewEdits in edits {
                    let fix = Fix(summary: "edit", views: viewEdits)
                    let changed = try project.changedLayout(fix, of: original)
                    let expected = ViewTree(try original.document.applying(fix).root)
                    let made = changed.viewIndex
                    XCTAssertEqual(try XCTUnwrap(tree.editing(viewEdits)).nodes.elements, expected.nodes.elements)
                    XCTAssertEqual(made.nodes.elements, expected.nodes.elements, "\(original.file): \(viewEdits.keys.sorted())")
                    XCTAssertEqual(made.parents, expected.parents)
                    XCTAssertEqual(made.parentPlaces, expected.parentPlaces)
                    XCTAssertEqual(made.hasText, expected.hasText)
                    for view in expected.nodes.elements {
                        XCTAssertEqual(made.nodes.place(of: view.id), expected.nodes.place(of: view.id))
                    }
                    // Edited: the nodes differ from the original's where the fix changed one.
                    if made.nodes.elements != views { derived += 1 }
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 100)
        XCTAssertGreaterThan(derived, 50)
    }

    /// A fix's layout whose original's views are not made (let go after its last run) makes its
    /// own from its document; and an edit of a view the layout lacks leaves no tree to take.
    func testWithoutTheOriginalsViewsTheFixLayoutMakesItsOwn() throws {
        let root = PackageRoot.path
        let project = try Project(layouts: ["\(root)/Layouts/ItemDetail.json"], strings: ["\(root)/Layouts"],
                                  fontsFolder: PackageRoot.fonts)
        let original = try XCTUnwrap(project.layouts.first)
        original.releaseViewIndex()
        let label = try XCTUnwrap(original.document.allViews.first { $0.kind.text != nil })
        let fix = Fix(summary: "wrap", views: [label.id: ViewEdit(lines: 0)])
        let changed = try project.changedLayout(fix, of: original)
        XCTAssertEqual(changed.viewIndex.nodes.elements, ViewTree(try original.document.applying(fix).root).nodes.elements)
        XCTAssertNil(original.viewIndex.editing(["no-such-view": ViewEdit(lines: 0)]))
    }

    /// A different edit for each place, in every field a fix sets.
    static func edit(_ place: Int) -> ViewEdit {
        switch place % 4 {
        case 0: return ViewEdit(lines: 0)
        case 1: return ViewEdit(hugging: AxisPriorityEdit(horizontal: 200 + place))
        case 2: return ViewEdit(compressionResistance: AxisPriorityEdit(vertical: 700 + place), minimumScaleFactor: 0.5)
        default: return ViewEdit(alignment: "natural")
        }
    }
}
