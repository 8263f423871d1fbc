/// A device to check layouts on, in portrait.
public struct Device: Hashable, Sendable {
    public var name: String
    public var width: Double
    public var height: Double
    /// The safe-area insets of the screen.
    public var safeArea: EdgeInsets
    /// Pixels per point: text sizes round up to multiples of 1/scale.
    public var scale: Double

    public init(name: String, width: Double, height: Double, safeArea: EdgeInsets, scale: Double) {
        self.name = name
        self.width = width
        self.height = height
        self.safeArea = safeArea
        self.scale = scale
    }

    /// The devices layouts are checked on unless told otherwise, in the format's order.
    public static let standard: [Device] = [
        Device(name: "iPhone SE (3rd generation)", width: 375, height: 667,
               safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0), scale: 2),
        Device(name: "iPhone 15", width: 393, height: 852,
               safeArea: EdgeInsets(top: 59, left: 0, bottom: 34, right: 0), scale: 3),
        Device(name: "iPhone 15 Pro Max", width: 430, height: 932,
               safeArea: EdgeInsets(top: 59, left: 0, bottom: 34, right: 0), scale: 3),
        Device(name: "iPad (10th generation)", width: 820, height: 1180,
               safeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0), scale: 2),
    ]

    /// Every device babelfit knows by name, in portrait: the standard four, and the iPhones and
    /// iPads of recent years, with the screen size in points, the safe area of current iOS
    /// versions in portrait, and the scale. Any of them is named in landscape with
    /// `" landscape"` after its name (`"iPhone 15 landscape"`).
    public static let known: [Device] = {
        func phone(_ names: [String], _ width: Double, _ height: Double, top: Double, bottom: Double, scale: Double) -> [Device] {
            names.map { Device(name: $0, width: width, height: height,
                               safeArea: EdgeInsets(top: top, left: 0, bottom: bottom, right: 0), scale: scale) }
        }
        let others = [
            phone(["iPhone SE (2nd generation)", "iPhone 8"], 375, 667, top: 20, bottom: 0, scale: 2),
            phone(["iPhone 8 Plus"], 414, 736, top: 20, bottom: 0, scale: 3),
            phone(["iPhone X", "iPhone XS", "iPhone 11 Pro"], 375, 812, top: 44, bottom: 34, scale: 3),
            phone(["iPhone XR", "iPhone 11"], 414, 896, top: 48, bottom: 34, scale: 2),
            phone(["iPhone XS Max", "iPhone 11 Pro Max"], 414, 896, top: 44, bottom: 34, scale: 3),
            phone(["iPhone 12 mini", "iPhone 13 mini"], 375, 812, top: 50, bottom: 34, scale: 3),
            phone(["iPhone 12", "iPhone 12 Pro", "iPhone 13", "iPhone 13 Pro", "iPhone 14", "iPhone 16e"],
                  390, 844, top: 47, bottom: 34, scale: 3),
            phone(["iPhone 12 Pro Max", "iPhone 13 Pro Max", "iPhone 14 Plus"], 428, 926, top: 47, bottom: 34, scale: 3),
            phone(["iPhone 14 Pro", "iPhone 15 Pro", "iPhone 16"], 393, 852, top: 59, bottom: 34, scale: 3),
            phone(["iPhone 14 Pro Max", "iPhone 15 Plus", "iPhone 16 Plus"], 430, 932, top: 59, bottom: 34, scale: 3),
            phone(["iPhone 16 Pro", "iPhone 17", "iPhone 17 Pro"], 402, 874, top: 62, bottom: 34, scale: 3),
            phone(["iPhone 16 Pro Max", "iPhone 17 Pro Max"], 440, 956, top: 62, bottom: 34, scale: 3),
            phone(["iPad (9th generation)"], 810, 1080, top: 20, bottom: 0, scale: 2),
            phone(["iPad (A16)", "iPad Air 11-inch (M2)", "iPad Air 11-inch (M3)"], 820, 1180, top: 24, bottom: 20, scale: 2),
            phone(["iPad mini (6th generation)", "iPad mini (A17 Pro)"], 744, 1133, top: 24, bottom: 20, scale: 2),
            phone(["iPad Air 13-inch (M2)", "iPad Air 13-inch (M3)"], 1024, 1366, top: 24, bottom: 20, scale: 2),
            phone(["iPad Pro 11-inch (4th generation)"], 834, 1194, top: 24, bottom: 20, scale: 2),
            phone(["iPad Pro 12.9-inch (6th generation)"], 1024, 1366, top: 24, bottom: 20, scale: 2),
            phone(["iPad Pro 11-inch (M4)"], 834, 1210, top: 24, bottom: 20, scale: 2),
            phone(["iPad Pro 13-inch (M4)"], 1032, 1376, top: 24, bottom: 20, scale: 2),
            // Older screens that storyboards are still drawn on (Interface Builder's retina3_5,
            // retina4_0, ipad7_9, ipad9_7, ipad10_5 and ipad12_9).
            phone(["iPhone 4s"], 320, 480, top: 20, bottom: 0, scale: 2),
            phone(["iPhone SE (1st generation)"], 320, 568, top: 20, bottom: 0, scale: 2),
            phone(["iPad mini (5th generation)", "iPad (6th generation)"], 768, 1024, top: 20, bottom: 0, scale: 2),
            phone(["iPad Pro (10.5-inch)"], 834, 1112, top: 20, bottom: 0, scale: 2),
            phone(["iPad Pro (12.9-inch) (2nd generation)"], 1024, 1366, top: 20, bottom: 0, scale: 2),
        ]
        return standard + others.flatMap { $0 }
    }()

    /// The suffix that names a device in landscape.
    public static let landscapeSuffix = " landscape"

    /// A device babelfit knows by its exact name, in portrait, or in landscape with
    /// `" landscape"` after its name.
    /// `custom` devices (a configuration's) are known too, and win over a known one of the
    /// same name.
    public static func named(_ name: String, custom: [Device] = []) -> Device? {
        let devices = custom + known
        if let device = devices.first(where: { $0.name == name }) { return device }
        guard name.hasSuffix(landscapeSuffix) else { return nil }
        return devices.first { $0.name == String(name.dropLast(landscapeSuffix.count)) }?.landscape
    }

    /// The name that stands, wherever devices are named, for the device each layout was drawn
    /// for (a storyboard's or XIB's design device).
    public static let designName = "design"

    /// `design` as a device in a list of devices to check: each layout's design device
    /// replaces it (`RunPlan`). It is no screen of its own.
    public static let design = Device(name: designName, width: 0, height: 0, safeArea: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0),
                                      scale: 1)

    /// Whether the device is an iPad (its idiom, for device-specific translations).
    public var isPad: Bool { name.lowercased().hasPrefix("ipad") }

    /// The device turned to landscape (named with `" landscape"`): width and height swap. An
    /// iPhone with a notch or Dynamic Island has its safe area at the sides (its portrait top
    /// inset on both, as the sensor housing can be on either) and 21 pt at the bottom for the
    /// home indicator; an iPhone with a Home button has none (the status bar is hidden in
    /// landscape); an iPad keeps its top and bottom insets. A device already in landscape is
    /// returned as it is.
    public var landscape: Device {
        guard !name.hasSuffix(Self.landscapeSuffix) else { return self }
        var turned = self
        turned.name = name + Self.landscapeSuffix
        (turned.width, turned.height) = (height, width)
        if !isPad {
            turned.safeArea = safeArea.bottom > 0
                ? EdgeInsets(top: 0, left: safeArea.top, bottom: 21, right: safeArea.top)
                : EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
        }
        return turned
    }

    /// What an unknown device's message says babelfit knows.
    public static var knownDescription: String {
        "\(standard.map(\.name).joined(separator: ", ")) and \(known.count - standard.count) more (the README lists them; add \"\(landscapeSuffix.dropFirst())\" after a name for landscape)"
    }

    /// The root view's default layout margins: 16 pt leading and trailing under 400 pt of
    /// width, else 20 pt; 8 pt top and bottom.
    public var defaultRootMargins: DirectionalInsets {
        let side = width < 400 ? 16.0 : 20.0
        return DirectionalInsets(top: 8, leading: side, bottom: 8, trailing: side)
    }

    /// `value` rounded up to the pixel grid (a multiple of 1/scale), as UIKit rounds a
    /// label's intrinsic size. A tiny tolerance keeps 17.0000000001 at 17.
    public func roundUpToPixels(_ value: Double) -> Double {
        guard scale > 0 else { return value }
        return ((value * scale) - 1e-9).rounded(.up) / scale
    }
}

