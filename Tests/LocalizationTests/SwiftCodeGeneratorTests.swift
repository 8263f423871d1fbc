import Foundation
import Localization
import XCTest

final class SwiftCodeGeneratorTests: XCTestCase {
    func testAccessorsFollowFormatSpecifiers() {
        let source = SwiftCodeGenerator.generate(Translations(folders: [Paths.fixture("Lint")]))
        let expected = [
            "public enum Strings {",
            "    public enum Catalog {",
            "        /// %lld files",
            "        public static func files(_ p1: Int) -> String {",
            "            String.localizedStringWithFormat(NSLocalizedString(\"%lld files\", tableName: \"Catalog\", bundle: Strings.bundle, comment: \"\"), p1)",
            "        public static var brand: String { NSLocalizedString(\"Brand\", tableName: \"Catalog\", bundle: Strings.bundle, comment: \"\") }",
            "    public enum Localizable {",
            "        /// %d items for %@",
            "        public static func countItems(_ p1: Int, _ p2: String) -> String {",
            "        public static var greeting: String { NSLocalizedString(\"greeting\", tableName: \"Localizable\", bundle: Strings.bundle, comment: \"\") }",
            "        public static var extra: String { NSLocalizedString(\"extra\", tableName: \"Localizable\", bundle: Strings.bundle, comment: \"\") }",
        ]
        let lines = Set(source.split(separator: "\n").map(String.init))
        for line in expected {
            XCTAssertTrue(lines.contains(line), "missing: \(line)\n\(source)")
        }
        XCTAssertEqual(source, SwiftCodeGenerator.generate(Translations(folders: [Paths.fixture("Lint")])), "deterministic")
    }

    func testIdentifiersAreValidAndUnique() {
        var translations = Translations(developmentLanguage: "en")
        let location = SourceLocation(file: "f", line: 1, column: 1)
        for (key, value) in [("class", "Class"), ("Value: %@", "Value: %@"), ("value", "v"), ("2fa.title", "2FA"),
                             ("OK", "OK"), ("quote\"d\\", "Q"), ("Élan", "É"), ("%1$@ and %3$d", "%1$@ and %3$d")] {
            translations.add(Translation(key: key, message: .text(value), location: location), table: "Main-Table", language: "en")
        }
        let source = SwiftCodeGenerator.generate(translations, typeName: "L10n")
        XCTAssertTrue(source.contains("public enum L10n {"))
        XCTAssertTrue(source.contains("    public enum MainTable {"))
        XCTAssertTrue(source.contains("public static var `class`: String"))
        XCTAssertTrue(source.contains("public static func value(_ p1: String) -> String"))
        XCTAssertTrue(source.contains("public static var value2: String"))
        XCTAssertTrue(source.contains("public static var _2faTitle: String"))
        XCTAssertTrue(source.contains("public static var ok: String"))
        XCTAssertTrue(source.contains("NSLocalizedString(\"quote\\\"d\\\\\", tableName: \"Main-Table\""))
        XCTAssertTrue(source.contains("public static var lan: String"))
        XCTAssertTrue(source.contains("public static func and(_ p1: String, _ p2: any CVarArg, _ p3: Int) -> String"))
    }

    func testGeneratedSourceTypeChecks() throws {
        let folder = NSTemporaryDirectory() + "babelfit-generate-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/Strings.swift"
        var translations = Translations(folders: [Paths.fixture("Lint"), Paths.fixture("App")])
        // Tables whose names would hide the generated type or Foundation's.
        for table in ["Strings", "Bundle", "String"] {
            translations.add(Translation(key: "k", message: .text("v"), location: SourceLocation(file: "\(table).strings", line: 1, column: 1)),
                             table: table, language: "en")
        }
        try Data(SwiftCodeGenerator.generate(translations).utf8).write(to: URL(fileURLWithPath: file))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", file]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, output)
    }
}
