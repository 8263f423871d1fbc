/*
 * CUnicode: a narrow C API over ICU for babelfit.
 *
 * This header deliberately includes no ICU header: Foundation ships its own
 * copy of ICU, and the two sets of declarations must never meet in one Swift
 * module. Text is passed as UTF-16 code units; offsets are UTF-16 offsets.
 *
 * Functions that fill a caller's buffer return the number of items the full
 * answer has (which may exceed `capacity`), or a negative value on error.
 */
#ifndef BABELFIT_CUNICODE_H
#define BABELFIT_CUNICODE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Bidi (UAX #9) ---------------------------------------------------- */

/* Paragraph direction requested of the bidi algorithm. */
enum {
    CU_DIRECTION_LTR = 0,
    CU_DIRECTION_RTL = 1,
    CU_DIRECTION_AUTO = 2 /* first strong character decides, else LTR */
};

/*
 * Resolves the embedding level of every code unit of `text` (one paragraph).
 * `levels` must hold `length` bytes. Returns the paragraph level (0 or 1), or
 * a negative value on error.
 */
int32_t cu_bidi_levels(const uint16_t *text, int32_t length, int32_t direction, uint8_t *levels);

/*
 * The direction of the first strong character of `text`'s first paragraph, by rules P2-P3 of
 * UAX #9: characters between an isolate initiator (LRI, RLI, FSI) and its matching PDI are
 * skipped, and the search stops at a paragraph separator. Returns CU_DIRECTION_LTR (L),
 * CU_DIRECTION_RTL (R, AL), or CU_DIRECTION_AUTO when the paragraph has no strong character.
 */
int32_t cu_bidi_first_strong(const uint16_t *text, int32_t length);

/*
 * Given the levels of `count` runs in logical order, writes in `visual_to_logical`
 * (count entries) the logical index of each run in visual order, as rule L2 of
 * UAX #9 reorders them. Returns 0, or a negative value on error.
 */
int32_t cu_bidi_reorder(const uint8_t *levels, int32_t count, int32_t *visual_to_logical);

/* Whether the code point is mirrored in right-to-left text (e.g. parentheses). */
int32_t cu_is_mirrored(uint32_t codepoint);

/* The mirror image of a code point ('(' for ')'), or the code point itself. */
uint32_t cu_mirror(uint32_t codepoint);

/* Whether the code point is default-ignorable (ZWJ, variation selectors, …). */
int32_t cu_is_default_ignorable(uint32_t codepoint);

/*
 * What measuring a text asks of each character of the Basic Multilingual Plane, for a block of
 * `count` of them from `first`: `flags[i]` gets the CU_UNIT_* bits of `first + i`, `scripts[i]`
 * its script number of cu_script, or 255 when it is -1 or does not fit a byte. A text whose
 * every unit has a bit can skip the ICU service that the bit stands for (see each bit).
 */
enum {
    /* Extended grapheme clusters (UAX #29) break before and after it whatever is around it,
       when nothing around it is a CR, Extend, ZWJ, SpacingMark, Prepend, Hangul jamo or
       regional indicator either: its Grapheme_Cluster_Break is Other, Control or LF, and it
       is not a surrogate. */
    CU_UNIT_OWN_CLUSTER = 1,
    /* In a left-to-right paragraph of such characters alone, UAX #9 resolves every one to
       level 0: its bidi class is L, EN, ES, ET, CS, S, WS, ON or NSM. */
    CU_UNIT_LEVEL_ZERO_IN_LTR = 2,
    /* In a right-to-left paragraph of such characters alone, every one resolves to level 1:
       R, AL, ES, ET, CS, S, WS, ON or NSM. */
    CU_UNIT_LEVEL_ONE_IN_RTL = 4,
    /* Default_Ignorable_Code_Point, as cu_is_default_ignorable. */
    CU_UNIT_DEFAULT_IGNORABLE = 8,
    /* Grapheme_Cluster_Break Other, not a surrogate: an Extend or SpacingMark after it joins
       its cluster (GB9, GB9a). */
    CU_UNIT_CLUSTER_BASE = 16,
    /* Grapheme_Cluster_Break Extend or SpacingMark: joins the cluster before it, unless that
       ends with a Control, CR or LF (GB4); starts one at the start of a text. In a text of
       such characters and those of CU_UNIT_OWN_CLUSTER alone, every cluster starts before a
       unit that does not join the one before, or a linking consonant of a conjunct. */
    CU_UNIT_CLUSTER_EXTENSION = 32,
    /* The three classes of ICU's rule that keeps an Indic conjunct in one cluster (CLDR's
       aksara rule, "LinkingConsonant ExtCccZwj* Virama ExtCccZwj* x LinkingConsonant"):
       Indic_Syllabic_Category Consonant, and Virama, in the scripts Gujarati, Telugu,
       Malayalam, Oriya, Bengali and Devanagari; Extend with a combining class other than 0,
       or ZWJ. */
    CU_UNIT_CONJUNCT_CONSONANT = 64,
    CU_UNIT_CONJUNCT_VIRAMA = 128,
    CU_UNIT_CONJUNCT_EXTENDER = 256
};
void cu_bmp_properties(uint32_t first, uint32_t count, uint16_t *flags, uint8_t *scripts);

