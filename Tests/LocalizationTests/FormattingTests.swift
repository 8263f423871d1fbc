import Foundation
import Localization
import XCTest

final class FormattingTests: XCTestCase {
    private let formatter = StringFormatter(locale: "en_US")

    func testSpecifiersMatchStringFormat() {
        let cases: [(String, [FormatArgument], String)] = [
            ("%@ and %@", [.string("A"), .string("B")], "A and B"),
            ("%2$@ before %1$@", [.string("A"), .string("B")], "B before A"),
            ("%d|%ld|%lld|%i", [.integer(-4), .integer(5), .integer(6_000_000_000), .integer(7)], "-4|5|6000000000|7"),
            ("%u %x %X %o", [.integer(42), .integer(255), .integer(255), .integer(8)], "42 ff FF 10"),
            ("%f|%.2f|%8.3f|%-8.1f|", [.double(1.5), .double(3.14159), .double(2.5), .double(9.25)],
             "1.500000|3.14|   2.500|9.2     |"),
            ("%e %g %g", [.double(12345.678), .double(0.0001), .double(100000)], "1.234568e+04 0.0001 100000"),
            ("%05d|%+d|% d|%-4d|", [.integer(42), .integer(3), .integer(3), .integer(7)], "00042|+3| 3|7   |"),
            ("%c%c", [.integer(72), .string("i")], "Hi"),
            ("100%% of %@", [.string("it")], "100% of it"),
            ("%10@|%-6@|", [.string("right"), .string("left")], "     right|left  |"),
            ("%#x %#o", [.integer(255), .integer(8)], "0xff 010"),
            ("%*d|%.*f", [.integer(5), .integer(42), .integer(1), .double(2.25)], "   42|2.2"),
            ("%@ %@", [.integer(3), .double(2.5)], "3 2.5"),
            ("%.3s", [.string("abcdef")], "abc"),
            // Without a length modifier, as on 64-bit Apple systems, the argument is read as 32 bits.
            ("%u|%x|%lu|%lx", [.integer(-1), .integer(-1), .integer(-1), .integer(-1)],
             "4294967295|ffffffff|18446744073709551615|ffffffffffffffff"),
            ("%d|%ld", [.integer(4_294_967_297), .integer(4_294_967_297)], "1|4294967297"),
        ]
        for (format, arguments, expected) in cases {
            XCTAssertEqual(formatter.format(format, arguments), expected, format)
        }
    }

    func testAZeroFormShowsForZeroInAnyLanguage() {
        var translations = Translations(developmentLanguage: "en")
        let forms: [PluralCategory: Message] = [.zero: .text("No items"), .one: .text("%d item"), .other: .text("%d items")]
        let message = Message.text("%#@items@")
        translations.add(Translation(key: "items", message: message,
                                     substitutions: ["items": Substitution(argumentNumber: 1, formatSpecifier: "d", message: .plural(forms))],
                                     location: SourceLocation(file: "en.stringsdict", line: 1, column: 1)),
                         table: "Localizable", language: "en")
        func text(_ count: Int) -> String {
            translations.resolve(.key("items", arguments: [.count(count)]), language: "en").text
        }
        XCTAssertEqual(text(0), "No items", "English has no zero category, but Apple shows the zero form for 0")
        XCTAssertEqual(text(1), "1 item")
        XCTAssertEqual(text(5), "5 items")
    }

    /// A translation without a `%` shows as written, whatever arguments the call gives; with
    /// one, it is formatted (`%%` is a percent sign, a missing argument is reported).
    func testATranslationWithoutAPercentSignShowsAsWritten() {
        var translations = Translations(developmentLanguage: "en")
        let texts = ["plain": "Numéro de série", "empty": "", "mark": "مرحبا\u{200F} 👋🏽", "percent": "100%% sûr · %@",
                     "missing": "%1$@ et %2$@"]
        for (key, text) in texts {
            translations.add(Translation(key: key, message: .text(text), location: SourceLocation(file: "fr.strings", line: 1, column: 1)),
                             table: "Localizable", language: "fr")
        }
        func resolved(_ key: String, _ arguments: [FormatArgument]) -> ResolvedText {
            translations.resolve(.key(key, arguments: arguments), language: "fr")
        }
        for key in ["plain", "empty", "mark"] {
            for arguments in [[], [FormatArgument.string("x"), .integer(3)]] {
                let result = resolved(key, arguments)
                XCTAssertEqual(Array(result.text.unicodeScalars), Array(texts[key]!.unicodeScalars), key)
                XCTAssertEqual(result.variants, [texts[key]!])
                XCTAssertEqual(result.missingArguments, [])
            }
        }
        XCTAssertEqual(resolved("percent", [.string("certain")]).text, "100% sûr · certain")
        XCTAssertEqual(resolved("missing", [.string("un")]).text, "un et ")
        XCTAssertEqual(resolved("missing", [.string("un")]).missingArguments, [2])
    }

    func testHostileArgumentsDoNotCrash() {
        XCTAssertEqual(formatter.format("%*d|", [.double(.nan), .integer(5)]), "5|")
        XCTAssertEqual(formatter.format("%.*f|", [.double(-3), .double(1.5)]), "1.500000|")
        // -1e300 clamps to Int64.min, whose low 32 bits (what %u reads) are 0.
        XCTAssertEqual(formatter.format("%d %u %lu %c", [.double(.infinity), .double(-1e300), .double(-1e300), .integer(-5)]),
                       "0 0 9223372036854775808 ")
        XCTAssertEqual(formatter.format("%*d|", [.integer(-3), .integer(7)]), "7  |")
    }

