import Foundation
import InterfaceBuilder
import Layout
import XCTest

/// What the reader cannot represent becomes a warning, once per kind and file, at its first
/// place; nothing in a file makes it crash, and what is not an iOS IB document is an error.
final class WarningsTests: XCTestCase {
    /// The corpus's warnings, grouped by what they are about (counted over the 16 files):
    /// view classes the model lacks, custom classes, approximated attributes, size classes
    /// and simulated bars, and constraints that name something the scene lacks.
    func testCorpusWarnings() throws {
        var byKind: [String: Int] = [:]
        var places: [String: [String]] = [:]
        for relative in try Corpus.interfaceFiles() {
            let file = try Corpus.read(relative)
            let pairs = file.warnings.map { "\($0.element): \($0.message)" }
            XCTAssertEqual(Set(pairs).count, pairs.count, "\(relative): each warning once")
            XCTAssertEqual(file.documents.flatMap(\.warnings), file.warnings.map(\.layoutWarning),
                           "\(relative): every warning goes with one of the file's layouts")
            for warning in file.warnings {
                let kind: String
                switch warning.message {
                case let message where message.contains("custom class"): kind = "custom class"
                case let message where message.contains("laid out as a plain view"): kind = "<\(warning.element)> as a plain view"
                default: kind = warning.message.components(separatedBy: CharacterSet(charactersIn: ":(")).first ?? warning.message
                }
                byKind[kind, default: 0] += 1
                places[kind, default: []].append("\((relative as NSString).lastPathComponent):\(warning.line)")
            }
        }
        XCTAssertEqual(byKind["custom class"], 45)
        XCTAssertEqual(byKind["<tableView> as a plain view"], 8)
        XCTAssertEqual(byKind["<textView> as a plain view"], 4)
        XCTAssertEqual(byKind["<collectionView> as a plain view"], 3)
        // Scroll views and controls are in the layout model: no notes for them, except that a
        // segmented control's titles are not measured.
        for control in ["scrollView", "switch", "progressView", "activityIndicatorView", "segmentedControl"] {
            XCTAssertNil(byKind["<\(control)> as a plain view"], control)
        }
        XCTAssertEqual(places["the segments' titles are not measured"],
                       ["UserSettings.storyboard:356", "WalletTab.storyboard:361", "MainStoryboard.storyboard:245"])
        XCTAssertEqual(places["borderStyle none is laid out with the rounded-rect border's 7 pt above and below the text"],
                       ["LTFlow.storyboard:400", "UserSettings.storyboard:867", "BrowsingViewController.xib:67", "ItemDetail.storyboard:65"])
        XCTAssertEqual(places["font weight heavy is measured as bold"], ["UserSettings.storyboard:530"])
        XCTAssertEqual(places["font weight light is measured as regular"], ["Main.storyboard:279"])
        XCTAssertEqual(places["attributed text is measured as plain text in the view's font, and is not localized"], ["Settings.storyboard:737"])
        XCTAssertEqual(places["preferredMaxLayoutWidth is not modelled"], ["MainStoryboard.storyboard:835"])
        XCTAssertEqual(places["a constraint names 'YaD-WB-pbb', which is no view or guide of this scene; it is left out"],
                       ["ItemDetail.storyboard:141"])
        XCTAssertEqual(places["size-class variations are resolved for the design device "]?.count, 4)
        XCTAssertEqual(places["a navigationController has no view of its own to lay out"]?.count, 4)
    }

