import Foundation

/// The checkout the tests run in, found from this file's path (`Tests/TestSupport/`), so a
/// test reads the example layouts and the bundled fonts wherever the package is.
public enum PackageRoot {
    public static let url: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static var path: String { url.path }

    /// The bundled fonts, `Fonts/`.
    public static var fonts: String { url.appendingPathComponent("Fonts").path }
}
