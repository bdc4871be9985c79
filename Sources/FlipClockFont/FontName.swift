import CFontconfig

/// A font as the configuration names it: a file's path, or a fontconfig name such as
/// `"Roboto Condensed:bold"` (family, then `:`-separated properties).
///
/// fontconfig always answers a name with *some* font, the nearest it has; a name whose family
/// no installed font has is an error naming the nearest family, not another family drawn
/// without a word.
public enum FontName {
    /// Whether `font` is a path (it holds a `/`) rather than a name.
    public static func isPath(_ font: String) -> Bool { font.contains("/") }

    /// A font file and the face in it: 0 but in a collection (`.ttc`), whose faces fontconfig
    /// names apart ("WenQuanYi Zen Hei Mono" is the second of wqy-zenhei.ttc).
    public struct File: Equatable, Sendable {
        public var path: String
        public var index: Int

        public init(path: String, index: Int = 0) {
            self.path = path
            self.index = index
        }
    }

    /// The file `font` stands for: itself (its first face) if it is a path, else the file and
    /// face fontconfig matches to the name, if that face's family is the name's.
    ///
    /// The corresponding C functions are `FcNameParse`, `FcConfigSubstitute` and `FcFontMatch`.
    public static func file(_ font: String) throws(FontError) -> File {
        if isPath(font) { return File(path: font) }
        guard let config = FcInitLoadConfigAndFonts() else { throw .noFontconfig }
        defer { FcConfigDestroy(config) }
        guard let pattern = FcNameParse(Array(font.utf8) + [0]) else { throw .noFamily(name: font, nearest: nil) }
        defer { FcPatternDestroy(pattern) }
        guard let family = string(pattern, "family", 0), !family.isEmpty else { throw .noFamily(name: font, nearest: nil) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { throw .noFamily(name: font, nearest: nearest(family, config)) }
        defer { FcPatternDestroy(match) }
        let families = (0..<16).compactMap { string(match, "family", $0) }
        guard families.contains(where: { same($0, family) }), let file = string(match, "file", 0) else {
            throw .noFamily(name: font, nearest: nearest(family, config))
        }
        var index: Int32 = 0
        if FcPatternGetInteger(match, "index", 0, &index) != FcResultMatch { index = 0 }
        return File(path: file, index: Int(index))
    }

    /// Family names compare as fontconfig compares them: without case or spaces.
    static func same(_ a: String, _ b: String) -> Bool { folded(a) == folded(b) }

    static func folded(_ s: String) -> [Unicode.Scalar] {
        s.lowercased().unicodeScalars.filter { $0 != " " }
    }

    /// The value `index` of the pattern's `object` ("family", "file"), if it has one.
    private static func string(_ pattern: OpaquePointer, _ object: String, _ index: Int32) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, index, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    /// The installed family closest to `family` (fewest single-character edits, case aside).
    ///
    /// The corresponding C function is `FcFontList`.
    private static func nearest(_ family: String, _ config: OpaquePointer) -> String? {
        guard let all = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(all) }
        guard let objects = FcObjectSetCreate() else { return nil }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, "family")
        guard let set = FcFontList(config, all, objects) else { return nil }
        defer { FcFontSetDestroy(set) }
        var families: Set<String> = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            for k in Int32(0)..<16 {
                guard let name = string(font, "family", k) else { break }
                families.insert(name)
            }
        }
        let wanted = folded(family)
        return families.min { (distance(folded($0), wanted), $0) < (distance(folded($1), wanted), $1) }
    }

    /// The Levenshtein distance between two strings of scalars.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var row = [i + 1]
            for (j, y) in b.enumerated() {
                row.append(min(previous[j + 1] + 1, row[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = row
        }
        return previous[b.count]
    }
}