    func testMissingArgumentsAreReported() {
        let result = formatter.formatReportingMissing("%1$@ %3$d", [.string("x")])
        XCTAssertEqual(result.text, "x 0")
        XCTAssertEqual(result.missingArguments, [3])
    }

    func testSpecifierParsing() {
        let specs = FormatSpecifier.parse("%1$-08.3lf %@ %#@files@ %% %lld %5$s")
        XCTAssertEqual(specs.map(\.text), ["%1$-08.3lf", "%@", "%#@files@", "%%", "%lld", "%5$s"])
        XCTAssertEqual(specs[0].position, 1)
        XCTAssertEqual(specs[0].flags, "-0")
        XCTAssertEqual(specs[0].width, 8)
        XCTAssertEqual(specs[0].precision, 3)
        XCTAssertEqual(specs[0].length, "l")
        XCTAssertEqual(specs[0].argumentType, .floating)
        XCTAssertEqual(specs[2].conversion, .variable("files"))
        XCTAssertEqual(specs[4].argumentType, .integer)
        XCTAssertEqual(specs[4].conversionText, "lld")
        XCTAssertEqual(specs[5].argumentType, .cString)
        XCTAssertEqual(FormatSpecifier.parse("50%").count, 0)
    }

    func testLocaleNumbersCurrenciesPercentagesAndDates() throws {
        XCTAssertEqual(StringFormatter(locale: "de_DE").format("%@", [.number(1234.5, style: .decimal, currency: nil)]), "1.234,5")
        let euros = StringFormatter(locale: "de_DE").format("%@", [.number(1234.5, style: .currency, currency: "EUR")])
        XCTAssertEqual(euros, "1.234,50\u{A0}€")
        XCTAssertEqual(StringFormatter(locale: "en_US").format("%@", [.number(1234.5, style: .currency, currency: "USD")]),
                       "$1,234.50")
        XCTAssertEqual(StringFormatter(locale: "en_US").format("%@", [.number(0.25, style: .percent, currency: nil)]), "25%")
        XCTAssertEqual(StringFormatter(locale: "ar_EG").format("%@", [.number(1234.5, style: .decimal, currency: nil)]),
                       "١٬٢٣٤٫٥")
        let date = try XCTUnwrap(FormatArgument.parseDate("2014-03-02T10:00:00Z"))
        XCTAssertEqual(StringFormatter(locale: "en_US").format("%@", [.date(date, style: .long)]), "March 2, 2014")
        XCTAssertEqual(StringFormatter(locale: "en_US").format("%@", [.date(date, style: .short)]), "3/2/14")
        XCTAssertEqual(StringFormatter(locale: "de_DE").format("%@", [.date(date, style: .medium)]), "02.03.2014")
    }

    /// Formatted strings are kept (`LocaleFormatting`) by value, style, currency and locale:
    /// the same value asked again in each, interleaved, is written for that one alone.
    func testAFormattingKeptIsTheOneForItsLocaleStyleAndCurrency() throws {
        let date = try XCTUnwrap(FormatArgument.parseDate("2014-03-02T10:00:00Z"))
        let cases: [(FormatArgument, String, String)] = [
            (.number(1234.5, style: .decimal, currency: nil), "en_US", "1,234.5"),
            (.number(1234.5, style: .decimal, currency: nil), "de_DE", "1.234,5"),
            (.number(1234.5, style: .currency, currency: "EUR"), "de_DE", "1.234,50\u{A0}€"),
            (.number(1234.5, style: .currency, currency: "USD"), "de_DE", "1.234,50\u{A0}$"),
            (.number(1234.5, style: .currency, currency: nil), "en_US", "$1,234.50"),
            (.number(1234.5, style: .percent, currency: nil), "en_US", "123,450%"),
            (.date(date, style: .long), "en_US", "March 2, 2014"),
            (.date(date, style: .short), "en_US", "3/2/14"),
            (.date(date, style: .long), "de_DE", "2. März 2014"),
            (.date(date.addingTimeInterval(86_400), style: .long), "en_US", "March 3, 2014"),
        ]
        for round in 1...3 {
            for (argument, locale, expected) in cases {
                XCTAssertEqual(StringFormatter(locale: locale).format("%@", [argument]), expected, "\(argument) in \(locale), round \(round)")
            }
        }
    }

    func testArgumentsDecodeFromLayoutJSON() throws {
        let json = """
        ["Ana", 3, 2.5, {"number": 1234.5, "style": "currency", "currency": "EUR"},
         {"date": "2014-03-02T10:00:00Z", "style": "short"}, {"count": 4}]
        """
        let arguments = try JSONDecoder().decode([FormatArgument].self, from: Data(json.utf8))
        XCTAssertEqual(arguments[0], .string("Ana"))
        XCTAssertEqual(arguments[1], .integer(3))
        XCTAssertEqual(arguments[2], .double(2.5))
        XCTAssertEqual(arguments[3], .number(1234.5, style: .currency, currency: "EUR"))
        XCTAssertEqual(arguments[5], .count(4))
        let text = try JSONDecoder().decode([LocalizableText].self, from: Data(#"["Plain", "[Name]", {"key": "k", "table": "T", "default": "D", "args": [{"count": 2}]}]"#.utf8))
        XCTAssertEqual(text[0], .plain("Plain"))
        XCTAssertEqual(text[1], .key("Name", default: "Name"))
        XCTAssertEqual(text[2], .localized(key: "k", table: "T", comment: nil, defaultValue: "D", arguments: [.count(2)]))
    }
}
