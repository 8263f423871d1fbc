import Support

/// How far one layout in one language stretches before it has an error (`check --limits`):
/// the largest content size at which it has none on the devices checked, and the narrowest
/// device of the devices table on which it has none at the content sizes checked.
public struct ScreenLimit: Equatable, Sendable {
    public var layout: String
    /// The layout file, as runs name it.
    public var file: String
    public var language: String
    /// The largest content size (`XS` … `AX5`) at which it, and every smaller one, has no
    /// error; nil when it has one at `XS` already.
    public var contentSize: String?
    /// The narrowest device of the table on which it, and every wider device, has no error;
    /// nil when it has one on the widest.
    public var device: String?
    /// That device's width in points.
    public var deviceWidth: Double?

    public init(layout: String, file: String, language: String, contentSize: String?, device: String?, deviceWidth: Double?) {
        self.layout = layout
        self.file = file
        self.language = language
        self.contentSize = contentSize
        self.device = device
        self.deviceWidth = deviceWidth
    }
}

/// The limits as the text and JSON reports write them.
public enum ScreenLimits {
    /// `{ "layout", "file", "language", "contentSize", "device", "deviceWidth" }`, null where
    /// there is no limit at which the screen has no error.
    public static func json(_ limits: [ScreenLimit]) -> JSONValue {
        .array(limits.map { limit in
            .object([
                "layout": .string(limit.layout), "file": .string(limit.file), "language": .string(limit.language),
                "contentSize": limit.contentSize.map { .string($0) } ?? .null,
                "device": limit.device.map { .string($0) } ?? .null,
                "deviceWidth": limit.deviceWidth.map { .number($0) } ?? .null,
            ])
        })
    }

    /// A table: a row per layout and language, "–" where even the smallest has an error.
    public static func text(_ limits: [ScreenLimit]) -> String {
        guard !limits.isEmpty else { return "" }
        let header = ["layout", "language", "up to content size", "down to device"]
        let rows = limits.map { limit in
            [limit.layout, limit.language, limit.contentSize ?? "–",
             limit.device.map { "\($0) (\(Number.format(limit.deviceWidth ?? 0)) pt)" } ?? "–"]
        }
        var widths = header.map(\.count)
        for row in rows { for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) } }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                column == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ")
        }
        var out = "limits: the largest content size and the narrowest device with no error\n"
        out += "  " + line(header) + "\n"
        for row in rows { out += "  " + line(row) + "\n" }
        return out
    }
}
