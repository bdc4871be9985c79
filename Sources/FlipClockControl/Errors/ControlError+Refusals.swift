import FlipClockCore

extension ControlError {
    /// A message refused, with its wire code; a full queue names the request that empties it.
    public init(_ error: MessageError) {
        switch error {
        case .tooLong, .tooManyLines: self.init(.tooLong, error.description)
        case .empty, .cannotDraw: self.init(.syntax, error.description)
        case .holdOutOfRange, .noSuchRow: self.init(.range, error.description)
        case .queueFull: self.init(.queueFull, "\(error) (message clear)")
        }
    }

    /// A score command refused, with its wire code.
    public init(_ error: ScoreError) {
        switch error {
        case .unknown: self.init(.unknownScore, error.description)
        case .outOfRange: self.init(.range, error.description)
        }
    }
}
