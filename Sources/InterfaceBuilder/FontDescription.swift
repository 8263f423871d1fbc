import Foundation
import Layout

/// `<fontDescription key="fontDescription" …/>`: IB's fonts as the layout model's.
///
/// - `style="UICTFontTextStyleBody"`: a Dynamic Type text style (`…Title0` is largeTitle);
/// - `type="system" pointSize="15" weight="semibold"`, `type="boldSystem"`, `type="italicSystem"`:
///   the system font, the family `system` (`SystemFont.name`): San Francisco when the user
///   gives its files, else Noto Sans;
/// - `name="Avenir-Heavy" family="Avenir" pointSize="16"`: a custom font by family, its
///   weight from the PostScript name's style; a name starting with a dot
///   (`.AppleSystemUIFont`) is the system font.
///
/// The model has four weights: lighter ones are read as regular and heavy and black as bold;
/// italics as upright. Each such approximation is a warning.
enum FontDescription {
    static let textStyles: [String: TextStyle] = [
        "UICTFontTextStyleTitle0": .largeTitle, "UICTFontTextStyleTitle1": .title1, "UICTFontTextStyleTitle2": .title2,
        "UICTFontTextStyleTitle3": .title3, "UICTFontTextStyleHeadline": .headline, "UICTFontTextStyleBody": .body,
        "UICTFontTextStyleCallout": .callout, "UICTFontTextStyleSubhead": .subheadline,
        "UICTFontTextStyleFootnote": .footnote, "UICTFontTextStyleCaption1": .caption1,
        "UICTFontTextStyleCaption2": .caption2,
    ]

    /// The font of an element's `<fontDescription>`, else `fallback` (the class's default).
    static func font(of element: MarkupElement, default fallback: FontSpec, warnings: WarningLog) -> FontSpec {
        guard let description = element.child(key: "fontDescription", named: "fontDescription") else { return fallback }
        return font(description, default: fallback, warnings: warnings)
    }

    static func font(_ description: MarkupElement, default fallback: FontSpec, warnings: WarningLog) -> FontSpec {
        let attributes = description.attributes
        if let style = attributes["style"] {
            if let textStyle = textStyles[style] { return .textStyle(textStyle) }
            let base = textStyles.first { style.hasSuffix($0.key.replacingOccurrences(of: "UICTFontTextStyle", with: "")) }
            warnings.warn(description, "text style \(style) is read as \(base.map { "\($0.value)" } ?? "body")",
                          kind: "style \(style)")
            return .textStyle(base?.value ?? .body)
        }
        let size = description.number("pointSize") ?? fallback.resolved(for: .default).size
        switch attributes["type"] {
        case "boldSystem":
            return .family(SystemFont.name, size: size, weight: .bold)
        case "italicSystem":
            warnings.warn(description, "italic system font is measured upright", kind: "italic")
            return .family(SystemFont.name, size: size, weight: .regular)
        case "system":
            return .family(SystemFont.name, size: size, weight: weight(named: attributes["weight"] ?? "regular", description, warnings))
        default:
            break
        }
        guard let name = attributes["name"] else { return fallback }
        // `.AppleSystemUIFont`, `.SFUI-Semibold`: the system font by its private name.
        if name.hasPrefix(".") {
            let style = name.split(separator: "-").dropFirst().first.map(String.init) ?? "regular"
            return .family(SystemFont.name, size: size, weight: weight(named: style, description, warnings))
        }
        let family = attributes["family"] ?? String(name.split(separator: "-").first ?? Substring(name))
        // `Avenir-HeavyOblique`: the style after the last hyphen (a name of hyphens alone has none).
        let style = name.contains("-") ? name.split(separator: "-").last.map { $0.lowercased() } ?? "regular" : "regular"
        if style.contains("italic") || style.contains("oblique") {
            warnings.warn(description, "italic font \(name) is measured upright", kind: "italic")
        }
        let weightName = style.replacingOccurrences(of: "italic", with: "").replacingOccurrences(of: "oblique", with: "")
        return .family(family, size: size, weight: weight(named: weightName.isEmpty ? "regular" : weightName, description, warnings))
    }

    /// An IB weight (`ultraLight` … `black`) or a PostScript style (`DemiBold`, `Heavy`) as one
    /// of the model's four.
    static func weight(named name: String, _ element: MarkupElement, _ warnings: WarningLog) -> FontWeight {
        switch name.lowercased() {
        case "regular", "roman", "book", "normal": return .regular
        case "medium": return .medium
        case "semibold", "demibold", "demi": return .semibold
        case "bold": return .bold
        case "heavy", "black", "extrabold", "ultrabold":
            warnings.warn(element, "font weight \(name) is measured as bold", kind: "weight \(name)")
            return .bold
        default:
            warnings.warn(element, "font weight \(name) is measured as regular", kind: "weight \(name)")
            return .regular
        }
    }
}
