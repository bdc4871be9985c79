/// A message as `message list` reports it: its number, its text, how long it holds the panel
/// open, the row it opens under, and whether it is on the panel now or waits its turn.
public struct MessageReading: Equatable, Sendable, CustomStringConvertible {
    public var number: Int
    public var text: String
    public var seconds: Int
    public var row: Int
    /// On the panel (opening, open or closing); `false`: waiting behind it.
    public var shown: Bool
    public var name: String?
    public var urgent: Bool

    public init(number: Int, text: String, seconds: Int, row: Int, shown: Bool, name: String? = nil, urgent: Bool = false) {
        self.number = number
        self.text = text
        self.seconds = seconds
        self.row = row
        self.shown = shown
        self.name = name
        self.urgent = urgent
    }

    /// `1 shown "Dinner is ready" for 30s row 1 [name dinner] [urgent]`: the text quoted as a
    /// request writes it.
    public var description: String {
        "\(number) \(shown ? "shown" : "waiting") \(ControlRequest.quoted(text)) for \(seconds)s row \(row)" + (name.map { " name \($0)" } ?? "")
            + (urgent ? " urgent" : "")
    }
}
