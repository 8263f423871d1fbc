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

    /// A standard device by its exact name.
    public static func named(_ name: String) -> Device? {
        standard.first { $0.name == name }
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
