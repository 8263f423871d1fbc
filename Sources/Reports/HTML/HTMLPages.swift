/// The report as the site shows it: its layouts with their runs, languages, devices and sizes,
/// and the pages' HTML.
struct Site {
    /// A layout of the report (a layout name in a file: one storyboard file holds several).
    struct Layout {
        var number: Int
        var name: String
        var file: String
        /// Its runs with their position in the report.
        var runs: [(position: Int, run: RunReport)]
        var languages: [String]
        var devices: [String]
        var sizes: [String]
        var development: String

        /// `layout-3.html`: named by its place, never by a name from the inputs.
        var page: String { "layout-\(number).html" }

        /// The language a page shows first beside the development language: the first other one.
        var chosen: String { languages.first { $0 != development } ?? development }

        func run(_ language: String, _ device: String, _ size: String) -> (position: Int, run: RunReport)? {
            runs.first { $0.run.language == language && $0.run.device == device && $0.run.contentSize == size }
        }
    }

    let report: CheckReport
    let options: HTMLSite.Options
    let layouts: [Layout]
    /// Every language of the report, in the order runs first give them.
    let languages: [String]

    init(report: CheckReport, options: HTMLSite.Options) {
        self.report = report
        self.options = options
        var layouts: [Layout] = []
        var languages: [String] = []
        for (position, run) in report.runs.enumerated() {
            if !languages.contains(run.language) { languages.append(run.language) }
            let index: Int
            if let found = layouts.firstIndex(where: { $0.name == run.layout && $0.file == run.file }) {
                index = found
            } else {
                index = layouts.count
                layouts.append(Layout(number: index + 1, name: run.layout, file: run.file, runs: [], languages: [],
                                      devices: [], sizes: [], development: run.language))
            }
            layouts[index].runs.append((position, run))
            if !layouts[index].languages.contains(run.language) { layouts[index].languages.append(run.language) }
            if !layouts[index].devices.contains(run.device) { layouts[index].devices.append(run.device) }
            if !layouts[index].sizes.contains(run.contentSize) { layouts[index].sizes.append(run.contentSize) }
        }
        for index in layouts.indices {
            let file = layouts[index].file
            if let development = options.developmentLanguages[file] ?? options.developmentLanguage,
               layouts[index].languages.contains(development) {
                layouts[index].development = development
            }
        }
        self.layouts = layouts
        self.languages = languages
    }

    static func picturePath(_ position: Int) -> String { "pictures/run-\(position + 1).png" }

    // MARK: Counting

    /// Errors that fail the check (not in the baseline) and warnings, counted per run.
    struct Counts {
        var errors = 0
        var warnings = 0
        var baselined = 0
        var runs = 0

        init(_ runs: [RunReport]) {
            self.runs = runs.count
            for finding in runs.flatMap(\.findings) {
                if finding.baselined {
                    baselined += 1
                } else if finding.severity == .error {
                    errors += 1
                } else {
                    warnings += 1
                }
            }
        }

        /// `err`, `warn` or `ok`: the colour of a cell or a count.
        var tone: String { errors > 0 ? "err" : warnings > 0 ? "warn" : "ok" }

        var description: String {
            var text = "\(plural(errors, "error")), \(plural(warnings, "warning"))"
            if baselined > 0 { text += ", \(baselined) in the baseline" }
            return text + " in \(plural(runs, "run"))"
        }
    }

    // MARK: Pages

