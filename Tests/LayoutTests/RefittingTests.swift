import Layout
import XCTest

/// A layout whose document differs from another's only in what fitting a text reads (a label's
/// minimum scale factor, a label's or text field's alignment) is that layout with the edited
/// views' texts fitted again (`LayoutResult.refitting`): what a fix's trial takes instead of
/// laying the run out again. Each is compared with the edited document laid out afresh, view by
/// view, in both directions and with texts that do and do not fit.
final class RefittingTests: XCTestCase {
    private let measurer = ShrinkingMeasurer()

    private func form(title: String = "", name: String = "", field: String = "") throws -> LayoutDocument {
        try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "title", "type": "label"\(title) },
                { "id": "name", "type": "label"\(name) }, { "id": "field", "type": "textField"\(field) },
                { "id": "body", "type": "label", "lines": 0 } ] },
              "constraints": [
                "title.top == root.safeTop + 8", "title.leading == root.leadingMargin", "title.width == 120",
                "name.leading == root.leadingMargin", "name.top == title.bottom + 12", "name.width <= 90",
                "field.leading == name.trailing + 8", "field.trailing == root.trailingMargin",
                "field.firstBaseline == name.firstBaseline",
                "body.leading == root.leadingMargin", "body.trailing == root.trailingMargin", "body.top == field.bottom + 12" ] }
            """)
    }

    private let texts: [[String: String]] = [
        ["title": "Settings", "name": "Name", "field": "Your name", "body": "Short body."],
        ["title": "Einstellungen der App", "name": "Vollständiger Name", "field": "Ihr Name",
         "body": "Dieser Text ist so lang, dass er auf einem schmalen Bildschirm umbrochen wird."],
        ["title": "الإعدادات العامة للتطبيق", "name": "الاسم الكامل هنا", "field": "اسمك", "body": "نص قصير."],
        ["title": "Einstellungen der App", "name": "Name", "field": "Ihr Name", "body": "Kurz."],
    ]

    /// The last texts' title has width variants, none of which fits its 120 pt: the layout
    /// shows the narrowest (130 pt), not the text looked up first, and refitting fits that one.
    private let widthVariants: [[String: [String]]] = [[:], [:], [:], ["title": ["Einstellungen der App", "Einstellungen"]]]

    private let edits: [(name: String, title: String, nameLabel: String, field: String, edited: [String])] = [
        ("scale factors", #", "minimumScaleFactor": 0.5"#, #", "minimumScaleFactor": 0.8"#, "", ["title", "name"]),
        ("alignments", #", "alignment": "right""#, "", #", "alignment": "center""#, ["title", "field"]),
        ("both", #", "minimumScaleFactor": 0.3, "alignment": "left""#, "", "", ["title"]),
    ]

    func testALayoutRefittedIsTheEditedDocumentsLayout() throws {
        var shrunk = 0, realigned = 0, variantShown = 0
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            for (index, texts) in texts.enumerated() {
                let context = LayoutContext(device: testDevice, direction: direction, language: "en", texts: texts,
                                            widthVariants: widthVariants[index])
                let run = try LayoutEngine(measurer: measurer).layout(try form(), in: context)
                for edit in edits {
                    let edited = try form(title: edit.title, name: edit.nameLabel, field: edit.field)
                    let nodes = edited.allViews
                    let places = edit.edited.map { id in
                        let place = nodes.firstIndex { $0.id == id }!
                        return (place: place, node: nodes[place])
                    }
                    let original = try form().allViews
                    for (place, node) in places {
                        XCTAssertTrue(node.differsOnlyInFitting(from: original[place]), "\(edit.name): \(node.id)")
                    }
                    let refitted = try run.refitting(places, context: context, measurer: measurer)
                    let fresh = try LayoutEngine(measurer: measurer).layout(edited, in: context)
                    let what = "\(edit.name), texts \(index), \(direction.rawValue)"
                    XCTAssertEqual(refitted.views.count, fresh.views.count, what)
                    for (view, expected) in zip(refitted.views, fresh.views) {
                        XCTAssertEqual(view, expected, "\(what): \(view.id)")
                    }
                    XCTAssertEqual(refitted.diagnostics, fresh.diagnostics, what)
                    if !widthVariants[index].isEmpty, refitted.view("title")?.fitted?.layout.text == "Einstellungen" {
                        variantShown += 1
                    }
                    for (view, before) in zip(refitted.views, run.views) {
                        if let scale = view.fitted?.layout.scale, scale < 1, before.fitted?.layout.scale == 1 { shrunk += 1 }
                        if view.textAlignment != before.textAlignment { realigned += 1 }
                    }
                }
            }
        }
        // The edits reach what the views show: texts shrink, alignments change.
        XCTAssertGreaterThan(shrunk, 4)
        XCTAssertGreaterThan(realigned, 4)
        XCTAssertEqual(variantShown, 2 * edits.count, "the title shows its narrowest variant, in each direction")
    }
}

extension RefittingTests {
    /// A node differs only in what fitting reads where its scale factor or alignment alone
    /// changed; its lines, priorities, font, text or kind changed, and it may lay out apart.
    func testANodeDiffersOnlyInFittingWhereNothingAFrameReadsChanged() throws {
        let label = try XCTUnwrap(try form().allViews.first { $0.id == "title" })
        let field = try XCTUnwrap(try form().allViews.first { $0.id == "field" })
        func edited(_ node: ViewNode, _ change: (inout ViewNode) -> Void) -> ViewNode {
            var copy = node
            change(&copy)
            return copy
        }
        func labelSpec(_ node: ViewNode, _ change: (inout LabelSpec) -> Void) -> ViewNode {
            edited(node) { node in
                guard case .label(var spec) = node.kind else { return XCTFail("not a label") }
                change(&spec)
                node.kind = .label(spec)
            }
        }
        XCTAssertTrue(label.differsOnlyInFitting(from: label))
        XCTAssertTrue(labelSpec(label) { $0.minimumScaleFactor = 0.5 }.differsOnlyInFitting(from: label))
        XCTAssertTrue(labelSpec(label) { $0.alignment = .right; $0.minimumScaleFactor = 0.7 }.differsOnlyInFitting(from: label))
        XCTAssertTrue(edited(field) { node in
            if case .textField(var spec) = node.kind { spec.alignment = .center; node.kind = .textField(spec) }
        }.differsOnlyInFitting(from: field))
        XCTAssertFalse(labelSpec(label) { $0.lines = 0 }.differsOnlyInFitting(from: label), "lines")
        XCTAssertFalse(labelSpec(label) { $0.minimumScaleFactor = 0.5; $0.lines = 2 }.differsOnlyInFitting(from: label), "lines beside a scale")
        XCTAssertFalse(edited(label) { $0.hugging.horizontal += 1 }.differsOnlyInFitting(from: label), "hugging")
        XCTAssertFalse(edited(label) { $0.compressionResistance.vertical -= 1 }.differsOnlyInFitting(from: label), "compression")
        XCTAssertFalse(edited(label) { $0.hidden = true }.differsOnlyInFitting(from: label), "hidden")
        XCTAssertFalse(field.differsOnlyInFitting(from: label), "another view")
    }
}

/// ``FixedAdvanceMeasurer`` with a label's minimum scale factor: a one-line text wider than
/// its width shrinks (its scale, down to the factor) until it fits, and is truncated only
/// where it still does not.
private struct ShrinkingMeasurer: TextMeasuring {
    func layout(_ request: TextMeasureRequest) -> TextLayout {
        var plain = request
        plain.minimumScaleFactor = nil
        var layout = FixedAdvanceMeasurer().layout(plain)
        guard let factor = request.minimumScaleFactor, let width = request.wrapWidth, request.maxLines == 1,
              layout.naturalWidth > width, layout.naturalWidth > 0 else { return layout }
        layout.scale = max(factor, width / layout.naturalWidth)
        layout.width = layout.naturalWidth * layout.scale
        layout.truncated = layout.width > width + 1e-9
        return layout
    }
}
