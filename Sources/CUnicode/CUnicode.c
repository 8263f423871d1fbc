#include "CUnicode.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utf16.h>
#include <unicode/uscript.h>
#include <unicode/upluralrules.h>
#include <unicode/unumberformatter.h>
#include <unicode/uformattedvalue.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>

int32_t cu_bidi_levels(const uint16_t *text, int32_t length, int32_t direction, uint8_t *levels) {
    UErrorCode status = U_ZERO_ERROR;
    if (length == 0) return direction == CU_DIRECTION_RTL ? 1 : 0;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status)) return -1;
    UBiDiLevel para = direction == CU_DIRECTION_RTL ? 1 : direction == CU_DIRECTION_LTR ? 0 : UBIDI_DEFAULT_LTR;
    ubidi_setPara(bidi, (const UChar *)text, length, para, NULL, &status);
    if (U_FAILURE(status)) { ubidi_close(bidi); return -1; }
    const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
    if (U_FAILURE(status)) { ubidi_close(bidi); return -1; }
    memcpy(levels, resolved, (size_t)length);
    int32_t paraLevel = ubidi_getParaLevel(bidi) & 1;
    ubidi_close(bidi);
    return paraLevel;
}

int32_t cu_bidi_first_strong(const uint16_t *text, int32_t length) {
    int32_t i = 0, isolates = 0;
    while (i < length) {
        UChar32 c;
        U16_NEXT(text, i, length, c);
        switch (u_charDirection(c)) {
        case U_LEFT_TO_RIGHT_ISOLATE: case U_RIGHT_TO_LEFT_ISOLATE: case U_FIRST_STRONG_ISOLATE:
            isolates++;
            break;
        case U_POP_DIRECTIONAL_ISOLATE:
            if (isolates > 0) isolates--;
            break;
        case U_BLOCK_SEPARATOR:
            return CU_DIRECTION_AUTO;
        case U_LEFT_TO_RIGHT:
            if (isolates == 0) return CU_DIRECTION_LTR;
            break;
        case U_RIGHT_TO_LEFT: case U_RIGHT_TO_LEFT_ARABIC:
            if (isolates == 0) return CU_DIRECTION_RTL;
            break;
        default:
            break;
        }
    }
    return CU_DIRECTION_AUTO;
}

int32_t cu_bidi_reorder(const uint8_t *levels, int32_t count, int32_t *visual_to_logical) {
    if (count <= 0) return 0;
    ubidi_reorderVisual((const UBiDiLevel *)levels, count, visual_to_logical);
    return 0;
}

int32_t cu_is_mirrored(uint32_t codepoint) {
    return u_isMirrored((UChar32)codepoint) ? 1 : 0;
}

uint32_t cu_mirror(uint32_t codepoint) {
    return (uint32_t)u_charMirror((UChar32)codepoint);
}

int32_t cu_is_default_ignorable(uint32_t codepoint) {
    return u_hasBinaryProperty((UChar32)codepoint, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) ? 1 : 0;
}

