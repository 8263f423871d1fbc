import Foundation
import Localization
import XCTest

/// Real files from open-source apps (../shared/corpus, see its SOURCES.md).
final class CorpusTests: XCTestCase {
    func testEveryCorpusFileIsRead() throws {
        let folders = try ["strings", "xcstrings", "xliff"].map { try Paths.corpus($0) }
        let translations = Translations(folders: folders)
        XCTAssertEqual(translations.problems, [], "every corpus file reads without error")
        var expected = 0
        for folder in folders {
            let enumerator = FileManager.default.enumerator(atPath: folder)!
            while let path = enumerator.nextObject() as? String {
                if ["strings", "stringsdict", "xcstrings", "xliff"].contains((path as NSString).pathExtension) { expected += 1 }
            }
        }
        XCTAssertEqual(translations.files.count, expected)
        XCTAssertGreaterThan(expected, 60)
    }

    func testArabicPluralFromStringsdict() throws {
        let folder = try Paths.corpus("strings/mastodon__mastodon-ios")
        let translations = Translations(folders: [folder])
        XCTAssertEqual(translations.problems, [])
        let key = "a11y.plural.count.unread.notification"
        let arabic = try XCTUnwrap(translations.translation(key: key, table: "Localizable", language: "ar"))
        guard case .plural(let forms)? = arabic.substitutions["notification_count_unread_notification"]?.message else {
            return XCTFail("expected a plural variable")
        }
        XCTAssertEqual(forms[.few], .text("%ld إشعارات غير مقروءة"))
        XCTAssertEqual(Set(forms.keys), Set(PluralCategory.allCases))
        let value = LocalizableText.localized(key: key, table: nil, comment: nil, defaultValue: nil, arguments: [.count(3)])
        XCTAssertEqual(translations.resolve(value, language: "ar").text, "3 إشعارات غير مقروءة")
        let zero = LocalizableText.localized(key: key, table: nil, comment: nil, defaultValue: nil, arguments: [.count(0)])
        XCTAssertEqual(translations.resolve(zero, language: "ar").text, "لا إشعار غير مقروء")
        let eleven = LocalizableText.localized(key: key, table: nil, comment: nil, defaultValue: nil, arguments: [.count(11)])
        XCTAssertEqual(translations.resolve(eleven, language: "ar").text, "11 إشعارًا غيرَ مقروء")
    }

    func testUTF16LittleEndianStringsFile() throws {
        let path = try Paths.corpus("strings/jellyfin__Swiftfin/Translations/ar.lproj/Localizable.strings")
        let file = try StringsFile(path: path)
        XCTAssertEqual(file.encoding, .utf16LittleEndian)
        XCTAssertEqual(file.values["light"], "فاتح")
        let light = try XCTUnwrap(file.entries.first { $0.key == "light" })
        XCTAssertEqual(light.comment, "Represents the light theme setting")
        XCTAssertEqual(light.location.line, 9)
        XCTAssertEqual(light.location.column, 1)
        let empty = try StringsFile(path: try Paths.corpus("strings/jellyfin__Swiftfin/Translations/fa.lproj/Localizable.strings"))
        XCTAssertEqual(empty.entries.count, 0)
    }

    func testDeviceVariationFromCatalog() throws {
        let path = try Paths.corpus("xcstrings/Dimillian__IceCubesApp/IceCubesApp/Resources/Localization/Localizable.xcstrings")
        let translations = Translations(folders: [path])
        XCTAssertEqual(translations.problems, [])
        XCTAssertEqual(translations.developmentLanguage, "en")
        let key = "settings.display.section.platform"
        let german = try XCTUnwrap(translations.translation(key: key, table: "Localizable", language: "de"))
        guard case .device(let devices) = german.message else { return XCTFail("expected device variations") }
        XCTAssertEqual(devices.keys.sorted(), ["applevision", "ipad", "iphone", "mac"])
        let value = LocalizableText.localized(key: key, table: nil, comment: nil, defaultValue: nil, arguments: [])
        XCTAssertEqual(translations.resolve(value, language: "de", options: ResolveOptions(device: "ipad")).text, "iPad")
        XCTAssertEqual(translations.resolve(value, language: "de", options: ResolveOptions(device: "iphone")).text, "iPhone")
    }

