import Foundation
import Layout
import XCTest

/// `LayoutJSONWriter` writes what the decoder reads back as the same document, with the
/// format's extensions for what Interface Builder's layouts hold.
final class LayoutJSONWriterTests: XCTestCase {
    private func item(_ view: String, _ attribute: Attribute) -> ConstraintItem { ConstraintItem(view: view, attribute: attribute) }

    func testEveryFieldRoundTrips() throws {
        var title = ViewNode(id: "8bC-Xf-vdC", kind: .label(LabelSpec(
            text: .localized(LocalizedText(key: "8bC-Xf-vdC.text", table: "Main", comment: "A \"title\"\n", defaultValue: "Title",
                                            defaultIsDevelopmentText: true)),
            font: .family("Noto Sans", size: 17.5, weight: .semibold), lines: 0, lineBreak: .wordWrap, alignment: .left,
            minimumScaleFactor: 0.5)), semantic: .forceLeftToRight, hugging: AxisPriorities(horizontal: 250, vertical: 251),
            compressionResistance: AxisPriorities(749), margins: DirectionalInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        title.label = "Title Label"
        let date = Date(timeIntervalSince1970: 1_393_754_400)
        let detail = ViewNode(id: "detail", kind: .label(LabelSpec(text: .localized(LocalizedText(
            key: "Value: %@ %@ %@ %@ %@", args: [.string("a"), .number(2.5), .formattedNumber(3, style: .currency, currency: "EUR"),
                                                  .date(date, style: .long), .count(4)])))), hidden: true)
        let button = ViewNode(id: "go", kind: .button(ButtonSpec(
            title: .plain("Go"), font: .textStyle(.headline), contentInsets: DirectionalInsets(top: 7, leading: 12, bottom: 7, trailing: 12),
            image: ImageSpec(systemName: "chevron.forward", symbolConfiguration: SymbolConfiguration(pointSize: 20, weight: .bold, scale: .large)))))
        let field = ViewNode(id: "field", kind: .textField(TextFieldSpec(placeholder: .localized(LocalizedText(key: "Name")), alignment: .center)))
        let image = ViewNode(id: "flag", kind: .image(ImageSpec(size: Size(width: 24, height: 187.66666666666666), mirrorsInRTL: true)))
        let stack = ViewNode(id: "stack", kind: .stack(StackSpec(axis: .vertical, spacing: 8, alignment: .firstBaseline,
                                                                 distribution: .equalSpacing)), subviews: [button, field])
        var guide = ViewNode(id: "root.safeArea", kind: .view, hidden: true)
        guide.label = "Safe Area"
        let root = ViewNode(id: "root", kind: .view, subviews: [title, detail, stack, image, guide])
        var constraints = [
            LayoutConstraint(item("8bC-Xf-vdC", .leading), .equal, item("root", .leadingMargin), constant: 16),
            LayoutConstraint(item("8bC-Xf-vdC", .top), .greaterThanOrEqual, item("root.safeArea", .top), constant: -0.5, priority: 750),
            LayoutConstraint(item("flag", .width), .equal, item("flag", .height), multiplier: 16.0 / 9),
            LayoutConstraint(item("flag", .left), .equal, item("root", .left), constant: 1.4210854715202004e-14),
            LayoutConstraint(item("flag", .height), .lessThanOrEqual, constant: -3, priority: 50),
            LayoutConstraint(item("stack", .centerX), .equal, item("root", .centerX), multiplier: -1),
        ]
        constraints.append(LayoutConstraint(item("detail", .top), .equal, item("8bC-Xf-vdC", .lastBaseline), constant: 8))
        var document = LayoutDocument(name: "Main/Login", root: root, constraints: constraints, table: "Main",
                                      environment: LayoutEnvironment(width: 320, height: 100, scale: 2,
                                                                     safeArea: PartialEdgeInsets(top: 0, left: 0, bottom: 0, right: 0),
                                                                     margins: DirectionalInsets(all: 8)),
                                      devices: ["iPhone 15"])
        document.designDevice = Device(name: "Prototype (4-inch)", width: 320, height: 480,
                                       safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0), scale: 2)

        let json = LayoutJSONWriter.json(document)
        let decoded = try LayoutDocument.decode(json, file: "Main-Login.json")
        XCTAssertEqual(decoded.withoutSourcePlaces, document.withoutSourcePlaces, json)
        XCTAssertEqual(LayoutJSONWriter.json(decoded), json, "the same document gives the same bytes")
        // Readable where it can be: ids in brackets, exact numbers, the object form only where a
        // string cannot hold a number (an exponent, a negative multiplier).
        XCTAssertTrue(json.contains(#""[8bC-Xf-vdC].top >= [root.safeArea].top - 0.5 @750","#), json)
        XCTAssertTrue(json.contains(#""flag.width == flag.height * 1.7777777777777777","#), json)
        XCTAssertTrue(json.contains(#""flag.height <= -3 @50","#), json)
        XCTAssertTrue(json.contains(#""second": "root.left",\#n      "constant": 1.4210854715202004e-14\#n"#), json)
        XCTAssertTrue(json.contains(#"{ "first": "stack.centerX", "relation": "==", "second": "root.centerX", "multiplier": -1 },"#), json)
        XCTAssertTrue(json.contains(#""size": [24, 187.66666666666666]"#), json)
        XCTAssertTrue(json.hasPrefix("{\n  \"format\": 1,\n  \"name\": \"Main/Login\",\n  \"table\": \"Main\",\n  \"designDevice\": {"), json)

        // A device babelfit knows is written by its name.
        document.designDevice = Device.named("iPhone 11")
        let named = LayoutJSONWriter.json(document)
        XCTAssertTrue(named.contains(#""designDevice": "iPhone 11","#), named)
        XCTAssertEqual(try LayoutDocument.decode(named, file: "x.json").designDevice, Device.named("iPhone 11"))
    }

    func testTheExtensionsAreCheckedAsTheFormatIs() {
        func error(_ json: String) -> String {
            do {
                _ = try LayoutDocument.decode(json, file: "x.json")
                return "decoded"
            } catch {
                return error.description
            }
        }
        let root = #""root": { "id": "root", "type": "view", "subviews": [ { "id": "a-1", "type": "label", "text": TEXT } ] }"#
        XCTAssertEqual(error("{ \(root.replacingOccurrences(of: "TEXT", with: #"{ "key": "k", "defaultIsDevelopmentText": true }"#)) }"),
                       "x.json:1:139: root.subviews[0].text.defaultIsDevelopmentText: 'defaultIsDevelopmentText' says the 'default' is the development language's text, and this text has no 'default'")
        XCTAssertTrue(error(#"{ "designDevice": "iPhone 99", "root": { "id": "r", "type": "view" } }"#)
            .hasPrefix("x.json:1:19: designDevice: unknown device 'iPhone 99'; babelfit knows"))
        let constraint = #"{ "root": { "id": "root", "type": "view", "subviews": [ { "id": "a-1", "type": "view" } ] }, "constraints": [ CONSTRAINT ] }"#
        XCTAssertEqual(error(constraint.replacingOccurrences(of: "CONSTRAINT", with: #""[a-1.top == root.top""#)),
                       "x.json:1:132: constraints[0]: column 21: expected ']' to close the view id opened at column 1\n  [a-1.top == root.top\n                      ^")
        XCTAssertEqual(error(constraint.replacingOccurrences(of: "CONSTRAINT", with: #""[a-2].top == root.top""#)),
                       "x.json:1:112: constraints[0]: column 1: unknown view 'a-2'\n  [a-2].top == root.top\n  ^")
        XCTAssertEqual(error(constraint.replacingOccurrences(of: "CONSTRAINT", with: #""[a-1].top == root.top + 8""#)), "decoded")
        XCTAssertEqual(error(constraint.replacingOccurrences(of: "CONSTRAINT", with: #""a-1.top == root.top""#)),
                       "x.json:1:113: constraints[0]: column 2: expected '.' and an attribute after 'a'\n  a-1.top == root.top\n   ^")
    }
}
