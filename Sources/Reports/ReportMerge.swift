import Support

/// Joins the JSON reports of a sharded check into the report an unsharded
/// check writes: runs in their `index` order, input errors and fixed findings
/// joined, the summary counted again, the `shard` mark dropped.
public enum ReportMerge {
    /// `reports` are (file name, contents). Errors name the file and the place.
    public static func merge(_ reports: [(file: String, text: String)]) throws -> (json: String, exitStatus: Int32) {
        var runs: [(index: Int, value: JSONValue, findings: [(kind: String, severity: String, baselined: Bool)])] = []
        var inputErrors: [JSONValue] = []
        var readerNotes: [JSONValue] = []
        var fixed: [String: JSONValue] = [:]
        var sawFixed = false
        var tool: JSONValue?
        var indices: [Int: String] = [:]
        var shards: [(file: String, index: Int, count: Int, planned: Int)] = []
        var unsharded: [String] = []
        for (file, text) in reports {
            let root: JSONNode
            do {
                root = try JSONParser.parse(text)
            } catch {
                throw InputError(file: file, line: error.line, column: error.column, message: error.message)
            }
            guard case .number(let format)? = root["format"]?.value, format == 1 else {
                throw InputError(file: file, line: root.line, message: "format: expected a babelfit report of format 1")
            }
            tool = tool ?? root["tool"].map(value)
            if case .string(let mark)? = root["shard"]?.value {
                let parts = mark.split(separator: "/").compactMap { Int($0) }
                guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]),
                      case .number(let planned)? = root["plannedRuns"]?.value, planned >= 0, planned <= 1e9 else {
                    throw InputError(file: file, line: root["shard"]?.line, message: "shard: expected I/N with plannedRuns, as check --shard writes")
                }
                shards.append((file, parts[0], parts[1], Int(planned)))
            } else {
                unsharded.append(file)
            }
            guard case .array(let items)? = root["runs"]?.value else {
                throw InputError(file: file, line: root.line, message: "runs: expected an array")
            }
            for (position, item) in items.enumerated() {
                guard case .number(let number)? = item["index"]?.value, number >= 0, number <= 1e9, number == number.rounded() else {
                    throw InputError(file: file, line: item.line, message: "runs[\(position)].index: expected a whole number")
                }
                let index = Int(number)
                if let other = indices[index] {
                    throw InputError(file: file, line: item.line,
                                     message: "runs[\(position)]: run \(index) is also in \(other); were the shards of one check?")
                }
                indices[index] = file
                var findings: [(String, String, Bool)] = []
                let list = try array(item["findings"], file: file, path: "runs[\(position)].findings", of: "findings") ?? []
                for (number, finding) in list.enumerated() {
                    guard case .string(let kind)? = finding["kind"]?.value,
                          case .string(let severity)? = finding["severity"]?.value else {
                        throw InputError(file: file, line: finding.line, column: finding.column,
                                         message: "runs[\(position)].findings[\(number)]: expected a finding with a kind and a severity")
                    }
                    var baselined = false
                    if case .bool(let flag)? = finding["baselined"]?.value { baselined = flag }
                    findings.append((kind, severity, baselined))
                }
                runs.append((index, value(item), findings))
            }
            if let errors = try array(root["inputErrors"], file: file, path: "inputErrors", of: "input errors") {
                for error in errors.map(value) where !inputErrors.contains(error) { inputErrors.append(error) }
            }
            if let notes = try array(root["readerNotes"], file: file, path: "readerNotes", of: "reader notes") {
                for note in notes.map(value) where !readerNotes.contains(note) { readerNotes.append(note) }
            }
            if let items = try array(root["fixed"], file: file, path: "fixed", of: "fixed findings") {
                sawFixed = true
                for item in items {
                    if case .string(let fingerprint)? = item["fingerprint"]?.value { fixed[fingerprint] = value(item) }
                }
            }
        }
        // Shards must be every shard of one check, each once.
        if let first = shards.first {
            if let plain = unsharded.first {
                throw InputError(file: plain, message: "not a shard report, but \(first.file) is; merge the shards of one check")
            }
            for shard in shards where shard.count != first.count || shard.planned != first.planned {
                throw InputError(file: shard.file, message: "shard \(shard.index)/\(shard.count) of \(shard.planned) runs does not belong with \(first.file) (shard \(first.index)/\(first.count) of \(first.planned) runs)")
            }
            var seen: [Int: String] = [:]
            for shard in shards {
                if let other = seen[shard.index] {
                    throw InputError(file: shard.file, message: "shard \(shard.index)/\(shard.count) is also \(other)")
                }
                seen[shard.index] = shard.file
            }
            let missing = (1...first.count).filter { seen[$0] == nil }
            guard missing.isEmpty else {
                throw InputError(file: first.file, message: "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(first.count)" }.joined(separator: ", ")) missing: a merge needs every shard")
            }
            guard runs.count == first.planned || !inputErrors.isEmpty else {
                throw InputError(file: first.file, message: "the shards hold \(runs.count) runs, but the check planned \(first.planned)")
            }
        }
        runs.sort { $0.index < $1.index }
        var kinds: [String: Int] = [:]
        var errors = 0, warnings = 0, failing = 0
        for run in runs {
            for finding in run.findings {
                kinds[finding.kind, default: 0] += 1
                if finding.severity == "error" {
                    errors += 1
                    if !finding.baselined { failing += 1 }
                }
                if finding.severity == "warning" { warnings += 1 }
            }
        }
        var object: [String: JSONValue] = [
            "format": .number(1),
            "tool": tool ?? .object(["name": .string("babelfit")]),
            "runs": .array(runs.map(\.value)),
            "summary": .object([
                "runs": .number(Double(runs.count)),
                "findings": .object(kinds.mapValues { .number(Double($0)) }),
                "errors": .number(Double(errors)),
                "warnings": .number(Double(warnings)),
                "failing": .number(Double(failing)),
            ]),
        ]
        if !inputErrors.isEmpty {
            // Every shard reads every input, so each lists the same errors, already in order.
            object["inputErrors"] = .array(inputErrors)
        }
        // Likewise the reader notes.
        if !readerNotes.isEmpty { object["readerNotes"] = .array(readerNotes) }
        if sawFixed { object["fixed"] = .array(fixed.keys.sorted().map { fixed[$0]! }) }
        let status: Int32 = !inputErrors.isEmpty ? 2 : failing > 0 ? 1 : 0
        return (JSONValue.object(object).serialized(pretty: true) + "\n", status)
    }

    /// The items of an array member (nil when it is absent); anything else is refused with its
    /// JSON path, rather than copied into the merged report.
    static func array(_ node: JSONNode?, file: String, path: String, of what: String) throws -> [JSONNode]? {
        guard let node else { return nil }
        guard case .array(let items) = node.value else {
            throw InputError(file: file, line: node.line, column: node.column,
                             message: "\(path): expected an array of \(what), found \(node.kindName)")
        }
        return items
    }

    /// A parsed node as a value to write again.
    static func value(_ node: JSONNode) -> JSONValue {
        switch node.value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(value))
        case .object(let members):
            var object: [String: JSONValue] = [:]
            for member in members { object[member.key] = value(member.value) }
            return .object(object)
        }
    }
}

extension InputError: Error {}
