import FlipClockControl
import FlipClockCore
import FlipClockQR
import Logging

extension ClockLoop {
    /// Shows the control page's pairing code on every screen for `seconds`: the address a
    /// phone reaches (`host`, or as ``PairingLink/host(listen:given:interfaces:)`` finds it)
    /// with the token. Replies with the address without the token, which is all the log says too.
    func pair(for seconds: Int, host given: String?, logger: Logger) -> Result<ControlReply, ControlError> {
        Result { () throws(ControlError) in
            guard let http = configuration.http, let page else { throw ControlError(.state, "the HTTP API is not running") }
            guard let port = page.port else { throw ControlError(.state, "the HTTP API is not listening yet; try again in a moment") }
            let host = try PairingLink.host(listen: http, given: given, interfaces: given == nil ? interfaces() : [])
            let link = PairingLink(host: host, port: port, token: page.token)
            let code: ModuleGrid
            do throws(QRCodeError) {
                code = try QRCode.modules(link.withToken)
            } catch {
                if case .tooLong(let bytes) = error {
                    throw ControlError(
                        .tooLong, "the page's address with its token is \(bytes) bytes; a pairing code holds at most \(QRCode.longest)")
                }
                throw ControlError(.state, "\(error)")
            }
            guard !screens.screens.isEmpty else { throw ControlError(.state, "no screen is connected to show it on") }
            guard screens.level > 0 else { throw ControlError(.state, "the screen is off; turn it on first (screen on)") }
            if let small = screens.pair(code, until: clock.now + .seconds(seconds)) {
                throw ControlError(
                    .state, "the screen \(small.name) (\(small.width)×\(small.height)) is too small for a code of \(code.size) modules")
            }
            logger.info("pairing code shown", metadata: ["url": "\(link.address)", "seconds": "\(seconds)"])
            return .pairing(url: link.address, seconds: seconds)
        }
    }
}
