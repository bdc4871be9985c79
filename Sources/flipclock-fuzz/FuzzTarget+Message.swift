import FlipClockCore
import FlipClockFont

extension FuzzTarget {
    /// The default face laid out at 1920x1080 with its panel, on the default font.
    private static let panel: MessagePanel = {
        let configuration = ClockConfiguration()
        let font: FontFace
        do {
            font = try FontFace(path: configuration.fontPath)
        } catch {
            fatalError("flipclock-fuzz: the message target needs the default font: \(error)")
        }
        return MessagePanel(layout: configuration.layout(width: 1920, height: 1080), style: configuration.style, glyphs: font)
    }()

    /// A message's text posted to the panel: laid out (``MessagePanel/laidOut(_:for:row:)``,
    /// which refuses before any work what is too long) and, as it opens at once, drawn into
    /// the panel's image. Any text a request line can carry, JSON escapes included.
    static func message(_ bytes: [UInt8]) {
        var panel = panel
        _ = try? panel.post(String(decoding: bytes, as: UTF8.self), for: .seconds(3), at: .zero)
    }
}