void cu_bmp_properties(uint32_t first, uint32_t count, uint16_t *flags, uint8_t *scripts) {
    for (UChar32 c = (UChar32)first; c < (UChar32)(first + count) && c < 0x10000; c++) {
        uint16_t bits = 0;
        int32_t cluster = u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK);
        if (!U_IS_SURROGATE(c) && (cluster == U_GCB_OTHER || cluster == U_GCB_CONTROL || cluster == U_GCB_LF))
            bits |= CU_UNIT_OWN_CLUSTER;
        if (!U_IS_SURROGATE(c) && cluster == U_GCB_OTHER) bits |= CU_UNIT_CLUSTER_BASE;
        if (cluster == U_GCB_EXTEND || cluster == U_GCB_SPACING_MARK) bits |= CU_UNIT_CLUSTER_EXTENSION;
        UErrorCode status = U_ZERO_ERROR;
        UScriptCode sc = uscript_getScript(c, &status);
        if (U_SUCCESS(status) && (sc == USCRIPT_GUJARATI || sc == USCRIPT_TELUGU || sc == USCRIPT_MALAYALAM
                                  || sc == USCRIPT_ORIYA || sc == USCRIPT_BENGALI || sc == USCRIPT_DEVANAGARI)) {
            int32_t syllabic = u_getIntPropertyValue(c, UCHAR_INDIC_SYLLABIC_CATEGORY);
            if (syllabic == U_INSC_CONSONANT) bits |= CU_UNIT_CONJUNCT_CONSONANT;
            if (syllabic == U_INSC_VIRAMA) bits |= CU_UNIT_CONJUNCT_VIRAMA;
        }
        if ((cluster == U_GCB_EXTEND && u_getCombiningClass(c) != 0) || cluster == U_GCB_ZWJ)
            bits |= CU_UNIT_CONJUNCT_EXTENDER;
        switch (u_charDirection(c)) {
        case U_LEFT_TO_RIGHT: case U_EUROPEAN_NUMBER:
            bits |= CU_UNIT_LEVEL_ZERO_IN_LTR;
            break;
        case U_RIGHT_TO_LEFT: case U_RIGHT_TO_LEFT_ARABIC:
            bits |= CU_UNIT_LEVEL_ONE_IN_RTL;
            break;
        case U_EUROPEAN_NUMBER_SEPARATOR: case U_EUROPEAN_NUMBER_TERMINATOR: case U_COMMON_NUMBER_SEPARATOR:
        case U_SEGMENT_SEPARATOR: case U_WHITE_SPACE_NEUTRAL: case U_OTHER_NEUTRAL: case U_DIR_NON_SPACING_MARK:
            bits |= CU_UNIT_LEVEL_ZERO_IN_LTR | CU_UNIT_LEVEL_ONE_IN_RTL;
            break;
        default:
            break;
        }
        if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) bits |= CU_UNIT_DEFAULT_IGNORABLE;
        flags[c - first] = bits;
        int32_t script = cu_script((uint32_t)c);
        scripts[c - first] = script < 0 || script > 254 ? 255 : (uint8_t)script;
    }
}

/*
 * Break iterators kept per thread, by kind and locale: opening one loads and parses the
 * locale's rules (its data, its name converted from UTF-8), which cost more than finding the
 * breaks of a label's text. A kept iterator is given the next text with ubrk_setText, which
 * starts it afresh, so the breaks found are those of a new iterator. The most recently used
 * come first; past CU_KEPT_BREAKERS the least recently used is closed. Each thread has its
 * own (an iterator is not safe to share), closed when the thread ends.
 */
enum { CU_KEPT_BREAKERS = 64, CU_LOCALE_CAPACITY = 32 };

typedef struct {
    UBreakIteratorType type;
    char locale[CU_LOCALE_CAPACITY];
    UBreakIterator *iterator;
} cu_kept_breaker;

static pthread_key_t cu_breakers_key;
static pthread_once_t cu_breakers_once = PTHREAD_ONCE_INIT;

static void cu_breakers_close(void *kept) {
    cu_kept_breaker *breakers = kept;
    for (int32_t i = 0; i < CU_KEPT_BREAKERS; i++) {
        if (breakers[i].iterator) ubrk_close(breakers[i].iterator);
    }
    free(breakers);
}

static void cu_breakers_make_key(void) {
    pthread_key_create(&cu_breakers_key, cu_breakers_close);
}

/* A break iterator over `text`: one this thread kept, else a new one, kept unless the locale
   is too long to keep (`*kept` says which; the caller closes one that is not kept). */
