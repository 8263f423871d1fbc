import Foundation
import Layout

/// A storyboard or XIB as read: its layouts and what could not be read faithfully.
public struct InterfaceBuilderFile: Sendable {
    public var path: String
    /// The device the file was designed on (`<device id=…>`), when babelfit knows it.
    public var designDevice: Device?
    /// One layout per scene with a view (a storyboard) or per top-level view (a XIB).
    public var documents: [LayoutDocument]
    /// Each kind of unsupported or approximated thing once, at its first place in the file.
    public var warnings: [InterfaceBuilderWarning]
    /// The image each image view or button names, by view id (IB ids are unique in a file):
    /// a layout keeps only the image's size and direction.
    public var images: [String: ImageReference]
}

/// Reads Interface Builder documents (`.storyboard`, `.xib`) into the layout model.
///
/// A storyboard gives one layout per scene whose view controller has a view, named
/// `File/Scene`, where Scene is the controller's storyboard identifier, else its custom class,
/// else its object id; a XIB gives one per top-level view, named `File/View` after the view's
/// user label, custom class or id (and a scene's extra top-level views likewise). Views keep
/// their IB object ids and lines, and their user labels as `ViewNode.label`; constraints keep
/// their lines. Each layout records the design device (`LayoutDocument.designDevice`) and the
/// file's warnings met while reading it (`LayoutDocument.warnings`; the file's own, such as
/// an unknown device, go with its first layout).
///
/// A view controller's view is the screen. A XIB's top-level view that is not its owner's
/// `view` and not the size of the design device's screen (a cell, a custom view) is laid out
/// at its own size: the layout's `environment` makes the screen that size, with no safe area
/// and 8 pt margins. Size-class variations are resolved for the design device's size
/// classes. Images are measured from the asset catalogs given, or found below the Xcode
/// project that holds the file, else from the sizes the file records.
public struct StoryboardReader: LayoutReader {
    public var assetCatalogs: [AssetCatalog]
    /// Whether to look for asset catalogs below the nearest folder above the file that holds
    /// an `.xcodeproj` or `.xcworkspace` (besides `assetCatalogs`).
    public var findsAssetCatalogs: Bool

    public init(assetCatalogs: [AssetCatalog] = [], findsAssetCatalogs: Bool = true) {
        self.assetCatalogs = assetCatalogs
        self.findsAssetCatalogs = findsAssetCatalogs
    }

    public var fileExtensions: [String] { ["storyboard", "xib"] }

    /// An app's storyboards and XIBs lie anywhere in its project folder.
    public var searchesSubfolders: Bool { true }

    public func read(path: String) throws(LayoutDecodingError) -> [LayoutDocument] {
        try readFile(path: path).documents
    }

