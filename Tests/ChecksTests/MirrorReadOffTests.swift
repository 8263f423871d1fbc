@testable import Checks
import Foundation
@testable import Layout
import Reports
import TestSupport
import XCTest

/// A right-to-left run whose constraints are the mirror images of its left-to-right ones, whose
/// texts measure alike in both directions and whose layout has one solution takes its mirrored
/// layout (what the `not-mirrored` rule compares frames with) as its own frames mirrored rather
/// than laying it out (`RunChecker.mirrorsItself`): its checks report what they report with every
/// mirrored layout laid out, byte for byte, on the bundled examples and on the six apps of the
/// corpus, whose runs have `not-mirrored` findings of every kind.
final class MirrorReadOffTests: XCTestCase {
    /// Checks `project` both ways and compares the reports; the counts of runs that read their
    /// mirror off and laid it out.
    func compareBothWays(_ project: Project, devices: [Device]? = nil, file: StaticString = #filePath,
                         line: UInt = #line) -> (readOff: Int, laidOut: Int, notMirrored: Int) {
        var options = CheckOptions(devices: devices, jobs: 2)
        let counts = MirrorCounts()
        options.mirrorCounts = counts
        let readingOff = project.check(options)
        var laying = options
        laying.laysOutEveryMirror = true
        laying.mirrorCounts = nil
        let layingOut = project.check(laying)
        XCTAssertEqual(readingOff, layingOut, file: file, line: line)
        XCTAssertEqual(readingOff.inputErrors, [], file: file, line: line)
        let notMirrored = readingOff.runs.reduce(0) { $0 + $1.findings.filter { $0.kind == .notMirrored }.count }
        return (counts.value.readOff, counts.value.laidOut, notMirrored)
    }

    func testTheExamplesReportTheSameWhetherTheirMirrorsAreReadOffOrLaidOut() throws {
        let layouts = PackageRoot.url.appendingPathComponent("Layouts").path
        let project = try Project(layouts: [layouts], strings: [layouts], fontsFolder: PackageRoot.fonts)
        let (readOff, laidOut, notMirrored) = compareBothWays(project)
        print("Layouts/: \(readOff) mirrors read off, \(laidOut) laid out, \(notMirrored) not-mirrored findings")
        // Arabic and Hebrew runs of every example: most read off; those with a text of digits
        // alone, a `left` constraint or an ambiguous view laid out.
        XCTAssertGreaterThan(readOff, 20, "\(readOff) read off, \(laidOut) laid out")
        XCTAssertGreaterThan(laidOut, 5, "\(readOff) read off, \(laidOut) laid out")
        XCTAssertGreaterThan(notMirrored, 10)
    }

    func testTheCorpusAppsReportTheSameWhetherTheirMirrorsAreReadOffOrLaidOut() throws {
        let apps = try PackageRoot.corpusFile("ib")
        let devices = try ["iPhone SE (3rd generation)", "iPhone 15"].map { try XCTUnwrap(Device.named($0)) }
        var readOff = 0, laidOut = 0, notMirrored = 0
        for app in try FileManager.default.contentsOfDirectory(atPath: apps).sorted() {
            let folder = (apps as NSString).appendingPathComponent(app)
            let project = try Project(layouts: [folder], strings: [folder], fontsFolder: PackageRoot.fonts)
            let counts = compareBothWays(project, devices: devices)
            (readOff, laidOut, notMirrored) = (readOff + counts.readOff, laidOut + counts.laidOut, notMirrored + counts.notMirrored)
        }
        print("the corpus apps: \(readOff) mirrors read off, \(laidOut) laid out, \(notMirrored) not-mirrored findings")
        // Their Arabic and Hebrew runs (Loop, GoMap, lockwise and duckduckgo have them): most
        // lay their mirrors out (left and right constraints, ambiguous views), some read them off.
        XCTAssertGreaterThan(readOff + laidOut, 40, "\(readOff) read off, \(laidOut) laid out")
        XCTAssertGreaterThan(readOff, 0, "\(readOff) read off, \(laidOut) laid out")
        XCTAssertGreaterThan(laidOut, 0, "\(readOff) read off, \(laidOut) laid out")
        XCTAssertGreaterThan(notMirrored, 40)
    }

    /// What keeps a constraint from being its own mirror image, one thing at a time.
    func testTheConstraintsThatMirrorExactly() throws {
        let mirroring = ["a.leading == b.trailing + 8", "a.trailing <= root.trailingMargin", "a.centerX == b.centerX",
                         "a.leading >= b.centerX", "a.width == b.width * 2 + 3", "a.top == b.bottom + 4",
                         "a.firstBaseline == b.firstBaseline", "a.safeLeading == root.safeLeading"]
        let notMirroring = ["a.left == b.left", "a.right >= root.right", "a.centerX == b.centerX + 5",
                            "a.centerX >= b.centerX", "a.leading == b.trailing * 2", "a.safeCenterX == b.centerX * 0.5"]
        for text in mirroring { XCTAssertTrue(try ConstraintParser.parse(text).mirrorsExactly, text) }
        for text in notMirroring { XCTAssertFalse(try ConstraintParser.parse(text).mirrorsExactly, text) }
        // Made in code, where the layout format refuses them: a position against a size, or alone.
        let leading = ConstraintItem(view: "a", attribute: .leading)
        XCTAssertFalse(LayoutConstraint(leading, .equal, ConstraintItem(view: "b", attribute: .width)).mirrorsExactly)
        XCTAssertFalse(LayoutConstraint(leading, .equal, nil, constant: 20).mirrorsExactly)
    }

    /// A document mirrors exactly with its views all following the language and the safe area's
    /// sides alike; a text measures alike in both directions where its letters set each
    /// paragraph's direction.
    func testWhatADocumentAndItsTextsNeedToMirrorExactly() throws {
        let json = """
        { "format": 1, "name": "Form", "root": { "id": "root", "type": "view", "subviews": [
            { "id": "a", "type": "label", "text": "Name" }, { "id": "b", "type": "label", "text": "Value" } ] },
          "constraints": ["a.leading == root.leadingMargin", "b.leading == a.trailing + 8", "b.trailing <= root.trailingMargin",
                          "a.top == root.safeTop + 8", "b.firstBaseline == a.firstBaseline"] }
        """
        let document = try LayoutDocument.decode(json, file: "Form.json")
        let phone = try XCTUnwrap(Device.named("iPhone 15"))
        XCTAssertTrue(document.mirrorsExactly(on: phone))
        var forced = document
        XCTAssertTrue(forced.root.edit("b") { $0.semantic = .forceLeftToRight })
        XCTAssertFalse(forced.mirrorsExactly(on: phone))
        var lopsided = phone
        lopsided.safeArea.left = 44
        XCTAssertFalse(document.mirrorsExactly(on: lopsided))
        lopsided.safeArea.right = 44
        XCTAssertTrue(document.mirrorsExactly(on: lopsided))
        var absolute = document
        absolute.constraints.append(try ConstraintParser.parse("b.right == root.right"))
        XCTAssertFalse(absolute.mirrorsExactly(on: phone))

        for text in ["", "Hello", "مرحبا 123", "123 Hello", "Hello\nשלום"] {
            XCTAssertTrue(LayoutDocument.measuresAlikeInBothDirections(text), text)
        }
        for text in ["123", "(42)", "Hello\n42", " "] {
            XCTAssertFalse(LayoutDocument.measuresAlikeInBothDirections(text), text)
        }
    }
}
