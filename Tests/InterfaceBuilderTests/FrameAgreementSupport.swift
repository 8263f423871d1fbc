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
    /// Views whose frames do not depend on text: the same when every text is set 30 % larger
    /// (`LargerText`); how many of them were compared and agree.
    var textIndependentCompared = 0
    var textIndependentAgreeing = 0
    var textIndependentDisagreements: [Disagreement] = []

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

    /// The safe area Xcode simulated for a scene, where its file shows it: Xcode draws a scene
    /// under the bars it infers from how the app presents it (a navigation bar pushed from
    /// another storyboard, a sheet), which the file does not say, so the safe area is read back
    /// from a view pinned to it: `v.top == safeArea.top + c` puts the safe area's top at
    /// v's stored y − c (likewise its bottom). nil on a side no such constraint shows.
    static func simulatedSafeArea(
        _ document: LayoutDocument, stored: [String: (frame: Rect, element: String)], height: Double
    ) -> (top: Double, bottom: Double)? {
        var top: Double?, bottom: Double?
        let root = document.root.id
        for constraint in document.constraints
        where constraint.relation == .equal && constraint.isRequired && constraint.multiplier == 1 {
            guard let second = constraint.second else { continue }
            for (guide, other, sign) in [(second, constraint.first, 1.0), (constraint.first, second, -1.0)]
            where guide.view == root {
                guard let frame = stored[other.view]?.frame else { continue }
                // other == guide + c (sign 1), or guide == other + c (sign −1): guide = other − sign × c.
                switch (guide.attribute, other.attribute) {
                case (.safeTop, .top): top = top ?? frame.minY - sign * constraint.constant
                case (.safeTop, .bottom): top = top ?? frame.maxY - sign * constraint.constant
                case (.safeBottom, .bottom): bottom = bottom ?? height - (frame.maxY - sign * constraint.constant)
                case (.safeBottom, .top): bottom = bottom ?? height - (frame.minY - sign * constraint.constant)
                default: continue
                }
            }
        }
        guard top != nil || bottom != nil else { return nil }
        return (top ?? document.designDevice?.safeArea.top ?? 0, bottom ?? document.designDevice?.safeArea.bottom ?? 0)
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
        let stored = Self.storedFrames(of: rootElement)
        if let safe = Self.simulatedSafeArea(document, stored: stored, height: device.height) {
            device.safeArea.top = safe.top
            device.safeArea.bottom = safe.bottom
        }
        let context = LayoutContext(device: device, texts: texts, imageSizes: document.imageSizes(relativeTo: ""))
        let result = try LayoutEngine(measurer: measurer).layout(document, in: context)
        let larger = try LayoutEngine(measurer: LargerText(measurer: measurer)).layout(document, in: context)
        for view in result.views where view.id != document.root.id && !view.hidden {
            guard let (expected, element) = stored[view.id] else { continue }
            compared += 1
            let frame = view.frame
            let agrees = abs(frame.x - expected.x) <= 1 && abs(frame.y - expected.y) <= 1
                && abs(frame.width - expected.width) <= 1 && abs(frame.height - expected.height) <= 1
            let disagreement = Disagreement(id: view.id, element: element, stored: expected, laidOut: frame)
            if agrees { agreeing += 1 } else { disagreements.append(disagreement) }
            guard let other = larger.frame(view.id), other == frame else { continue }
            textIndependentCompared += 1
            if agrees { textIndependentAgreeing += 1 } else { textIndependentDisagreements.append(disagreement) }
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

/// Every text 30 % larger than `measurer` measures it: a view whose frame is the same with it
/// does not depend on any text.
struct LargerText: TextMeasuring {
    let measurer: any TextMeasuring

    func layout(_ request: TextMeasureRequest) throws -> TextLayout {
        var larger = request
        larger.font.size *= 1.3
        return try measurer.layout(larger)
    }
}