    func overview() -> String {
        var body = "<header class=\"top\"><h1>babelfit report</h1>\n"
        body += "<p class=\"summary\">\(html(summary))</p></header>\n<main>\n"
        body += placed(report.inputErrors, kind: "input-errors", title: "Inputs not read")
        body += "<section><h2>Errors by layout and language</h2>\n"
        body += "<table class=\"overview\"><thead><tr><th scope=\"col\">Layout</th>"
        for language in languages { body += "<th scope=\"col\">\(html(language))</th>" }
        body += "</tr></thead>\n<tbody>\n"
        for layout in layouts {
            body += "<tr><th scope=\"row\"><a href=\"\(layout.page)\">\(html(layout.name))</a>"
            body += "<span class=\"file\">\(html(layout.file))</span></th>"
            for language in languages {
                let runs = layout.runs.map(\.run).filter { $0.language == language }
                if runs.isEmpty {
                    body += "<td class=\"none\" title=\"not checked\">–</td>"
                    continue
                }
                let counts = Counts(runs)
                let link = layout.page + "#" + Self.query(["language": language])
                body += "<td class=\"\(counts.tone)\" title=\"\(html(counts.description))\">"
                body += "<a href=\"\(html(link))\">\(counts.errors)</a></td>"
            }
            body += "</tr>\n"
        }
        body += "</tbody></table>\n<p class=\"legend\">Errors in each language, counted per run over its devices and content "
        body += "sizes: <span class=\"count ok\">none</span> <span class=\"count warn\">warnings only</span> "
        body += "<span class=\"count err\">errors</span>. A cell opens the layout in that language.</p></section>\n"
        body += placed(report.readerNotes, kind: "reader-notes", title: "What the layout readers could only approximate")
        let groups = report.findingGroups
        body += "<section class=\"findings\"><h2>Findings</h2>\n"
        body += filters(groups.map(\.finding))
        if groups.isEmpty {
            body += "<p class=\"empty\">No findings.</p>\n"
        } else {
            body += "<ol class=\"finding-list\">\n"
            for group in groups {
                let layout = layouts.first { $0.name == group.run.layout && $0.file == group.run.file }!
                let link = layout.page + "#" + Self.query(["language": group.run.language, "device": group.run.device,
                                                          "size": group.run.contentSize])
                let heading = "<a href=\"\(html(link))\">\(html(layout.name)) · \(html(group.title))</a>"
                body += findingItem(group.finding, file: group.run.file, message: group.message, heading: heading)
            }
            body += "</ol>\n<p class=\"filtered-out\" hidden>No finding matches the filters.</p>\n"
        }
        body += "</section>\n</main>\n"
        return document(title: "babelfit report", attributes: "", body: body)
    }

    /// Input errors or reader notes, each with a link to its place.
    func placed(_ items: [InputError], kind: String, title: String) -> String {
        guard !items.isEmpty else { return "" }
        var text = "<section class=\"\(kind)\"><h2>\(title)</h2><ul>\n"
        for item in items {
            text += "<li><a href=\"\(html(sourceLink(item.file, line: item.line)))\">\(html(item.place))</a>: \(html(item.message))</li>\n"
        }
        return text + "</ul></section>\n"
    }

