import Layout
import XCTest

final class DirectionTests: XCTestCase {
    private let tree = ViewNode(id: "root", kind: .view, subviews: [
        ViewNode(id: "player", kind: .view, subviews: [
            ViewNode(id: "play", kind: .view),
            ViewNode(id: "forcedRTL", kind: .view, subviews: [ViewNode(id: "inner", kind: .view)], semantic: .forceRightToLeft),
        ], semantic: .playback),
        ViewNode(id: "pad", kind: .view, semantic: .spatial),
        ViewNode(id: "ltr", kind: .view, semantic: .forceLeftToRight),
        ViewNode(id: "plain", kind: .view, subviews: [ViewNode(id: "child", kind: .view)]),
    ])

    func testEffectiveDirections() {
        for language in [LayoutDirection.leftToRight, .rightToLeft] {
            let resolver = DirectionResolver(root: tree, language: language)
            XCTAssertEqual(resolver.directions["root"], language)
            XCTAssertEqual(resolver.directions["plain"], language)
            XCTAssertEqual(resolver.directions["child"], language)
            XCTAssertEqual(resolver.directions["player"], .leftToRight)
            XCTAssertEqual(resolver.directions["play"], .leftToRight)
            XCTAssertEqual(resolver.directions["pad"], .leftToRight)
            XCTAssertEqual(resolver.directions["ltr"], .leftToRight)
            XCTAssertEqual(resolver.directions["forcedRTL"], .rightToLeft)
            XCTAssertEqual(resolver.directions["inner"], .rightToLeft)
        }
    }

    func testNearestCommonAncestorDecides() {
        let resolver = DirectionResolver(root: tree, language: .rightToLeft)
        XCTAssertEqual(resolver.nearestCommonAncestor("play", "inner"), "player")
        XCTAssertEqual(resolver.nearestCommonAncestor("inner", "forcedRTL"), "forcedRTL")
        XCTAssertEqual(resolver.nearestCommonAncestor("child", "pad"), "root")
        XCTAssertEqual(resolver.direction(of: "play", "inner"), .leftToRight)
        XCTAssertEqual(resolver.direction(of: "inner", "inner"), .rightToLeft)
        XCTAssertEqual(resolver.direction(of: "child", "play"), .rightToLeft)
        XCTAssertEqual(resolver.direction(of: "play", nil), .leftToRight)
        XCTAssertNil(resolver.nearestCommonAncestor("play", "nowhere"))
    }

    /// A layout whose views all take the language's direction answers without searching for
    /// ancestors: the same answer as the nearest common ancestor's direction, for every pair
    /// of its views, a view alone, and views it lacks (left to right, as before).
    func testAUniformLayoutAnswersAsItsNearestCommonAncestors() {
        let uniform = ViewNode(id: "root", kind: .view, subviews: [
            ViewNode(id: "a", kind: .view, subviews: [ViewNode(id: "a1", kind: .view), ViewNode(id: "a2", kind: .view)]),
            ViewNode(id: "b", kind: .view, subviews: [ViewNode(id: "b1", kind: .view)]),
        ])
        let ids = ["root", "a", "a1", "a2", "b", "b1", "nowhere"]
        for (root, language) in [(uniform, LayoutDirection.rightToLeft), (uniform, .leftToRight), (tree, .rightToLeft)] {
            let resolver = DirectionResolver(root: root, language: language)
            let known = ids + Array(resolver.directions.keys)
            for a in known {
                XCTAssertEqual(resolver.direction(of: a, nil), resolver.directions[a] ?? .leftToRight, a)
                for b in known {
                    let expected = resolver.nearestCommonAncestor(a, b).flatMap { resolver.directions[$0] } ?? .leftToRight
                    XCTAssertEqual(resolver.direction(of: a, b), expected, "\(a), \(b) in \(language)")
                }
            }
        }
        XCTAssertEqual(DirectionResolver(root: uniform, language: .rightToLeft).direction(of: "a1", "b1"), .rightToLeft)
        XCTAssertEqual(DirectionResolver(root: uniform, language: .rightToLeft).direction(of: "a1", "nowhere"), .leftToRight)
    }

    func testNaturalAlignment() {
        XCTAssertEqual(TextAlignment.natural.resolved(.leftToRight), .left)
        XCTAssertEqual(TextAlignment.natural.resolved(.rightToLeft), .right)
        XCTAssertEqual(TextAlignment.center.resolved(.rightToLeft), .center)
        XCTAssertEqual(TextAlignment.left.resolved(.rightToLeft), .left)
    }

    func testDirectionalInsets() {
        let insets = DirectionalInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        XCTAssertEqual(insets.physical(.leftToRight), EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        XCTAssertEqual(insets.physical(.rightToLeft), EdgeInsets(top: 1, left: 4, bottom: 3, right: 2))
    }
}
