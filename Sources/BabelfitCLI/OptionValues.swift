import Foundation
import Layout

/// Values that several commands take, each read one way with one message when it is wrong.
enum OptionValues {
    /// Why a device name is not one babelfit knows, or nil when it is.
    static func unknownDevice(_ name: String) -> String? {
        Device.named(name) == nil
            ? "unknown device '\(name)'; babelfit knows \(Device.knownDescription)" : nil
    }

    /// Why a content size name is not one of XS … AX5, or nil when it is.
    static func unknownContentSize(_ name: String) -> String? {
        ContentSize(name: name) == nil
            ? "unknown content size '\(name)'; expected one of \(ContentSize.allCases.map(\.rawValue).joined(separator: ", "))" : nil
    }

    /// Where the translations of a layout path are looked for: the folder itself, or the
    /// folder a layout file is in ("." for a file in the current folder); nil when the path
    /// does not exist (the layouts report that).
    static func translationFolder(for path: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        let folder = isFolder.boolValue ? path : (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    static func device(_ name: String) throws -> Device {
        if let problem = unknownDevice(name) { throw UsageError(problem) }
        return Device.named(name)!
    }

    static func contentSize(_ name: String) throws -> ContentSize {
        if let problem = unknownContentSize(name) { throw UsageError(problem) }
        return ContentSize(name: name)!
    }
}
