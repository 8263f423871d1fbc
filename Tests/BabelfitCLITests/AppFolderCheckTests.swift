import Foundation
import XCTest

/// `check` on app folders as a team has them: several apps in one call (each in its own
/// languages), `design` devices, devices a configuration defines, a storyboard's per-language
/// copies, and what the storyboard reader approximates, in the reports.
final class AppFolderCheckTests: FolderTestCase {
    /// A one-label layout whose text is the key `Title`.
    static let titleLayout = """
        { "root": { "id": "root", "type": "view", "subviews": [ { "id": "title", "type": "label", "text": "[Title]" } ] },
          "constraints": [ "title.leading == root.leadingMargin", "title.top == root.safeTop" ] }
        """

    /// A storyboard drawn on an iPhone 15 (`retina6_12`): a label with a user label, 60 pt wide,
    /// and a date picker (a class babelfit lays out as a plain view, with a note).
    static func storyboard(text: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="vc1-aa-bbb">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <scenes>
                <scene sceneID="sc1-aa-bbb">
                    <objects>
                        <viewController storyboardIdentifier="Greeting" id="vc1-aa-bbb" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="rt1-aa-bbb">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <subviews>
                                    <label opaque="NO" text="\(text)" translatesAutoresizingMaskIntoConstraints="NO" id="lb1-aa-bbb" userLabel="Title Label">
                                        <rect key="frame" x="16" y="100" width="60" height="21"/>
                                        <constraints>
                                            <constraint firstAttribute="width" constant="60" id="cw1-aa-bbb"/>
                                        </constraints>
                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                    </label>
                                    <datePicker contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="dp1-aa-bbb">
                                        <rect key="frame" x="16" y="200" width="320" height="50"/>
                                    </datePicker>
                                </subviews>
                                <viewLayoutGuide key="safeArea" id="sa1-aa-bbb"/>
                                <constraints>
                                    <constraint firstItem="lb1-aa-bbb" firstAttribute="leading" secondItem="sa1-aa-bbb" secondAttribute="leading" constant="16" id="cl1-aa-bbb"/>
                                    <constraint firstItem="lb1-aa-bbb" firstAttribute="top" secondItem="sa1-aa-bbb" secondAttribute="top" constant="41" id="ct1-aa-bbb"/>
                                    <constraint firstItem="dp1-aa-bbb" firstAttribute="leading" secondItem="sa1-aa-bbb" secondAttribute="leading" constant="16" id="cl2-aa-bbb"/>
                                    <constraint firstItem="dp1-aa-bbb" firstAttribute="top" secondItem="lb1-aa-bbb" secondAttribute="bottom" constant="79" id="ct2-aa-bbb"/>
                                    <constraint firstItem="dp1-aa-bbb" firstAttribute="width" constant="320" id="cw2-aa-bbb"/>
                                    <constraint firstItem="dp1-aa-bbb" firstAttribute="height" constant="50" id="ch2-aa-bbb"/>
                                </constraints>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
    }