    func page(_ layout: Layout, pictures: [Int: PictureSize]) -> String {
        let first = layout.runs[0].run
        let chosen = layout.run(layout.chosen, first.device, first.contentSize) ?? layout.runs[0]
        let development = chosen.run.language == layout.development ? nil
            : layout.run(layout.development, first.device, first.contentSize)
        var body = "<header class=\"top\"><p><a href=\"index.html\">All layouts</a></p>\n"
        body += "<h1>\(html(layout.name))</h1>\n"
        body += "<p class=\"file\"><a href=\"\(html(sourceLink(layout.file, line: nil)))\">\(html(layout.file))</a></p></header>\n"
        body += "<nav class=\"pickers\" aria-label=\"Run\">\n<div class=\"languages\" role=\"group\" aria-label=\"Language\">"
        for language in layout.languages {
            let run = layout.run(language, first.device, first.contentSize)
            let counts = Counts(run.map { [$0.run] } ?? [])
            body += "<button type=\"button\" data-language=\"\(html(language))\" aria-pressed=\"\(language == chosen.run.language)\">"
            body += "\(html(language))<span class=\"count \(counts.tone)\">\(run == nil ? "–" : String(counts.errors))</span></button>"
        }
        body += "</div>\n"
        body += picker("device", "Device", layout.devices, selected: first.device)
        body += picker("size", "Content size", layout.sizes, selected: first.contentSize)
        body += "<span class=\"hint\">← → change the language</span>\n</nav>\n"
        body += "<div class=\"stage\">\n"
        body += figure("development", development, layout: layout, pictures: pictures,
                       caption: "Development language: \(layout.development)")
        body += figure("chosen", chosen, layout: layout, pictures: pictures, caption: chosen.run.title)
        body += "<section class=\"findings\" aria-label=\"Findings of the shown run\">\n"
        body += filters(layout.runs.flatMap(\.run.findings))
        body += "<p id=\"no-run\" hidden>This combination was not checked.</p>\n"
        for (position, run) in layout.runs {
            let size = displaySize(pictures[position])
            let counts = Counts([run])
            body += "<section class=\"run\" data-language=\"\(html(run.language))\" data-device=\"\(html(run.device))\" "
            body += "data-size=\"\(html(run.contentSize))\" data-picture=\"\(Self.picturePath(position))\" "
            body += "data-width=\"\(size.width)\" data-height=\"\(size.height)\" data-errors=\"\(counts.errors)\" "
            body += "data-tone=\"\(counts.tone)\" data-alt=\"\(html(alt(run)))\""
            body += position == chosen.position ? ">\n" : " hidden>\n"
            body += "<h2>\(html(run.title))</h2>\n<p class=\"counts\">\(html(counts.description))</p>\n"
            if let font = run.systemFont { body += "<p class=\"system-font\">System font: \(html(font))</p>\n" }
            if run.findings.isEmpty {
                body += "<p class=\"empty\">No findings in this run.</p>\n"
            } else {
                body += "<ol class=\"finding-list\">\n"
                for finding in run.findings { body += findingItem(finding, file: run.file, message: finding.message, heading: nil) }
                body += "</ol>\n<p class=\"filtered-out\" hidden>No finding of this run matches the filters.</p>\n"
            }
            body += "</section>\n"
        }
        body += "</section>\n</div>\n"
        let attributes = " data-development=\"\(html(layout.development))\" data-language=\"\(html(chosen.run.language))\""
        return document(title: "\(layout.name) — babelfit report", attributes: attributes, body: body)
    }

    // MARK: Parts

    /// "264 runs: 84 errors, 4 warnings (24 distinct findings)", as the text report ends.
    var summary: String {
        let lines = TextReport.render(report, options: TextReport.Options(quiet: true)).split(separator: "\n")
        return lines.last.map(String.init) ?? ""
    }

