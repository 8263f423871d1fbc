// libFuzzer harness: the input as a constraint string (`a.leading == b.trailing + 8 @750`) and
// as one side of one.
import Foundation
import Layout

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = FuzzInput.text(data, size)
    _ = try? ConstraintParser.parse(text)
    _ = try? ConstraintParser.parseItem(text)
    _ = ConstraintParser.priority(named: text)
    return 0
}
