import Foundation
import InterfaceBuilder
import Layout
import XCTest

/// Reading the corpus's storyboards and XIBs (`../shared/corpus/ib`, see its SOURCES.md) into
/// the layout model: documents, views, constraints and design devices, with concrete values
/// checked against the files.
final class StoryboardReaderTests: XCTestCase {
    /// Every corpus file reads without an error, into the documents listed here: one per
    /// scene with a view (a storyboard) or per top-level view (a XIB), views counted with
    /// the root and guide helpers, and constraints as read (written ones that are installed
    /// for the design device, plus those that place frame-based views and pin guide helpers).
    func testEveryCorpusFileReads() throws {
        let expected: [String: (device: String, documents: [String: (views: Int, constraints: Int)])] = [
            "Blockstream__green_ios/gaios/LTFlow/LTFlow.storyboard": ("iPhone 16 Pro", [
                "LTFlow/LTSuccessViewController": (13, 35), "LTFlow/LTAuthViewController": (11, 18),
                "LTFlow/LTConfirmingViewController": (10, 27), "LTFlow/LTRedeemViewController": (28, 101),
                "LTFlow/LTWithdrawViewController": (27, 74), "LTFlow/LTExportJadeViewController": (10, 33),
                "LTFlow/LTCreateViewController": (17, 31), "LTFlow/LTDetailsViewController": (5, 15),
            ]),
            "LoopKit__Loop/Loop/Base.lproj/Main.storyboard": ("iPhone SE (3rd generation)", [
                "Main/PredictionTableViewController": (14, 49), "Main/CarbAbsorptionViewController": (40, 61),
                "Main/MainStatusViewController": (21, 75),
            ]),
            "bryceco__GoMap/src/iOS/Direction/Base.lproj/DirectionViewController.xib": ("iPhone 11 Pro", [
                "DirectionViewController/i5M-Pr-FkT": (7, 17),
            ]),
            "mozilla-lockwise__lockwise-ios/lockbox-ios/Storyboard/Base.lproj/ItemDetail.storyboard": ("iPhone 11 Pro Max", [
                "ItemDetail/itemdetailview": (11, 33),
            ]),
        ]
        let files = try Corpus.interfaceFiles()
        XCTAssertEqual(files.count, 16, "the corpus's storyboards and XIBs")
        var documents = 0, views = 0, constraints = 0
        for relative in files {
            let file = try Corpus.read(relative)
            XCTAssertFalse(file.documents.isEmpty, relative)
            XCTAssertNotNil(file.designDevice, "\(relative): every corpus file names a device babelfit knows")
            for document in file.documents {
                XCTAssertEqual(document.designDevice, file.designDevice)
                XCTAssertTrue(document.name.hasPrefix(((relative as NSString).lastPathComponent as NSString).deletingPathExtension + "/"))
                XCTAssertEqual(Set(document.allViews.map(\.id)).count, document.allViews.count, "\(document.name): ids are unique")
                documents += 1
                views += document.allViews.count
                constraints += document.constraints.count
            }
            XCTAssertEqual(Set(file.documents.map(\.name)).count, file.documents.count, "\(relative): names are unique")
            guard let want = expected[relative] else { continue }
            XCTAssertEqual(file.designDevice?.name, want.device, relative)
            let got = Dictionary(uniqueKeysWithValues: file.documents.map { ($0.name, ($0.allViews.count, $0.constraints.count)) })
            XCTAssertEqual(got.keys.sorted(), want.documents.keys.sorted(), relative)
            for (name, counts) in want.documents {
                XCTAssertEqual(got[name]?.0, counts.views, "\(name) views")
                XCTAssertEqual(got[name]?.1, counts.constraints, "\(name) constraints")
            }
        }
        XCTAssertEqual(documents, 55)
        XCTAssertEqual(views, 751)
        XCTAssertEqual(constraints, 2102)
    }

