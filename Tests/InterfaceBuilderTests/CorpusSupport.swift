import Foundation
import InterfaceBuilder
import Layout
import TestSupport
import XCTest

/// The shared corpus of real Interface Builder files and an asset catalog: `../shared/corpus`
/// beside the package (or `BABELFIT_CORPUS` when set), described in its SOURCES.md. A test
/// that needs it fails, loudly, when it is missing.
enum Corpus {
    static let root = PackageRoot.corpus
    static let ib = (root as NSString).appendingPathComponent("ib")
    static let onionAssets = (root as NSString).appendingPathComponent("assets/OnionBrowser__OnionBrowser/Resources/Media.xcassets")

    /// A corpus file by its path below `ib/`; fails the test when it is missing.
    static func path(_ relative: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try PackageRoot.corpusFile(relative, below: "ib", file: file, line: line)
    }

    /// Every storyboard and XIB of the corpus, sorted by path below `ib/`.
    static func interfaceFiles() throws -> [String] {
        guard FileManager.default.fileExists(atPath: ib), let enumerator = FileManager.default.enumerator(atPath: ib) else {
            XCTFail(CorpusMissing(path: ib).description)
            throw CorpusMissing(path: ib)
        }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".storyboard") || relative.hasSuffix(".xib") { found.append(relative) }
        }
        return found.sorted()
    }

    /// Reads a corpus file, with the OnionBrowser asset catalog for the OnionBrowser XIBs.
    static func read(_ relative: String, file: StaticString = #filePath, line: UInt = #line) throws -> InterfaceBuilderFile {
        let catalogs = relative.hasPrefix("OnionBrowser") ? [AssetCatalog(path: onionAssets)] : []
        return try StoryboardReader(assetCatalogs: catalogs, findsAssetCatalogs: false)
            .readFile(path: try path(relative, file: file, line: line))
    }
}
