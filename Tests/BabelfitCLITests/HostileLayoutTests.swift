import Foundation
import XCTest

/// Layouts past babelfit's limits, and an image of no size: each is an input error with its file,
/// line, column and JSON path (exit 2), and the other layouts are still checked.
final class HostileLayoutTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-hostile-layouts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ name: String, root: String) throws {
        try Data("{ \"format\": 1, \"root\": \(root), \"constraints\": [] }".utf8).write(to: folder.appendingPathComponent(name))
    }

    /// A PNG header of the given size in pixels.
    private func png(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        for value in [width, height] { bytes += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        return Data(bytes)
    }

    func testEachLayoutPastALimitIsNamedAndTheOthersAreChecked() throws {
        var deep = "{ \"id\": \"v101\", \"type\": \"view\" }"
        for level in stride(from: 100, through: 0, by: -1) {
            deep = "{ \"id\": \"v\(level)\", \"type\": \"view\", \"subviews\": [\(deep)] }"
        }
        try write("Deep.json", root: deep)
        try write("Long.json", root: "{ \"id\": \"root\", \"type\": \"view\", \"subviews\": [ { \"id\": \"l\", \"type\": \"label\", \"text\": { \"key\": \"k\", \"default\": \"\(String(repeating: "a", count: 100_001))\" } } ] }")
        let views = (0...10_000).map { "{ \"id\": \"v\($0)\", \"type\": \"view\" }" }.joined(separator: ",\n")
        try write("Many.json", root: "{ \"id\": \"root\", \"type\": \"view\", \"subviews\": [\n\(views)] }")
        try png(width: 0, height: 0).write(to: folder.appendingPathComponent("empty.png"))
        try png(width: 20, height: 10).write(to: folder.appendingPathComponent("icon.png"))
        try write("Empty.json", root: "{ \"id\": \"root\", \"type\": \"view\", \"subviews\": [ { \"id\": \"image\", \"type\": \"image\", \"source\": \"empty.png\" } ] }")
        try write("Fine.json", root: "{ \"id\": \"root\", \"type\": \"view\", \"subviews\": [ { \"id\": \"image\", \"type\": \"image\", \"source\": \"icon.png\" } ] }")

        let output = try Binary.run(["check", folder.path, "--devices", "iPhone 15", "--languages", "en", "--format", "json"])
        XCTAssertEqual(output.status, 2, output.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let errors = (report["inputErrors"] as? [[String: Any]] ?? []).map { error -> String in
            let file = URL(fileURLWithPath: error["file"] as? String ?? "").lastPathComponent
            return "\(file):\(error["line"] ?? "-"):\(error["column"] ?? "-"): \(error["message"] as? String ?? "")"
        }
        let deepPath = "root" + String(repeating: ".subviews[0]", count: 101)
        XCTAssertEqual(errors, [
            "Deep.json:1:\(deep.range(of: "{ \"id\": \"v101\"")!.lowerBound.utf16Offset(in: deep) + 24): \(deepPath): views nested more than 100 deep below the root, babelfit's limit",
            "Empty.json:1:-: image: the image 'empty.png' cannot be read as PNG or JPEG and the view gives no size",
            "Long.json:1:108: root.subviews[0].text: a text of 100001 characters, past babelfit's limit of 100000",
            "Many.json:10001:1: root.subviews[9999]: the layout has more than 10000 views, babelfit's limit for one layout",
        ])
        let layouts = (report["runs"] as? [[String: Any]] ?? []).compactMap { $0["layout"] as? String }
        XCTAssertEqual(layouts, ["Fine"])
    }
}
