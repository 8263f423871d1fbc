import Reports
import Support
import XCTest

/// A shard report whose parts have the wrong shape is refused with its file, line, column and
/// JSON path, not merged into the output as it is.
final class ReportMergeInputTests: XCTestCase {
    private func refusal(_ text: String) -> String? {
        do {
            _ = try ReportMerge.merge([(file: "shard1.json", text: text)])
            return nil
        } catch let error as InputError {
            return error.description
        } catch {
            return "\(error)"
        }
    }

    func testFindingsThatAreAStringAreRefusedWithTheirPath() {
        let report = """
            {
              "format": 1,
              "runs": [
                { "index": 0, "findings": [] },
                { "index": 1, "findings": "truncated" }
              ]
            }
            """
        XCTAssertEqual(refusal(report),
                       "shard1.json:5:31: error: runs[1].findings: expected an array of findings, found a string")
    }

    func testAFindingWithoutKindAndTheOtherListsAreRefusedWithTheirPaths() {
        XCTAssertEqual(refusal("""
            { "format": 1, "runs": [ { "index": 0, "findings": [ { "kind": "truncated", "severity": "error" }, { "kind": 3 } ] } ] }
            """), "shard1.json:1:100: error: runs[0].findings[1]: expected a finding with a kind and a severity")
        XCTAssertEqual(refusal("""
            { "format": 1, "runs": [], "inputErrors": { "file": "a" } }
            """), "shard1.json:1:43: error: inputErrors: expected an array of input errors, found an object")
        XCTAssertEqual(refusal("""
            { "format": 1, "runs": [], "fixed": null }
            """), "shard1.json:1:37: error: fixed: expected an array of fixed findings, found null")
        XCTAssertNil(refusal("{ \"format\": 1, \"runs\": [ { \"index\": 0 } ] }"))
    }
}