    func document(title: String, attributes: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(HTMLAssets.contentSecurityPolicy)">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        \(HTMLSite.generatorMark)
        <title>\(html(title))</title>
        <style>
        \(HTMLAssets.style)</style>
        </head>
        <body\(attributes)>
        \(body)<script>
        \(HTMLAssets.script)</script>
        </body>
        </html>

        """
    }

    func picker(_ id: String, _ label: String, _ values: [String], selected: String) -> String {
        var text = "<label>\(label) <select id=\"\(id)\">"
        for value in values {
            text += "<option value=\"\(html(value))\"\(value == selected ? " selected" : "")>\(html(value))</option>"
        }
        return text + "</select></label>\n"
    }

    func figure(_ id: String, _ shown: (position: Int, run: RunReport)?, layout: Layout, pictures: [Int: PictureSize],
                caption: String) -> String {
        var text = "<figure class=\"shot\" id=\"\(id)\"\(shown == nil ? " hidden" : "")>"
        text += "<figcaption id=\"\(id)-caption\">\(html(caption))</figcaption>"
        if let (position, run) = shown {
            let size = displaySize(pictures[position])
            text += "<img id=\"\(id)-picture\" src=\"\(Self.picturePath(position))\" width=\"\(size.width)\" "
            text += "height=\"\(size.height)\" alt=\"\(html(alt(run)))\">"
        } else {
            text += "<img id=\"\(id)-picture\" alt=\"\">"
        }
        return text + "</figure>\n"
    }

    /// The size a picture is shown at: its size in points (a picture drawn at 2× is shown as the device shows it).
    func displaySize(_ picture: PictureSize?) -> PictureSize {
        guard let picture else { return PictureSize(width: 1, height: 1) }
        let scale = options.pictureScale
        return PictureSize(width: (picture.width + scale - 1) / scale, height: (picture.height + scale - 1) / scale)
    }

    func alt(_ run: RunReport) -> String {
        "\(run.layout) in \(run.language) on \(run.device) at content size \(run.contentSize)"
    }

    /// The kind and severity check boxes and the search box, for the kinds the findings have.
    func filters(_ findings: [Finding]) -> String {
        var text = "<form class=\"filters\" role=\"search\" aria-label=\"Filter findings\">\n<fieldset><legend>Kind</legend>"
        for kind in FindingKind.allCases where findings.contains(where: { $0.kind == kind }) {
            text += "<label><input type=\"checkbox\" data-filter=\"kind\" value=\"\(kind.rawValue)\" checked> \(kind.rawValue)</label>"
        }
        text += "</fieldset>\n<fieldset><legend>Severity</legend>"
        for severity in [Severity.error, .warning] {
            text += "<label><input type=\"checkbox\" data-filter=\"severity\" value=\"\(severity.rawValue)\" checked> \(severity.rawValue)</label>"
        }
        text += "</fieldset>\n<label class=\"search\">View or key <input type=\"search\" id=\"search\" "
        text += "placeholder=\"nameLabel, item.name\" autocomplete=\"off\"></label>\n</form>\n"
        return text
    }

    /// One finding: severity, kind, where it is in the layout file (a link), the message.
    func findingItem(_ finding: Finding, file: String, message: String, heading: String?) -> String {
        let search = [finding.view, finding.otherView, finding.key].compactMap { $0 }.joined(separator: " ").lowercased()
        var text = "<li class=\"finding \(finding.severity.rawValue)\" data-kind=\"\(finding.kind.rawValue)\" "
        text += "data-severity=\"\(finding.severity.rawValue)\" data-search=\"\(html(search))\">"
        if let heading { text += "<p class=\"where\">\(heading)</p>" }
        text += "<p class=\"head\"><span class=\"severity\">\(finding.severity.rawValue)\(finding.baselined ? " (baseline)" : "")</span> "
        text += "<span class=\"kind\">\(finding.kind.rawValue)</span> "
        let place = finding.line.map { "\(file):\($0)" } ?? file
        text += "<a class=\"place\" href=\"\(html(sourceLink(file, line: finding.line)))\">\(html(place))</a></p>"
        text += "<p class=\"message\">\(html(message))</p>"
        var details: [String] = []
        if let view = finding.view { details.append("view <code>\(html(view))</code>") }
        if let other = finding.otherView { details.append("with <code>\(html(other))</code>") }
        if let key = finding.key { details.append("key <code>\(html(key))</code>") }
        if !details.isEmpty { text += "<p class=\"detail\">\(details.joined(separator: " · "))</p>" }
        if !finding.fixes.isEmpty {
            text += "<p class=\"detail\">verified fixes:</p><ol class=\"fixes\">"
            text += finding.fixes.map { "<li>\(html($0.summary))</li>" }.joined() + "</ol>"
        }
        return text + "</li>\n"
    }

    /// A link to a file of the report (and its line) from the site's folder.
    func sourceLink(_ file: String, line: Int?) -> String {
        let path = file.hasPrefix("/") ? "file://" + Self.percentEncoded(file) : options.linkPrefix + Self.percentEncoded(file)
        return line.map { "\(path)#L\($0)" } ?? path
    }

    static func percentEncoded(_ text: String, keepingSlashes: Bool = true) -> String {
        var result = ""
        for byte in text.utf8 {
            let character = Character(Unicode.Scalar(byte))
            if character.isASCII, character.isLetter || character.isNumber || "-._~".contains(character)
                || (keepingSlashes && character == "/") {
                result.append(character)
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }

    /// `language=es&device=iPhone%2015&size=L`, in a fixed order, as the pages' script reads a fragment.
    static func query(_ values: KeyValuePairs<String, String>) -> String {
        values.map { "\($0.key)=\(percentEncoded($0.value, keepingSlashes: false))" }.joined(separator: "&")
    }
}

/// Text for HTML content and double-quoted attributes: escaped as XML is.
func html(_ text: String) -> String { JUnitReport.xml(text) }

func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
