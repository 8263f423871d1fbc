import Layout
import Localization
import Reports

/// `missing-translation`: a text falls back to the development language, its default or its
/// key (a regional language answered by its own language, pt-BR by pt, is NSBundle's lookup
/// working as meant, and no finding); `format-mismatch`: the translation shown takes arguments
/// the layout does not give, its format specifiers differ from the development language's, or
/// it has a `%` that starts no whole specifier (`%l`), the development language's text too.
/// Pseudolanguages are made from the development language and have no translations to check.
struct TranslationRule: FindingRule {
    /// A view's text, its lookup and the translations decide; the layout does not.
    var readsTextsAlone: Bool { true }

    func findings(about view: ViewLayout, _ node: ViewNode, text: ViewText?, place: Int, in run: RunContext) -> [Finding] {
        let language = run.language
        // The look-up's fields read where the text keeps them (a copy of the look-up, a large
        // optional, is made through the runtime's generic value witnesses).
        guard let text, let key = text.value.localizedKey, text.resolved.lookup != nil,
              Pseudolanguage(language: language) == nil else { return [] }
        let foundIn = text.resolved.lookup?.foundIn, usedDefault = text.resolved.lookup?.usedDefault == true
        var findings: [Finding] = []
        let translations = run.translations
        let development = translations.developmentLanguage
        let tableName = key.table ?? run.document.table
        let evidence = Evidence.translation(TextEvidence(text: text.resolved.text, shown: nil))
        // A key the catalog marks shouldTranslate: false is meant to show the same everywhere.
        let untranslatable = text.resolved.lookup?.translation?.shouldTranslate == false
        if foundIn != language, !untranslatable {
            let ownChain = translations.fallbackChain(for: language).prefix { $0 != development }
            let regional = foundIn.map { ownChain.contains($0) } ?? false
            // A storyboard's own text is the development language's (Base internationalization).
            let baseText = language == development && usedDefault && key.defaultIsDevelopmentText
            if !regional && !baseText && (foundIn == nil || language != development) {
                let shownFrom = foundIn.map { "the \($0) translation" } ?? (usedDefault ? "its default" : "the key")
                findings.append(run.finding(
                    .missingTranslation, about: node,
                    "\(node.id): \"\(key.key)\" has no \(language) translation in \(tableName); shows \(shownFrom)",
                    evidence: evidence, key: key.key))
            }
        }
        if !text.resolved.missingArguments.isEmpty {
            let numbers = text.resolved.missingArguments.map(String.init).joined(separator: ", ")
            findings.append(run.finding(
                .formatMismatch, about: node,
                "\(node.id): the \(foundIn ?? language) text of \"\(key.key)\" takes argument \(numbers), which the layout does not give",
                evidence: evidence, key: key.key))
        }
        // The development language's own text is compared too: with itself its specifiers
        // agree, and what remains is a % that starts no whole specifier, as `strings lint` says.
        if let found = foundIn {
            let differences = run.formatDifferences(key.key, tableName, found)
            if !differences.isEmpty {
                findings.append(run.finding(
                    .formatMismatch, about: node,
                    "\(node.id): the \(found) translation of \"\(key.key)\" \(differences.joined(separator: "; "))",
                    evidence: evidence, key: key.key))
            }
        }
        return findings
    }
}
