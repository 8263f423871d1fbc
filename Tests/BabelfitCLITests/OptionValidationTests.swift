import Foundation
import XCTest

/// Options that would be taken silently: an empty list, a language that is no BCP 47 tag or no
/// language at all. Each stops the command (exit 2) with a message naming the option and the value.
final class OptionValidationTests: XCTestCase {
    private func check(_ arguments: [String]) throws -> Binary.Output {
        try Binary.run(["check", "Layouts/ItemDetail.json", "--devices", "iPhone 15", "--languages", "en"] + arguments)
    }

    func testAnEmptyListIsAnError() throws {
        for (option, what) in [("devices", "device names"), ("languages", "language tags"), ("content-sizes", "content sizes (XS … AX5)")] {
            let output = try check(["--\(option)", ""])
            XCTAssertEqual(output.status, 2, option)
            XCTAssertEqual(output.stderr, "babelfit check: --\(option) is empty: give \(what), separated by commas, or leave the option out\n")
            XCTAssertEqual(output.stdout, "")
        }
    }

    func testALanguageMustBeABCP47TagOfAKnownLanguage() throws {
        let path = try check(["--languages", "../../x,zz-Bogus"])
        XCTAssertEqual(path.status, 2)
        XCTAssertEqual(path.stderr, "babelfit check: --languages: '../../x' is not a BCP 47 language tag (such as en, pt-BR, zh-Hans or sr-Latn-RS)\n")
        let unknown = try check(["--languages", "en,zz-Bogus"])
        XCTAssertEqual(unknown.stderr, "babelfit check: --languages: 'zz-Bogus' is not a language: 'zz' is no ISO 639 language code\n")
        let development = try check(["--development-language", "e n"])
        XCTAssertEqual(development.stderr, "babelfit check: --development-language: 'e n' is not a BCP 47 language tag (such as en, pt-BR, zh-Hans or sr-Latn-RS)\n")
        let measure = try Binary.run(["measure", "Hello", "--language", "en-"])
        XCTAssertEqual(measure.status, 2)
        XCTAssertTrue(measure.stderr.contains("--language: 'en-' is not a BCP 47 language tag"), measure.stderr)
    }

    func testWellFormedTagsAreTaken() throws {
        let output = try check(["--languages", "en,pt_BR,zh-Hans,sr-Latn-RS,es-419,de-CH-1996,x-pseudo-rtl,chr,fil", "--format", "json"])
        XCTAssertNotEqual(output.status, 2, output.stderr)
    }

    func testTheConfigNamesTheBadLanguageWithItsPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-options-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("babelfit.json")
        try Data("{\n  \"languages\": [\"en\", \"../x\"]\n}\n".utf8).write(to: config)
        let output = try Binary.run(["check", "Layouts/ItemDetail.json", "--config", config.path])
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "\(config.path):2:3: error: languages: '../x' is not a BCP 47 language tag (such as en, pt-BR, zh-Hans or sr-Latn-RS)\n")
    }
}