/// Overrides of a device's metrics that a layout's `environment` (or a config) gives.
/// Every field is optional; a missing one keeps the device's value.
///
/// In a layout file: `"environment": { "width": 320, "height": 568, "scale": 2,
/// "safeArea": { "top": 20, "bottom": 0, "left": 0, "right": 0 },
/// "margins": { "top": 8, "leading": 16, "bottom": 8, "trailing": 16 } }`.
/// `safeArea` may leave out sides (they keep the device's); `margins` are the root view's
/// layout margins.
public struct LayoutEnvironment: Hashable, Sendable {
    public var width: Double?
    public var height: Double?
    public var scale: Double?
    public var safeArea: PartialEdgeInsets
    public var margins: DirectionalInsets?

    public init(
        width: Double? = nil, height: Double? = nil, scale: Double? = nil,
        safeArea: PartialEdgeInsets = PartialEdgeInsets(), margins: DirectionalInsets? = nil
    ) {
        self.width = width
        self.height = height
        self.scale = scale
        self.safeArea = safeArea
        self.margins = margins
    }

    /// The device with these overrides applied.
    public func applied(to device: Device) -> Device {
        var result = device
        if let width { result.width = width }
        if let height { result.height = height }
        if let scale { result.scale = scale }
        if let top = safeArea.top { result.safeArea.top = top }
        if let left = safeArea.left { result.safeArea.left = left }
        if let bottom = safeArea.bottom { result.safeArea.bottom = bottom }
        if let right = safeArea.right { result.safeArea.right = right }
        return result
    }
}

/// Edge insets of which any side may be left unsaid.
public struct PartialEdgeInsets: Hashable, Sendable {
    public var top: Double?
    public var left: Double?
    public var bottom: Double?
    public var right: Double?

    public init(top: Double? = nil, left: Double? = nil, bottom: Double? = nil, right: Double? = nil) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}
