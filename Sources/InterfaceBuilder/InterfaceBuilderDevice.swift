import Layout

/// Interface Builder's design devices (`<device id="retina6_1" orientation="portrait"/>`):
/// the screen a storyboard or XIB was last laid out on, with its safe area and scale.
///
/// An IB id names a screen class rather than one model: it maps to a model of that class that
/// babelfit knows (`Device.known`) by name, so that a layout designed on it is checked with
/// the same metrics.
public enum InterfaceBuilderDevice {
    /// Portrait devices per IB device id.
    static let table: [String: Device] = {
        let known: [String: String] = [
            "retina4_7": "iPhone SE (3rd generation)", "retina5_5": "iPhone 8 Plus", "retina5_4": "iPhone 12 mini",
            "retina5_9": "iPhone 11 Pro", "retina6_1": "iPhone 11", "retina6_5": "iPhone 11 Pro Max",
            "retina6_12": "iPhone 15", "retina6_3": "iPhone 16 Pro", "retina6_7": "iPhone 14 Plus",
            "retina6_72": "iPhone 15 Pro Max", "retina6_9": "iPhone 16 Pro Max", "ipad10_2": "iPad (9th generation)",
            "ipad10_9rounded": "iPad (10th generation)", "ipad11": "iPad Pro 11-inch (4th generation)",
            "ipad12_9rounded": "iPad Pro 12.9-inch (6th generation)", "retina3_5": "iPhone 4s",
            "retina4_0": "iPhone SE (1st generation)", "ipad7_9": "iPad mini (5th generation)", "ipad9_7": "iPad (6th generation)",
            "ipad10_5": "iPad Pro (10.5-inch)", "ipad12_9": "iPad Pro (12.9-inch) (2nd generation)",
        ]
        return known.mapValues { name in
            guard let device = Device.named(name) else { preconditionFailure("IB device \(name) is not in Device.known") }
            return device
        }
    }()

    /// The IB device ids babelfit knows, sorted.
    public static var ids: [String] { table.keys.sorted() }

    /// The device of an IB id in an orientation (`portrait`, `landscape`: `Device.landscape`);
    /// nil for an id babelfit does not know.
    public static func device(id: String, orientation: String? = nil) -> Device? {
        guard let device = table[id] else { return nil }
        return orientation == "landscape" ? device.landscape : device
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
