import Layout

/// Values that several commands take, each read one way with one message when it is wrong.
enum OptionValues {
    /// Why a device name is not one babelfit knows, or nil when it is.
    static func unknownDevice(_ name: String) -> String? {
        Device.named(name) == nil
            ? "unknown device '\(name)'; babelfit knows \(Device.standard.map(\.name).joined(separator: ", "))" : nil
    }

    /// Why a content size name is not one of XS … AX5, or nil when it is.
    static func unknownContentSize(_ name: String) -> String? {
        ContentSize(name: name) == nil
            ? "unknown content size '\(name)'; expected one of \(ContentSize.allCases.map(\.rawValue).joined(separator: ", "))" : nil
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
