// libFuzzer harness: StringsdictFile reads the input as a stringsdict file; then the file, as a
// translation of an app beside a fixed development language, is discovered, linted, looked up
// and turned into generated Swift.
import Foundation
import Localization

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput.bytes(data, size)
    _ = try? StringsdictFile(bytes: bytes, path: "fuzz.stringsdict")
    FuzzTranslations.exercise(file: bytes, at: "fr.lproj/Localizable.stringsdict")
    return 0
}
