import Foundation

/// A JSON report's runs, written out as they come, in a temporary file: the text of the
/// report's `runs` array between its brackets, exactly as ``JSONReport/write(_:to:)`` writes
/// it. A check of a whole app keeps each run's views (most of a report: its frames and texts)
/// on disk rather than in memory until the report is written
/// (``JSONReport/write(_:spooled:to:)``). The file's name is removed from its folder as soon as
/// it is made: the spool reaches it through its descriptor alone, and the system frees it when
/// the spool goes, or the process ends however it ends.
public final class JSONRunSpool {
    /// The runs written so far.
    public private(set) var count = 0
    private let directory: String
    private let descriptor: Int32
    /// The runs' text not yet written to the file.
    private var buffer = JSONWriter(elementsOfArrayAt: JSONReport.runsIndent, written: 0)

    /// A spool in a new file of `directory`.
    public init(directory: String) throws {
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
            + Array(".babelfit-runs-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw SpoolError("cannot make a temporary file in \(directory) for the report's runs: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        unlink(template)
        self.descriptor = descriptor
        self.directory = directory
    }

    deinit {
        close(descriptor)
    }

    /// Writes the next run of the report.
    public func append(_ run: RunReport) throws {
        JSONReport.write(run, to: &buffer)
        count += 1
        if buffer.byteCount >= Self.bufferSize { try flush() }
    }

    /// Hands the runs' text to `emit` in pieces of about `size` bytes, each ending at a line's end.
    func read(in size: Int, to emit: (String) throws -> Void) throws {
        var carried: [UInt8] = []
        try read(in: size) { (bytes: UnsafeRawBufferPointer) in
            carried += bytes
            // A line break is never inside a character's UTF-8: cut the text after the last one.
            guard let last = carried.lastIndex(of: UInt8(ascii: "\n")) else { return }
            try emit(String(decoding: carried[...last], as: UTF8.self))
            carried.removeSubrange(...last)
        }
        if !carried.isEmpty { try emit(String(decoding: carried, as: UTF8.self)) }
    }

    /// Hands the UTF-8 of the runs' text to `emit` as it is read, in pieces of at most `size`
    /// bytes, from `offset` bytes into it.
    func read(in size: Int, from offset: Int = 0, bytes emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        try flush()
        guard lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset) else { throw failure("read") }
        var chunk = [UInt8](repeating: 0, count: max(size, 1))
        while true {
            let read = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if read < 0 {
                if errno == EINTR { continue }
                throw failure("read")
            }
            if read == 0 { break }
            try chunk.withUnsafeBytes { try emit(UnsafeRawBufferPointer(rebasing: $0[..<read])) }
        }
    }

    /// Writes the runs' text to `output`, a descriptor open for writing, where it stands: copied
    /// by the system from file to file (`sendfile`), never read into the process, which for a
    /// whole app's report of hundreds of megabytes takes a fraction of the time reading and
    /// writing it does. Where the system copies nothing more (an output it cannot copy to, such
    /// as one opened to append; a failing write), the rest is read and handed to `emit`, which
    /// writes it to `output` and names the output in its error.
    public func copy(to output: Int32, else emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        try flush()
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("read") }
        let size = Int(status.st_size)
        var offset = 0
        while offset < size {
            // At most 0x7ffff000 bytes a call (the system's limit); `offset` advances by those copied.
            let copied = sendfile(output, descriptor, &offset, min(size - offset, 0x7fff_f000))
            if copied < 0, errno == EINTR { continue }
            if copied <= 0 { break }
        }
        if offset < size { try read(in: Self.bufferSize, from: offset, bytes: emit) }
    }

    private static let bufferSize = 1 << 20

    private func flush() throws {
        defer { buffer.removeAll() }
        try buffer.withUnsafeBytes { bytes in
            guard bytes.count > 0 else { return }
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw failure("write")
                }
                offset += written
            }
        }
    }

    private func failure(_ verb: String) -> SpoolError {
        SpoolError("cannot \(verb) the temporary file of the report's runs in \(directory): \(String(cString: strerror(errno)))")
    }
}

/// A spool's file could not be made, written or read.
public struct SpoolError: Error, CustomStringConvertible, Sendable {
    public var description: String

    init(_ description: String) { self.description = description }
}
