import CEvdev
import FlipClockCore
import Testing

/// Core's table of key names, which the configuration is checked with, against libevdev's,
/// which the keypad's device reads with.
@Suite struct KeyNameTests {
    /// Keys the kernel named after Debian 12's libevdev (1.13) was made: Debian 13's (1.13.4 on
    /// newer kernel headers) knows them, and a Pi's key map may use them.
    static let newerThanDebian12: Set = [
        "KEY_REFRESH_RATE_TOGGLE", "KEY_CAMERA_ACCESS_ENABLE", "KEY_CAMERA_ACCESS_DISABLE", "KEY_CAMERA_ACCESS_TOGGLE", "KEY_ACCESSIBILITY",
        "KEY_DO_NOT_DISTURB",
    ]

    @Test func everyNameInTheTableIsLibevdevsForTheSameCode() {
        #expect(KeyName.codes.count > 600)
        for (name, code) in KeyName.codes {
            let known = libevdev_event_code_from_name(UInt32(EV_KEY), name)
            #expect(known == Int32(code) || (known == -1 && Self.newerThanDebian12.contains(name)), "\(name)")
        }
    }

    @Test func everyKeyLibevdevNamesIsInTheTable() {
        for code in 0...UInt16(KEY_MAX) {
            guard let name = libevdev_event_code_get_name(UInt32(EV_KEY), UInt32(code)).map({ String(cString: $0) }) else { continue }
            #expect(KeyName.code(name) == code, "\(name)")
        }
    }

    @Test func theTableKnowsNoOtherNames() {
        #expect(KeyName.code("KEY_KP1") == 79)
        #expect(KeyName.code("KEY_SPACE") == 57)
        #expect(KeyName.code("KEY_NOPE") == nil)
        #expect(KeyName.code("") == nil)
        #expect(KeyName.eventType == UInt16(EV_KEY))
    }
}
