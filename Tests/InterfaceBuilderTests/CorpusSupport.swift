import Foundation
import InterfaceBuilder
import Layout
import TestSupport
import XCTest

/// The shared corpus of real Interface Builder files (`../shared/corpus/ib`, beside the
/// checkout), described in its SOURCES.md.
enum Corpus {
    static let root = PackageRoot.url.deletingLastPathComponent().appendingPathComponent("shared/corpus").path
    static let ib = (root as NSString).appendingPathComponent("ib")
    static let onionAssets = (root as NSString).appendingPathComponent("assets/OnionBrowser__OnionBrowser/Resources/Media.xcassets")

    /// A corpus file by its path below `ib/`; fails the test when it is missing.
    static func path(_ relative: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let path = (ib as NSString).appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail("the corpus file \(path) is missing", file: file, line: line)
            throw CorpusMissing(path: path)
        }
        return path
    }

    /// Every storyboard and XIB of the corpus, sorted by path below `ib/`.
    static func interfaceFiles() throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: ib) else { throw CorpusMissing(path: ib) }
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

struct CorpusMissing: Error {
    let path: String
}