    /// Lockwise's item detail: a table view (a plain view) whose footer, prototype cell and
    /// the cell's content view are placed by their frames; labels, buttons and a text field
    /// with IB's keys; constraints whose first item is the view that holds them.
    func testItemDetail() throws {
        let file = try Corpus.read("mozilla-lockwise__lockwise-ios/lockbox-ios/Storyboard/Base.lproj/ItemDetail.storyboard")
        let document = try XCTUnwrap(file.documents.first)
        XCTAssertEqual(document.name, "ItemDetail/itemdetailview")
        XCTAssertEqual(document.table, "Localizable", "bracketed texts resolve in Localizable, as in JSON layouts")
        let device = try XCTUnwrap(document.designDevice)
        XCTAssertEqual([device.width, device.height, device.scale, device.safeArea.top, device.safeArea.bottom], [414, 896, 3, 44, 34])
        XCTAssertEqual(document.root.id, "KzI-mp-fPN")
        XCTAssertEqual(document.root.line, 17)

        let title = try XCTUnwrap(document.view("t0H-71-xTp"))
        XCTAssertEqual(title.line, 56)
        XCTAssertEqual(title.hugging, AxisPriorities(251))
        XCTAssertEqual(title.compressionResistance, AxisPriorities(749))
        XCTAssertEqual(title.kind, .label(LabelSpec(
            text: .localized(LocalizedText(key: "t0H-71-xTp.text", table: "ItemDetail",
                                           comment: "This is a placeholder string for development purposes only",
                                           defaultValue: "Label", defaultIsDevelopmentText: true)),
            font: .textStyle(.footnote), lines: 1, lineBreak: .truncateTail, alignment: .natural)))

        let delete = try XCTUnwrap(document.view("Q5w-8r-WF1"))
        XCTAssertEqual(delete.kind.text, .localized(LocalizedText(key: "Q5w-8r-WF1.normalTitle", table: "ItemDetail",
                                                                  defaultValue: "Delete Login",
                                                                  defaultIsDevelopmentText: true)))
        XCTAssertEqual(delete.kind.font, .textStyle(.body))

        let open = try XCTUnwrap(document.view("Tbk-ki-qGK"))
        XCTAssertEqual(open.label, "Open Button", "the user label")
        XCTAssertEqual(open.kind, .button(ButtonSpec(
            title: nil, font: .family(SystemFont.name, size: 15, weight: .regular),
            contentInsets: DirectionalInsets(top: 15, leading: 10, bottom: 15, trailing: 15),
            image: ImageSpec(size: Size(width: 18, height: 18)))), "contentEdgeInsets; the image's size from <resources>")

        let field = try XCTUnwrap(document.view("av2-cE-3aJ"))
        XCTAssertEqual(field.kind, .textField(TextFieldSpec(font: .family(SystemFont.name, size: 14, weight: .regular),
                                                            alignment: .natural)))
        XCTAssertEqual(document.view("4I2-rO-7Qh")?.kind, .view, "a table view is a plain view")

        let written = Dictionary(document.constraints.map { ($0.description, $0.line) }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(written["Q5w-8r-WF1.height >= 44"], 32)
        XCTAssertEqual(written["HfY-Wo-gMH.leading == Mhp-Pp-rfw.trailing + 2"], 122)
        XCTAssertEqual(written["H0O-36-Vfq.trailing >= av2-cE-3aJ.trailing + 60"], 121, "firstItem left out: the holder")
        XCTAssertEqual(written["4I2-rO-7Qh.height == KzI-mp-fPN.height"], 145)
        // The prototype cell follows the table's width and its content's height (a self-sizing
        // table); its content view fills it; the footer keeps its frame's height.
        XCTAssertEqual(written["93Q-p9-9a2.left == 4I2-rO-7Qh.left"], 49)
        XCTAssertEqual(written["93Q-p9-9a2.right == 4I2-rO-7Qh.right"], 49)
        XCTAssertEqual(written["93Q-p9-9a2.height == 44 @50"], 49)
        let contentBottom = try XCTUnwrap(document.constraints.first { $0.first == ConstraintItem(view: "H0O-36-Vfq", attribute: .bottom) })
        XCTAssertEqual(contentBottom.second, ConstraintItem(view: "93Q-p9-9a2", attribute: .bottom))
        XCTAssertEqual(contentBottom.constant, 43.666666666666664 - 44, accuracy: 1e-9)
        XCTAssertEqual(contentBottom.line, 52)
        XCTAssertEqual(written["osx-2O-xPR.height == 44"], 24)
        // Three constraints name YaD-WB-pbb, a button the file no longer has: left out, one warning.
        XCTAssertEqual(document.constraints.count, 24 - 3 + 12)
        XCTAssertEqual(file.warnings.filter { $0.message.contains("YaD-WB-pbb") }.map(\.line), [141])
    }

    /// GoMap's direction XIB: its owner's view is the screen; a vertical stack, a title-1
    /// label with its user label, constraints to the safe area and the layout margins.
    func testDirectionXIB() throws {
        let file = try Corpus.read("bryceco__GoMap/src/iOS/Direction/Base.lproj/DirectionViewController.xib")
        let document = try XCTUnwrap(file.documents.first)
        XCTAssertEqual(document.name, "DirectionViewController/i5M-Pr-FkT")
        XCTAssertNil(document.environment, "the owner's view is the screen")
        XCTAssertEqual(file.designDevice, Device(name: "iPhone 11 Pro", width: 375, height: 812,
                                                 safeArea: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0), scale: 3))
        let value = try XCTUnwrap(document.view("Jc3-Um-Aiy"))
        XCTAssertEqual(value.label, "Value Label")
        XCTAssertEqual(value.kind.font, .textStyle(.title1))
        XCTAssertEqual(value.kind.text, .localized(LocalizedText(key: "Jc3-Um-Aiy.text", table: "DirectionViewController",
                                                                 comment: "Placeholder - do not translate", defaultValue: "320",
                                                                 defaultIsDevelopmentText: true)))
        let stack = try XCTUnwrap(document.view("BZS-tz-AfD"))
        XCTAssertEqual(stack.kind, .stack(StackSpec(axis: .vertical, spacing: 8)))
        XCTAssertEqual(stack.subviews.map(\.id), ["Yt9-h6-KKC", "exg-Jc-FOH"])
        let primary = try XCTUnwrap(document.view("Yt9-h6-KKC"))
        XCTAssertEqual(primary.kind.font, .family(SystemFont.name, size: 15, weight: .bold))
        XCTAssertEqual(primary.kind.text, .localized(LocalizedText(
            key: "Yt9-h6-KKC.normalTitle", table: "DirectionViewController", comment: "Placeholder - do not translate",
            defaultValue: "Update \"direction\" tag", defaultIsDevelopmentText: true)))
        XCTAssertEqual(document.view("4vY-m2-xMW")?.kind.textAlignment, .center)
        let descriptions = Set(document.constraints.map(\.description))
        for expected in [
            "BZS-tz-AfD.leading == i5M-Pr-FkT.safeLeading + 12", "i5M-Pr-FkT.safeTrailing == BZS-tz-AfD.trailing + 12",
            "i5M-Pr-FkT.safeBottom == BZS-tz-AfD.bottom + 12", "Jc3-Um-Aiy.centerY == i5M-Pr-FkT.centerY @750",
            "Jc3-Um-Aiy.bottom <= BZS-tz-AfD.top - 48", "4vY-m2-xMW.leading >= i5M-Pr-FkT.leadingMargin",
            "i5M-Pr-FkT.trailingMargin >= 4vY-m2-xMW.trailing", "Yt9-h6-KKC.height == 48",
        ] {
            XCTAssertTrue(descriptions.contains(expected), expected)
        }
        XCTAssertEqual(file.warnings, [])
    }

