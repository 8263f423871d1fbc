import Foundation
import InterfaceBuilder
import Layout
import Localization
import Reports
import Support
import Text

/// The translations of a project's parts, by part: written by the thread that reads them, read
/// after that thread is waited for (the wait orders the two, so no lock is needed).
private final class TranslationsReading: @unchecked Sendable {
    var sets: [Int: Translations] = [:]
}

/// A layout file that was read, with the path reports name it by.
///
/// Its parts are shared (``SharedParts``): a layout is copied wherever a run or a fix's trial
/// takes it, and a copy of a dozen parts retained each of them.
public struct LoadedLayout: Sendable {
    private struct Parts: Sendable {
        var document: LayoutDocument
        var file: String
        var imageSizes: [String: Size]
        let views: LazyViewIndex
        let key: DocumentKey
        let origin: DocumentKey
        let part: Int
        let localization: String?
        let sizesBySymbolContentSize: [ContentSize: [String: Size]]
    }
    private var shared: SharedParts<Parts>

    public var document: LayoutDocument { get { shared.parts.document } set { shared.change { $0.document = newValue } } }
    /// The file as given or found, relative to the current folder when it lies below it.
    public var file: String { get { shared.parts.file } set { shared.change { $0.file = newValue } } }
    /// Image sizes read from the files the layout names.
    public var imageSizes: [String: Size] { get { shared.parts.imageSizes } set { shared.change { $0.imageSizes = newValue } } }
    /// Every view by id, and each view's superview: the same for every run of the layout,
    /// made when first asked for and let go with the layout's other caches once its last run
    /// is checked (``releaseViewIndex()``).
    var nodes: ViewIndex { viewIndex.nodes }
    var parents: [String: String] { viewIndex.parents }
    /// ``nodes`` and ``parents`` at once (what a run's rules take once, not at every view).
    var viewIndex: ViewTree { shared.parts.views.index(of: shared.parts.document.root) }
    /// The document as the check's caches know it, hashed once rather than on every run.
    var key: DocumentKey { shared.parts.key }
    /// The layout as checked, for this one with a fix tried on it (itself otherwise): the two
    /// share the store of their layout sessions, where most structures and cones of the one
    /// are those of the other.
    var origin: DocumentKey { shared.parts.origin }
    /// Which of the project's parts (an app and its translations) the layout belongs to.
    var part: Int { shared.parts.part }
    /// The language whose copy of the layout this is, for a file in a language's `.lproj`
    /// folder (`fr.lproj/Main.storyboard`: `fr`); nil for one in `Base.lproj` or elsewhere.
    /// A run in a language uses its own copy where it has one, as NSBundle does.
    public var localization: String? { shared.parts.localization }

    init(document: LayoutDocument, file: String, imageSizes: [String: Size], part: Int = 0, origin: DocumentKey? = nil) {
        let folder = ((file as NSString).deletingLastPathComponent as NSString).lastPathComponent
        let language = folder.hasSuffix(".lproj") ? String(folder.dropLast(".lproj".count)) : nil
        let key = DocumentKey(document)
        // Image sizes with those of the SF Symbols that follow a text style, per content size.
        var bySize: [ContentSize: [String: Size]] = [:]
        if document.allViews.contains(where: { $0.kind.image?.systemName != nil }) {
            for size in ContentSize.allCases {
                bySize[size] = imageSizes.merging(document.symbolSizes(at: size)) { $1 }
            }
        }
        shared = SharedParts(Parts(
            document: document, file: file, imageSizes: imageSizes, views: LazyViewIndex(), key: key, origin: origin ?? key,
            part: part, localization: language == "Base" ? nil : language?.replacingOccurrences(of: "_", with: "-"),
            sizesBySymbolContentSize: bySize))
    }

