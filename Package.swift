// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "babelfit",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "babelfit", targets: ["babelfit"]),
        .library(name: "Babelfit", targets: ["Checks", "Render", "Text", "Cassowary", "Localization", "Layout", "InterfaceBuilder", "Reports", "Support"]),
        // `swift package babelfit check …`, in this package or one that depends on it.
        .plugin(name: "BabelfitPlugin", targets: ["BabelfitPlugin"]),
    ],
    targets: [
        // C libraries from Debian, reached as system-library targets.
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // jemalloc, the allocator of the babelfit executable (README, "Speed targets"): linked
        // into it, it serves every allocation of the process in place of glibc's malloc.
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        // ICU through a narrow C API whose public header includes no ICU header,
        // so ICU's declarations never meet the copy of ICU inside Foundation.
        .target(
            name: "CUnicode",
            linkerSettings: [
                .linkedLibrary("icui18n"),
                .linkedLibrary("icuuc"),
                .linkedLibrary("icudata"),
            ]
        ),
        // SHA-256 with the processor's SHA extensions, for the font checksums.
        .target(name: "CDigest"),
        .target(name: "Support", dependencies: ["CUnicode"]),
        .target(name: "Cassowary"),
        .target(name: "Localization", dependencies: ["CUnicode", "Support"]),
        .target(name: "Layout", dependencies: ["Cassowary", "Support"]),
        .target(name: "InterfaceBuilder", dependencies: ["Layout", "Support"]),
        .target(name: "Text", dependencies: ["CDigest", "CFreeType", "CHarfBuzz", "CUnicode", "Support"]),
        .target(name: "Reports", dependencies: ["Support"]),
        .target(name: "Checks", dependencies: ["Text", "Layout", "InterfaceBuilder", "Localization", "Reports"]),
        // Draws a checked run with Cairo, from the glyph runs it was measured with.
        .target(name: "Render", dependencies: ["Checks", "Layout", "Support", "CCairo", "CZlib"]),
        .target(name: "BabelfitCLI", dependencies: ["Checks", "Render", "Text", "Cassowary", "Localization", "Layout", "InterfaceBuilder", "Reports", "Support"]),
        .executableTarget(name: "babelfit", dependencies: ["BabelfitCLI", "CJemalloc"]),
        .executableTarget(name: "babelfit-bench", dependencies: ["Text", "Cassowary", "Checks", "Render", "Reports", "CHarfBuzz"]),
        .plugin(
            name: "BabelfitPlugin",
            capability: .command(
                intent: .custom(verb: "babelfit", description: "Check that every screen fits and mirrors in every language"),
                permissions: [.writeToPackageDirectory(reason: "babelfit writes the reports it is asked for (--output, --html, --write-baseline)")]
            ),
            dependencies: ["babelfit"]
        ),

        // Helpers the test targets share (the package root); only test targets depend on it.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "TextTests", dependencies: ["Text", "Support", "TestSupport", "CUnicode", "Localization"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "Support"]),
        .testTarget(name: "InterfaceBuilderTests", dependencies: ["InterfaceBuilder", "Checks", "TestSupport"]),
        .testTarget(name: "ChecksTests", dependencies: ["Checks", "TestSupport"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "CCairo", "CZlib", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "BabelfitCLITests", dependencies: ["BabelfitCLI", "Text", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