    func testCatalogSubstitutionsWithArgNum() throws {
        let path = try Paths.corpus("xcstrings/bryceco__GoMap/src/iOS/Localizable.xcstrings")
        let translations = Translations(folders: [path])
        XCTAssertEqual(translations.problems, [])
        let key = "%.1f meters, %ld nodes"
        let english = try XCTUnwrap(translations.translation(key: key, table: "Localizable", language: "en"))
        XCTAssertEqual(english.substitutions["meters"]?.argumentNumber, 1)
        XCTAssertEqual(english.substitutions["nodes"]?.formatSpecifier, "ld")
        let value = LocalizableText.localized(key: key, table: nil, comment: nil, defaultValue: nil,
                                        arguments: [.double(2.5), .integer(1)])
        XCTAssertEqual(translations.resolve(value, language: "en").text, "2.5 meters, 1 node")
        let arabic = try XCTUnwrap(translations.translation(key: key, table: "Localizable", language: "ar"))
        XCTAssertEqual(arabic.state, .needsReview)
    }

    func testXLIFFTargetsFromStoryboardAndCatalog() throws {
        let path = try Paths.corpus("xliff/bryceco__GoMap/src/xliff/ar.xliff")
        let document = try XLIFFDocument(path: path)
        let storyboard = try XCTUnwrap(document.files.first { $0.original == "Base.lproj/MainStoryboard.storyboard" })
        XCTAssertEqual(storyboard.targetLanguage, "ar")
        let unit = try XCTUnwrap(storyboard.units.first { $0.id == "1xx-L0-hKm.text" })
        XCTAssertEqual(unit.source, "Get Directions")
        XCTAssertEqual(unit.target, "احصل على الاتجاهات")
        XCTAssertEqual(unit.targetState, "translated")

        let translations = Translations(folders: [path])
        XCTAssertEqual(translations.problems, [])
        let result = translations.lookup(key: "1xx-L0-hKm.text", table: "MainStoryboard", language: "ar")
        XCTAssertEqual(result.text, "احصل على الاتجاهات")
        XCTAssertEqual(result.foundIn, "ar")
        let english = translations.lookup(key: "1xx-L0-hKm.text", table: "MainStoryboard", language: "en")
        XCTAssertEqual(english.text, "Get Directions")
    }

    func testXLIFFFromCatalogRebuildsSubstitutionsAndPlurals() throws {
        let path = try Paths.corpus("xliff/bryceco__GoMap/src/xliff/ar.xliff")
        let translations = Translations(folders: [path])
        let key = "%.1f meters, %ld nodes"
        let arabic = try XCTUnwrap(translations.translation(key: key, table: "Localizable", language: "ar"))
        XCTAssertEqual(arabic.state, .needsReview)
        guard case .plural(let meters)? = arabic.substitutions["meters"]?.message else {
            return XCTFail("expected the meters plural variable")
        }
        XCTAssertEqual(meters[.few], .text("%1$.1f"))
        XCTAssertEqual(arabic.substitutions["meters"]?.formatSpecifier, ".1f")
        let members = try XCTUnwrap(translations.translation(key: " (%d members)\n", table: "Localizable", language: "ar"))
        guard case .plural(let forms) = members.message else { return XCTFail("expected a plural variation") }
        XCTAssertEqual(Set(forms.keys), Set(PluralCategory.allCases))
        // 100 is "other" in Arabic, translated; 5 is "few", still the English text (state new).
        XCTAssertEqual(translations.resolve(.key(" (%d members)\n", arguments: [.count(100)]), language: "ar").text,
                       " (100 الأعضاء)\n")
        XCTAssertEqual(translations.resolve(.key(" (%d members)\n", arguments: [.count(5)]), language: "ar").text,
                       " (5 members)\n")
    }

    func testXLIFFFromStringsdictRebuildsPluralVariables() throws {
        let path = try Paths.corpus("xliff/damus-io__damus/damus/en-US.xcloc")
        let translations = Translations(folders: [path])
        XCTAssertEqual(translations.problems, [])
        XCTAssertEqual(translations.developmentLanguage, "en-US")
        let entry = try XCTUnwrap(translations.translation(key: "follow_pack_user_count", table: "Localizable", language: "en-US"))
        guard case .plural(let forms)? = entry.substitutions["FOLLOW_PACK_USERS"]?.message else {
            return XCTFail("expected the FOLLOW_PACK_USERS plural variable")
        }
        XCTAssertEqual(forms[.one], .text("user"))
    }

    func testHebrewXLIFFWithoutTargetLanguageTakesItsFolder() throws {
        let path = try Paths.corpus("xliff/mozilla-l10n__lockwiseios-l10n/he/lockwise-ios.xliff")
        let document = try XLIFFDocument(path: path)
        XCTAssertTrue(document.files.allSatisfy { $0.targetLanguage == nil })
        XCTAssertEqual(document.files.flatMap(\.units).filter { $0.target != nil }.count, 114)
        let translations = Translations(folders: [path])
        XCTAssertTrue(translations.languages.contains("he"))
    }
}
