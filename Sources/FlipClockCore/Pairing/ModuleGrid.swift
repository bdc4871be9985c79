/// A QR code as modules: a square of dark and light squares, row after row, without its
/// quiet zone. ``PairingOverlay`` draws one; the QR module makes one from a text.
public struct ModuleGrid: Equatable, Sendable {
    /// Modules a side (21 for version 1, 4 more for each version after it, up to 177).
    public let size: Int
    /// `size × size` modules, row after row; `true` is dark.
    public let dark: [Bool]

    /// `dark` must hold `size × size` modules.
    public init(size: Int, dark: [Bool]) {
        precondition(size > 0 && dark.count == size * size, "a module grid is size × size modules")
        self.size = size
        self.dark = dark
    }

    public subscript(x: Int, y: Int) -> Bool { dark[y * size + x] }
}
