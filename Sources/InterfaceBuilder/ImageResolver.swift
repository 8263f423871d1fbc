import Layout

/// An image a view names in IB: `image="name"` (an asset catalog's image), or an SF Symbol
/// (`catalog="system"`) with its configuration.
public struct ImageReference: Hashable, Sendable {
    public var name: String
    public var isSystemSymbol: Bool
    /// A symbol's configuration: IB's `<preferredSymbolConfiguration>` (a point size, a text
    /// style, or a weight and scale) and an `<imageReference symbolScale=…>`; nil for the
    /// default, or for a catalog image.
    public var symbolConfiguration: SymbolConfiguration?

    /// The reference an element makes with `image=` (and `catalog=`), or through an
    /// `<imageReference key=…>` child; nil when it names no image.
    init?(_ element: MarkupElement, attribute: String = "image", key: String = "image") {
        var scale: String?
        if let reference = element.child(key: key, named: "imageReference"), let name = reference.attributes["image"] {
            self.name = name
            isSystemSymbol = reference.attributes["catalog"] == "system"
            scale = reference.attributes["symbolScale"]
        } else if let name = element.attributes[attribute] {
            self.name = name
            isSystemSymbol = element.attributes["catalog"] == "system"
        } else {
            return nil
        }
        let preferred = element.child(key: "preferredSymbolConfiguration")
        guard isSystemSymbol, preferred != nil || scale != nil else { return }
        var configuration = SymbolConfiguration()
        if let preferred {
            configuration.pointSize = preferred.attributes["configurationType"] == "pointSize" ? preferred.number("pointSize") : nil
            if let style = preferred.child(key: "fontDescription")?.attributes["style"] {
                configuration.textStyle = FontDescription.textStyles[style]
            }
            configuration.weight = preferred.attributes["weight"].flatMap(SymbolWeight.init(rawValue:))
            scale = preferred.attributes["scale"] ?? scale
        }
        configuration.scale = scale.flatMap(SymbolScale.init(rawValue:)) ?? .medium
        symbolConfiguration = configuration
    }
}

/// The images a file names, as the layout model's: a catalog image's size and direction from
/// the app's asset catalogs, else the size Xcode recorded in the file's `<resources>`
/// (`<image name= width= height=>`, in points); an SF Symbol as a system symbol, which the
/// layout engine sizes (`SystemSymbol`), with the proportions Xcode recorded for a symbol
/// that babelfit has no figures for.
struct ImageResolver {
    let catalogs: [AssetCatalog]
    /// `<resources>` image sizes by name; symbols under `system:` + name.
    let recorded: [String: Size]

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

    /// The image in the layout model; nil for a catalog image whose size is unknown.
    func image(_ reference: ImageReference) -> ImageSpec? {
        if reference.isSystemSymbol {
            var image = ImageSpec(systemName: reference.name, symbolConfiguration: reference.symbolConfiguration)
            // A symbol without figures is a square; IB records its shape (scaled to 128 pt on
            // its longer side): the square's side becomes that longer side. A text-style
            // symbol keeps following the content size instead.
            if SystemSymbol.metrics(of: reference.name) == nil, reference.symbolConfiguration?.textStyle == nil,
               let shape = recorded["system:" + reference.name], shape.width > 0, shape.height > 0 {
                let side = SystemSymbol.size(named: reference.name, configuration: reference.symbolConfiguration,
                                             contentSize: .default).width
                let longer = max(shape.width, shape.height)
                image.size = Size(width: shape.width / longer * side, height: shape.height / longer * side)
            }
            return image
        }
        if let found = catalogs.lazy.compactMap({ $0.image(named: reference.name) }).first {
            guard let size = found.size ?? recorded[reference.name] else { return nil }
            return ImageSpec(size: size, mirrorsInRTL: found.direction.mirrorsInRTL)
        }
        return recorded[reference.name].map { ImageSpec(size: $0) }
    }
}
