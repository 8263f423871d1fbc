// libFuzzer harness: the input as an image file (PNG or JPEG header) at 1x and at 2x.
import Foundation
import Layout

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput.bytes(data, size)
    for name in ["image.png", "image@2x.jpg"] {
        _ = ImageFile.size(path: FuzzInput.write(bytes, to: "images/" + name))
    }
    return 0
}
