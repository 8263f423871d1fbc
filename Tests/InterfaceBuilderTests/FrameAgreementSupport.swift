@testable import Checks
import Foundation
@testable import InterfaceBuilder
import TestSupport
import XCTest

/// Lays a corpus layout out on its design device in the development language, with the
/// texts the file itself shows, and compares every view's frame with the frame Xcode stored
/// (`<rect key="frame">`, in superview coordinates, as Xcode's Auto Layout last placed it).
struct FrameAgreement {
    struct Disagreement {
        var id: String
        var element: String
        var stored: Rect
        var laidOut: Rect
    }

    let measurer: any TextMeasuring
    var compared = 0
    var agreeing = 0
    var disagreements: [Disagreement] = []

    init(measurer: any TextMeasuring) {
        self.measurer = measurer
    }

    static let engine: TextEngine = {
        do { return try TextEngine(fontsFolder: PackageRoot.fonts) } catch { fatalError("the bundled fonts cannot be read: \(error)") }
    }()

    /// The frames Xcode stored, in root coordinates, with each view's element name, by id.
    static func storedFrames(of root: MarkupElement) -> [String: (frame: Rect, element: String)] {
        var frames: [String: (Rect, String)] = [:]
        func visit(_ element: MarkupElement, origin: (x: Double, y: Double), isRoot: Bool) {
            guard let id = element.id, let frame = element.frame else { return }
            let absolute = isRoot ? Rect(x: 0, y: 0, width: frame.width, height: frame.height)
                : Rect(x: origin.x + frame.x, y: origin.y + frame.y, width: frame.width, height: frame.height)
            frames[id] = (absolute, element.name)
            for child in FileContext.childViews(of: element) { visit(child, origin: (absolute.x, absolute.y), isRoot: false) }
        }
        visit(root, origin: (0, 0), isRoot: true)
        return frames
    }

    /// Compares one layout of a file, on its design device made the size of the root's
    /// stored frame; hidden views (whose frames IB does not update) are left out.
    mutating func compare(_ document: LayoutDocument, file: MarkupElement) throws {
        guard let rootElement = file.descendants.first(where: { $0.id == document.root.id }),
              var device = document.designDevice, let rootFrame = rootElement.frame else { return }
        device.width = rootFrame.width
        device.height = rootFrame.height
        var texts: [String: String] = [:]
        for view in document.allViews {
            switch view.kind.text {
            case .plain(let text)?: texts[view.id] = text
            case .localized(let text)?: texts[view.id] = text.defaultValue ?? text.key
            case nil: break
            }
        }
        let context = LayoutContext(device: device, texts: texts, imageSizes: document.imageSizes(relativeTo: ""))
        let result = try LayoutEngine(measurer: measurer).layout(document, in: context)
        let stored = Self.storedFrames(of: rootElement)
        for view in result.views where view.id != document.root.id && !view.hidden {
            guard let (expected, element) = stored[view.id] else { continue }
            compared += 1
            let frame = view.frame
            if abs(frame.x - expected.x) <= 1, abs(frame.y - expected.y) <= 1,
               abs(frame.width - expected.width) <= 1, abs(frame.height - expected.height) <= 1 {
                agreeing += 1
            } else {
                disagreements.append(Disagreement(id: view.id, element: element, stored: expected, laidOut: frame))
            }
        }
    }
}

/// The real text engine (Noto Sans for the system font), with every line as tall as San
/// Francisco's (ascender 0.952 and descender 0.241 of the size, no line gap), as Xcode lays
/// the system font out; widths stay Noto Sans's.
struct SystemFontLineMetrics: TextMeasuring {
    let measurer = FontMeasurer(engine: FrameAgreement.engine)

    static let ascender = 1950.0 / 2048, descender = 494.0 / 2048

    func layout(_ request: TextMeasureRequest) throws -> TextLayout {
        var layout = try measurer.layout(request)
        let size = request.font.size * layout.scale
        let line = size * (Self.ascender + Self.descender)
        for index in layout.lines.indices {
            layout.lines[index].ascent = size * Self.ascender
            layout.lines[index].height = line
        }
        layout.height = Double(max(layout.lines.count, 1)) * line
        layout.firstBaseline = size * Self.ascender
        layout.lastBaseline = Double(max(layout.lines.count - 1, 0)) * line + size * Self.ascender
        return layout
    }
}
