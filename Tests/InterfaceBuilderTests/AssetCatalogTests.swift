import Foundation
@testable import InterfaceBuilder
import Layout
import XCTest

/// Asset catalogs: image sizes from the files of each scale (or a vector's own size) and the
/// language direction, on OnionBrowser's catalog (`../shared/corpus/assets`) and on small
/// catalogs written by the tests.
final class AssetCatalogTests: XCTestCase {
    func testOnionBrowsersCatalog() throws {
        guard FileManager.default.fileExists(atPath: Corpus.onionAssets) else {
            return XCTFail("the corpus catalog \(Corpus.onionAssets) is missing")
        }
        let catalog = AssetCatalog(path: Corpus.onionAssets)
        XCTAssertEqual(catalog.problems, [])
        XCTAssertEqual(catalog.images.count, 30)
        func image(_ name: String) throws -> AssetCatalog.Image { try XCTUnwrap(catalog.image(named: name), name) }
        // Vector images: the PDF's MediaBox, in points.
        XCTAssertEqual(try image("back").size, Size(width: 10.5, height: 18.75))
        XCTAssertEqual(try image("back").direction, .both, "back.pdf left-to-right, forward.pdf right-to-left")
        XCTAssertEqual(try image("forward").direction, .both)
        XCTAssertEqual(try image("tabs").direction, .leftToRight)
        XCTAssertTrue(try image("tabs").direction.mirrorsInRTL)
        XCTAssertEqual(try image("gear").size, Size(width: 20, height: 20))
        XCTAssertEqual(try image("gear").direction, .fixed)
        XCTAssertFalse(try image("gear").direction.mirrorsInRTL)
        XCTAssertEqual(try image("people").size, Size(width: 1080, height: 1284), "in a group without a namespace")
        // Bitmaps: the largest scale's pixels over its scale.
        XCTAssertEqual(try image("check").size, Size(width: 37, height: 37), "Checkmark@3x.png, 111 px at 3x")
        XCTAssertEqual(try image("check").direction, .leftToRight)
        XCTAssertEqual(try image("reload").size, Size(width: 29, height: 29), "the 3x slot has no file: refresh.png, 58 px at 2x")
        XCTAssertEqual(try image("icon-orbot").size?.width ?? 0, 256.0 / 3, accuracy: 1e-9, "Icon-256.png in the 3x slot")
        XCTAssertEqual(try image("icon-onion-browser").size, Size(width: 64, height: 64),
                       "its 3x file is not in the corpus: the 2x one")
        XCTAssertEqual(try image("close").size, Size(width: 35, height: 35), "no scale: 1x, whatever the file's name says")
        XCTAssertNil(try image("logo").size, "its PDF is not in the corpus")
    }

