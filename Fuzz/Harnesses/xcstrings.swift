// libFuzzer harness: StringCatalogFile reads the input as a xcstrings file; then the file, as a
// translation of an app beside a fixed development language, is discovered, linted, looked up
// and turned into generated Swift.
import Foundation
import Localization

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput.bytes(data, size)
    _ = try? StringCatalogFile(bytes: bytes, path: "fuzz.xcstrings")
    FuzzTranslations.exercise(file: bytes, at: "Localizable.xcstrings")
    return 0
}
