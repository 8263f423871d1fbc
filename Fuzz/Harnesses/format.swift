// libFuzzer harness: the input as a printf-style format: tokens, specifiers, problems, filled
// in with arguments of each kind in a right-to-left locale, and through the pseudolanguages.
import Foundation
import Localization

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = FuzzInput.text(data, size)
    _ = FormatToken.tokens(text)
    _ = FormatToken.problems(text)
    // A format past the limits is refused before it is ever filled in, as a check does.
    guard FormatToken.problems(text).allSatisfy({ $0.kind != .refused }) else { return 0 }
    _ = FormatSpecifier.parse(text)
    let arguments: [FormatArgument] = [.count(3), .string("Ada"), .double(-2.5), .integer(1_000_000),
                                       .number(0.25, style: .percent, currency: nil)]
    _ = StringFormatter(locale: "ar").formatReportingMissing(text, arguments)
    _ = StringFormatter(locale: "en").format(text, [])
    for language in ["x-pseudo-double", "x-pseudo-accented", "x-pseudo-bounded", "x-pseudo-rtl"] {
        _ = Pseudolanguage(language: language)?.transform(text)
    }
    return 0
}
