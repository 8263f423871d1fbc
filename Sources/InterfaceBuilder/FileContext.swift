import Foundation
import Layout

/// What every layout of one IB file shares: the parsed file, its design device and size
/// classes, the images it names, its strings table and its warnings.
final class FileContext {
    /// The path as given to the reader, as warnings name the file.
    let path: String
    /// `Main` for `Main.storyboard`: the layouts' name prefix and the strings table.
    let baseName: String
    let root: MarkupElement
    let device: Device?
    let variations: SizeClassVariations
    let kinds: ViewKindReader
    let warnings: WarningLog
    let images = ImageReferences()

    init(path: String, root: MarkupElement, catalogs: [AssetCatalog]) {
        self.path = path
        baseName = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        self.root = root
        let warnings = WarningLog(file: path)
        self.warnings = warnings
        let deviceElement = root.firstChild(named: "device")
        let id = deviceElement?.attributes["id"]
        let orientation = deviceElement?.attributes["orientation"]
        device = id.flatMap { InterfaceBuilderDevice.device(id: $0, orientation: orientation) }
        if let deviceElement, device == nil {
            warnings.warn(deviceElement, "design device '\(id ?? "")' is not one babelfit knows (\(InterfaceBuilderDevice.ids.joined(separator: ", "))); it is not recorded",
                          kind: "device")
        }
        let classes = device.map { InterfaceBuilderDevice.sizeClasses(of: $0, id: id ?? "", orientation: orientation) }
            ?? SizeClasses(width: .compact, height: .regular)
        variations = SizeClassVariations(root: root, classes: classes)
        if variations.present, let first = root.descendants.first(where: { $0.name == "variation" }) {
            warnings.warn(first, "size-class variations are resolved for the design device (\(classes.description)) and used on every device",
                          kind: "variation")
        }
        kinds = ViewKindReader(table: baseName, images: ImageResolver(document: root, catalogs: catalogs), warnings: warnings,
                               references: images)
    }

    /// Whether an element is a view: it has an id and a frame.
    static func isView(_ element: MarkupElement) -> Bool {
        element.id != nil && element.frame != nil
    }

    /// The views an element holds, in z-order: its `<subviews>`, keyed views such as a cell's
    /// content view or a table's header, and the cells of tables and collections.
    static func childViews(of element: MarkupElement) -> [MarkupElement] {
        var result: [MarkupElement] = []
        for child in element.children {
            if isView(child) {
                result.append(child)
            } else if ["subviews", "prototypes", "cells", "sections", "tableViewSection"].contains(child.name) {
                result += childViews(of: child)
            }
        }
        return result
    }
}
