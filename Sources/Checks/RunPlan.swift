import Layout
import Reports

/// One run: a layout in a language, on a device, at a content size.
public struct RunSpec: Sendable, Equatable {
    /// Position in the full run list, the same in every shard.
    public var index: Int
    /// Index into `Project.layouts`.
    public var layout: Int
    public var language: String
    public var device: Device
    public var contentSize: ContentSize
}

/// Which runs a check makes, in the report's order: layout (by file), language
/// (the development language first, then as given or found), device (as given,
/// else the layout's own list, else the four standard devices), content size.
public struct RunPlan: Sendable {
    public var runs: [RunSpec]

    public init(project: Project, languages: [String]?, devices: [Device]?, contentSizes: [ContentSize]) {
        let development = project.translations.developmentLanguage
        let languageList: [String]
        if let languages, !languages.isEmpty {
            languageList = languages
        } else {
            let found = project.translations.languages.filter { $0 != development }
            languageList = [development] + found
        }
        var runs: [RunSpec] = []
        for (layoutIndex, layout) in project.layouts.enumerated() {
            let layoutDevices = devices ?? (layout.document.devices.isEmpty
                ? Device.standard : layout.document.devices.compactMap(Device.named))
            for language in languageList {
                for device in layoutDevices {
                    for size in contentSizes {
                        runs.append(RunSpec(index: runs.count, layout: layoutIndex, language: language, device: device,
                                            contentSize: size))
                    }
                }
            }
        }
        self.runs = runs
    }

    /// The runs of shard `index` (1-based) of `count`: every `count`-th run, so shards
    /// get similar mixes of layouts and languages. Together the shards hold every run once.
    public func shard(_ index: Int, of count: Int) -> [RunSpec] {
        runs.filter { $0.index % count == index - 1 }
    }
}
