// libFuzzer harness: the input as a JSON layout, checked as `babelfit check` does: read beside
// translations in English, Arabic and German, laid out on a device in both directions with the
// real fonts (text engine, Cassowary solver, text fitting), every finding rule run, and the
// report written in each format. The fonts folder is $BABELFIT_FUZZ_FONTS, else ./Fonts.
import Checks
import Foundation
import Reports

private let translations: [(String, String)] = [
    ("en.lproj/Localizable.strings", #""title" = "Download everything now"; "count" = "%d items"; "name" = "Hello %@";"#),
    ("ar.lproj/Localizable.strings", #""title" = "تنزيل كل شيء الآن"; "count" = "%d عناصر"; "name" = "مرحبا %@";"#),
    ("de.lproj/Localizable.strings", #""title" = "Jetzt alles herunterladen"; "count" = "%d Elemente"; "name" = "Hallo %@";"#),
]

private let fonts = ProcessInfo.processInfo.environment["BABELFIT_FUZZ_FONTS"] ?? "Fonts"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    for (name, text) in translations { FuzzInput.write(Array(text.utf8), to: "pipeline/" + name) }
    let layout = FuzzInput.write(FuzzInput.bytes(data, size), to: "pipeline/Screen.json")
    guard let project = try? Project(layouts: [layout], strings: [FuzzInput.folder + "/pipeline"], fontsFolder: fonts) else {
        fatalError("the fonts folder \(fonts) cannot be used: set BABELFIT_FUZZ_FONTS")
    }
    let report = project.check(CheckOptions(languages: ["en", "ar", "de"], devices: [Device.named("iPhone SE (3rd generation)")!], jobs: 1))
    _ = JUnitReport.render(report)
    _ = JSONReport.render(report)
    _ = SARIF.render(report)
    _ = GitHubReport.render(report)
    _ = TextReport.render(report, options: TextReport.Options(verbose: true))
    return 0
}