    /// GoMap's upload scene is the root of a navigation controller: its safe area ends at the
    /// 44 pt navigation bar, through a helper view for the safe-area guide.
    func testNavigationBarInsetsTheSafeArea() throws {
        let file = try Corpus.read("bryceco__GoMap/src/iOS/Upload/Base.lproj/Changeset.storyboard")
        let document = try XCTUnwrap(file.documents.first)
        XCTAssertEqual(document.name, "Changeset/UploadViewController")
        let guide = try XCTUnwrap(document.view("INz-E8-qwF"))
        XCTAssertTrue(guide.hidden)
        XCTAssertEqual(guide.label, "Safe Area")
        XCTAssertEqual(document.root.subviews.last?.id, "INz-E8-qwF")
        let descriptions = Set(document.constraints.map(\.description))
        XCTAssertTrue(descriptions.contains("INz-E8-qwF.top == Hf4-uP-AC4.safeTop + 44"))
        XCTAssertTrue(descriptions.contains("INz-E8-qwF.bottom == Hf4-uP-AC4.safeBottom"))
        XCTAssertTrue(descriptions.contains("ikj-u9-9Bn.top == INz-E8-qwF.top + 8"))
        XCTAssertTrue(descriptions.contains("INz-E8-qwF.trailing == jLp-sh-te8.trailing + 20"))
        XCTAssertTrue(file.warnings.contains { $0.element == "viewController" && $0.message.contains("44 pt above") })
    }

