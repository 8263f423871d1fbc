// libFuzzer harness: the input as a JSON layout, decoded (views, constraints, texts, limits),
// with the image sizes it asks for.
import Foundation
import Layout

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = FuzzInput.text(data, size)
    guard let document = try? LayoutDocument.decode(text, file: "Fuzz.json") else { return 0 }
    _ = document.allViews.count
    _ = document.imageSizes(relativeTo: FuzzInput.folder)
    return 0
}
