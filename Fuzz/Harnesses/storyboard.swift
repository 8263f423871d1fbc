// libFuzzer harness: the input as a storyboard (and as a XIB): its scenes turned into layouts,
// and its strings as `ibtool --export-strings-file` writes them.
import Foundation
import InterfaceBuilder

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput.bytes(data, size)
    for name in ["Main.storyboard", "View.xib"] {
        let path = FuzzInput.write(bytes, to: "ib/" + name)
        if let file = try? StoryboardReader().readFile(path: path) {
            for document in file.documents { _ = document.allViews.count }
        }
        if let strings = try? InterfaceBuilderStrings.strings(path: path) {
            _ = InterfaceBuilderStrings.exportStringsFile(strings)
        }
    }
    return 0
}
