import Layout

/// Interface Builder's design devices (`<device id="retina6_1" orientation="portrait"/>`):
/// the screen a storyboard or XIB was last laid out on, with its safe area and scale.
///
/// An IB id names a screen class rather than one model; where the class matches one of
/// babelfit's devices (`Device.standard`), that device is used, so that a layout designed on
/// it is checked with the same metrics; otherwise a `Device` is made with the class's
/// metrics, named after a model of that class. Safe areas are those of current iOS versions,
/// as Xcode 12 and later draw them (the iPhone 11 class: 48 pt at the top; Xcode 11 drew 44).
public enum InterfaceBuilderDevice {
    /// Portrait metrics per IB device id.
    static let table: [String: Device] = {
        func device(_ name: String, _ width: Double, _ height: Double, top: Double, bottom: Double, scale: Double) -> Device {
            Device(name: name, width: width, height: height,
                   safeArea: EdgeInsets(top: top, left: 0, bottom: bottom, right: 0), scale: scale)
        }
        func standard(_ name: String) -> Device {
            guard let device = Device.named(name) else { preconditionFailure("no standard device \(name)") }
            return device
        }
        return [
            "retina3_5": device("iPhone 4s", 320, 480, top: 20, bottom: 0, scale: 2),
            "retina4_0": device("iPhone SE (1st generation)", 320, 568, top: 20, bottom: 0, scale: 2),
            "retina4_7": standard("iPhone SE (3rd generation)"),
            "retina5_5": device("iPhone 8 Plus", 414, 736, top: 20, bottom: 0, scale: 3),
            "retina5_4": device("iPhone 12 mini", 375, 812, top: 50, bottom: 34, scale: 3),
            "retina5_9": device("iPhone 11 Pro", 375, 812, top: 44, bottom: 34, scale: 3),
            "retina6_1": device("iPhone 11", 414, 896, top: 48, bottom: 34, scale: 2),
            "retina6_5": device("iPhone 11 Pro Max", 414, 896, top: 44, bottom: 34, scale: 3),
            "retina6_12": standard("iPhone 15"),
            "retina6_3": device("iPhone 16 Pro", 402, 874, top: 62, bottom: 34, scale: 3),
            "retina6_7": device("iPhone 14 Plus", 428, 926, top: 47, bottom: 34, scale: 3),
            "retina6_72": standard("iPhone 15 Pro Max"),
            "retina6_9": device("iPhone 16 Pro Max", 440, 956, top: 62, bottom: 34, scale: 3),
            "ipad7_9": device("iPad mini (5th generation)", 768, 1024, top: 20, bottom: 0, scale: 2),
            "ipad9_7": device("iPad (6th generation)", 768, 1024, top: 20, bottom: 0, scale: 2),
            "ipad10_2": device("iPad (9th generation)", 810, 1080, top: 20, bottom: 0, scale: 2),
            "ipad10_5": device("iPad Pro (10.5-inch)", 834, 1112, top: 20, bottom: 0, scale: 2),
            "ipad10_9rounded": standard("iPad (10th generation)"),
            "ipad11": device("iPad Pro (11-inch)", 834, 1194, top: 24, bottom: 20, scale: 2),
            "ipad12_9": device("iPad Pro (12.9-inch) (2nd generation)", 1024, 1366, top: 20, bottom: 0, scale: 2),
            "ipad12_9rounded": device("iPad Pro (12.9-inch) (6th generation)", 1024, 1366, top: 24, bottom: 20, scale: 2),
        ]
    }()

    /// The IB device ids babelfit knows, sorted.
    public static var ids: [String] { table.keys.sorted() }

    /// The device of an IB id in an orientation (`portrait`, `landscape`); nil for an id
    /// babelfit does not know. In landscape the screen turns: an iPhone with a notch has
    /// its safe area at the sides (the portrait top inset) and 21 pt at the bottom, one
    /// without has none (the status bar is hidden); an iPad keeps its insets.
    public static func device(id: String, orientation: String? = nil) -> Device? {
        guard var device = table[id] else { return nil }
        guard orientation == "landscape" else { return device }
        (device.width, device.height) = (device.height, device.width)
        if !id.hasPrefix("ipad") {
            let notched = device.safeArea.bottom > 0
            device.safeArea = notched
                ? EdgeInsets(top: 0, left: device.safeArea.top, bottom: 21, right: device.safeArea.top)
                : EdgeInsets.zero
        }
        device.name += " (landscape)"
        return device
    }

    /// UIKit's size classes on a device: regular width on an iPad, and on a landscape iPhone
    /// of the Plus and Max classes (414 pt wide in portrait or more); regular height except
    /// on a landscape iPhone.
    static func sizeClasses(of device: Device, id: String, orientation: String?) -> SizeClasses {
        let iPad = id.hasPrefix("ipad")
        let landscape = orientation == "landscape"
        let wide = min(device.width, device.height) >= 414
        return SizeClasses(
            width: iPad || (landscape && wide) ? .regular : .compact,
            height: iPad || !landscape ? .regular : .compact)
    }
}
