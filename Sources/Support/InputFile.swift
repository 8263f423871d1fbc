import Foundation

/// What a reader checks before it opens an input file: that it is a regular file (a FIFO or a
/// device would make the read wait forever, a folder is no file) and not larger than babelfit
/// reads. Layouts, storyboards, XIBs and translation files share it.
public enum InputFile {
    /// The largest input file babelfit reads, in bytes: a layout, storyboard, XIB or
    /// translation file. No real app's file comes near it.
    public static let sizeLimit = 50_000_000

    /// `path` when it is a regular file (or a link to one) of at most `limit` bytes; else an
    /// error at the file's first line naming what is wrong: a folder, a FIFO, socket or device
    /// where `expected` (`a .strings file`) is expected, or a file past the limit for `kind`
    /// (`a layout file`). A path that does not exist is returned as it is: reading it says so.
    public static func checked(_ path: String, expected: String, kind: String,
                               limit: Int = sizeLimit) throws(ReadError) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { return path }
        let place = SourceLocation(file: path, line: 1, column: 1)
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            break
        case S_IFDIR:
            throw ReadError("is a folder, where \(expected) is expected", at: place)
        default:
            throw ReadError("is not a regular file (a FIFO, socket or device), where \(expected) is expected", at: place)
        }
        guard Int(status.st_size) <= limit else {
            throw ReadError("is \(status.st_size) bytes, past babelfit's limit of \(limit) bytes for \(kind)", at: place)
        }
        return path
    }

    /// The bytes of `path`, checked first as `checked(_:expected:kind:limit:)` does.
    public static func read(_ path: String, expected: String, kind: String,
                            limit: Int = sizeLimit) throws(ReadError) -> [UInt8] {
        let path = try checked(path, expected: expected, kind: kind, limit: limit)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError("cannot read the file", at: SourceLocation(file: path, line: 1, column: 1))
        }
        return [UInt8](data)
    }
}