    /// `original` with a fix's `changes` made (`document`): its file, images, part, language
    /// and sessions' store (``origin``). Keyed by the original's key and the changes, each
    /// hashed once: hashing the changed document whole went through every view of it for every
    /// fix tried. (A document reached by two different changes has two keys, so that the
    /// check's caches keep it twice; a fix's layout is made once for its changes.) A fix edits
    /// no image, so the images' sizes at each content size are the original's.
    /// Its views by id are made from the original's, where those are made, with the views'
    /// edits of `changes` made (``ViewTree/editing(_:)``).
    init(_ document: LayoutDocument, changing original: LoadedLayout, by changes: FixChanges) {
        var hasher = Hasher()
        hasher.combine(original.key)
        hasher.combine(changes)
        shared = SharedParts(Parts(
            document: document, file: original.file, imageSizes: original.imageSizes,
            views: LazyViewIndex(origin: (original.shared.parts.views, changes.views)),
            key: DocumentKey(document, hash: hasher.finalize()), origin: original.origin, part: original.part,
            localization: original.localization, sizesBySymbolContentSize: original.shared.parts.sizesBySymbolContentSize))
    }

    /// Lets go of the views by id until they are asked for again: a project's layouts held as
    /// much again in these indexes as in their documents (30 MB of a 2,000-layout check),
    /// while only the layouts in progress need them.
    func releaseViewIndex() { shared.parts.views.release() }

    /// The sizes of the layout's images at a content size: the files' and the system symbols'.
    func imageSizes(at contentSize: ContentSize) -> [String: Size] {
        shared.parts.sizesBySymbolContentSize[contentSize] ?? shared.parts.imageSizes
    }
}

/// Elements by id, the first of an id: the elements in a list of their own size, found by their
/// place in it. A dictionary of the elements themselves kept room for a third again as many,
/// each as large as an element, and copied each into it; a look-up of a part (a frame) reads it
/// where it lies.
struct FirstByID<Element> {
    private var all: [Element]
    private let places: [String: Int]
    /// Whether no two elements share an id: then each element is the one its id finds.
    let idsAreUnique: Bool

    init(_ elements: [Element], id: (Element) -> String) {
        all = elements
        var places: [String: Int] = [:]
        places.reserveCapacity(elements.count)
        for place in elements.indices {
            let key = id(elements[place])
            if places[key] == nil { places[key] = place }
        }
        self.places = places
        idsAreUnique = places.count == elements.count
    }

    /// `elements` by id, where their ids are those of `other`'s elements place by place (a
    /// run's laid-out views and its layout's views, both in tree order): `other`'s places
    /// serve, and no id is looked up. Nil where the ids differ.
    init?<Other>(_ elements: [Element], id: (Element) -> String, placedAs other: FirstByID<Other>, otherID: (Other) -> String) {
        guard elements.count == other.all.count,
              elements.indices.allSatisfy({ id(elements[$0]) == otherID(other.all[$0]) }) else { return nil }
        self.init(all: elements, places: other.places, idsAreUnique: other.idsAreUnique)
    }

    private init(all: [Element], places: [String: Int], idsAreUnique: Bool) {
        self.all = all
        self.places = places
        self.idsAreUnique = idsAreUnique
    }

    subscript(id: String) -> Element? {
        places[id].map { all[$0] }
    }

    /// The place of the first element of an id.
    func place(of id: String) -> Int? { places[id] }

    /// Changes the element at a place, which keeps its id.
    mutating func change(place: Int, _ change: (inout Element) -> Void) {
        change(&all[place])
    }

    /// The element at a place in the list.
    subscript(place place: Int) -> Element {
        all[place]
    }

    /// `part` of the element at a place in the list, read in place.
    func read<Part>(place: Int, _ part: (Element) -> Part) -> Part {
        // From the storage: an element taken from the array was copied, each of its parts retained.
        all.withUnsafeBufferPointer { part($0[place]) }
    }

    var count: Int { all.count }

    /// The elements in their order.
    var elements: [Element] { all }

    /// `part` of the element of `id`, read in place.
    func read<Part>(_ id: String, _ part: (Element) -> Part) -> Part? {
        places[id].map { place in read(place: place, part) }
    }
}

extension FirstByID: Sendable where Element: Sendable {}

/// A document's views by id (the first of an id, in the order of ``ViewNode/allViews``).
typealias ViewIndex = FirstByID<ViewNode>

/// A layout's views by id (``ViewIndex``), each view's superview by id, and by place in the
/// order of ``ViewNode/allViews`` the place of its superview (nil for the root): all from one
/// walk of the tree.
struct ViewTree: Sendable {
    var nodes: ViewIndex
    var parents: [String: String]
    var parentPlaces: [Int?]
    /// By place, whether the view's kind has a text (``ViewKind/text``): the views a run looks a
    /// text up for (`RunChecker.resolveTexts`).
    var hasText: [Bool]

