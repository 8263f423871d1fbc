// libFuzzer harness: the input as a font file, named by a catalog of one family (without a
// sha256, so any bytes are tried), opened and used to lay out Latin, Arabic and emoji text,
// wrapped and truncated.
import Foundation
import Text

private let catalogJSON = #"""
{ "format": 1,
  "families": [ { "family": "Fuzz", "faces": [ { "weight": "regular", "file": "font.ttf" } ] } ],
  "fallback": { "Latn": ["Fuzz"], "Arab": ["Fuzz"] },
  "lastResort": ["Fuzz"] }
"""#

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput.bytes(data, size)
    // A new catalog and engine for every input: nothing of the last font file is kept.
    FuzzInput.write(bytes, to: "fonts/font.ttf")
    let catalogPath = FuzzInput.write(Array(catalogJSON.utf8), to: "fonts/catalog.json")
    guard let catalog = try? FontCatalog(contentsOf: catalogPath) else { return 0 }
    _ = try? catalog.font(family: "Fuzz", weight: .regular)
    let engine = TextEngine(catalog: catalog)
    let font = FontRequest(family: "Fuzz", size: 17)
    for (text, language) in [("Hello, world! Wrapped text here.", "en"), ("مرحبا بالعالم 123", "ar"), ("a\u{301} 👍🏽 \t x", "en")] {
        _ = try? engine.width(of: text, font: font, language: language)
        var options = TextLayoutOptions()
        options.width = 40
        options.lines = 2
        _ = try? engine.layout(text, font: font, language: language, options: options)
    }
    return 0
}
