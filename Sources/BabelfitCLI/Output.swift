import Foundation

/// Where a command's report goes. Every output babelfit writes (reports, baselines, merged
/// reports, generated Swift, extracted tables) goes through `write(_:to:inputs:)`.
enum Output {
    /// Writes `text` to `path`, or to standard output when `path` is nil.
    ///
    /// - A regular file (or a path that does not exist yet) is written whole or not at all: a
    ///   temporary file beside it, renamed into place; an existing file keeps its permissions.
    /// - A symbolic link is followed: its target is replaced as a file would be (renamed onto
    ///   the target's path), and the link stays a link.
    /// - A FIFO or a character device (`/dev/null`, a terminal) is opened and written in place,
    ///   never replaced; `/dev/stdout`, `/dev/stderr` and `/dev/fd/N` write to that descriptor.
    /// - A folder, a socket or a block device is refused, and so is a file that is one of
    ///   `inputs` (the same file by its resolved path or inode): a report written over a layout
    ///   or a translation would destroy it.
    static func write(_ text: String, to path: String?, inputs: [String] = []) throws {
        try writing(to: path, inputs: inputs) { try $0.emit(text) }
    }

    /// Writes `data` as `write(_:to:inputs:)` writes a text.
    static func write(_ data: Data, to path: String?, inputs: [String] = []) throws {
        try writing(to: path, inputs: inputs) { sink in try data.withUnsafeBytes { try sink.emit($0) } }
    }

    /// Writes the text that `produce` hands out piece by piece, as `write(_:to:inputs:)` writes
    /// a text: a report of a whole app is written as it is made, never held whole. A file
    /// replaced is replaced only when `produce` returns: if it throws, nothing is written.
    static func write(to path: String?, inputs: [String] = [],
                      _ produce: (_ emit: (String) throws -> Void) throws -> Void) throws {
        try writing(to: path, inputs: inputs) { sink in try produce(sink.emit) }
    }

    /// Writes the UTF-8 that `produce` hands out piece by piece through `emit`, as
    /// ``write(to:inputs:_:)`` writes the text it hands out, to the descriptor `produce` is
    /// given (the output's own, or its temporary file's), which `produce` may also write to
    /// itself in turn with `emit` (a file's bytes copied there by the system).
    static func write(to path: String?, inputs: [String] = [],
                      descriptor produce: (_ descriptor: Int32, _ emit: (UnsafeRawBufferPointer) throws -> Void) throws -> Void)
        throws {
        try writing(to: path, inputs: inputs) { sink in try produce(sink.descriptor, sink.emit) }
    }

    /// Where the pieces of an output go.
    private struct Sink {
        let descriptor: Int32
        let name: String

        /// The text's own UTF-8, not a copy.
        func emit(_ text: String) throws {
            var text = text
            try text.withUTF8 { try emit(UnsafeRawBufferPointer($0)) }
        }

        func emit(_ bytes: UnsafeRawBufferPointer) throws {
            try Output.writeAll(bytes, to: descriptor, name: name)
        }
    }

