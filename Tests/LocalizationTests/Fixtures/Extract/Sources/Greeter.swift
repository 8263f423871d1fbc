import Foundation

// NSLocalizedString("commented.out", comment: "in a line comment") is not a call.
/* A block comment /* nested */ with NSLocalizedString("also.commented.out", comment: "") */

final class Greeter {
    let name = "Ada"
    let label = Label()

    func greet() -> [String] {
        let title = NSLocalizedString("greeting.title", comment: "Title of the greeting screen")
        let body = NSLocalizedString("greeting.body",
                                     tableName: "Greetings",
                                     bundle: .main,
                                     value: "Hello, %@!",
                                     comment: "Body of the greeting; %@ is the user's name")
        let quote = NSLocalizedString("She said \"hi\"\tthen left\n", comment: "Escapes: quote, tab, newline")
        let unicode = NSLocalizedString("caf\u{E9} \u{1F600} \\ \0end", comment: "Unicode escapes, a backslash, a NUL")
        let raw = NSLocalizedString(#"C:\path\to "file""#, comment: #"A raw string keeps its \ backslashes"#)
        let rawEscape = NSLocalizedString(##"tab\##there, "#quoted#""##, comment: "Escapes of a raw string")
        let multiline = NSLocalizedString("""
            First line
              indented "quoted" line, \
            joined

            after a blank line
            """, comment: """
            A multi-line literal
            """)
        let again = NSLocalizedString("greeting.title", comment: "Shown again in the menu")
        let same = NSLocalizedString("greeting.title", comment: "Title of the greeting screen")
        let empty = NSLocalizedString("no.comment", comment: "")
        let qualified = Foundation.NSLocalizedString("qualified", tableName: "Greetings", comment: "A module-qualified call")
        let nested = String(format: NSLocalizedString("count.format", value: "%d items", comment: "Inside String(format:)"), 3)
        let inside = "\(NSLocalizedString("in.interpolation", comment: "Inside an interpolation"))!"
        let conflicting = NSLocalizedString("count.format", value: "%d things", comment: "Inside String(format:)")
        let member = label.NSLocalizedString("member.call", comment: "not Foundation's")
        let dynamic = NSLocalizedString(name, comment: "A variable key")
        let interpolated = NSLocalizedString("Hello \(name)", comment: "An interpolated key")
        let tableVariable = NSLocalizedString("table.variable", tableName: name, comment: "")
        let valueVariable = NSLocalizedString("value.variable", value: name, comment: "The value is a variable")
        return [title, body, quote, unicode, raw, rawEscape, multiline, again, same, empty, qualified, nested, inside,
                conflicting, member, dynamic, interpolated, tableVariable, valueVariable]
    }
}

func NSLocalizedString(declared: String) -> String { declared }