static UBreakIterator *cu_breaker(UBreakIteratorType type, const char *locale, const UChar *text, int32_t length,
                                  int *kept, UErrorCode *status) {
    *kept = 0;
    size_t localeLength = strlen(locale);
    pthread_once(&cu_breakers_once, cu_breakers_make_key);
    cu_kept_breaker *breakers = pthread_getspecific(cu_breakers_key);
    if (!breakers && localeLength < CU_LOCALE_CAPACITY) {
        breakers = calloc(CU_KEPT_BREAKERS, sizeof(cu_kept_breaker));
        if (breakers && pthread_setspecific(cu_breakers_key, breakers) != 0) {
            free(breakers);
            breakers = NULL;
        }
    }
    if (!breakers || localeLength >= CU_LOCALE_CAPACITY) return ubrk_open(type, locale, text, length, status);

    int32_t found = 0;
    while (found < CU_KEPT_BREAKERS && breakers[found].iterator
           && !(breakers[found].type == type && strcmp(breakers[found].locale, locale) == 0)) {
        found++;
    }
    cu_kept_breaker breaker;
    if (found < CU_KEPT_BREAKERS && breakers[found].iterator) {
        breaker = breakers[found];
        ubrk_setText(breaker.iterator, text, length, status);
        if (U_FAILURE(*status)) return NULL;
    } else {
        UBreakIterator *opened = ubrk_open(type, locale, text, length, status);
        if (U_FAILURE(*status)) return NULL;
        if (found == CU_KEPT_BREAKERS) {
            found = CU_KEPT_BREAKERS - 1;
            ubrk_close(breakers[found].iterator);
        }
        breaker.type = type;
        memcpy(breaker.locale, locale, localeLength + 1);
        breaker.iterator = opened;
    }
    /* Most recently used first. */
    memmove(&breakers[1], &breakers[0], (size_t)found * sizeof(cu_kept_breaker));
    breakers[0] = breaker;
    *kept = 1;
    return breaker.iterator;
}

int32_t cu_breaks(int32_t kind, const char *locale, const uint16_t *text, int32_t length,
                  int32_t *offsets, uint8_t *hard, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIteratorType type = kind == CU_BREAK_LINE ? UBRK_LINE
                            : kind == CU_BREAK_WORD ? UBRK_WORD : UBRK_CHARACTER;
    if (length == 0) return 0;
    int kept = 0;
    UBreakIterator *it = cu_breaker(type, locale, (const UChar *)text, length, &kept, &status);
    if (U_FAILURE(status) || !it) return -1;
    int32_t count = 0;
    ubrk_first(it);
    for (int32_t b = ubrk_next(it); b != UBRK_DONE; b = ubrk_next(it)) {
        if (count < capacity) {
            offsets[count] = b;
            if (hard) {
                int32_t rule = ubrk_getRuleStatus(it);
                hard[count] = (type == UBRK_LINE && rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
            }
        }
        count++;
    }
    if (!kept) ubrk_close(it);
    return count;
}

void cu_script_code(uint32_t codepoint, char out[5]) {
    cu_script_name(cu_script(codepoint), out);
}

int32_t cu_script(uint32_t codepoint) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode code = uscript_getScript((UChar32)codepoint, &status);
    return U_FAILURE(status) ? -1 : (int32_t)code;
}

int32_t cu_script_count(void) {
    return u_getIntPropertyMaxValue(UCHAR_SCRIPT) + 1;
}

void cu_script_name(int32_t script, char out[5]) {
    const char *name = script < 0 ? "Zzzz" : uscript_getShortName((UScriptCode)script);
    if (!name || strlen(name) != 4) name = "Zzzz";
    memcpy(out, name, 4);
    out[4] = 0;
}