    private static func writing(to path: String?, inputs: [String], _ produce: (Sink) throws -> Void) throws {
        let name = path ?? "standard output"
        let destination = try path.map { try self.destination($0, inputs: inputs) } ?? .descriptor(1)
        // A descriptor named by the path is written as it is; a FIFO or a device is opened
        // and written in place; a file is written to a temporary file beside it, renamed onto it.
        let descriptor: Int32
        var owned = true
        var temporary: (path: String, file: String)?
        switch destination {
        case .descriptor(let given):
            descriptor = given
            owned = false
        case .inPlace(let file):
            descriptor = open(file, O_WRONLY | O_CLOEXEC)
        case .replace(let file, let mode):
            let url = URL(fileURLWithPath: file)
            let path = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
            descriptor = createNew(path, mode: mode ?? 0o666)
            if descriptor >= 0, let mode { fchmod(descriptor, mode) }
            temporary = (path, file)
        }
        guard descriptor >= 0 else { throw UsageError("cannot write \(name): \(String(cString: strerror(errno)))") }
        do {
            defer { if owned { close(descriptor) } }
            try produce(Sink(descriptor: descriptor, name: name))
        } catch {
            if let temporary { unlink(temporary.path) }
            throw error
        }
        if let temporary, rename(temporary.path, temporary.file) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw UsageError("cannot write \(name): \(reason)")
        }
    }

    /// The folder for a temporary file that work towards `path` needs: the folder where
    /// `write` replaces the file `path` leads to (the report's own file system, which has room
    /// for it), else (standard output, a FIFO, a device, a folder that cannot be written) the
    /// system's temporary folder.
    static func scratchFolder(for path: String?) -> String {
        if let path, case .replace(let file, _)? = try? destination(path, inputs: []) {
            let parent = URL(fileURLWithPath: file).deletingLastPathComponent().path
            if access(parent, W_OK) == 0 { return parent }
        }
        return NSTemporaryDirectory()
    }

    /// Throws, before any work is done, the error `write` would throw for `path` that does not
    /// depend on the writing itself: one of the inputs, a folder, a socket, a block device.
    static func check(_ path: String?, inputs: [String]) throws {
        if let path { _ = try destination(path, inputs: inputs) }
    }

    private enum Destination {
        case descriptor(Int32)
        /// A FIFO or a character device, written where it is.
        case inPlace(String)
        /// A regular file (with its permissions) or a path that does not exist yet.
        case replace(String, mode: mode_t?)
    }

    private static func destination(_ path: String, inputs: [String]) throws -> Destination {
        let target = try resolved(path)
        guard case .file(let file) = target else {
            if case .descriptor(let descriptor) = target { return .descriptor(descriptor) }
            return .replace(path, mode: nil)
        }
        var status = stat()
        guard stat(file, &status) == 0 else { return .replace(file, mode: nil) }
        if status.st_mode & S_IFMT == S_IFDIR { throw UsageError("cannot write \(path): it is a folder") }
        if let input = inputs.first(where: { sameFile($0, status) }) {
            throw UsageError("\(path) is one of the inputs\(input == path ? "" : " (\(input))"): "
                + "babelfit does not write over what it reads; choose another output")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .replace(file, mode: status.st_mode & 0o7777)
        case S_IFIFO, S_IFCHR: return .inPlace(file)
        case S_IFDIR: throw UsageError("cannot write \(path): it is a folder")
        default: throw UsageError("cannot write \(path): it is neither a file, a FIFO nor a character device")
        }
    }

    private enum Target {
        case file(String)
        case descriptor(Int32)
    }

    /// The path the links of `path` lead to (which may not exist yet), or the descriptor a
    /// `/dev/stdout`, `/dev/fd/N` or `/proc/self/fd/N` names.
    private static func resolved(_ path: String) throws -> Target {
        var current = path
        for _ in 0..<40 {
            if let descriptor = descriptor(named: current) { return .descriptor(descriptor) }
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return .file(current) }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { return .file(current) }
            let destination = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        throw UsageError("cannot write \(path): too many levels of symbolic links")
    }

    private static func descriptor(named path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count))
            }
            return nil
        }
    }

    /// Whether `path` names the file `status` describes (links followed).
    private static func sameFile(_ path: String, _ status: stat) -> Bool {
        var other = stat()
        return stat(path, &other) == 0 && other.st_dev == status.st_dev && other.st_ino == status.st_ino
    }

    /// Writes `bytes` to a new file at `path` (which must not exist yet), named `name` in an
    /// error. For the files of a folder that is itself written elsewhere and renamed into place
    /// (``FolderOutput``): each file is written once, where it stays, with no temporary file, no
    /// rename and no `fsync` of its own (`FileManager.createFile` does all three for every file,
    /// a quarter of the HTML report's time for its hundreds of pictures).
    static func writeNewFile(_ bytes: [UInt8], at path: String, name: String) throws {
        let descriptor = createNew(path, mode: 0o666)
        guard descriptor >= 0 else { throw UsageError("cannot write \(name): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        try bytes.withUnsafeBytes { try writeAll($0, to: descriptor, name: name) }
    }

    /// A descriptor for writing a file made at `path`, which must not exist yet (never one
    /// that another process made there, nor a link followed); -1 with `errno` set otherwise.
    private static func createNew(_ path: String, mode: mode_t) -> Int32 {
        open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    }

    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, name: String) throws {
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw UsageError("cannot write \(name): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    /// Whether standard output (1) or standard error (2) is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Colour for people: only on a terminal, and never with NO_COLOR set.
    static var colour: Bool {
        isTerminal(1) && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
    }
}
