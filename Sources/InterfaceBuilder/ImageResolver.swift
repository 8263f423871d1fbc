import Layout

/// An image a view names in IB: `image="name"` (an asset catalog's image), or an SF Symbol
/// (`catalog="system"`).
public struct ImageReference: Hashable, Sendable {
    public var name: String
    public var isSystemSymbol: Bool
    /// A symbol's configured scale (`small`, `medium`, `large`), from `symbolScale` or a
    /// `<preferredSymbolConfiguration scale=…>`.
    public var symbolScale: String?

    /// The reference an element makes with `image=` (and `catalog=`), or through an
    /// `<imageReference key=…>` child.
    init?(_ element: MarkupElement, attribute: String = "image", key: String = "image") {
        if let reference = element.child(key: key, named: "imageReference"), let name = reference.attributes["image"] {
            self.name = name
            isSystemSymbol = reference.attributes["catalog"] == "system"
            symbolScale = reference.attributes["symbolScale"]
        } else if let name = element.attributes[attribute] {
            self.name = name
            isSystemSymbol = element.attributes["catalog"] == "system"
        } else {
            return nil
        }
        symbolScale = symbolScale ?? element.child(key: "preferredSymbolConfiguration")?.attributes["scale"]
    }
}

/// The size and direction of the images a file names: from the app's asset catalogs, else
/// from the sizes Xcode records in the file's `<resources>` (`<image name= width= height=>`,
/// in points), else, for an SF Symbol, an approximation.
///
/// SF Symbols: IB records a symbol's shape scaled to 128 pt on its longer side; UIKit draws it
/// at the body text style (17 pt), whose symbol box babelfit takes as 17.5 pt on the longer
/// side (medium scale; small × 0.8, large × 1.3), keeping the recorded proportions. Without a
/// recorded shape the symbol is 17.5 pt square. The symbol font is not available outside
/// Apple's platforms; the size is an approximation within about a point.
struct ImageResolver {
    let catalogs: [AssetCatalog]
    /// `<resources>` image sizes by name; symbols under `system:` + name.
    let recorded: [String: Size]

    static let symbolSide = 17.5
    static let symbolScales: [String: Double] = ["small": 0.8, "medium": 1, "large": 1.3]

    init(document: MarkupElement, catalogs: [AssetCatalog]) {
        self.catalogs = catalogs
        var recorded: [String: Size] = [:]
        for image in document.firstChild(named: "resources")?.children(named: "image") ?? [] {
            guard let name = image.attributes["name"], let width = image.number("width"), let height = image.number("height")
            else { continue }
            recorded[(image.attributes["catalog"] == "system" ? "system:" : "") + name] = Size(width: width, height: height)
        }
        self.recorded = recorded
    }

    /// The image's size and whether it turns in right-to-left; a nil size when unknown.
    func resolve(_ reference: ImageReference) -> (size: Size?, mirrorsInRTL: Bool) {
        if reference.isSystemSymbol {
            let factor = Self.symbolScales[reference.symbolScale ?? "medium"] ?? 1
            let side = Self.symbolSide * factor
            guard let shape = recorded["system:" + reference.name], shape.width > 0, shape.height > 0 else {
                return (Size(width: side, height: side), false)
            }
            let longer = max(shape.width, shape.height)
            return (Size(width: shape.width / longer * side, height: shape.height / longer * side), false)
        }
        if let image = catalogs.lazy.compactMap({ $0.image(named: reference.name) }).first {
            return (image.size ?? recorded[reference.name], image.direction.mirrorsInRTL)
        }
        return (recorded[reference.name], false)
    }
}
