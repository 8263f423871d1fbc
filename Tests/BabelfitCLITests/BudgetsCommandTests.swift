import Foundation
import XCTest

/// `babelfit strings budgets`, `babelfit strings export --budgets`, `babelfit strings lint
/// --budgets` and `babelfit check --limits`, end to end through the built binary, on one
/// example layout and one device so that they stay quick.
final class BudgetsCommandTests: XCTestCase {
    let itemDetail = ["Layouts/ItemDetail.json", "--devices", "iPhone SE (3rd generation)"]

    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-budgets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    func testBudgetsAsJSONNameEachKeysRoomAndThePlaceThatSetsIt() throws {
        let output = try Binary.run(["strings", "budgets"] + itemDetail + ["--format", "json"])
        XCTAssertEqual(output.status, 0, output.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let budgets = try XCTUnwrap(object["budgets"] as? [[String: Any]])
        XCTAssertEqual(budgets.map { $0["key"] as? String }, ["Date Created: %@", "Name", "Serial", "Value"])
        for budget in budgets {
            XCTAssertEqual(budget["table"] as? String, "Localizable")
            XCTAssertEqual(budget["layout"] as? String, "ItemDetail")
            XCTAssertEqual(budget["device"] as? String, "iPhone SE (3rd generation)")
            XCTAssertEqual(budget["contentSize"] as? String, "L")
            XCTAssertEqual(budget["lines"] as? Int, 1)
        }
        XCTAssertEqual(budgets[1]["view"] as? String, "nameLabel")
        XCTAssertEqual(budgets[1]["width"] as? Double, 55)
        XCTAssertEqual(budgets[2]["width"] as? Double, 55)
        // The date label spans the margins: 375 − 2 × 16.
        XCTAssertEqual(budgets[0]["width"] as? Double, 343)
        XCTAssertEqual(budgets[0]["view"] as? String, "dateLabel")
    }

    func testBudgetsAsTextAndCSV() throws {
        let text = try Binary.run(["strings", "budgets"] + itemDetail)
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("  Name: at most 55 pt: about 6 characters of average width in Noto Sans 17\n"
            + "    set by ItemDetail nameLabel · iPhone SE (3rd generation) · L (Layouts/ItemDetail.json:8)\n"), text.stdout)
        XCTAssertTrue(text.stdout.hasSuffix("4 keys\n"), text.stdout)

        let csv = try Binary.run(["strings", "budgets"] + itemDetail + ["--format", "csv"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        let rows = csv.stdout.components(separatedBy: "\r\n")
        XCTAssertEqual(rows[0], "key,table,width,lines,layout,view,device,contentSize,font,characters")
        XCTAssertTrue(rows.contains("Name,Localizable,55,1,ItemDetail,nameLabel,iPhone SE (3rd generation),L,Noto Sans 17,6"), csv.stdout)
        XCTAssertTrue(rows.contains("Date Created: %@,Localizable,343,1,ItemDetail,dateLabel,iPhone SE (3rd generation),L,Noto Sans 17,38"),
                      csv.stdout)
    }

    func testBudgetsAsXLIFFGiveEachUnitMaxwidthInPoints() throws {
        let output = try Binary.run(["strings", "budgets"] + itemDetail + ["--format", "xliff"])
        XCTAssertEqual(output.status, 0, output.stderr)
        // babelfit reads it back as XLIFF 1.2, and writing the same budgets into it changes nothing.
        let file = try temporaryFolder().appendingPathComponent("en.xliff")
        try output.stdout.write(to: file, atomically: true, encoding: .utf8)
        let again = try Binary.run(["strings", "export", file.path, "--budgets"] + itemDetail)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout, output.stdout)
        XCTAssertTrue(output.stdout.contains("<trans-unit id=\"Name\" maxwidth=\"55\" size-unit=\"point\">\n"
            + "        <source>Name</source>\n"
            + "        <note from=\"babelfit\">at most 55 pt: about 6 characters of average width in Noto Sans 17; "
            + "set by ItemDetail nameLabel · iPhone SE (3rd generation) · L</note>"), output.stdout)
    }

    func testExportWritesBudgetsIntoAnXLIFFAndNothingElse() throws {
        let folder = try temporaryFolder()
        let xliff = folder.appendingPathComponent("es.xliff")
        let original = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="en.lproj/Localizable.strings" source-language="en" target-language="es" datatype="plaintext">
            <body>
              <trans-unit id="Name" maxwidth="10" size-unit="char">
                <source>Name</source>
                <target>Nombre</target>
              </trans-unit>
              <trans-unit id="Unshown">
                <source>Not in a layout</source>
              </trans-unit>
            </body>
          </file>
        </xliff>

        """
        try original.write(to: xliff, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out.xliff").path
        let output = try Binary.run(["strings", "export", xliff.path, "--budgets", "Layouts/ItemDetail.json",
                                     "--devices", "iPhone SE (3rd generation)", "-o", out])
        XCTAssertEqual(output.status, 0, output.stderr)
        let written = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertEqual(written, original.replacingOccurrences(
            of: """
                  <trans-unit id="Name" maxwidth="10" size-unit="char">
                    <source>Name</source>
                    <target>Nombre</target>
                  </trans-unit>
            """,
            with: """
                  <trans-unit id="Name" maxwidth="55" size-unit="point">
                    <source>Name</source>
                    <target>Nombre</target>
                    <note from="babelfit">at most 55 pt: about 6 characters of average width in Noto Sans 17; set by ItemDetail nameLabel · iPhone SE (3rd generation) · L</note>
                  </trans-unit>
            """))
        // Exporting the result again changes nothing.
        let again = try Binary.run(["strings", "export", out, "--budgets", "Layouts/ItemDetail.json",
                                    "--devices", "iPhone SE (3rd generation)"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout, written)
    }

    func testExportOfABrokenXLIFFNamesItsPlaceAndWritesNothing() throws {
        let folder = try temporaryFolder()
        let xliff = folder.appendingPathComponent("broken.xliff")
        try "<?xml version=\"1.0\"?>\n<xliff version=\"1.2\">\n  <file original=\"a.strings\">\n".write(to: xliff, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out.xliff").path
        let output = try Binary.run(["strings", "export", xliff.path, "--budgets", "Layouts/ItemDetail.json", "-o", out])
        XCTAssertEqual(output.status, 2)
        XCTAssertTrue(output.stderr.contains("\(xliff.path):3:"), output.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))

        let noBudgets = try Binary.run(["strings", "export", xliff.path])
        XCTAssertEqual(noBudgets.status, 2)
        XCTAssertTrue(noBudgets.stderr.contains("--budgets PATH"), noBudgets.stderr)

        let device = try Binary.run(["strings", "budgets", "Layouts/ItemDetail.json", "--devices", "iPhone 99"])
        XCTAssertEqual(device.status, 2)
        XCTAssertTrue(device.stderr.contains("iPhone 99"), device.stderr)
        XCTAssertEqual(device.stdout, "")
    }

    func testLintWithBudgetsFlagsEveryTranslationOverItsRoom() throws {
        let output = try Binary.run(["strings", "lint", "Layouts", "--budgets", "Layouts/ItemDetail.json",
                                     "--only", "budget", "--format", "json"])
        XCTAssertEqual(output.status, 1, output.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
        let over = Set(findings.map { "\($0["key"] as? String ?? "") \($0["language"] as? String ?? "")" })
        // Layouts/EXPECTED.md: the ItemDetail labels truncated at 55 pt, each in the language
        // that has the key itself (pt-BR takes these from pt, so it is pt's translation).
        XCTAssertEqual(over, ["Serial es", "Serial fr", "Serial pt", "Serial de", "Serial ar", "Serial he", "Serial ru",
                              "Serial ja", "Name es", "Name ru", "Value ru"])
        let serial = try XCTUnwrap(findings.first { $0["key"] as? String == "Serial" && $0["language"] as? String == "es" })
        XCTAssertEqual(serial["message"] as? String, "\"Serial\" in es, \"Número de serie\", is 133.5 pt wide in Noto Sans 17: "
            + "over its budget of 55 pt at ItemDetail serialLabel · iPhone SE (3rd generation) · L")
        XCTAssertEqual(serial["file"] as? String, "Layouts/es.lproj/Localizable.strings")
    }

    func testCheckLimitsAddsTheLargestSizeAndNarrowestDevicePerLayoutAndLanguage() throws {
        let plain = try Binary.run(["check", "Layouts/ItemDetail.json", "--languages", "en,es", "--devices", "iPhone 15",
                                    "--format", "json"])
        let output = try Binary.run(["check", "Layouts/ItemDetail.json", "--languages", "en,es", "--devices", "iPhone 15",
                                     "--format", "json", "--limits"])
        XCTAssertEqual(output.status, 1, output.stderr)
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let limits = try XCTUnwrap(object["limits"] as? [[String: Any]])
        XCTAssertEqual(limits.count, 2)
        XCTAssertEqual(limits[0]["language"] as? String, "en")
        XCTAssertEqual(limits[0]["contentSize"] as? String, "AX5", "fixed 17 pt fonts fit at every size in English")
        XCTAssertEqual(limits[0]["device"] as? String, "iPhone 4s", "English fits on the narrowest device of the table")
        XCTAssertEqual(limits[0]["deviceWidth"] as? Double, 320)
        XCTAssertEqual(limits[1]["language"] as? String, "es")
        XCTAssertTrue(limits[1]["contentSize"] is NSNull, "Spanish truncates at every size")
        XCTAssertTrue(limits[1]["device"] is NSNull, "and on every device")
        // Without the limits the report is the plain check's.
        object["limits"] = nil
        let plainObject = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? NSDictionary)
        XCTAssertEqual(object as NSDictionary, plainObject)

        let text = try Binary.run(["check", "Layouts/ItemDetail.json", "--languages", "en,es", "--devices", "iPhone 15",
                                   "--limits", "--quiet"])
        XCTAssertTrue(text.stdout.contains("""
            limits: the largest content size and the narrowest device with no error
              layout      language  up to content size  down to device
              ItemDetail  en        AX5                 iPhone 4s (320 pt)
              ItemDetail  es        –                   –

            """), text.stdout)
    }
}
