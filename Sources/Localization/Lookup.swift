import Support

/// What a lookup found for a key: the translation, the language it came from,
/// and every language tried before it.
public struct LookupResult: Sendable {
    public var key: String
    public var table: String
    /// The language asked for.
    public var language: String
    public var translation: Translation?
    /// The language the translation came from (nil when none was found).
    public var foundIn: String?
    /// Languages tried without result, in the order tried.
    public var fallbacks: [String]
    /// No translation in any language: the `default` text, else the key, is shown.
    public var isMissing: Bool { translation == nil }
    /// The text falls back: from another language, the default or the key.
    public var isFallback: Bool { !fallbacks.isEmpty || translation == nil }
    /// The `default` of the text value was shown.
    public var usedDefault: Bool
    /// The format shown when nothing is resolved further: the translation's
    /// first text, else the default, else the key.
    public var text: String
}

extension Translations {
    /// The languages a lookup tries, in order: the language with its region and
    /// script, each shorter form of it, the development language (and its
    /// shorter forms), then `Base`.
    public func fallbackChain(for language: String) -> [String] {
        // Asked by every look-up of every run: each language's chain is made once.
        fallbackChains.value(for: FallbackChainKey(language: language, developmentLanguage: developmentLanguage)) {
            var chain: [String] = []
            for candidate in languageChain(normalizedLanguage(language)) + languageChain(developmentLanguage) + ["Base"]
            where !chain.contains(candidate) {
                chain.append(candidate)
            }
            return chain
        }
    }

    /// Looks a key up as NSBundle does, per table: `pt-BR`, then `pt`, then the
    /// development language, then `default`, then the key itself. In a
    /// pseudolanguage the development language's translation is changed by it;
    /// `x-pseudo-longest` takes the longest translation (in characters; see
    /// `resolve` for measured widths).
    public func lookup(key: String, table: String = "Localizable", language: String, default defaultValue: String? = nil)
        -> LookupResult
    {
        if let pseudo = Pseudolanguage(language: language) {
            if pseudo == .longest {
                let candidates = languages.compactMap { candidate -> (String, Translation)? in
                    translation(key: key, table: table, language: candidate).map { (candidate, $0) }
                }
                func longestText(_ translation: Translation) -> Int {
                    var longest = 0
                    translation.forEachText { longest = max(longest, $0.count) }
                    return longest
                }
                let longest = candidates.max { a, b in (longestText(a.1), b.0) < (longestText(b.1), a.0) }
                if let (found, translation) = longest {
                    return LookupResult(key: key, table: table, language: language, translation: translation, foundIn: found,
                                        fallbacks: [], usedDefault: false, text: translation.message.representativeText)
                }
            }
            var result = lookup(key: key, table: table, language: developmentLanguage, default: defaultValue)
            result.language = language
            if let translation = result.translation {
                let changed = pseudo.apply(to: translation)
                result.translation = changed
                result.text = changed.message.representativeText
            } else {
                result.text = pseudo.transform(result.text)
            }
            return result
        }
        var tried: [String] = []
        for candidate in fallbackChain(for: language) {
            if let found = translation(key: key, table: table, language: candidate) {
                return LookupResult(key: key, table: table, language: language, translation: found, foundIn: candidate,
                                    fallbacks: tried, usedDefault: false, text: found.message.representativeText)
            }
            tried.append(candidate)
        }
        return LookupResult(key: key, table: table, language: language, translation: nil, foundIn: nil, fallbacks: tried,
                            usedDefault: defaultValue != nil, text: defaultValue ?? key)
    }
}

/// A fallback chain depends on the language asked for and the development language alone.
private struct FallbackChainKey: Hashable {
    var language: String
    var developmentLanguage: String
}

/// The fallback chains made so far (a project has a few languages).
private let fallbackChains = LockedCache<FallbackChainKey, [String]>()