    init(_ root: ViewNode) {
        // Depth first, in the order of `allViews`, each view with its superview's place,
        // without recursion.
        var views: [ViewNode] = []
        var places: [Int?] = []
        var parents: [String: String] = [:]
        var pending: [(node: ViewNode, parent: Int?)] = [(root, nil)]
        while let (node, parent) = pending.popLast() {
            let place = views.count
            views.append(node)
            places.append(parent)
            // As `DirectionResolver.parents`: of views that share an id, the last one's superview.
            if let parent { parents[node.id] = views[parent].id }
            for subview in node.subviews.reversed() { pending.append((subview, place)) }
        }
        nodes = ViewIndex(views, id: \.id)
        hasText = views.map { $0.kind.text != nil }
        parentPlaces = places
        self.parents = parents
    }

    /// The tree of the same views with `edits` made as `LayoutDocument.applying(_:)` makes them,
    /// each on the first view of its id: on that view's node and on each node above it, which
    /// holds it among its subviews (where that view is also the first of its id, the views
    /// before it in the tree's order being before it in each of them). What else the tree
    /// tells (ids, places, superviews, which views have a text) no edit changes. Nil where an
    /// edit names no view.
    func editing(_ edits: [String: ViewEdit]) -> ViewTree? {
        var tree = self
        for (id, edit) in edits {
            guard var place = nodes.place(of: id) else { return nil }
            while true {
                tree.nodes.change(place: place) { _ = $0.edit(id) { $0.apply(edit) } }
                guard let parent = parentPlaces[place] else { break }
                place = parent
            }
        }
        return tree
    }
}

/// A layout's views by id and parents, made when first asked for; threads may share it.
private final class LazyViewIndex: @unchecked Sendable {
    private let lock = BriefLock()
    private var made: ViewTree?
    /// For a fix's layout: the index of the layout it changes and the views the fix edits, from
    /// which its own is made while that one is made (``ViewTree/editing(_:)``).
    private let origin: (index: LazyViewIndex, edits: [String: ViewEdit])?

    init(origin: (index: LazyViewIndex, edits: [String: ViewEdit])? = nil) {
        self.origin = origin
    }

    func index(of root: @autoclosure () -> ViewNode) -> ViewTree {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let index = origin.flatMap { origin in origin.index.madeIndex.flatMap { $0.editing(origin.edits) } } ?? ViewTree(root())
        made = index
        return index
    }

    /// The index, where it is made (the origin's lock is taken under a fix's layout's, never
    /// the other way round).
    private var madeIndex: ViewTree? {
        lock.lock()
        defer { lock.unlock() }
        return made
    }

    func release() {
        lock.lock()
        let dropped = made
        made = nil
        lock.unlock(freeing: dropped)
    }
}

/// A layout document as a cache key: the document itself (so an edited document is another
/// key), with its hash computed once: the document's own, or for a fix's layout, one made from
/// its original's key and the fix's changes (``LoadedLayout/init(_:changing:by:)``), so that the
/// same document reached otherwise is another key. Keys are equal only for equal documents.
struct DocumentKey: Hashable, @unchecked Sendable {
    let document: LayoutDocument
    private let hash: Int

    init(_ document: LayoutDocument) {
        self.document = document
        hash = document.hashValue
    }

    /// A key for `document` with a hash made otherwise (``LoadedLayout/init(_:changing:by:)``):
    /// equal only to a key of the same document with the same hash.
    init(_ document: LayoutDocument, hash: Int) {
        self.document = document
        self.hash = hash
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    static func == (a: DocumentKey, b: DocumentKey) -> Bool { a.hash == b.hash && a.document == b.document }
}

/// Layouts and the translations they are laid out in: one app of a project.
public struct ProjectPart: Sendable, Equatable {
    /// Layout files and folders (as `Project(layouts:)` takes them).
    public var layouts: [String]
    /// Folders searched for translations.
    public var strings: [String]

