import Foundation

/// Where a command's report goes.
enum Output {
    /// Writes `text` to `path` whole or not at all (a temporary file renamed into place),
    /// or to standard output when `path` is nil.
    static func write(_ text: String, to path: String?) throws {
        guard let path else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(text.utf8).write(to: temporary)
            // rename(2) replaces the old file in one step: readers see the old report or the new one.
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw UsageError("cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// Whether standard output (1) or standard error (2) is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Colour for people: only on a terminal, and never with NO_COLOR set.
    static var colour: Bool {
        isTerminal(1) && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
    }
}
