/// What a picture of the HTML report shows: one run (a layout in a language, on a device, at a
/// content size). The site generator asks for one PNG per run of the report through
/// `HTMLSite.PictureSource`, and knows nothing of how it is drawn.
public struct RunIdentity: Hashable, Sendable, CustomStringConvertible {
    public var layout: String
    /// The layout file, as the report names it.
    public var file: String
    public var language: String
    public var device: String
    public var contentSize: String

    public init(layout: String, file: String, language: String, device: String, contentSize: String) {
        self.layout = layout
        self.file = file
        self.language = language
        self.device = device
        self.contentSize = contentSize
    }

    public init(_ run: RunReport) {
        self.init(layout: run.layout, file: run.file, language: run.language, device: run.device,
                  contentSize: run.contentSize)
    }

    /// "ItemDetail (Layouts/ItemDetail.json) in es · iPhone 15 · L".
    public var description: String { "\(layout) (\(file)) in \(language) · \(device) · \(contentSize)" }
}

/// `check --html DIR` and `report REPORT.json --html DIR`: a static site that works from
/// `file://` with no network: `index.html` (a table of layouts × languages with the count of
/// errors in each cell, and every finding once with the runs it occurs in), a page per layout
/// (the development language beside a chosen language, on a chosen device and content size,
/// switched without reloading, ← → stepping through languages, and the shown run's findings,
/// each linking to its line in the layout file), and a PNG per run in `pictures/`. Findings
/// can be filtered by kind and severity and searched by view or key. CSS and JavaScript are
/// inline, and a Content-Security-Policy lets a page load nothing but its own pictures.
///
/// The same report and pictures give the same bytes: files are named by layout and run
/// position, never by a name from the inputs, and nothing depends on time or place.
public enum HTMLSite {
    /// What every page's head carries: a folder whose index.html has it is an earlier HTML report,
    /// which a new one may replace.
    public static let generatorMark = "<meta name=\"generator\" content=\"babelfit\">"

    /// The PNG bytes of a run's picture. Errors are passed on: a site is written whole or not at all.
    public typealias PictureSource = (RunIdentity) throws -> [UInt8]

    /// One file of the site: its path relative to the site's folder, and its bytes.
    public struct File: Equatable, Sendable {
        public var path: String
        public var bytes: [UInt8]

        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    public struct Options: Sendable {
        /// The development language, shown beside the chosen one; nil: each layout's first language.
        public var developmentLanguage: String?
        /// Per layout file, when layouts differ (apps checked together keep their own languages);
        /// before `developmentLanguage`.
        public var developmentLanguages: [String: String] = [:]
        /// Put before a report's relative file path to reach the file from the site's folder
        /// ("../../" when the site is report/html below the folder the check ran in); an
        /// absolute path is linked as a `file://` URL.
        public var linkPrefix: String

        /// Pixels per point of the pictures: a page shows them at their size in points.
        public var pictureScale: Int

        public init(developmentLanguage: String? = nil, linkPrefix: String = "", pictureScale: Int = 1) {
            self.developmentLanguage = developmentLanguage
            self.linkPrefix = linkPrefix
            self.pictureScale = max(1, pictureScale)
        }
    }

    /// A picture that is not a PNG, or a report with nothing to show.
    public struct SiteError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Every file of the site, in path order. Asks `pictures` once per run, in report order.
    public static func files(for report: CheckReport, options: Options = Options(),
                             pictures: PictureSource) throws -> [File] {
        let site = Site(report: report, options: options)
        var files: [File] = []
        var sizes: [Int: PictureSize] = [:]
        for (position, run) in report.runs.enumerated() {
            let bytes = try pictures(RunIdentity(run))
            guard let size = PictureSize(png: bytes) else {
                throw SiteError(description: "the picture of \(RunIdentity(run)) is not a PNG image")
            }
            sizes[position] = size
            files.append(File(path: Site.picturePath(position), bytes: bytes))
        }
        files.append(File(path: "index.html", bytes: Array(site.overview().utf8)))
        for layout in site.layouts {
            files.append(File(path: layout.page, bytes: Array(site.page(layout, pictures: sizes).utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }
}

/// A picture's size in pixels, from its PNG header.
struct PictureSize: Equatable {
    var width: Int
    var height: Int

    init?(png bytes: [UInt8]) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            return nil
        }
        func number(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = number(16)
        height = number(20)
        guard width > 0, height > 0 else { return nil }
    }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
