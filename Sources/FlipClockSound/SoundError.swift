import CALSA

/// What ALSA refused, and on which device: the call, and ALSA's own words for its code
/// (`snd_strerror`).
public struct SoundError: Error, Equatable, CustomStringConvertible {
    public var device: String
    /// The ALSA function that failed (`snd_pcm_open`).
    public var call: String
    /// ALSA's negative error code.
    public var code: Int32

    public init(device: String, call: String, code: Int32) {
        self.device = device
        self.call = call
        self.code = code
    }

    /// ALSA's text for ``code``.
    public var reason: String { String(cString: snd_strerror(code)) }

    public var description: String { "sound device \"\(device)\": \(call): \(reason)" }
}

/// Runs an ALSA call that fails with a negative code, and throws that code as a ``SoundError``.
@discardableResult
func alsa<T: BinaryInteger>(_ call: String, _ device: String, _ body: () -> T) throws(SoundError) -> T {
    let result = body()
    guard result < 0 else { return result }
    throw SoundError(device: device, call: call, code: Int32(truncatingIfNeeded: result))
}