/* A byte read with acquire ordering, and one written with release ordering: a table filled a
   block at a time by whichever thread first needs the block marks it ready with the second,
   after writing it, and a reader that sees the mark with the first sees what was written. */
static inline uint8_t cu_load_acquire(const uint8_t *byte) { return __atomic_load_n(byte, __ATOMIC_ACQUIRE); }
static inline void cu_store_release(uint8_t *byte, uint8_t value) { __atomic_store_n(byte, value, __ATOMIC_RELEASE); }

/* ---- Text boundaries (UAX #14, UAX #29) ------------------------------- */

enum {
    CU_BREAK_LINE = 0,      /* line-break opportunities, with the locale's tailoring */
    CU_BREAK_CHARACTER = 1, /* extended grapheme cluster boundaries */
    CU_BREAK_WORD = 2
};

/*
 * Writes the boundaries of `text` of the given kind (excluding 0, including
 * `length`) into `offsets`. For CU_BREAK_LINE, `hard` (may be NULL) receives
 * 1 where the break is mandatory (after a line separator) and 0 where it is an
 * opportunity. `locale` is a BCP 47 or ICU locale identifier ("th", "ja").
 * Each thread keeps the iterators it opened (by kind and locale) for its next texts.
 */
int32_t cu_breaks(int32_t kind, const char *locale, const uint16_t *text, int32_t length,
                  int32_t *offsets, uint8_t *hard, int32_t capacity);

/* ---- Scripts ----------------------------------------------------------- */

/*
 * The script of a code point as its ISO 15924 code ("Latn", "Arab", "Zyyy" for
 * Common, "Zinh" for Inherited), written to `out` (5 bytes with the NUL).
 */
void cu_script_code(uint32_t codepoint, char out[5]);

/* The script of a code point as a number below cu_script_count() (ICU's UScriptCode), or -1
   when ICU cannot tell; cu_script_name gives its ISO 15924 code as cu_script_code does ("Zzzz"
   for -1). Numbers let a caller name each script once. */
int32_t cu_script(uint32_t codepoint);
int32_t cu_script_count(void);
void cu_script_name(int32_t script, char out[5]);

/* ---- Locales ---------------------------------------------------------- */

/* 1 when the locale's script is written right-to-left ("ar", "he", "ur", "ks-Arab"). */
int32_t cu_locale_is_rtl(const char *locale);

/* The script a locale is most likely written in, as its ISO 15924 code ("Arab" for "ar",
   "Latn" for "en"), from CLDR's likely subtags; "" when ICU does not know one. */
void cu_locale_likely_script(const char *locale, char out[5]);

/* ---- Plural rules (CLDR) ----------------------------------------------- */

/*
 * The CLDR plural category ("zero", "one", "two", "few", "many", "other") of
 * the number `value` shown with `fraction_digits` visible decimals, in the
 * language `locale`. Writes a NUL-terminated keyword into `out`. Returns 0, or
 * a negative value when the locale has no rules.
 */
int32_t cu_plural_category(const char *locale, double value, int32_t fraction_digits,
                           char *out, int32_t capacity);

/*
 * The plural categories the language uses, space-separated, in CLDR order
 * (zero one two few many other), written NUL-terminated into `out`.
 */
int32_t cu_plural_categories(const char *locale, char *out, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
