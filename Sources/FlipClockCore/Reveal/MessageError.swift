/// Why a message cannot go on the panel: its text, its hold, its row, or the queue.
///
/// The description is the reason as people read it; the control protocol gives each case
/// its wire code.
public enum MessageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// More than ``PanelMessage/longest`` characters.
    case tooLong
    /// Wrapped on this screen, more than ``PanelMessage/mostLines`` lines: how many it takes.
    case tooManyLines(Int)
    /// Nothing but blanks and line breaks.
    case empty
    /// A hold outside ``PanelMessage/holds``.
    case holdOutOfRange
    /// A row the face does not have: the row asked for, and how many there are.
    case noSuchRow(Int, rows: Int)
    /// The font cannot draw the text: why.
    case cannotDraw(String)
    /// ``PanelReveal/capacity`` messages wait already.
    case queueFull(capacity: Int)

    public var description: String {
        switch self {
        case .tooLong: "a message is at most \(PanelMessage.longest) characters"
        case .tooManyLines(let lines): "a message is at most \(PanelMessage.mostLines) lines on this screen; this one takes \(lines)"
        case .empty: "the message is empty"
        case .holdOutOfRange: "a message is shown for 1s to 24h"
        case let .noSuchRow(row, rows): "row \(row): the face has \(rows) row\(rows == 1 ? "" : "s")"
        case .cannotDraw(let reason): "the message cannot be drawn: \(reason)"
        case .queueFull(let capacity): "\(capacity) \(capacity == 1 ? "message is" : "messages are") waiting already; try again later, or clear them"
        }
    }
}
