import CEvdev

/// Keys by the names libevdev gives them (`KEY_KP1`, `KEY_SPACE`, `BTN_LEFT`): the names a
/// key map is written in and `evtest` prints. libevdev's tables, no device needed.
public enum KeyName {
    /// The code of the key `name`; `nil` for a name libevdev does not know.
    public static func code(_ name: String) -> UInt16? {
        let code = libevdev_event_code_from_name(UInt32(EV_KEY), name)
        return code < 0 ? nil : UInt16(code)
    }

    /// The name of the key `code` (`KEY_KP1` for 79); its number where libevdev has no name.
    public static func name(_ code: UInt16) -> String {
        libevdev_event_code_get_name(UInt32(EV_KEY), UInt32(code)).map { String(cString: $0) } ?? "key \(code)"
    }
}