    public init(layouts: [String], strings: [String]) {
        self.layouts = layouts
        self.strings = strings
    }
}

/// Everything a check reads: layouts, translations and fonts. Inputs that
/// cannot be read become `inputErrors` (naming the file and the place), and
/// the rest is still checked.
///
/// A project has one or more parts, each layouts with the translations they belong to: two
/// apps checked together are two parts, and each app's screens are laid out in its own
/// languages only.
public final class Project: @unchecked Sendable {
    /// The layouts, in the order they were read.
    public var layouts: [LoadedLayout] {
        guard let replaced else { return readLayouts }
        var layouts = readLayouts
        layouts[replaced.index] = replaced.layout
        return layouts
    }
    /// The layouts as read, shared with every copy a fix is checked on.
    private let readLayouts: [LoadedLayout]
    /// A copy's layout with a fix applied, in place of the read one at its index: a copy keeps
    /// the read layouts as they are instead of copying them, which made checking each fix cost
    /// as much as the project has layouts (a fifth of a 2,000-layout check).
    private let replaced: (index: Int, layout: LoadedLayout)?

    /// The layout at `index` of ``layouts``, without making the array of a copy.
    func layout(at index: Int) -> LoadedLayout {
        readLayout(at: index) { $0 }
    }

    /// The key of ``layout(at:)``, read where the layout is kept: a copy of a layout, made to
    /// read its key on every fix tried, retained each of its parts.
    func layoutKey(at index: Int) -> DocumentKey {
        readLayout(at: index) { $0.key }
    }

    /// `part` of the layout at `index`, the replacement's or the one read, read where it is kept.
    private func readLayout<Part>(at index: Int, _ part: (LoadedLayout) -> Part) -> Part {
        if replaced?.index == index { return part(replaced!.layout) }
        return readLayouts.withUnsafeBufferPointer { part($0[index]) }
    }
    /// The translations of the first part (of the only one, for a project of one part).
    public var translations: Translations { translationSets[0] }
    /// The translations of each part, in the parts' order.
    public let translationSets: [Translations]
    /// By part, the language whose texts seed its sessions of each direction (``seedLanguage(of:direction:)``).
    private let seedLanguages: [[TextDirection: String]]

    /// The language whose texts seed the layout's sessions in `direction` (``LayoutSession``):
    /// the development language in its own direction, and in the other the first of its part's
    /// languages written that way (`ar` in an app developed in English); none where none is.
    func seedLanguage(of layout: LoadedLayout, direction: TextDirection) -> String? {
        seedLanguages[layout.part][direction]
    }
    public let engine: TextEngine
    public let inputErrors: [InputError]
    /// Devices a configuration defines, known by name besides `Device.known`.
    public let customDevices: [Device]
    let measurer: FontMeasurer
    /// Texts that stand in for a key's translation in a language (a fix's shorter translation).
    let textOverrides: [TextOverride: String]
    /// The development language's format signature of each key, which the translation rule
    /// compares each language's translation with run after run: made once per key, not once
    /// per language; shared with the copies a fix is checked on (same translations). The
    /// differences themselves are kept only while recent (``formatDifferences``): kept for every
    /// key in every language, they held as much memory as the translations.
    let developmentFormatSignatures: LockedCache<FormatSourceKey, FormatSignature?>
    /// The differences of the recent keys' translations in a language (the next run of a
    /// layout in that language, on another device, asks again): bounded, unlike the signatures.
    let formatDifferences: LockedRecentCache<FormatDifferencesKey, [String]>
    /// The texts of the recent layouts and languages looked up, for their runs on other devices
    /// and content sizes; shared with the copies a fix is checked on (same translations).
    let lookedUpTexts: LookedUpTexts

    /// A copy of `project` with the layout at `index` replaced (none when nil) and other text
    /// overrides: what a fix is checked on.
    init(copying project: Project, replacing replacement: (index: Int, layout: LoadedLayout)?,
         textOverrides: [TextOverride: String]) {
        if let replacement, let earlier = project.replaced, earlier.index != replacement.index {
            // A copy of a copy that changes another layout: the first change becomes read.
            readLayouts = project.layouts
        } else {
            readLayouts = project.readLayouts
        }
        replaced = replacement ?? project.replaced
        translationSets = project.translationSets
        seedLanguages = project.seedLanguages
        engine = project.engine
        measurer = project.measurer
        customDevices = project.customDevices
        inputErrors = []
        self.textOverrides = textOverrides
        developmentFormatSignatures = project.developmentFormatSignatures
        formatDifferences = project.formatDifferences
        lookedUpTexts = project.lookedUpTexts
    }