int32_t cu_locale_is_rtl(const char *locale) {
    char canonical[ULOC_FULLNAME_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    uloc_forLanguageTag(locale, canonical, ULOC_FULLNAME_CAPACITY, &parsed, &status);
    if (U_FAILURE(status) || canonical[0] == 0) return uloc_isRightToLeft(locale) ? 1 : 0;
    return uloc_isRightToLeft(canonical) ? 1 : 0;
}

void cu_locale_likely_script(const char *locale, char out[5]) {
    char canonical[ULOC_FULLNAME_CAPACITY];
    char maximized[ULOC_FULLNAME_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    out[0] = 0;
    uloc_forLanguageTag(locale, canonical, ULOC_FULLNAME_CAPACITY, &parsed, &status);
    if (U_FAILURE(status) || canonical[0] == 0) return;
    uloc_addLikelySubtags(canonical, maximized, ULOC_FULLNAME_CAPACITY, &status);
    if (U_FAILURE(status)) return;
    char script[ULOC_SCRIPT_CAPACITY];
    int32_t length = uloc_getScript(maximized, script, ULOC_SCRIPT_CAPACITY, &status);
    if (U_FAILURE(status) || length != 4) return;
    for (int i = 0; i < 4; i++) out[i] = script[i];
    out[4] = 0;
}

int32_t cu_plural_category(const char *locale, double value, int32_t fraction_digits,
                           char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale, &status);
    if (U_FAILURE(status)) return -1;
    /* Format with exactly `fraction_digits` decimals so that visible fraction
       digits (CLDR operands v, f, t) take part in the choice: "1.0" is not "1". */
    UNumberFormatter *formatter = NULL;
    UFormattedNumber *formatted = NULL;
    char skeleton[32];
    if (fraction_digits < 0) fraction_digits = 0;
    if (fraction_digits > 9) fraction_digits = 9;
    if (fraction_digits == 0) {
        strcpy(skeleton, "precision-integer");
    } else {
        strcpy(skeleton, ".");
        for (int32_t i = 0; i < fraction_digits; i++) strcat(skeleton, "0");
    }
    UChar uskeleton[32];
    int32_t n = (int32_t)strlen(skeleton);
    for (int32_t i = 0; i <= n; i++) uskeleton[i] = (UChar)skeleton[i];
    formatter = unumf_openForSkeletonAndLocale(uskeleton, n, locale, &status);
    formatted = unumf_openResult(&status);
    if (U_SUCCESS(status)) unumf_formatDouble(formatter, value, formatted, &status);
    UChar keyword[16];
    int32_t len = 0;
    if (U_SUCCESS(status)) {
        len = uplrules_selectFormatted(rules, formatted, keyword, 16, &status);
    }
    if (formatted) unumf_closeResult(formatted);
    if (formatter) unumf_close(formatter);
    if (U_FAILURE(status)) {
        status = U_ZERO_ERROR;
        len = uplrules_select(rules, value, keyword, 16, &status);
    }
    uplrules_close(rules);
    if (U_FAILURE(status) || len + 1 > capacity) return -1;
    for (int32_t i = 0; i < len; i++) out[i] = (char)keyword[i];
    out[len] = 0;
    return 0;
}

int32_t cu_plural_categories(const char *locale, char *out, int32_t capacity) {
    static const char *order[] = {"zero", "one", "two", "few", "many", "other"};
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale, &status);
    if (U_FAILURE(status)) return -1;
    UEnumeration *keywords = uplrules_getKeywords(rules, &status);
    if (U_FAILURE(status)) { uplrules_close(rules); return -1; }
    int present[6] = {0};
    const char *kw;
    int32_t kwlen;
    while ((kw = uenum_next(keywords, &kwlen, &status)) != NULL && U_SUCCESS(status)) {
        for (int i = 0; i < 6; i++) if (strcmp(kw, order[i]) == 0) present[i] = 1;
    }
    uenum_close(keywords);
    uplrules_close(rules);
    int32_t used = 0;
    out[0] = 0;
    for (int i = 0; i < 6; i++) {
        if (!present[i]) continue;
        int32_t need = (int32_t)strlen(order[i]) + (used ? 1 : 0);
        if (used + need + 1 > capacity) return -1;
        if (used) out[used++] = ' ';
        strcpy(out + used, order[i]);
        used += (int32_t)strlen(order[i]);
    }
    return used;
}
