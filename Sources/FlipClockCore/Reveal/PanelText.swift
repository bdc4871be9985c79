/// A message broken into the lines of the panel's text column.
///
/// Lines break between words, measured with the font the panel draws with, so a line is
/// exactly as wide as it will be drawn; a word wider than the column on its own breaks
/// between characters. A line break in the message (`\n` on the control socket) is kept.
public enum PanelText {
    /// The lines of `text` in a column `width` pixels wide at `pixelSize`.
    public static func lines(_ text: String, width: Int, pixelSize: Int, glyphs: some GlyphSource) throws -> [String] {
        // Measured, not drawn: only the lines kept are drawn, once.
        func fits(_ line: String) throws -> Bool { try glyphs.advance(line, pixelSize: pixelSize) <= width }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ").map(String.init) {
                let candidate = line.isEmpty ? word : line + " " + word
                if try fits(candidate) {
                    line = candidate
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                line = word
                // A word that does not fit on a line of its own: as many characters a line as fit.
                while try !fits(line), line.count > 1 {
                    var cut = 1, longer = line.count
                    while longer - cut > 1 {
                        let middle = (cut + longer) / 2
                        if try fits(String(line.prefix(middle))) { cut = middle } else { longer = middle }
                    }
                    lines.append(String(line.prefix(cut)))
                    line = String(line.dropFirst(cut))
                }
            }
            lines.append(line)
        }
        // Blank lines at the ends would only make the panel taller.
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
