/// The system font, as babelfit measures it. A layout names the system font as a text style,
/// or as the family `system` (what IB's `type="system"` fonts are read as). San Francisco is
/// not available outside Apple's platforms and cannot be shipped: when the user gives its
/// files (`systemFonts` in babelfit.json, `--system-fonts`, or the fonts folder), the system
/// font is San Francisco (`FontCatalog.systemFamily`); otherwise Noto Sans stands in for it,
/// which the bundled fonts and Debian's have.
public enum SystemFont {
    /// The family that stands for the system font without San Francisco: "Noto Sans".
    public static let family = "Noto Sans"
    /// The family name that means the system font in a layout or a request: "system".
    public static let name = "system"
}
