import Layout
import Localization
import Reports
import Support

/// `bidi-direction`: a translation (with its format arguments filled) whose first strong
/// character goes against its language's direction. UIKit takes a label's paragraph direction
/// from that character (`NSWritingDirection.natural`), so an Arabic translation that starts with
/// "iPhone" is laid out left to right on the phone; the message names the key and the mark
/// (U+200F, or U+200E for a left-to-right language) to start it with. A text that fell back to
/// the development language is reported in that language's run only; pseudolanguages have no
/// translations. Only a text that also has a strong character of its language's direction counts
/// ("iPhone 15" alone looks the same either way).
struct BidiDirectionRule: FindingRule {
    /// A view's text, its lookup and the translations decide; the layout does not.
    var readsTextsAlone: Bool { true }

    func findings(about view: ViewLayout, _ node: ViewNode, text: ViewText?, place: Int, in run: RunContext) -> [Finding] {
        // The look-up's language read where the text keeps it (a copy of the look-up, a large
        // optional, is made through the runtime's generic value witnesses).
        guard let text, let key = text.value.localizedKey, let found = text.resolved.lookup?.foundIn,
              Pseudolanguage(language: run.language) == nil,
              // A fallback to the development language is reported in that language's run.
              found != run.translations.developmentLanguage || run.language == found,
              let mismatch = BidiDirectionMismatch(text: text.resolved.text, language: found) else { return [] }
        return [run.finding(
            .bidiDirection, about: node,
            "\(node.id): the \(found) translation of \"\(key.key)\" \(mismatch.explanation)",
            evidence: .translation(TextEvidence(text: text.resolved.text, shown: nil)), key: key.key)]
    }
}
