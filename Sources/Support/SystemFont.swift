/// The system font, as babelfit measures it. A layout names the system font as a text style
/// without a family; San Francisco is not available outside Apple's platforms, so babelfit
/// sets it in Noto Sans, which the bundled fonts and Debian's have.
public enum SystemFont {
    /// The family that stands for the system font: "Noto Sans".
    public static let family = "Noto Sans"
}
