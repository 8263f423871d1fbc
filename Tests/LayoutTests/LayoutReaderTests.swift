import Foundation
import Layout
import XCTest

/// Layouts are found and read through a reader per format.
final class LayoutReaderTests: XCTestCase {
    func testTheJSONReaderAcceptsLayoutsAndPassesOverTheConfig() {
        let reader = JSONLayoutReader()
        XCTAssertTrue(reader.accepts(fileNamed: "ItemDetail.json"))
        XCTAssertFalse(reader.accepts(fileNamed: "babelfit.json"), "the check's own config is no layout")
        XCTAssertFalse(reader.accepts(fileNamed: ".draft.json"))
        XCTAssertFalse(reader.accepts(fileNamed: "Main.storyboard"))
        XCTAssertFalse(reader.accepts(fileNamed: "notes.txt"))
        XCTAssertEqual(LayoutReaders.reader(for: "Screens/Profile.json").fileExtensions, ["json"])
    }

    func testAReaderGivesTheModelWithItsSourceLines() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-reader-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("""
            { "format": 1, "name": "Card",
              "root": { "id": "root", "type": "view", "subviews": [
                { "id": "title", "type": "label", "text": "Hi" } ] },
              "constraints": [
                "title.leading == root.leading" ] }
            """.utf8).write(to: url)
        let documents = try LayoutReaders.reader(for: url.path).read(path: url.path)
        XCTAssertEqual(documents.map(\.name), ["Card"])
        XCTAssertEqual(documents.first?.view("title")?.line, 3)
        XCTAssertEqual(documents.first?.constraints.first?.line, 5)
    }

    func testAFileThatIsNoLayoutIsAnErrorWithItsPlace() {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-reader-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: Data("{ \"root\": 3 }".utf8)))
        XCTAssertThrowsError(try JSONLayoutReader().read(path: url.path)) { error in
            let failure = error as? LayoutDecodingError
            XCTAssertEqual(failure?.path, "root")
            XCTAssertEqual(failure?.line, 1)
        }
    }
}