    /// The translations a layout is laid out in: those of its part.
    public func translations(of layout: LoadedLayout) -> Translations {
        translationSets[layout.part]
    }

    /// Reads layouts (files, or folders whose `*.json` files — and `Layouts/*.json` — are layouts)
    /// and translations (folders searched for `*.lproj`, catalogs and XLIFF), with the fonts of
    /// `fontsFolder`. Throws only when the fonts cannot be used at all. `readers` are the layout
    /// formats read: JSON layouts and Interface Builder's storyboards and XIBs. `keepsGlyphRuns`:
    /// see `init(parts:…)`.
    public convenience init(layouts layoutPaths: [String], strings stringFolders: [String], fontsFolder: String,
                            developmentLanguage: String? = nil, customDevices: [Device] = [],
                            readers: [any LayoutReader] = [JSONLayoutReader(), StoryboardReader()],
                            documentationLanguages: Set<String> = Translations.defaultDocumentationLanguages,
                            systemFonts: [String] = [], keepsGlyphRuns: Bool = true) throws {
        try self.init(parts: [ProjectPart(layouts: layoutPaths, strings: stringFolders)], fontsFolder: fontsFolder,
                      developmentLanguage: developmentLanguage, customDevices: customDevices, readers: readers,
                      documentationLanguages: documentationLanguages, systemFonts: systemFonts, keepsGlyphRuns: keepsGlyphRuns)
    }

    /// Reads each part's layouts and translations; see `init(layouts:strings:…)`. A layout file
    /// named by two parts belongs to the first. `documentationLanguages` (`qqq`) hold notes for
    /// translators: they are read as such and never checked or laid out. `systemFonts`: San
    /// Francisco's files and folders (`FontCatalog`); the fonts the project folders bundle
    /// (`AppFonts`) are measured with by family and PostScript name. Throws for a font file
    /// that cannot be used, naming it. `keepsGlyphRuns`: whether the texts of the runs keep
    /// the glyphs that measured them (``TextEngine/keepsGlyphRuns``), which drawing a run
    /// needs; a check that draws none runs faster without them, and finds the same.
    public init(parts: [ProjectPart], fontsFolder: String, developmentLanguage: String? = nil, customDevices: [Device] = [],
                readers: [any LayoutReader] = [JSONLayoutReader(), StoryboardReader()],
                documentationLanguages: Set<String> = Translations.defaultDocumentationLanguages,
                systemFonts: [String] = [], keepsGlyphRuns: Bool = true) throws {
        precondition(!parts.isEmpty, "a project has at least one part")
        var errors: [InputError] = []
        let appFonts = AppFonts.find(in: parts.flatMap(\.layouts), errors: &errors)
        engine = try TextEngine(fontsFolder: fontsFolder, systemFonts: systemFonts, appFonts: appFonts,
                                keepsGlyphRuns: keepsGlyphRuns)
        measurer = FontMeasurer(engine: engine)
        textOverrides = [:]
        developmentFormatSignatures = LockedCache()
        formatDifferences = LockedRecentCache(limit: 1024)
        lookedUpTexts = LookedUpTexts(limit: 32)
        self.customDevices = customDevices
        // The translations are read on a thread of their own while this one reads the layouts:
        // neither needs the other, and a whole app's took seconds before a run could start.
        // Parts that search the same folders share one reading of them.
        let reading = TranslationsReading()
        let firstReading = parts.indices.map { part in parts.prefix(part).firstIndex { $0.strings == parts[part].strings } ?? part }
        let translationsRead = DispatchGroup()
        translationsRead.enter()
        let reader = Thread { [parts] in
            for part in parts.indices where firstReading[part] == part {
                let translations = Translations(folders: parts[part].strings, developmentLanguage: developmentLanguage,
                                                documentationLanguages: documentationLanguages)
                reading.sets[part] = translations
            }
            translationsRead.leave()
        }
        reader.stackSize = 8 << 20
        reader.start()
        var loaded: [LoadedLayout] = []
        var seen = Set<String>()
        var layoutErrors: [[InputError]] = []
        for (part, paths) in parts.enumerated() {
            var partErrors: [InputError] = []
            for path in Project.layoutFiles(paths.layouts, errors: &partErrors, readers: readers) where seen.insert(path).inserted {
                let file = Project.displayPath(path)
                do {
                    let folder = (path as NSString).deletingLastPathComponent
                    for document in try LayoutReaders.reader(for: path, among: readers).read(path: path) {
                        let layout = LoadedLayout(document: document, file: file, imageSizes: document.imageSizes(relativeTo: folder),
                                                  part: part)
                        let problems = Project.problems(of: layout, folder: folder, catalog: engine.catalog,
                                                        customDevices: customDevices)
                        if problems.isEmpty {
                            loaded.append(layout)
                        } else {
                            partErrors += problems
                        }
                    }
                } catch {
                    partErrors.append(InputError(decoding: error, file: file))
                }
            }
            layoutErrors.append(partErrors)
        }
        translationsRead.wait()
        // Each part's layout errors, then its translations' problems, as when they were read in turn.
        var sets: [Translations] = []
        for part in parts.indices {
            errors += layoutErrors[part]
            let translations = reading.sets[firstReading[part]]!
            if firstReading[part] == part {
                for problem in translations.problems {
                    errors.append(InputError(file: Project.displayPath(problem.location.file), line: problem.location.line,
                                             column: problem.location.column, message: problem.message))
                }
            }
            sets.append(translations)
        }
        readLayouts = loaded
        replaced = nil
        translationSets = sets
        seedLanguages = sets.map { translations in
            let development = translations.developmentLanguage, own = TextDirection(language: development)
            var seeds = [own: development]
            let other: TextDirection = own == .leftToRight ? .rightToLeft : .leftToRight
            seeds[other] = translations.languages.first { TextDirection(language: $0) == other }
            return seeds
        }
        inputErrors = errors.sorted()
    }

