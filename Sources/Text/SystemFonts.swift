import Foundation
import Support

/// San Francisco, when the user has it: the files of the system font found among those given
/// (`systemFonts` in babelfit.json, `--system-fonts`) and in the fonts folder, and the fonts
/// an app bundles. Neither is ever shipped with babelfit; users download San Francisco from
/// Apple (developer.apple.com/fonts).
///
/// A face is the system font's when its family (name ID 16, else 1) says so:
/// - `SF Pro` (the variable `SF-Pro.ttf`, with `wght` and `opsz` axes), `SF Pro Text` and
///   `SF Pro Display` (the static files): the system font itself. Text is used below 20 pt
///   and Display from 20 pt, the switch Apple describes for the static cuts ("The details of
///   UI typography", WWDC 2020); the variable font takes the point size as its optical size.
/// - `SF Arabic`, `SF Hebrew`, `SF Armenian`, `SF Georgian`: the system font for that
///   script, tried first for its characters, as the system's font cascade does.
/// - Italic faces, SF Pro Rounded, SF Mono and SF Compact are not the system font and are
///   passed over.
/// A file named on its own (not found in a folder) that is not one of those scripts' is
/// taken as the system font itself whatever its family, so that a stand-in (the tests' font)
/// can be used; a family ending in ` Text` or ` Display` is that optical cut.
enum SystemFonts {
    enum OpticalCut: Equatable { case text, display }

    enum Role: Equatable {
        /// The system font itself, in one optical cut or (nil) all.
        case primary(OpticalCut?)
        /// The system font for a script (ISO 15924 code).
        case script(String)
    }

    /// The families Apple names its script companions of SF Pro by, and their scripts.
    static let scriptFamilies: [String: String] = [
        "SF Arabic": "Arab", "SF Hebrew": "Hebr", "SF Armenian": "Armn", "SF Georgian": "Geor",
    ]

    /// The size from which the static Display cut is used (points).
    static let displayFrom = 20.0

    /// What a face is to the system font, nil when it is none of it. `named`: the file was
    /// named on its own rather than found in a folder.
    static func role(of names: FontNames, named: Bool) -> Role? {
        let style = names.style.lowercased()
        if style.contains("italic") || style.contains("oblique") { return nil }
        if let script = scriptFamilies[names.family] { return .script(script) }
        switch names.family {
        case "SF Pro": return .primary(nil)
        case "SF Pro Text": return .primary(.text)
        case "SF Pro Display": return .primary(.display)
        default: break
        }
        guard named else { return nil }
        if names.family.hasSuffix(" Text") { return .primary(.text) }
        if names.family.hasSuffix(" Display") { return .primary(.display) }
        return .primary(nil)
    }

    /// The family a face of the system font is listed under: its family without the optical
    /// cut ("SF Pro" for "SF Pro Text").
    static func familyName(_ names: FontNames) -> String {
        for suffix in [" Text", " Display"] where names.family.hasSuffix(suffix) {
            return String(names.family.dropLast(suffix.count))
        }
        return names.family
    }

    /// The point sizes an optical cut is used at.
    static func sizes(_ cut: OpticalCut?) -> Range<Double>? {
        switch cut {
        case nil: return nil
        case .text: return 0..<displayFrom
        case .display: return displayFrom..<Double.infinity
        }
    }

    /// Font files (`.ttf`, `.otf`, `.ttc`) directly in a folder, sorted by name.
    static func fontFiles(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            .filter { isFontFile($0) }
            .map { (folder as NSString).appendingPathComponent($0) }
    }

    static func isFontFile(_ name: String) -> Bool {
        ["ttf", "otf", "ttc"].contains((name as NSString).pathExtension.lowercased())
    }
}

extension FontWeight {
    /// The weight of the four nearest a weight class (the heavier on a tie).
    static func nearest(to weightClass: Double) -> FontWeight {
        FontWeight.allCases.min { a, b in
            let da = abs(Double(a.value) - weightClass), db = abs(Double(b.value) - weightClass)
            return da != db ? da < db : a.value > b.value
        }!
    }
}
