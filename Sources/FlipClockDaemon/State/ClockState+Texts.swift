import FlipClockControl
import FlipClockCore

extension ClockState {
    /// `text` as the cards of the text row `name` show it, or why it cannot be shown there.
    func checkedText(_ text: String, of name: String) throws(ControlError) -> String {
        guard let item = configuration.texts.first(where: { $0.name == name }) else {
            throw ControlError(.unknownText, unknownName(name, kind: "text", known: configuration.texts.map(\.name)))
        }
        switch item.checked(text) {
        case .success(let shown): return shown
        case .failure(let problem): throw ControlError(.range, problem.description)
        }
    }
}
