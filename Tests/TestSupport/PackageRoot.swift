import Foundation

/// The checkout the tests run in, found from this file's path (`Tests/TestSupport/`), so a
/// test reads the example layouts and the bundled fonts wherever the package is.
public enum PackageRoot {
    public static let url: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static var path: String { url.path }

    /// The bundled fonts, `Fonts/`.
    public static var fonts: String { url.appendingPathComponent("Fonts").path }

    /// The shared corpus of real app files: `../shared/corpus` beside the package, or
    /// `BABELFIT_CORPUS` when set (see its SOURCES.md).
    public static var corpus: String {
        ProcessInfo.processInfo.environment["BABELFIT_CORPUS"]
            ?? url.deletingLastPathComponent().appendingPathComponent("shared/corpus").path
    }
}
