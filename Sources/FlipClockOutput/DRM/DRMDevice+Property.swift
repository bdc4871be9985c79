import CDRM

extension DRMDevice {
    /// The id of the property `name` of connector `connector`, if it has one.
    ///
    /// The corresponding C functions are `drmModeObjectGetProperties` and `drmModeGetProperty`.
    static func property(named name: String, of connector: UInt32, fd: Int32) -> UInt32? {
        guard let properties = drmModeObjectGetProperties(fd, connector, UInt32(DRM_MODE_OBJECT_CONNECTOR)) else { return nil }
        defer { drmModeFreeObjectProperties(properties) }
        for i in 0..<Int(properties.pointee.count_props) {
            guard let property = drmModeGetProperty(fd, properties.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(property) }
            let found = withUnsafeBytes(of: property.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if found == name { return property.pointee.prop_id }
        }
        return nil
    }
}
