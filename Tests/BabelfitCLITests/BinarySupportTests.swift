import Foundation
import XCTest

/// The end-to-end tests' way of running a child process.
final class BinarySupportTests: XCTestCase {
    /// A child that writes 2 MB to stderr before it writes to stdout: were stdout read to its
    /// end first, the child would block once the stderr pipe is full, and neither would go on.
    func testAChildThatFillsStderrBeforeWritingStdoutDoesNotDeadlock() throws {
        let script = "head -c 2000000 /dev/zero | tr '\\000' x >&2; printf done"
        let run = BackgroundRun {
            try Binary.run(executable: URL(fileURLWithPath: "/bin/sh"), ["-c", script])
        }
        guard let output = try run.output(within: 60) else {
            return XCTFail("Binary.run did not return within 60 s: it deadlocked on the child's pipes")
        }
        XCTAssertEqual(output.status, 0)
        XCTAssertEqual(output.stdout, "done")
        XCTAssertEqual(output.stderr.utf8.count, 2_000_000)
        XCTAssertTrue(output.stderr.utf8.allSatisfy { $0 == UInt8(ascii: "x") })
    }
}

/// `Binary.run` on a thread of its own, so that a test can give up on it.
private final class BackgroundRun: @unchecked Sendable {
    private var result: Result<Binary.Output, Error>?
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () throws -> Binary.Output) {
        Thread { [self] in
            result = Result { try body() }
            done.signal()
        }.start()
    }

    /// The output, or nil when the run has not ended after `seconds`.
    func output(within seconds: Double) throws -> Binary.Output? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return try result?.get()
    }
}
