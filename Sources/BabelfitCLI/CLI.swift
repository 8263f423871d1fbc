import Text

public enum CLI {
    public static func main(_ arguments: [String]) -> Int32 {
        print("babelfit \(BabelfitVersion.string)")
        return 0
    }
}