    func json(_ output: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], output)
    }

    func runs(_ report: [String: Any]) -> [[String: Any]] { report["runs"] as? [[String: Any]] ?? [] }

    func testTwoAppsAreEachLaidOutInTheirOwnLanguages() throws {
        try write("Shop/Layouts/Cart.json", Self.titleLayout)
        try write("Shop/Layouts/en.lproj/Localizable.strings", "\"Title\" = \"Cart\";")
        try write("Shop/Layouts/fr.lproj/Localizable.strings", "\"Title\" = \"Panier\";")
        try write("Notes/Layouts/List.json", Self.titleLayout)
        try write("Notes/Layouts/en.lproj/Localizable.strings", "\"Title\" = \"Notes\";")
        try write("Notes/Layouts/de.lproj/Localizable.strings", "\"Title\" = \"Notizen\";")
        try write("Notes/Layouts/ja.lproj/Localizable.strings", "\"Title\" = \"メモ\";")
        let output = try Binary.run(["check", "Shop", "Notes", "--devices", "iPhone 15", "--format", "json"], in: folder)
        XCTAssertEqual(output.status, 0, output.stderr + output.stdout)
        let report = try json(output.stdout)
        let languages = Dictionary(grouping: runs(report)) { $0["layout"] as? String ?? "" }
            .mapValues { $0.compactMap { $0["language"] as? String } }
        XCTAssertEqual(languages["Cart"], ["en", "fr"])
        XCTAssertEqual(languages["List"], ["en", "de", "ja"])
        // No run of one app is reported as missing the other's translations.
        XCTAssertEqual(runs(report).flatMap { $0["findings"] as? [Any] ?? [] }.count, 0)
    }

    func testCheckWithoutAPathChecksTheCurrentFolderAsAProject() throws {
        try write("App/Base.lproj/Main.storyboard", Self.storyboard(text: "Hi"))
        try write("App/fr.lproj/Main.strings", "\"lb1-aa-bbb.text\" = \"Salut\";")
        let output = try Binary.run(["check", "--devices", "design", "--format", "json"], in: folder)
        XCTAssertEqual(output.status, 0, output.stderr + output.stdout)
        let report = try json(output.stdout)
        XCTAssertEqual(runs(report).map { "\($0["layout"]!) \($0["language"]!) \($0["device"]!)" },
                       ["Main/Greeting en iPhone 15", "Main/Greeting fr iPhone 15"])
    }

    func testDesignStandsForEachLayoutsDesignDevice() throws {
        try write("App/Main.storyboard", Self.storyboard(text: "Hi"))
        try write("App/Cart.json", Self.titleLayout)
        let output = try Binary.run(["check", "App", "--devices", "design,iPhone SE (3rd generation),iPhone 15", "--format", "json"],
                                    in: folder)
        XCTAssertEqual(output.status, 0, output.stderr + output.stdout)
        let devices = Dictionary(grouping: runs(try json(output.stdout))) { $0["layout"] as? String ?? "" }
            .mapValues { $0.compactMap { $0["device"] as? String } }
        // The storyboard's design device is an iPhone 15, listed once; a JSON layout has none,
        // so `design` stands for the four standard devices.
        XCTAssertEqual(devices["Main/Greeting"], ["iPhone 15", "iPhone SE (3rd generation)"])
        XCTAssertEqual(devices["Cart"], ["iPhone SE (3rd generation)", "iPhone 15", "iPhone 15 Pro Max", "iPad (10th generation)"])
        let unknown = try Binary.run(["check", "App", "--devices", "desing"], in: folder)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("unknown device 'desing'"), unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("and design (each layout's design device)"), unknown.stderr)
    }

    func testDevicesAConfigurationDefines() throws {
        try write("App/Cart.json", Self.titleLayout)
        try write("babelfit.json", """
            { "layouts": ["App"], "devices": ["Kiosk", "Kiosk landscape"],
              "customDevices": [ { "name": "Kiosk", "width": 600, "height": 1000, "scale": 1,
                                   "safeArea": { "top": 30 } } ] }
            """)
        let output = try Binary.run(["check", "--format", "json"], in: folder)
        XCTAssertEqual(output.status, 0, output.stderr + output.stdout)
        let all = runs(try json(output.stdout))
        XCTAssertEqual(all.compactMap { $0["device"] as? String }, ["Kiosk", "Kiosk landscape"])
        let title = (all[0]["views"] as? [[String: Any]])?.first { $0["id"] as? String == "title" }
        // The safe area's 30 pt top, and the 20 pt margins of a screen 400 pt wide or more.
        XCTAssertEqual((title?["frame"] as? [Double])?.prefix(2), [20, 30])
        let onCommandLine = try Binary.run(["check", "--devices", "Kiosk", "--format", "json"], in: folder)
        XCTAssertEqual(runs(try json(onCommandLine.stdout)).compactMap { $0["device"] as? String }, ["Kiosk"])

        for (config, message) in [
            (#"{ "customDevices": [ { "name": "Kiosk", "width": 0, "height": 10 } ] }"#,
             "babelfit.json:1:50: error: customDevices[0].width: expected a number from 1 to 100000"),
            (#"{ "customDevices": [ { "name": "design", "width": 10, "height": 10 } ] }"#,
             "babelfit.json:1:32: error: customDevices[0].name: 'design' is reserved (design, and names ending in landscape)"),
            (#"{ "customDevices": [ { "name": "K", "width": 10, "height": 10, "safeArea": { "top": 6, "bottom": 4 } } ] }"#,
             "babelfit.json:1:76: error: customDevices[0].safeArea: leaves no safe area on a 10 × 10 screen"),
            (#"{ "devices": ["Kiosk"] }"#, "babelfit.json:1:3: error: devices: unknown device 'Kiosk'"),
        ] {
            try write("babelfit.json", config)
            let bad = try Binary.run(["check", "App"], in: folder)
            XCTAssertEqual(bad.status, 2, config)
            XCTAssertTrue(bad.stderr.contains(message), "\(config)\n\(bad.stderr)")
        }
    }

    func testALanguagesOwnCopyOfAStoryboardIsUsedForIt() throws {
        try write("App/Base.lproj/Main.storyboard", Self.storyboard(text: "Hi"))
        try write("App/fr.lproj/Main.storyboard", Self.storyboard(text: "Bonjour à tous"))
        try write("App/de.lproj/Main.strings", "\"lb1-aa-bbb.text\" = \"Hallo\";")
        let output = try Binary.run(["check", "App", "--devices", "iPhone 15", "--languages", "en,fr,fr-CA,de", "--format", "json"],
                                    in: folder)
        XCTAssertEqual(output.status, 1, output.stderr + output.stdout)
        let all = runs(try json(output.stdout))
        XCTAssertEqual(all.map { "\($0["language"]!) \($0["file"]!)" }, [
            "en App/Base.lproj/Main.storyboard", "de App/Base.lproj/Main.storyboard",
            "fr App/fr.lproj/Main.storyboard", "fr-CA App/fr.lproj/Main.storyboard",
        ])
        func text(_ run: [String: Any]) -> String? {
            (run["views"] as? [[String: Any]])?.first { $0["id"] as? String == "lb1-aa-bbb" }?["text"] as? String
        }
        XCTAssertEqual(all.map(text), ["Hi", "Hallo", "Bonjour à tous", "Bonjour à tous"])
        // The French copy's text is French as written: no translation is missing for it, but it
        // does not fit the label's 60 pt.
        let french = all[2]["findings"] as? [[String: Any]] ?? []
        XCTAssertEqual(french.compactMap { $0["kind"] as? String }, ["truncated"])
    }

    func testReaderNotesAndUserLabelsInTheReports() throws {
        try write("App/Main.storyboard", Self.storyboard(text: "Hello everyone"))
        let text = try Binary.run(["check", "App", "--devices", "design", "--languages", "en"], in: folder)
        XCTAssertEqual(text.status, 1, text.stderr)
        XCTAssertTrue(text.stdout.contains("App/Main.storyboard:18: note: <datePicker> is laid out as a plain view: babelfit's layout model has no datePicker (no intrinsic size)"),
                      text.stdout)
        XCTAssertTrue(text.stdout.contains("App/Main.storyboard:11: error: lb1-aa-bbb (\"Title Label\") is truncated in en: needs"),
                      text.stdout)
        XCTAssertTrue(text.stdout.contains("reader note"), text.stdout)
        let json = try self.json(try Binary.run(["check", "App", "--devices", "design", "--languages", "en", "--format", "json"],
                                                in: folder).stdout)
        let notes = try XCTUnwrap(json["readerNotes"] as? [[String: Any]])
        XCTAssertTrue(notes.contains { $0["line"] as? Int == 18 && ($0["message"] as? String)?.hasPrefix("<datePicker>") == true },
                      "\(notes)")
        let sarif = try Binary.run(["check", "App", "--devices", "design", "--languages", "en", "--format", "sarif"], in: folder)
        XCTAssertTrue(sarif.stdout.contains("\"ruleId\": \"reader-note\""), sarif.stdout)
        XCTAssertTrue(sarif.stdout.contains("\"level\": \"note\""), sarif.stdout)
        let github = try Binary.run(["check", "App", "--devices", "design", "--languages", "en", "--format", "github"], in: folder)
        XCTAssertTrue(github.stdout.contains("::notice file=App/Main.storyboard,line=18,title=reader note::<datePicker>"), github.stdout)
    }
}
