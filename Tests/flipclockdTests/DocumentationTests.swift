import Foundation
import Testing

/// The README and docs/ against what they describe: docs/ARCHITECTURE.md's module map against
/// Package.swift's targets, and every relative link (a file, a picture, a heading) against the tree.
struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// A target and what it depends on: our targets and outside products, each by name.
    struct Target: Equatable, CustomStringConvertible {
        var name: String
        var ours: Set<String>
        var outside: Set<String>
        var description: String { "\(name) uses \(ours.sorted()) and \(outside.sorted())" }
    }

    /// The text from `start` (just past an opening bracket) to its closing bracket.
    static func enclosed(_ text: Substring, open: Character, close: Character) -> Substring {
        var depth = 1
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == open { depth += 1 }
            if text[index] == close {
                depth -= 1
                if depth == 0 { break }
            }
            index = text.index(after: index)
        }
        return text[text.startIndex..<index]
    }

    /// The quoted strings in a text, in order.
    static func quoted(_ text: Substring) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// Package.swift's targets, read as text: each `.target(`, `.executableTarget(`, `.testTarget(`
    /// and `.systemLibrary(` call, its name and the names in its `dependencies`.
    static func packageTargets() throws -> [Target] {
        let text = try read("Package.swift").split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            .joined(separator: "\n")
        var calls: [Substring] = []
        var rest = text[...]
        while let start = ["target", "executableTarget", "testTarget", "systemLibrary"].compactMap({ rest.range(of: ".\($0)(") })
            .min(by: { $0.lowerBound < $1.lowerBound })
        {
            let call = enclosed(rest[start.upperBound...], open: "(", close: ")")
            calls.append(call)
            rest = rest[call.endIndex...]
        }
        let parsed = calls.map { call -> (name: String, dependencies: [String]) in
            let name = quoted(call[call.range(of: "name:")!.upperBound...]).first!
            guard let list = call.range(of: "dependencies: [") else { return (name, []) }
            var dependencies: [String] = []
            var items = enclosed(call[list.upperBound...], open: "[", close: "]")
            // `.product(name: "X", package: "y")` is the product X; `swiftSystem` is swift-system's.
            while let product = items.range(of: ".product(") {
                let arguments = enclosed(items[product.upperBound...], open: "(", close: ")")
                dependencies += quoted(items[..<product.lowerBound]) + [quoted(arguments).first!]
                items = items[arguments.endIndex...]
            }
            dependencies += quoted(items)
            if call.contains("swiftSystem") { dependencies.append("SystemPackage") }
            return (name, dependencies)
        }
        let names = Set(parsed.map(\.name))
        return parsed.map { target in
            Target(
                name: target.name, ours: Set(target.dependencies.filter { names.contains($0) }),
                outside: Set(target.dependencies.filter { !names.contains($0) }))
        }
    }

    /// The module map's rows: `| \`Name\` | \`Ours\`, … | Outside, … | …`, in the section "Module map".
    static func mapTargets() throws -> [Target] {
        let text = try read("docs/ARCHITECTURE.md")
        let section = text.components(separatedBy: "\n## Module map\n")[1].components(separatedBy: "\n## ")[0]
        return section.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            func names(_ cell: String) -> Set<String> {
                Set(
                    cell.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }.filter { !$0.isEmpty && $0 != "—" }
                )
            }
            return Target(name: cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")), ours: names(cells[2]), outside: names(cells[3]))
        }
    }

    @Test func moduleMapIsPackageSwift() throws {
        let package = try Self.packageTargets(), map = try Self.mapTargets()
        #expect(package.count > 30)
        let mapped = Dictionary(map.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(map.count == mapped.count, "a module is in docs/ARCHITECTURE.md's map twice")
        for target in package {
            #expect(mapped[target.name] != nil, "Package.swift's target \(target.name) is not in docs/ARCHITECTURE.md's module map")
            if let row = mapped[target.name] {
                #expect(row == target, "docs/ARCHITECTURE.md's module map: \(row); Package.swift: \(target)")
            }
        }
        let declared = Set(package.map(\.name))
        for row in map where !declared.contains(row.name) {
            Issue.record("docs/ARCHITECTURE.md's module map has \(row.name), which Package.swift does not declare")
        }
    }

    /// GitHub's anchor for a heading: lowercased, spaces made hyphens, everything but letters,
    /// digits, `-` and `_` dropped; a repeated one gets `-1`, `-2`…
    static func anchors(_ markdown: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var result: Set<String> = []
        var fenced = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let slug = String(
                title.lowercased().compactMap { c -> Character? in
                    c == " " ? "-" : (c.isLetter || c.isNumber || c == "-" || c == "_") ? c : nil
                })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            result.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return result
    }

    /// Every `](target)` outside code: its target.
    static func links(_ markdown: String) -> [String] {
        var result: [String] = []
        var fenced = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced else { continue }
            // Inline code is not a link: drop what is between backticks.
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }
                .map(\.element).joined(separator: " ")
            var rest = prose[...]
            while let start = rest.range(of: "](") {
                let target = enclosed(rest[start.upperBound...], open: "(", close: ")")
                result.append(String(target))
                rest = rest[target.endIndex...]
            }
        }
        return result
    }

    /// A path's components joined, `.` and `dir/..` taken out.
    static func normalized(_ components: [String]) -> String {
        var result: [String] = []
        for component in components where component != "." {
            if component == "..", let last = result.last, last != ".." { result.removeLast() } else { result.append(component) }
        }
        return result.joined(separator: "/")
    }

    @Test func relativeLinksResolve() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        #expect(docs.count > 5)
        var checked = 0
        for page in ["README.md"] + docs.sorted() {
            let text = try Self.read(page)
            let folder = page.split(separator: "/").dropLast().map(String.init)
            for link in Self.links(text) where !link.contains("://") && !link.hasPrefix("mailto:") {
                checked += 1
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let path = parts[0].isEmpty ? page : Self.normalized(folder + parts[0].split(separator: "/").map(String.init))
                let file = Self.root.appendingPathComponent(path).path
                #expect(FileManager.default.fileExists(atPath: file), "\(page): link \(link): no file \(path)")
                if parts.count == 2, path.hasSuffix(".md"), FileManager.default.fileExists(atPath: file) {
                    #expect(Self.anchors(try Self.read(path)).contains(parts[1]), "\(page): link \(link): \(path) has no heading #\(parts[1])")
                }
            }
        }
        #expect(checked > 50)
    }
}
