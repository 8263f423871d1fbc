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
/// (the development language first, then as given or found in the translations of the
/// layout's part), device (as given, else the layout's own list, else the four standard
/// devices), content size. `Device.design` in a list of devices is each layout's design
/// device (a storyboard's or XIB's); for a layout without one (a JSON layout) it is the
/// layout's own devices, else the four standard ones. A device listed twice is checked once.
public struct RunPlan: Sendable {
    public var runs: [RunSpec]

    public init(project: Project, languages: [String]?, devices: [Device]?, contentSizes: [ContentSize]) {
        var runs: [RunSpec] = []
        var copies: [String: [Int]] = [:]
        for (index, layout) in project.layouts.enumerated() {
            copies["\(layout.part)/\(layout.document.name)", default: []].append(index)
        }
        for (layoutIndex, layout) in project.layouts.enumerated() {
            let translations = project.translations(of: layout)
            let development = translations.developmentLanguage
            let languageList: [String]
            if let languages, !languages.isEmpty {
                languageList = languages
            } else {
                languageList = [development] + translations.languages.filter { $0 != development }
            }
            let own = layout.document.devices.isEmpty
                ? Device.standard : layout.document.devices.compactMap { Device.named($0, custom: project.customDevices) }
            var layoutDevices: [Device] = []
            for device in devices ?? own {
                let chosen = device == Device.design ? layout.document.designDevice.map { [$0] } ?? own : [device]
                for each in chosen where !layoutDevices.contains(where: { $0.name == each.name }) { layoutDevices.append(each) }
            }
            let sameLayout = copies["\(layout.part)/\(layout.document.name)"] ?? [layoutIndex]
            for language in languageList
            where Self.copy(among: sameLayout.map { project.layout(at: $0).localization }, for: language, development: development)
                == sameLayout.firstIndex(of: layoutIndex) {
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

    /// Which of a layout's copies (by localization, nil for the base copy) a run in `language`
    /// uses, as NSBundle picks a localized resource: the language's own copy, else its base
    /// language's (`fr` for `fr-CA`), else the base copy, else the development language's,
    /// else the first.
    static func copy(among localizations: [String?], for language: String, development: String) -> Int {
        let base = String(language.split(separator: "-").first ?? Substring(language))
        for wanted in [language, base] {
            if let index = localizations.firstIndex(where: { $0?.lowercased() == wanted.lowercased() }) { return index }
        }
        if let index = localizations.firstIndex(where: { $0 == nil }) { return index }
        return localizations.firstIndex { $0?.lowercased() == development.lowercased() } ?? 0
    }

    /// The runs of shard `index` (1-based) of `count`: every `count`-th run, so shards
    /// get similar mixes of layouts and languages. Together the shards hold every run once.
    public func shard(_ index: Int, of count: Int) -> [RunSpec] {
        runs.filter { $0.index % count == index - 1 }
    }
}
