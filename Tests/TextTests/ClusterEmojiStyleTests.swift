import Foundation
@testable import Text
import XCTest

/// A paragraph tells a cluster of one character that is not an emoji character `none` at once
/// (`Paragraph.emojiStyle`): the style `EmojiStyle` gives every character alone, and the
/// clusters of several characters go to `EmojiStyle` itself.
final class ClusterEmojiStyleTests: XCTestCase {
    func testEveryCharacterAloneHasTheStyleEmojiStyleGivesIt() {
        var emoji = 0
        for value in UInt32(0)...0x10FFFF where Unicode.Scalar(value) != nil {
            let style = Paragraph.emojiStyle([0x61, value, 0x62], 1..<2)
            XCTAssertEqual(style, EmojiStyle([value]), "U+\(String(value, radix: 16))")
            if style != .none { emoji += 1 }
        }
        XCTAssertGreaterThan(emoji, 1000, "emoji characters alone are told as EmojiStyle tells them")
        for cluster: [UInt32] in [[0x31, 0xFE0F, 0x20E3], [0x2764, 0xFE0F], [0x263A, 0xFE0E], [0x1F44B, 0x1F3FB], [0x23, 0x20E3]] {
            XCTAssertEqual(Paragraph.emojiStyle(cluster, 0..<cluster.count), EmojiStyle(cluster))
        }
    }
}
