/// Why a name a request gave is not one the configuration has: `"gate"; texts are board, egg`,
/// or, with none configured, how to add one. `kind` is the configuration's table (`score`,
/// `timer`, `text`).
public func unknownName(_ name: String, kind: String, known: [String]) -> String {
    "\"\(name)\"; \(kind)s are \(known.isEmpty ? "none (add [[\(kind)]] to the configuration)" : known.joined(separator: ", "))"
}
