extension ClockConfiguration {
    /// `[keypad]`: `device` is required, a path (it starts with `/`) or words of the device's
    /// name; `[keypad.keys]` maps key names to request lines, laid over the default map. Each
    /// line is read as a request where the daemon knows the grammar and libevdev's key names.
    /// `header`: where the file names the table, for a table without its device.
    mutating func decodeKeypad(_ table: ConfigTable, at header: FileLocation) throws(ConfigError) {
        var r = ConfigReader(table, path: "keypad")
        let node = r.node("device")
        guard let node, case .string(let device) = node.value, !device.isEmpty, device.utf8.count <= 256 else {
            throw ConfigError(
                node?.valueLocation ?? header, key: "keypad.device",
                "expected the keypad's device, a path such as \"/dev/input/by-id/usb-…-event-kbd\" or words of its name such as \"Keypad\"")
        }
        var settings = KeypadSettings(device: device.hasPrefix("/") ? .path(device) : .name(device))
        if let keys = try r.table("keys") {
            for (name, node) in keys.entries {
                guard name.utf8.count <= 64, name.hasPrefix("KEY_") || name.hasPrefix("BTN_") else {
                    throw ConfigError(
                        node.keyLocation, key: "keypad.keys.\(name)", "not a key's name; write one as libevdev names it, such as KEY_KP1")
                }
                guard case .string(let line) = node.value else {
                    throw ConfigError(
                        node.valueLocation, key: "keypad.keys.\(name)", "expected a request line such as \"score add home 1\", found \(node.kind)")
                }
                settings.keys.removeAll { $0.name == name }
                if !line.isEmpty { settings.keys.append(KeypadSettings.Key(name: name, line: line, location: node.valueLocation)) }
            }
        }
        try r.rejectUnknownKeys()
        keypad = settings
    }
}