    /// A hand-written XIB with what the model lacks: every kind of thing is read or warned
    /// about, and nothing crashes.
    func testUnsupportedThingsAreWarnings() throws {
        let file = try read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" useAutolayout="YES">
                <device id="retina9_9" orientation="portrait"/>
                <objects>
                    <view contentMode="scaleToFill" id="cell" userLabel="Row">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                        <subviews>
                            <switch opaque="NO" translatesAutoresizingMaskIntoConstraints="NO" id="s1"><rect key="frame" x="10" y="6" width="51" height="31"/></switch>
                            <switch translatesAutoresizingMaskIntoConstraints="NO" id="s2"><rect key="frame" x="70" y="6" width="51" height="31"/></switch>
                            <fancyView translatesAutoresizingMaskIntoConstraints="NO" id="f1"><rect key="frame" x="0.0" y="0.0" width="10" height="10"/></fancyView>
                            <label text="[Greeting]" textAlignment="natural" translatesAutoresizingMaskIntoConstraints="NO" id="l1">
                                <rect key="frame" x="130" y="10" width="100" height="20"/>
                                <fontDescription key="fontDescription" type="system" weight="ultraLight" pointSize="13"/>
                            </label>
                            <label text="Plain" translatesAutoresizingMaskIntoConstraints="NO" id="l2"><rect key="frame" x="130" y="10" width="100" height="20"/>
                                <fontDescription key="fontDescription" name=".SFUI-Semibold" family=".AppleSystemUIFont" pointSize="13"/></label>
                            <label text="Custom" translatesAutoresizingMaskIntoConstraints="NO" id="l3"><rect key="frame" x="130" y="10" width="100" height="20"/>
                                <fontDescription key="fontDescription" name="Avenir-HeavyOblique" family="Avenir" pointSize="16"/></label>
                            <imageView image="nowhere" translatesAutoresizingMaskIntoConstraints="NO" id="i1"><rect key="frame" x="250" y="10" width="20" height="20"/></imageView>
                            <stackView layoutMarginsRelativeArrangement="YES" translatesAutoresizingMaskIntoConstraints="NO" id="k1"><rect key="frame" x="280" y="0.0" width="40" height="44"/></stackView>
                        </subviews>
                        <constraints>
                            <constraint firstItem="s1" firstAttribute="fooAttribute" secondItem="s2" secondAttribute="leading" id="c1"/>
                            <constraint firstItem="s1" firstAttribute="leading" secondItem="zzz" secondAttribute="leading" id="c2"/>
                            <constraint firstItem="s1" firstAttribute="centerY" secondAttribute="centerY" id="c3"/>
                            <constraint firstItem="l1" firstAttribute="leading" secondAttribute="leftMargin" id="c4"/>
                            <constraint firstItem="l1" firstAttribute="width" relation="lessThanOrEqual" constant="200" id="c5"/>
                        </constraints>
                    </view>
                </objects>
            </document>
            """)
        XCTAssertNil(file.designDevice)
        let document = try XCTUnwrap(file.documents.first)
        XCTAssertEqual(document.name, "Test/Row")
        XCTAssertEqual(document.environment, LayoutEnvironment(
            width: 320, height: 44, safeArea: PartialEdgeInsets(top: 0, left: 0, bottom: 0, right: 0),
            margins: DirectionalInsets(all: 8)), "a small top-level view is laid out at its own size")
        XCTAssertEqual(document.view("s1")?.kind, .control(ControlSpec(.switch)))
        XCTAssertEqual(document.view("f1")?.kind, .view)
        XCTAssertEqual(document.view("i1")?.kind, .view, "an image of unknown size has no intrinsic size")
        XCTAssertEqual(document.view("l1")?.kind.text, .localized(LocalizedText(key: "Greeting")), "a bracketed key")
        XCTAssertEqual(document.view("l1")?.kind.font, .family(SystemFont.name, size: 13, weight: .regular))
        XCTAssertEqual(document.view("l1")?.kind.textAlignment, .natural)
        XCTAssertEqual(document.view("l2")?.kind.font, .family(SystemFont.name, size: 13, weight: .semibold))
        XCTAssertEqual(document.view("l2")?.kind.textAlignment, .left, "IB leaves out the archived default, left")
        XCTAssertEqual(document.view("l3")?.kind.font, .family("Avenir", size: 16, weight: .bold))
        let descriptions = document.constraints.map(\.description)
        XCTAssertTrue(descriptions.contains("s1.centerY == cell.centerY"), "secondItem left out: the holder")
        XCTAssertTrue(descriptions.contains("l1.leading == cell.layoutMargins.left"), "leftMargin through the margins guide")
        XCTAssertTrue(descriptions.contains("cell.layoutMargins.leading == cell.leadingMargin"))
        XCTAssertTrue(descriptions.contains("l1.width <= 200"))
        XCTAssertEqual(document.view("cell.layoutMargins")?.hidden, true)
        XCTAssertEqual(file.warnings.map { "\($0.line) <\($0.element)> \($0.message)" }, [
            "3 <device> design device 'retina9_9' is not one babelfit knows (\(InterfaceBuilderDevice.ids.joined(separator: ", "))); it is not recorded",
            "10 <fancyView> is laid out as a plain view: babelfit's layout model has no fancyView (no intrinsic size)",
            "13 <fontDescription> font weight ultraLight is measured as regular",
            "18 <fontDescription> italic font Avenir-HeavyOblique is measured upright",
            "18 <fontDescription> font weight heavy is measured as bold",
            "19 <imageView> image 'nowhere' has no known size (not in the asset catalogs nor in the file's resources): it is laid out without one",
            "23 <constraint> attribute fooAttribute is not one babelfit knows; the constraint is left out",
            "24 <constraint> a constraint names 'zzz', which is no view or guide of this scene; it is left out",
        ])
    }

    func testWhatIsNotAnIOSDocumentIsAnError() throws {
        XCTAssertThrowsError(try read("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">\n  <objects>\n</document>")) { error in
            let failure = error as? LayoutDecodingError
            XCTAssertEqual(failure?.line, 3)
            XCTAssertEqual(failure?.message, "</document> does not close <objects>")
        }
        XCTAssertThrowsError(try read("<plist version=\"1.0\"><dict/></plist>")) { error in
            XCTAssertEqual((error as? LayoutDecodingError)?.message, "not an iOS Interface Builder document: a <plist> document")
        }
        XCTAssertThrowsError(try read("<document type=\"com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB\"/>")) { error in
            XCTAssertEqual((error as? LayoutDecodingError)?.message,
                           "not an iOS Interface Builder document: a com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB document")
        }
        XCTAssertThrowsError(try StoryboardReader().read(path: "/nonexistent/Missing.storyboard")) { error in
            XCTAssertEqual((error as? LayoutDecodingError)?.file, "/nonexistent/Missing.storyboard")
        }
    }

    /// Reads XML written to `Test.xib` in a fresh folder.
    /// A custom class's placeholder intrinsic size (Interface Builder's Size inspector) is the
    /// view's intrinsic size; `infinite` is none on that axis.
    func testAPlaceholderIntrinsicSize() throws {
        let file = try read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" useAutolayout="YES">
                <device id="retina6_12" orientation="portrait"/>
                <objects>
                    <view contentMode="scaleToFill" id="top" userLabel="Card">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="200"/>
                        <subviews>
                            <view contentMode="scaleToFill" placeholderIntrinsicWidth="120" placeholderIntrinsicHeight="44" translatesAutoresizingMaskIntoConstraints="NO" id="chart" customClass="ChartView">
                                <rect key="frame" x="0.0" y="0.0" width="120" height="44"/>
                            </view>
                            <view contentMode="scaleToFill" placeholderIntrinsicWidth="infinite" placeholderIntrinsicHeight="30" translatesAutoresizingMaskIntoConstraints="NO" id="bar" customClass="BarView">
                                <rect key="frame" x="0.0" y="50" width="393" height="30"/>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="chart" firstAttribute="leading" secondItem="top" secondAttribute="leading" id="c1"/>
                            <constraint firstItem="chart" firstAttribute="top" secondItem="top" secondAttribute="top" id="c2"/>
                            <constraint firstItem="bar" firstAttribute="leading" secondItem="top" secondAttribute="leading" id="c3"/>
                            <constraint firstItem="bar" firstAttribute="trailing" secondItem="top" secondAttribute="trailing" id="c4"/>
                            <constraint firstItem="bar" firstAttribute="top" secondItem="chart" secondAttribute="bottom" constant="6" id="c5"/>
                        </constraints>
                    </view>
                </objects>
            </document>
            """)
        let document = try XCTUnwrap(file.documents.first)
        XCTAssertEqual(document.view("chart")?.intrinsicContentSize, ContentSizeHint(width: 120, height: 44))
        XCTAssertEqual(document.view("bar")?.intrinsicContentSize, ContentSizeHint(width: nil, height: 30))
        XCTAssertNil(document.view("top")?.intrinsicContentSize)
    }

    /// Numbers Xcode never writes (`nan`, `inf`, `1e300`, a font named `-`) are read as absent
    /// or clamped, never trapped on: each of these once stopped the storyboard fuzz harness.
    func testNumbersNoXcodeWritesAreReadWithoutATrap() throws {
        let file = try read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" useAutolayout="YES">
                <objects>
                    <view contentMode="scaleToFill" id="top">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="200"/>
                        <subviews>
                            <label text="A" numberOfLines="99999999999999999999" horizontalHuggingPriority="nan" verticalHuggingPriority="1e300" horizontalCompressionResistancePriority="-1e300" translatesAutoresizingMaskIntoConstraints="NO" id="l1">
                                <rect key="frame" x="0.0" y="0.0" width="10" height="20"/>
                                <fontDescription key="fontDescription" name="-" family="Avenir" pointSize="inf"/>
                            </label>
                            <button title="B" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="b1">
                                <rect key="frame" x="0.0" y="50" width="10" height="20"/>
                                <userDefinedRuntimeAttributes>
                                    <userDefinedRuntimeAttribute type="number" keyPath="titleLabel.numberOfLines" value="1e300"/>
                                </userDefinedRuntimeAttributes>
                            </button>
                            <view placeholderIntrinsicWidth="inf" placeholderIntrinsicHeight="12" translatesAutoresizingMaskIntoConstraints="NO" id="v1">
                                <rect key="frame" x="nan" y="0.0" width="10" height="12"/>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="l1" firstAttribute="leading" secondItem="top" secondAttribute="leading" priority="nan" id="c1"/>
                            <constraint firstItem="l1" firstAttribute="top" secondItem="top" secondAttribute="top" priority="1e300" constant="inf" id="c2"/>
                            <constraint firstItem="b1" firstAttribute="width" secondItem="l1" secondAttribute="width" multiplier="inf:1" priority="-1e300" id="c3"/>
                            <constraint firstItem="v1" firstAttribute="height" secondItem="l1" secondAttribute="height" multiplier="nan" id="c4"/>
                        </constraints>
                    </view>
                </objects>
            </document>
            """)
        let document = try XCTUnwrap(file.documents.first)
        let label = try XCTUnwrap(document.view("l1"))
        XCTAssertEqual(label.hugging, AxisPriorities(horizontal: 250, vertical: 1000), "nan is UIKit's default; 1e300 is at most required")
        XCTAssertEqual(label.compressionResistance.horizontal, 1, "a priority is at least 1")
        XCTAssertEqual(label.kind.font, .family("Avenir", size: 17, weight: .regular), "no style after the hyphen; size inf is none")
        XCTAssertEqual(label.kind.wrapping?.lines, 1_000_000, "a count of lines beyond any screen's")
        XCTAssertEqual(document.view("b1")?.kind.wrapping?.lines, 1_000_000)
        XCTAssertEqual(document.view("v1")?.intrinsicContentSize, ContentSizeHint(width: nil, height: 12))
        let descriptions = document.constraints.map(\.description)
        for expected in ["l1.leading == top.leading", "l1.top == top.top", "b1.width == l1.width @1", "v1.height == l1.height"] {
            XCTAssertTrue(descriptions.contains(expected), "\(expected) in \(descriptions)")
        }
    }

    private func read(_ xml: String) throws -> InterfaceBuilderFile {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-ib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Test.xib").path
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        return try StoryboardReader(findsAssetCatalogs: false).readFile(path: path)
    }
}
