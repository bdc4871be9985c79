/// Where each key and value of a TOML document was written.
///
/// TOMLKit (over toml++) gives positions only for syntax errors, not for the keys and values
/// it parsed, so this scans the same text once for them: table headers, `key = value` lines,
/// dotted and quoted keys, and skips comments, multi-line strings and multi-line arrays.
/// It only has to find positions in a document TOMLKit has already accepted.
struct TOMLKeyLocator {
    struct Place {
        var key: (line: Int, column: Int)
        var value: (line: Int, column: Int)
    }

    /// Positions by dotted path (`flip.first_half_ms`); array-of-tables entries as `row[2].key`.
    private(set) var places: [String: Place] = [:]

    init(_ text: String) {
        var table: [String] = []
        var arrayCounts: [String: Int] = [:]
        // By scalars: "\r\n" is one Character, so a file with CRLF line ends has no Character "\n".
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            Array($0.last == "\r" ? $0.dropLast() : $0[...])
        }
        var n = 0
        while n < lines.count {
            let line = lines[n]
            var i = Self.skipSpace(line, 0)
            guard i < line.count, line[i] != "#" else { n += 1; continue }
            if line[i] == "[" {
                let isArray = i + 1 < line.count && line[i + 1] == "["
                i += isArray ? 2 : 1
                var (path, end) = Self.key(line, i)
                let name = path.joined(separator: ".")
                if isArray {
                    let index = arrayCounts[name, default: -1] + 1
                    arrayCounts[name] = index
                    path[path.count - 1] += "[\(index)]"
                }
                table = path
                places[Self.join(path)] = Place(key: (n + 1, i + 1), value: (n + 1, i + 1))
                _ = end
                n += 1
                continue
            }
            let (path, afterKey) = Self.key(line, i)
            var j = Self.skipSpace(line, afterKey)
            guard j < line.count, line[j] == "=" else { n += 1; continue }
            j = Self.skipSpace(line, j + 1)
            let full = table + path
            places[Self.join(full)] = Place(key: (n + 1, i + 1), value: (n + 1, j + 1))
            // Dotted keys define their parent tables here too.
            for k in 1..<max(path.count, 1) where places[Self.join(table + path.prefix(k))] == nil {
                places[Self.join(table + path.prefix(k))] = Place(key: (n + 1, i + 1), value: (n + 1, i + 1))
            }
            n = Self.endOfValue(lines, line: n, column: j) + 1
        }
    }

    func place(_ path: [String]) -> Place? { places[Self.join(path)] }

    static func join(_ path: [String]) -> String { path.joined(separator: ".") }

    static func skipSpace(_ line: [Unicode.Scalar], _ i: Int) -> Int {
        var i = i
        while i < line.count, line[i] == " " || line[i] == "\t" || line[i] == "\r" { i += 1 }
        return i
    }

    /// A possibly dotted, possibly quoted key starting at `i`: its parts and where it ends.
    static func key(_ line: [Unicode.Scalar], _ i: Int) -> ([String], Int) {
        var parts: [String] = []
        var i = i
        while i < line.count {
            i = skipSpace(line, i)
            guard i < line.count else { break }
            var part = ""
            if line[i] == "\"" || line[i] == "'" {
                let quote = line[i]
                i += 1
                while i < line.count, line[i] != quote {
                    if quote == "\"", line[i] == "\\", i + 1 < line.count { i += 1 }
                    part.unicodeScalars.append(line[i])
                    i += 1
                }
                i += 1
            } else {
                while i < line.count, line[i].properties.isAlphabetic || ("0"..."9").contains(line[i]) || line[i] == "_" || line[i] == "-" {
                    part.unicodeScalars.append(line[i])
                    i += 1
                }
            }
            parts.append(part)
            i = skipSpace(line, i)
            if i < line.count, line[i] == "." { i += 1 } else { break }
        }
        return (parts, i)
    }

    /// The last line of the value starting at (`line`, `column`): past multi-line strings and
    /// arrays or inline tables that span lines.
    static func endOfValue(_ lines: [[Unicode.Scalar]], line start: Int, column: Int) -> Int {
        var n = start, i = column
        var depth = 0
        func at(_ k: Int) -> Unicode.Scalar? { n < lines.count && k < lines[n].count ? lines[n][k] : nil }
        while n < lines.count {
            guard let c = at(i), c != "#" else {
                // End of line (or a comment): the value ends here unless a bracket is open.
                if depth <= 0 { return n }
                n += 1
                i = 0
                continue
            }
            if c == "\"" || c == "'" {
                if at(i + 1) == c, at(i + 2) == c {
                    // A multi-line string: find the closing triple quote, possibly lines later.
                    i += 3
                    while n < lines.count, !(at(i) == c && at(i + 1) == c && at(i + 2) == c) {
                        if c == "\"", at(i) == "\\" { i += 1 }
                        if i >= lines[n].count { n += 1; i = 0 } else { i += 1 }
                    }
                    i += 3
                    continue
                }
                i += 1
                while let d = at(i), d != c {
                    i += c == "\"" && d == "\\" ? 2 : 1
                }
            } else if c == "[" || c == "{" {
                depth += 1
            } else if c == "]" || c == "}" {
                depth -= 1
            }
            i += 1
        }
        return lines.count - 1
    }
}