    /// Reads a file: its layouts and warnings. Throws when the file cannot be read, is not
    /// XML, or is not an iOS Interface Builder document.
    public func readFile(path: String) throws(LayoutDecodingError) -> InterfaceBuilderFile {
        let root = try MarkupElement.read(path: path)
        let type = root.attributes["type"] ?? ""
        guard root.name == "document", type.hasPrefix("com.apple.InterfaceBuilder3.CocoaTouch") else {
            let what = root.name == "document" ? "a \(type) document" : "a <\(root.name)> document"
            throw LayoutDecodingError(file: path, path: "", line: root.line, column: root.location.column,
                                      message: "not an iOS Interface Builder document: \(what)")
        }
        let catalogs = assetCatalogs + (findsAssetCatalogs ? Self.projectCatalogs(near: path) : [])
        let context = FileContext(path: path, root: root, catalogs: catalogs)
        let bars = SimulatedBars.bars(in: root)
        var documents: [LayoutDocument] = []
        var warningsSeen = 0
        func add(_ element: MarkupElement, name: String, controller: MarkupElement?) {
            var builder = SceneBuilder(context: context)
            let guides = controller?.firstChild(named: "layoutGuides")?.children(named: "viewControllerLayoutGuide") ?? []
            let controllerBars = controller?.id.flatMap { bars[$0] } ?? SimulatedBars()
            if controllerBars != SimulatedBars(), let controller {
                context.warnings.warn(controller, "the safe area ends at the bars Xcode simulates over the view (\(Number.exact(controllerBars.top)) pt above, \(Number.exact(controllerBars.bottom)) pt below) on every device",
                                      kind: "bars")
            }
            var document = builder.build(root: element, name: name, controllerGuides: guides, bars: controllerBars)
            if controller == nil, let environment = ownSizeEnvironment(element, context: context, root: root) {
                document.environment = environment
            }
            var unique = document.name
            if documents.contains(where: { $0.name == unique }) { unique += " (\(element.id ?? ""))" }
            document.name = unique
            let new = Array(context.warnings.warnings[warningsSeen...])
            warningsSeen = context.warnings.count
            document.warnings = new.map(\.layoutWarning)
            documents.append(document)
        }
        let objectLists = root.firstChild(named: "scenes")?.children(named: "scene").compactMap { $0.firstChild(named: "objects") }
            ?? [root.firstChild(named: "objects")].compactMap { $0 }
        for objects in objectLists {
            for object in objects.children where !["placeholder", "viewControllerPlaceholder"].contains(object.name) {
                if let view = object.children.first(where: { $0.attributes["key"] == "view" && FileContext.isView($0) }) {
                    let scene = object.attributes["storyboardIdentifier"] ?? object.attributes["customClass"] ?? object.id ?? ""
                    if object.firstChild(named: "freeformSimulatedSizeMetrics") != nil {
                        context.warnings.warn(object, "a freeform design size is laid out on the screen of each device checked",
                                              kind: "freeform")
                    }
                    add(view, name: "\(context.baseName)/\(scene)", controller: object)
                } else if FileContext.isView(object) {
                    let label = object.attributes["userLabel"] ?? object.attributes["customClass"] ?? object.id ?? ""
                    add(object, name: "\(context.baseName)/\(label)", controller: nil)
                } else if object.name.hasSuffix("Controller") {
                    context.warnings.warn(object, "a \(object.name) has no view of its own to lay out: its scene is left out",
                                          kind: "controller \(object.name)")
                }
            }
        }
        if !documents.isEmpty, warningsSeen < context.warnings.count {
            documents[documents.count - 1].warnings += context.warnings.warnings[warningsSeen...].map(\.layoutWarning)
        }
        return InterfaceBuilderFile(path: path, designDevice: context.device, documents: documents,
                                    warnings: context.warnings.warnings, images: context.images.byView)
    }

    /// The environment of a top-level view laid out at its own size: nil for a view that is
    /// its owner's `view` or is the size of the design device's screen.
    private func ownSizeEnvironment(_ element: MarkupElement, context: FileContext, root: MarkupElement) -> LayoutEnvironment? {
        guard let frame = element.frame else { return nil }
        let ownerView = root.firstChild(named: "objects")?.children(named: "placeholder")
            .first { $0.attributes["placeholderIdentifier"] == "IBFilesOwner" }?
            .firstChild(named: "connections")?.children(named: "outlet")
            .first { $0.attributes["property"] == "view" }?.attributes["destination"]
        if ownerView == element.id { return nil }
        if let device = context.device, device.width == frame.width, device.height == frame.height { return nil }
        return LayoutEnvironment(width: frame.width, height: frame.height, safeArea: PartialEdgeInsets(top: 0, left: 0, bottom: 0, right: 0),
                                 margins: DirectionalInsets(all: 8))
    }

    /// The asset catalogs of the Xcode project that holds a file: those below the nearest
    /// folder above it with an `.xcodeproj` or `.xcworkspace`; outside a project (the sources
    /// of an app without its project file), those below the nearest folder above it that holds
    /// an `.xcassets` itself; else none.
    static func projectCatalogs(near path: String) -> [AssetCatalog] {
        var folder = ((path as NSString).deletingLastPathComponent as NSString).standardizingPath
        if !folder.hasPrefix("/") { folder = (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(folder) }
        var holdingCatalog: String?
        while folder != "/" && !folder.isEmpty {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            if names.contains(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }) {
                return AssetCatalog.catalogs(below: folder)
            }
            if holdingCatalog == nil, names.contains(where: { $0.hasSuffix(".xcassets") }) { holdingCatalog = folder }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return holdingCatalog.map(AssetCatalog.catalogs(below:)) ?? []
    }
}