    /// Lockwise's welcome screen is designed on an iPad (regular width and height): its
    /// size-class variations are resolved for those classes.
    func testSizeClassVariations() throws {
        let path = try Corpus.path("mozilla-lockwise__lockwise-ios/lockbox-ios/Storyboard/Base.lproj/Welcome.storyboard")
        let file = try Corpus.read("mozilla-lockwise__lockwise-ios/lockbox-ios/Storyboard/Base.lproj/Welcome.storyboard")
        let document = try XCTUnwrap(file.documents.first)
        XCTAssertEqual(file.designDevice?.name, "iPad Pro (10.5-inch)")
        // Installed for regular width only (`default` excludes them), and shown there (hidden="YES", regular: NO).
        for id in ["Ajk-4S-0d1", "bMW-Yq-Bc5"] {
            XCTAssertEqual(document.view(id)?.hidden, false, id)
        }
        XCTAssertEqual(document.view("JBG-Eu-ntQ")?.hidden, true, "shown in compact width only")
        let lines = try lineNumbers(of: ["E06-9X-jTv", "TPg-0Q-joi", "KYY-hE-Gew"], in: path)
        let installed = Dictionary(document.constraints.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })
        XCTAssertNil(installed[lines["E06-9X-jTv"]!], "excluded in regular width and height")
        XCTAssertNotNil(installed[lines["TPg-0Q-joi"]!], "excluded by default, included in regular width and height")
        XCTAssertEqual(installed[lines["KYY-hE-Gew"]!]?.constant, 50, "its regular-width constant")
        XCTAssertTrue(file.warnings.contains { $0.element == "variation" && $0.message.contains("regular width, regular height") })
    }

    /// The semantic content attribute, ratios as multipliers, placeholder constraints left out.
    func testAttributesAndConstraintForms() throws {
        let main = try Corpus.read("bryceco__GoMap/src/iOS/Base.lproj/MainStoryboard.storyboard")
        XCTAssertEqual(main.documents.first?.root.semantic, .forceLeftToRight)
        let welcome = try Corpus.read("mozilla-lockwise__lockwise-ios/lockbox-ios/Storyboard/Base.lproj/Welcome.storyboard")
        XCTAssertEqual(welcome.documents.first?.view("JTP-OD-6TF")?.semantic, .forceRightToLeft)

        let flow = try Corpus.read("Blockstream__green_ios/gaios/LTFlow/LTFlow.storyboard")
        let constraints = flow.documents.flatMap(\.constraints)
        let ratio = try XCTUnwrap(constraints.first { $0.line == 1255 })
        XCTAssertEqual(ratio.first, ConstraintItem(view: "sbS-Ad-e8g", attribute: .width))
        XCTAssertEqual(ratio.second, ConstraintItem(view: "sbS-Ad-e8g", attribute: .height))
        XCTAssertEqual(ratio.multiplier, 181.0 / 103.0, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(constraints.first { $0.line == 175 }).multiplier, 1 / 0.85, accuracy: 1e-12)

        let status = try Corpus.read("LoopKit__Loop/Loop Status Extension/Base.lproj/MainInterface.storyboard")
        XCTAssertFalse(status.documents.flatMap(\.constraints).contains { $0.line == 27 }, "placeholder=\"YES\" is left out")
        let settings = try Corpus.read("Blockstream__green_ios/gaios/UserSettings/UserSettings.storyboard")
        XCTAssertFalse(settings.documents.flatMap(\.constraints).contains { $0.line == 681 }, "placeholder=\"YES\" is left out")
    }

    /// SF Symbols: system symbols of the layout model, with IB's preferred configuration, which
    /// the layout engine sizes.
    func testSystemSymbols() throws {
        let main = try Corpus.read("LoopKit__Loop/Loop/Base.lproj/Main.storyboard")
        let document = try XCTUnwrap(main.documents.first { $0.view("xjX-iH-yIb") != nil })
        let configured = ImageSpec(systemName: "chevron.right", symbolConfiguration: SymbolConfiguration(weight: .semibold, scale: .small))
        XCTAssertEqual(document.view("xjX-iH-yIb")?.kind, .image(configured))
        XCTAssertEqual(document.imageSizes(relativeTo: "")["xjX-iH-yIb"],
                       SystemSymbol.size(named: "chevron.right", configuration: configured.symbolConfiguration, contentSize: .L))
        let plain = try XCTUnwrap(main.documents.flatMap(\.allViews).first { $0.id == "Qpe-RL-FEi" })
        XCTAssertEqual(plain.kind, .image(ImageSpec(systemName: "chevron.right")))
        let reference = try XCTUnwrap(main.images["xjX-iH-yIb"], "the file records the image each view names")
        XCTAssertEqual(reference.name, "chevron.right")
        XCTAssertTrue(reference.isSystemSymbol)
        XCTAssertEqual(reference.symbolConfiguration, configured.symbolConfiguration)
        let browsing = try Corpus.read("OnionBrowser__OnionBrowser/OnionBrowser/Browsing/BrowsingViewController.xib")
        XCTAssertEqual(browsing.images.values.filter(\.isSystemSymbol).map(\.name), ["magnifyingglass"])
    }

    /// Catalog images: a size from the asset catalog, and its direction (the buttons showing
    /// `back`, `tabs` and `settings`).
    func testImagesFromTheAssetCatalog() throws {
        let file = try Corpus.read("OnionBrowser__OnionBrowser/OnionBrowser/Browsing/BrowsingViewController.xib")
        let views = file.documents.flatMap(\.allViews)
        func image(_ button: String) throws -> ImageSpec {
            try XCTUnwrap(views.first { $0.id == button }?.kind.image, button)
        }
        XCTAssertEqual(try image("BdK-kV-qOx"), ImageSpec(size: Size(width: 10.5, height: 18.75), mirrorsInRTL: true),
                       "a left-to-right and a right-to-left image: the PDF's MediaBox")
        XCTAssertEqual(try image("tXa-df-pw3"), ImageSpec(size: Size(width: 20.25, height: 20.25), mirrorsInRTL: true),
                       "left-to-right only: mirrored in right-to-left")
        XCTAssertEqual(try image("yK9-fq-stu"), ImageSpec(size: Size(width: 20.25, height: 19.5), mirrorsInRTL: false))
        XCTAssertEqual(file.images["BdK-kV-qOx"]?.name, "back")
        XCTAssertEqual(file.images["BdK-kV-qOx"]?.isSystemSymbol, false)
    }

    /// Lines of the elements with these ids in a file.
    private func lineNumbers(of ids: [String], in path: String) throws -> [String: Int] {
        let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        var found: [String: Int] = [:]
        for id in ids {
            found[id] = try XCTUnwrap(lines.firstIndex { $0.contains("id=\"\(id)\"") }, id) + 1
        }
        return found
    }
}
