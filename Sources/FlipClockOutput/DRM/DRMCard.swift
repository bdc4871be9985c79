import CDRM
import FlipClockCore
import FlipClockSystem
import Glibc
import SystemPackage

/// A DRM device the daemon is master of, and a ``DRMOutput`` per connected connector it shows
/// the clock on.
///
/// One descriptor serves every screen: DRM master is per open file, and page-flip events
/// for all of them arrive on it, each carrying its own output (`user_data`). ``rescan()``
/// follows monitors being plugged in and out; every screen has a CRTC of its own.
public final class DRMCard {
    public let path: String
    let fd: Int32
    /// Connectors by name; empty is every connected one.
    public let wanted: [String]
    /// Each connector's mode and rotation, by name.
    private let settings: (String) -> ScreenSettings
    /// The screens open now, in the order they were opened.
    public private(set) var outputs: [DRMOutput] = []
    private var isMaster = false
    private var closed = false

    /// Opens `device` (or the first card with a connected connector of `connectors`, any if
    /// empty), becomes its master and opens a screen on each of those connectors.
    public init(device: String?, connectors wanted: [String], settings: @escaping (String) -> ScreenSettings) throws(OutputError) {
        let candidates = device.map { [$0] } ?? DRMDevice.cards()
        var found: [String] = []
        var chosen: (fd: Int32, path: String)?
        for path in candidates {
            let fd: Int32
            do {
                // Non-blocking: the events are read only when poll said they came, and a wake's
                // earlier step may have read them already (a switch away waits for the flip).
                fd = try valueOrErrno { open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC) }
            } catch {
                if device != nil { throw .cannotOpen(path: path, errno: error) }
                found.append("\(path): \(error)")
                continue
            }
            let listing: [DRMConnector]
            do {
                listing = try DRMDevice.connectors(fd: fd, device: path).connectors
            } catch {
                found.append("\(path): \(error)")
                Glibc.close(fd)
                continue
            }
            if listing.contains(where: { Self.shows($0, wanted) }) {
                chosen = (fd, path)
                break
            }
            Glibc.close(fd)
            if !wanted.isEmpty, device != nil {
                throw .noConnector(device: path, wanted: wanted.joined(separator: ", "), found: listing.map(\.summary))
            }
            found.append("\(path): " + (listing.isEmpty ? "no connectors" : listing.map(\.summary).joined(separator: ", ")))
        }
        guard let chosen else { throw .noConnectedDisplay(found: found) }
        fd = chosen.fd
        path = chosen.path
        self.wanted = wanted
        self.settings = settings
        do {
            // Opening the device as the only client makes us master; say clearly when another program is.
            do {
                try valueOrErrno { drmSetMaster(fd) }
            } catch {
                guard error == .invalidArgument else { throw OutputError.notMaster(device: path, errno: error) }
            }
            isMaster = true
            // At start a connector that cannot be shown is an error when it is the only one.
            if let problem = try rescan().skipped.first, outputs.isEmpty { throw problem }
        } catch {
            close()
            throw error as! OutputError
        }
    }

    deinit { assert(closed, "DRMCard.close() must run: it gives the console back") }

    /// Whether `connector` is one to show the clock on now.
    static func shows(_ connector: DRMConnector, _ wanted: [String]) -> Bool {
        connector.connected && !connector.modes.isEmpty && (wanted.isEmpty || wanted.contains(connector.name))
    }

    /// What a look at the connectors changed.
    public struct Change {
        /// Screens opened on connectors newly connected, and closed for connectors that went.
        public var added: [DRMOutput] = []
        public var removed: [DRMOutput] = []
        /// Connected connectors that could not be shown (no free CRTC, no such mode).
        public var skipped: [OutputError] = []
    }

    /// Looks at the connectors again: opens a screen on each wanted one newly connected and
    /// closes the screens whose connector went.
    ///
    /// A connector whose screen cannot be opened is skipped, so one bad monitor does not hide
    /// the others. It throws only when the connectors cannot be listed, before changing anything.
    @discardableResult
    public func rescan() throws(OutputError) -> Change {
        let (connectors, crtcs) = try DRMDevice.connectors(fd: fd, device: path)
        let showing = connectors.filter { Self.shows($0, wanted) }
        var change = Change()
        change.removed = outputs.filter { output in !showing.contains { $0.id == output.connectorID } }
        for output in change.removed { output.close() }
        outputs.removeAll { output in change.removed.contains { $0 === output } }
        for connector in showing where !outputs.contains(where: { $0.connectorID == connector.id }) {
            do {
                let screen = settings(connector.name)
                let mode = try DRMDevice.mode(screen.mode, of: connector, device: path)
                let taken = Set(outputs.map(\.crtcID))
                let crtc = try DRMDevice.crtc(for: connector, crtcs: crtcs, taken: taken, fd: fd, device: path)
                let output = try DRMOutput(card: self, connector: connector, mode: mode, crtc: crtc, rotation: screen.rotation)
                outputs.append(output)
                change.added.append(output)
            } catch {
                change.skipped.append(error)
            }
        }
        return change
    }

    /// Dispatches the page-flip events that arrived to the outputs they belong to; none
    /// waiting is no error, and never waited for.
    ///
    /// The corresponding C function is `drmHandleEvent`.
    func handleEvents() throws(OutputError) {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, _, _, _, userData in
            guard let userData else { return }
            Unmanaged<DRMOutput>.fromOpaque(userData).takeUnretainedValue().flipCompleted()
        }
        do {
            try valueOrErrno { drmHandleEvent(fd, &context) }
        } catch .resourceTemporarilyUnavailable {
            return
        } catch {
            throw .call(function: "drmHandleEvent", device: path, errno: error)
        }
    }

    /// Gives up DRM master so the console (or another program) can use the display.
    func dropMaster() {
        guard isMaster else { return }
        isMaster = false
        _ = drmDropMaster(fd)
    }

    /// Takes DRM master again.
    func takeMaster() throws(OutputError) {
        guard !isMaster else { return }
        try systemCall("drmSetMaster", device: path) { drmSetMaster(fd) }
        isMaster = true
    }

    /// Closes every screen (each restores its CRTC), then lets go of the device.
    public func close() {
        guard !closed else { return }
        closed = true
        for output in outputs { output.close() }
        outputs = []
        dropMaster()
        Glibc.close(fd)
    }
}
