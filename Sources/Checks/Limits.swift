import Layout
import Reports

extension Device {
    /// The devices `check --limits` tries, narrowest first: every device babelfit knows, in
    /// portrait, one of each screen (size, safe area and scale), named by the first of that
    /// screen in the table.
    public static var limitsTable: [Device] {
        var seen = Set<[Double]>()
        let screens = known.filter { device in
            seen.insert([device.width, device.height, device.safeArea.top, device.safeArea.left, device.safeArea.bottom,
                          device.safeArea.right, device.scale]).inserted
        }
        return screens.enumerated().sorted { a, b in
            (a.element.width, a.element.height, a.offset) < (b.element.width, b.element.height, b.offset)
        }.map(\.element)
    }
}

extension Project {
    /// For each layout and language of `options`, the largest content size at which it has no
    /// error (checked at every content size, `XS` … `AX5`, on the devices of `options`) and the
    /// narrowest device of `devices` on which it has none (checked on every one of them, at the
    /// content sizes of `options`). A limit holds for everything below it: the content size is
    /// the largest with no error at it or any smaller size, the device the narrowest with no
    /// error on it or any wider device. In the order of the check's runs.
    public func limits(_ options: CheckOptions, devices table: [Device] = Device.limitsTable) -> [ScreenLimit] {
        var sizes = options
        sizes.contentSizes = ContentSize.allCases
        sizes.shard = nil
        var screens = options
        screens.devices = table
        screens.shard = nil
        let bySize = errors(check(sizes)) { ContentSize(rawValue: $0.contentSize)?.index ?? 0 }
        let widths = Dictionary(table.map { ($0.name, $0.width) }, uniquingKeysWith: { first, _ in first })
        let byDevice = errors(check(screens)) { run in table.firstIndex { $0.name == run.device } ?? 0 }
        return bySize.order.map { screen in
            let failing = bySize.failing[screen] ?? []
            // The largest size below the smallest one with an error.
            let firstFailing = failing.min() ?? ContentSize.allCases.count
            let size = firstFailing > 0 ? ContentSize.allCases[firstFailing - 1].rawValue : nil
            // The narrowest device wider than the widest one with an error.
            let failingDevices = byDevice.failing[screen] ?? []
            let lastFailing = failingDevices.max() ?? -1
            let device = lastFailing + 1 < table.count ? table[lastFailing + 1] : nil
            return ScreenLimit(layout: screen.layout, file: screen.file, language: screen.language, contentSize: size,
                               device: device?.name, deviceWidth: device.flatMap { widths[$0.name] })
        }
    }

    private struct Screen: Hashable {
        var layout: String
        var file: String
        var language: String
    }

    /// The runs with an error, by layout and language, as positions (`position` of a run).
    private func errors(_ report: CheckReport, position: (RunReport) -> Int) -> (order: [Screen], failing: [Screen: Set<Int>]) {
        var order: [Screen] = []
        var failing: [Screen: Set<Int>] = [:]
        for run in report.runs {
            let screen = Screen(layout: run.layout, file: run.file, language: run.language)
            if failing[screen] == nil {
                order.append(screen)
                failing[screen] = []
            }
            if run.findings.contains(where: { $0.severity == .error }) { failing[screen]!.insert(position(run)) }
        }
        return (order, failing)
    }
}

extension ContentSize {
    /// The position from `XS` (0) to `AX5` (11).
    var index: Int { ContentSize.allCases.firstIndex(of: self) ?? 0 }
}
