import CDRM
import FlipClockSystem
import Glibc
import SystemPackage

/// What a DRM device offers: its connectors, by the kernel's names, with their modes.
struct DRMConnector {
    var id: UInt32
    var name: String
    var connected: Bool
    var modes: [drmModeModeInfo]
    var encoderID: UInt32
    var encoders: [UInt32]

    var summary: String { "\(name) (\(connected ? "connected" : "disconnected"))" }
}

enum DRMDevice {
    /// `/dev/dri/card0` … that exist.
    static func cards() -> [String] {
        (0..<16).map { "/dev/dri/card\($0)" }.filter { access($0, F_OK) == 0 }
    }

    /// The connectors of the device open on `fd`.
    ///
    /// The corresponding C functions are `drmModeGetResources` and `drmModeGetConnector`.
    static func connectors(fd: Int32, device: String) throws(OutputError) -> (connectors: [DRMConnector], crtcs: [UInt32]) {
        guard let resources = drmModeGetResources(fd) else {
            throw .call(function: "drmModeGetResources", device: device, errno: .current)
        }
        defer { drmModeFreeResources(resources) }
        let r = resources.pointee
        let crtcs = (0..<Int(r.count_crtcs)).map { r.crtcs[$0] }
        var found: [DRMConnector] = []
        for i in 0..<Int(r.count_connectors) {
            guard let c = drmModeGetConnector(fd, r.connectors[i]) else { continue }
            defer { drmModeFreeConnector(c) }
            let k = c.pointee
            let type = drmModeGetConnectorTypeName(k.connector_type).map { String(cString: $0) } ?? "Unknown\(k.connector_type)"
            found.append(
                DRMConnector(
                    id: k.connector_id, name: "\(type)-\(k.connector_type_id)", connected: k.connection == DRM_MODE_CONNECTED,
                    modes: (0..<Int(k.count_modes)).map { k.modes[$0] }, encoderID: k.encoder_id,
                    encoders: (0..<Int(k.count_encoders)).map { k.encoders[$0] }
                ))
        }
        return (found, crtcs)
    }

    /// `WIDTHxHEIGHT@HZ` of a mode.
    static func describe(_ mode: drmModeModeInfo) -> String { "\(mode.hdisplay)x\(mode.vdisplay)@\(mode.vrefresh)" }

    /// The mode `spec` names (`WIDTHxHEIGHT` or `WIDTHxHEIGHT@HZ`), or the preferred one.
    static func mode(_ spec: String?, of connector: DRMConnector, device: String) throws(OutputError) -> drmModeModeInfo {
        guard let spec else {
            // DRM_MODE_TYPE_PREFERRED is 1 << 3.
            return connector.modes.first { $0.type & 8 != 0 } ?? connector.modes[0]
        }
        let match = connector.modes.first { m in
            let size = "\(m.hdisplay)x\(m.vdisplay)"
            return spec == size || spec == describe(m)
        }
        guard let match else {
            throw .noMode(device: device, connector: connector.name, wanted: spec, available: connector.modes.map(describe))
        }
        return match
    }

    /// A CRTC that can drive `connector` and is not in `taken` (another screen's): the one
    /// its encoder uses, or the first free one an encoder of it can reach (`possible_crtcs`).
    static func crtc(for connector: DRMConnector, crtcs: [UInt32], taken: Set<UInt32>, fd: Int32, device: String) throws(OutputError) -> UInt32 {
        if connector.encoderID != 0, let encoder = drmModeGetEncoder(fd, connector.encoderID) {
            defer { drmModeFreeEncoder(encoder) }
            let current = encoder.pointee.crtc_id
            if current != 0, !taken.contains(current) { return current }
        }
        for id in connector.encoders {
            guard let encoder = drmModeGetEncoder(fd, id) else { continue }
            defer { drmModeFreeEncoder(encoder) }
            for (index, crtc) in crtcs.enumerated() where encoder.pointee.possible_crtcs & (1 << UInt32(index)) != 0 && !taken.contains(crtc) {
                return crtc
            }
        }
        throw .noFreeCRTC(device: device, connector: connector.name)
    }
}
