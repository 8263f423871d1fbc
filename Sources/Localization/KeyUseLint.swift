/// The lint checks that compare the translations with the keys the sources use, and the
/// check for text left untranslated.
extension Translations {
    /// The development language's entries of a table, with those of `Base.lproj` it lacks.
    func developmentEntries(table: String) -> [String: Translation] {
        entries(table: table, language: developmentLanguage).merging(entries(table: table, language: "Base")) { first, _ in first }
    }

    /// `undefined-key` for every key the sources use that the development language lacks (at
    /// its first use), and `unused-key` for every key of the development language that no
    /// source uses (at its translation). Not reported unused: the keys of `InfoPlist` (the
    /// system reads them), keys that Interface Builder wrote (their comment names an
    /// `ObjectID`: the storyboard uses them), and stale keys (reported as stale).
    func keyUseFindings(_ sources: SourceKeys) -> [LintFinding] {
        var findings: [LintFinding] = []
        var uses: [String: [String: [KeyUse]]] = [:]
        for use in sources.uses { uses[use.table, default: [:]][use.key, default: []].append(use) }
        for table in uses.keys.sorted() {
            let defined = developmentEntries(table: table)
            for (key, places) in uses[table]! where defined[key] == nil {
                let others = places.count > 1 ? " (and \(places.count - 1) other place\(places.count == 2 ? "" : "s"))" : ""
                findings.append(LintFinding(kind: .undefinedKey,
                                            message: "\"\(key)\" is used here\(others) but table \(table) of the development language (\(developmentLanguage)) lacks it",
                                            location: places[0].location, table: table, key: key))
            }
        }
        for table in tables where table != "InfoPlist" {
            for (key, translation) in developmentEntries(table: table) where uses[table]?[key] == nil {
                if translation.extractionState == "stale" || translation.state == .stale { continue }
                if translation.comment?.contains("ObjectID = \"") == true { continue }
                findings.append(LintFinding(kind: .unusedKey,
                                            message: "\"\(key)\" (table \(table)) is used by no source or layout",
                                            location: translation.location, table: table, key: key))
            }
        }
        return findings
    }

    /// Whether a translation says what the development language says, where it should not:
    /// every text the same, some letter in them besides format specifiers, the key to be
    /// translated, the translation not marked new, for review or stale (those are reported as
    /// such), the language not a variant of the development language (en-GB of en), and
    /// neither the key nor the text allowed.
    func isUntranslated(_ translation: Translation, language: String, source: Translation, allowed: Set<String>) -> Bool {
        guard source.shouldTranslate, translation.shouldTranslate, source.extractionState != "stale",
              translation.state == nil || translation.state == .translated else { return false }
        func base(_ language: String) -> Substring { language.replacingUnderscores().split(separator: "-").first ?? "" }
        guard base(language) != base(developmentLanguage) else { return false }
        let texts = Set(translation.allTexts)
        guard texts == Set(source.allTexts), !allowed.contains(translation.key), !texts.allSatisfy(allowed.contains) else {
            return false
        }
        return texts.contains { text in
            FormatToken.tokens(text).contains { token in
                guard case .literal(let literal) = token else { return false }
                return literal.unicodeScalars.contains { $0.properties.isAlphabetic }
            }
        }
    }
}