    /// What keeps a layout that was read from being checked faithfully: a font family the
    /// catalog lacks, an image without a size whose file cannot be read, a device babelfit
    /// does not know. Such a layout is not checked (its runs would report made-up frames).
    static func problems(of layout: LoadedLayout, folder: String, catalog: FontCatalog, customDevices: [Device]) -> [InputError] {
        var problems: [InputError] = []
        func problem(_ node: ViewNode?, _ message: String) {
            let line = node.map(\.line).flatMap { $0 > 0 ? $0 : nil }
            problems.append(InputError(file: layout.file, line: line, message: message))
        }
        for node in layout.document.allViews {
            if case .family(let family, _, _)? = node.kind.font, catalog.families[catalog.familyName(family)] == nil {
                problem(node, "\(node.id): unknown font family '\(family)'; the font catalog \(catalog.path) has: \(catalog.families.keys.sorted().joined(separator: ", "))")
            }
            let image = node.kind.image
            if let image, let source = image.source {
                let path = source.hasPrefix("/") ? source : (folder as NSString).appendingPathComponent(source)
                if !FileManager.default.fileExists(atPath: path) {
                    problem(node, "\(node.id): the image '\(source)' is not found (looked for \(Project.displayPath(path)))")
                    continue
                }
            }
            // A system symbol has no file: its size comes from its configuration.
            if let image, image.size == nil, image.systemName == nil, layout.imageSizes[node.id] == nil {
                let source = image.source.map { "'\($0)'" } ?? "no source"
                problem(node, "\(node.id): the image \(source) cannot be read as PNG or JPEG and the view gives no size")
            }
        }
        for device in layout.document.devices where Device.named(device, custom: customDevices) == nil {
            problem(nil, "devices: unknown device '\(device)'; babelfit knows \(Device.knownDescription)")
        }
        return problems
    }

    /// A layout by name (`ItemDetail`) or file.
    public func layout(_ name: String) -> LoadedLayout? {
        layouts.first { $0.document.name == name || $0.file == name }
    }

