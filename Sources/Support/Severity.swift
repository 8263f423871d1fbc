/// How much a finding matters, as the report format has it: an error fails the check, a
/// warning does not.
public enum Severity: String, CaseIterable, Codable, Sendable, Comparable {
    case error, warning

    public static func < (a: Severity, b: Severity) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