    func testWrittenCatalog() throws {
        let root = try temporaryFolder()
        let catalog = (root as NSString).appendingPathComponent("Assets.xcassets")
        try write("Assets.xcassets/Contents.json", in: root, #"{ "info" : { "version" : 1, "author" : "xcode" } }"#)
        try write("Assets.xcassets/Icons/Contents.json", in: root, #"{ "properties" : { "provides-namespace" : true } }"#)
        try write("Assets.xcassets/Icons/arrow.imageset/Contents.json", in: root, """
            { "images" : [ { "idiom" : "universal", "filename" : "arrow.svg", "language-direction" : "right-to-left" } ] }
            """)
        try write("Assets.xcassets/Icons/arrow.imageset/arrow.svg", in: root,
                  #"<svg xmlns="http://www.w3.org/2000/svg" width="24px" height="12" viewBox="0 0 48 24"/>"#)
        try write("Assets.xcassets/box.imageset/Contents.json", in: root, """
            { "images" : [ { "idiom" : "ipad", "filename" : "big.png", "scale" : "2x" },
                           { "idiom" : "universal", "filename" : "small.png", "scale" : "2x" },
                           { "idiom" : "universal", "filename" : "box.svg" } ] }
            """)
        try writePNG("Assets.xcassets/box.imageset/big.png", in: root, width: 400, height: 400)
        try writePNG("Assets.xcassets/box.imageset/small.png", in: root, width: 40, height: 30)
        try write("Assets.xcassets/viewbox.imageset/Contents.json", in: root,
                  #"{ "images" : [ { "idiom" : "universal", "filename" : "v.svg" } ] }"#)
        try write("Assets.xcassets/viewbox.imageset/v.svg", in: root, #"<svg width="100%" viewBox="0 0 30 10"></svg>"#)
        try write("Assets.xcassets/broken.imageset/Contents.json", in: root, "{ \"images\" : [\n  { \"idiom\" : } ] }")

        let read = AssetCatalog(path: catalog)
        XCTAssertEqual(read.images.keys.sorted(), ["Icons/arrow", "box", "broken", "viewbox"])
        XCTAssertEqual(read.image(named: "Icons/arrow")?.size, Size(width: 24, height: 12), "width and height win over viewBox")
        XCTAssertEqual(read.image(named: "Icons/arrow")?.direction, .rightToLeft)
        XCTAssertEqual(read.image(named: "Icons/arrow")?.direction.mirrorsInRTL, false)
        XCTAssertEqual(read.image(named: "box")?.size, Size(width: 20, height: 15), "the universal 2x file before the iPad's")
        XCTAssertEqual(read.image(named: "viewbox")?.size, Size(width: 30, height: 10))
        XCTAssertNil(read.image(named: "broken")?.size)
        XCTAssertEqual(read.problems.map(\.line), [2])
        XCTAssertEqual(AssetCatalog.catalogs(below: root).map(\.path), [catalog])
    }

    /// A storyboard in an Xcode project finds the project's catalogs: its image takes the
    /// catalog's size and direction over the size the file recorded.
    func testReaderFindsTheProjectsCatalogs() throws {
        let root = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: (root as NSString).appendingPathComponent("App.xcodeproj"),
                                                withIntermediateDirectories: true)
        try write("App/Assets.xcassets/chevron.imageset/Contents.json", in: root, """
            { "images" : [ { "idiom" : "universal", "filename" : "c.png", "scale" : "3x", "language-direction" : "left-to-right" } ] }
            """)
        try writePNG("App/Assets.xcassets/chevron.imageset/c.png", in: root, width: 24, height: 42)
        try write("App/Base.lproj/Main.xib", in: root, """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                <device id="retina6_12" orientation="portrait"/>
                <objects>
                    <view id="root"><rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                        <subviews>
                            <imageView image="chevron" translatesAutoresizingMaskIntoConstraints="NO" id="image"><rect key="frame" x="0.0" y="0.0" width="8" height="14"/></imageView>
                        </subviews>
                    </view>
                </objects>
                <resources><image name="chevron" width="99" height="99"/></resources>
            </document>
            """)
        let path = (root as NSString).appendingPathComponent("App/Base.lproj/Main.xib")
        let found = try StoryboardReader().read(path: path)
        XCTAssertEqual(found.first?.view("image")?.kind, .image(ImageSpec(size: Size(width: 8, height: 14), mirrorsInRTL: true)))
        XCTAssertNil(found.first?.environment, "a screen-sized top-level view is the screen")
        let alone = try StoryboardReader(findsAssetCatalogs: false).read(path: path)
        XCTAssertEqual(alone.first?.view("image")?.kind, .image(ImageSpec(size: Size(width: 99, height: 99))),
                       "without the catalog: the size the file recorded")
    }

    func testPDFBoxes() {
        XCTAssertEqual(VectorImageSize.pdf(Array("%PDF-1.4\n/MediaBox [0 0 612 792] /CropBox [ 10 10 110 60 ]".utf8)),
                       Size(width: 100, height: 50), "the CropBox where there is one")
        XCTAssertEqual(VectorImageSize.pdf(Array("%PDF-1.4\n/MediaBox [0 0 20 40]\n/Rotate 90".utf8)),
                       Size(width: 40, height: 20), "turned by /Rotate")
        XCTAssertNil(VectorImageSize.pdf(Array("%PDF-1.5 compressed objects only".utf8)))
    }

    // MARK: Files

    private func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-assets-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }

    private func write(_ relative: String, in root: String, _ text: String) throws {
        try write(relative, in: root, Data(text.utf8))
    }

    private func write(_ relative: String, in root: String, _ data: Data) throws {
        let path = (root as NSString).appendingPathComponent(relative)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
    }

    /// A PNG signature and IHDR chunk: all that an image size is read from.
    private func writePNG(_ relative: String, in root: String, width: UInt32, height: UInt32) throws {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for value in [width, height] { bytes += (0..<4).map { UInt8((value >> (24 - 8 * UInt32($0))) & 0xFF) } }
        bytes += [8, 6, 0, 0, 0]
        try write(relative, in: root, Data(bytes))
    }
}