    /// Files named directly, and the layouts of folders: the files a layout reader accepts in
    /// the folder's `Layouts/` when it has that folder, else in the folder itself. Sorted by
    /// path, each once.
    static func layoutFiles(_ paths: [String], errors: inout [InputError],
                            readers: [any LayoutReader] = LayoutReaders.all) -> [String] {
        let manager = FileManager.default
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                errors.append(InputError(file: path, message: "no such file or folder"))
                continue
            }
            guard isFolder.boolValue else {
                files.append(path)
                continue
            }
            let nested = (path as NSString).appendingPathComponent("Layouts")
            var nestedIsFolder: ObjCBool = false
            let folder = manager.fileExists(atPath: nested, isDirectory: &nestedIsFolder) && nestedIsFolder.boolValue ? nested : path
            let names = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
            var found = names.filter { name in readers.contains { $0.accepts(fileNamed: name) } }
                .map { (folder as NSString).appendingPathComponent($0) }
            if folder == path {
                found += subfolderLayouts(of: folder, readers: readers.filter(\.searchesSubfolders))
            }
            if found.isEmpty {
                let patterns = readers.flatMap(\.fileExtensions).map { "*.\($0)" }.joined(separator: ", ")
                errors.append(InputError(file: folder, message: "no layout files (\(patterns)) in this folder"))
            }
            files += found
        }
        var seen = Set<String>()
        return files.map { ($0 as NSString).standardizingPath }.filter { seen.insert($0).inserted }.sorted()
    }

    /// The layouts below a project folder's subfolders, for the readers that search them: an
    /// Xcode project folder's storyboards and XIBs, wherever they lie. Passed over: hidden
    /// folders, build products and dependencies (`build`, `DerivedData`, `Pods`, `Carthage`,
    /// `node_modules`), bundles (`.xcodeproj`, `.xcworkspace`, `.xcassets`, `.app`, `.bundle`,
    /// `.framework`). A storyboard in a language's `.lproj` folder (a `fr.lproj` copy, from
    /// before Base internationalization) is that language's copy (`LoadedLayout.localization`).
    static func subfolderLayouts(of folder: String, readers: [any LayoutReader]) -> [String] {
        guard !readers.isEmpty else { return [] }
        return projectFiles(below: folder, minimumDepth: 1) { name in readers.contains { $0.accepts(fileNamed: name) } }
    }

    /// The files below a project folder whose names `accepts` takes, sorted by path, found
    /// `minimumDepth` folders down or deeper. Passed over: hidden folders, build products and
    /// dependencies (`build`, `DerivedData`, `Pods`, `Carthage`, `node_modules`), bundles
    /// (`.xcodeproj`, `.xcworkspace`, `.xcassets`, `.app`, `.bundle`, `.framework`).
    static func projectFiles(below folder: String, minimumDepth: Int, accepts: (String) -> Bool) -> [String] {
        let skipped: Set<String> = ["build", "DerivedData", "Pods", "Carthage", "node_modules"]
        let bundles: Set<String> = ["xcodeproj", "xcworkspace", "xcassets", "app", "bundle", "framework"]
        let manager = FileManager.default
        var found: [String] = []
        func visit(_ directory: String, depth: Int) {
            guard depth < 32 else { return }
            for name in ((try? manager.contentsOfDirectory(atPath: directory)) ?? []).sorted() where !name.hasPrefix(".") {
                let path = (directory as NSString).appendingPathComponent(name)
                var isFolder: ObjCBool = false
                guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    let ext = (name as NSString).pathExtension
                    if skipped.contains(name) || bundles.contains(ext) { continue }
                    visit(path, depth: depth + 1)
                } else if depth >= minimumDepth, accepts(name) {
                    found.append(path)
                }
            }
        }
        visit(folder, depth: 0)
        return found
    }

    /// A path relative to the current folder when it lies below it.
    static func displayPath(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        let absolute = path.hasPrefix("/") ? path : (current as NSString).appendingPathComponent(path)
        let standard = (absolute as NSString).standardizingPath
        if standard.hasPrefix(current + "/") { return String(standard.dropFirst(current.count + 1)) }
        return standard
    }
}

/// A key of a table, in the translations of a project's part.
struct FormatSourceKey: Hashable {
    var part: Int
    var key: String
    var table: String
}

/// A key of a table in a language, in the translations of a project's part.
struct FormatDifferencesKey: Hashable {
    var source: FormatSourceKey
    var language: String
}
