/// The version of babelfit, as reports name it.
public enum BabelfitVersion {
    public static let string = "0.1.0"
}
