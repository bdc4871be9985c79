// swift-tools-version:6.1
import PackageDescription

/// swift-system's `Errno`: the one type a failed C call's code is kept in.
let swiftSystem: Target.Dependency = .product(name: "SystemPackage", package: "swift-system")

let package = Package(
    name: "flipclock",
    products: [
        .executable(name: "flipclockd", targets: ["flipclockd"]),
        .executable(name: "flipclockctl", targets: ["flipclockctl"]),
        .executable(name: "flipclock-bench", targets: ["flipclock-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // No traits: neither full Foundation (ICU's data in the binary) nor swift-configuration.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    ],
    targets: [
        // C libraries, each reached only through the one Swift module above it.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CMosquitto", pkgConfig: "libmosquitto", providers: [.apt(["libmosquitto-dev"])]),
        .systemLibrary(name: "CEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CGPIOD", pkgConfig: "libgpiod", providers: [.apt(["libgpiod-dev"])]),
        // Linux interfaces Glibc's module lacks (framebuffer and console ioctls, signalfd, ppoll): nothing to link.
        .systemLibrary(name: "CLinux"),

        // Pure Swift: geometry, canvas, rasteriser, flip state machine, faces, configuration model.
        .target(name: "FlipClockCore"),
        // The errno boundary (swift-system's Errno, EINTR retried, whole reads) and standard
        // error: what every module that makes system calls shares, the client included.
        .target(name: "FlipClockSystem", dependencies: ["CLinux", swiftSystem]),
        // The control protocol, both ends: requests, replies and errors in their text and JSON
        // forms, and the client. What `flipclockctl` links, without the display or font libraries.
        .target(name: "FlipClockControl", dependencies: ["FlipClockCore", "FlipClockSystem", swiftSystem]),
        .target(name: "FlipClockFont", dependencies: ["FlipClockCore", "CFreeType", "CFontconfig", swiftSystem]),
        // libqrencode behind one function: a text made into a QR code's modules (the pairing code).
        .target(name: "FlipClockQR", dependencies: ["FlipClockCore", "CQRencode", "FlipClockSystem", swiftSystem]),
        .target(name: "FlipClockOutput", dependencies: ["FlipClockCore", "CPNG", "CDRM", "CLinux", "FlipClockSystem", swiftSystem]),
        // The HTTP API: requests turned into ControlRequests for the loop, replies into JSON and
        // problem details; bounds, the token, the OpenAPI document. No output or font modules.
        .target(
            name: "FlipClockHTTP",
            dependencies: [
                "FlipClockCore", "FlipClockControl",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // MQTT and Home Assistant discovery: libmosquitto behind one connection type, and the
        // clock's side of it (topics, commands, discovery) as decisions; no output or font modules.
        .target(
            name: "FlipClockMQTT",
            dependencies: [
                "FlipClockCore", "FlipClockControl", "CMosquitto", "CSystemd", "FlipClockSystem",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The operator's keypad: libevdev behind one device type (opened, grabbed, read), and the
        // key map as a value (a key press made into the control request it stands for).
        .target(name: "FlipClockKeypad", dependencies: ["FlipClockCore", "FlipClockControl", "CEvdev", "FlipClockSystem", swiftSystem]),
        // The clicks and the horn: an ALSA PCM behind one playback type, played by a thread of
        // its own from a bounded queue; the sounds themselves are Core's (Sound/).
        .target(
            name: "FlipClockSound",
            dependencies: ["FlipClockCore", "CALSA", "CLinux", "FlipClockSystem", .product(name: "Logging", package: "swift-log")]
        ),
        // The horn's relay: libgpiod behind one line type (taken as an output, set, let go), and
        // the relay as the daemon drives it (a problem said once, tried again at the next horn).
        .target(name: "FlipClockHorn", dependencies: ["FlipClockCore", "CGPIOD", "FlipClockSystem", swiftSystem]),
        .target(
            name: "FlipClockDaemon",
            dependencies: [
                "FlipClockCore", "FlipClockControl", "FlipClockOutput", "FlipClockQR", "FlipClockKeypad", "FlipClockSound", "FlipClockHorn",
                "CLinux", "FlipClockSystem", swiftSystem,
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .executableTarget(
            name: "flipclockd",
            dependencies: [
                "FlipClockCore", "FlipClockControl", "FlipClockFont", "FlipClockOutput", "FlipClockDaemon", "FlipClockHTTP", "FlipClockMQTT",
                "FlipClockKeypad", "FlipClockSound", "FlipClockSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "flipclockctl",
            dependencies: ["FlipClockControl", "FlipClockSystem", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // What the tests and the bench share, and would otherwise copy; not products. Core's kit
        // needs only Core (glyphs that need no font, instants written as ISO 8601), so Core's
        // tests link nothing else; the daemon's kit: the simulated clock, a run of the loop on
        // it, an output that counts frames, log lines kept in memory.
        .target(name: "FlipClockCoreTestKit", dependencies: ["FlipClockCore"]),
        .target(
            name: "FlipClockTestKit",
            dependencies: [
                "FlipClockCore", "FlipClockCoreTestKit", "FlipClockDaemon", "FlipClockOutput", "CLinux",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "flipclock-bench",
            dependencies: [
                "FlipClockCore", "FlipClockControl", "FlipClockFont", "FlipClockDaemon", "FlipClockOutput", "FlipClockTestKit", "CPixman",
                "CLinux", "FlipClockSystem", swiftSystem,
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [.unsafeFlags(["-Ounchecked"])]
        ),
        // libFuzzer targets for what clients, editors and the kernel send (scripts/fuzz builds it
        // with -sanitize=fuzzer,address and -D FUZZING; an ordinary build replays input files).
        .executableTarget(
            name: "flipclock-fuzz",
            dependencies: [
                "FlipClockCore", "FlipClockControl", "FlipClockFont", "FlipClockOutput", "FlipClockDaemon", "FlipClockMQTT", "FlipClockSystem",
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),

        // A test target a module, each depending on what its files import.
        .testTarget(name: "FlipClockCoreTests", dependencies: ["FlipClockCore", "FlipClockCoreTestKit"]),
        .testTarget(name: "FlipClockControlTests", dependencies: ["FlipClockControl", "FlipClockCore"]),
        .testTarget(
            name: "FlipClockMQTTTests",
            dependencies: ["FlipClockMQTT", "FlipClockControl", "FlipClockCore", "CMosquitto", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "FlipClockKeypadTests", dependencies: ["FlipClockKeypad", "FlipClockControl", "FlipClockCore", "CEvdev"]),
        .testTarget(
            name: "FlipClockSoundTests", dependencies: ["FlipClockSound", "FlipClockCore", "CALSA", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "FlipClockHornTests", dependencies: ["FlipClockHorn", "FlipClockCore"]),
        .testTarget(name: "FlipClockQRTests", dependencies: ["FlipClockQR", "FlipClockCore", swiftSystem]),
        .testTarget(name: "FlipClockFontTests", dependencies: ["FlipClockFont", "FlipClockCore", "CFreeType", swiftSystem]),
        .testTarget(
            name: "FlipClockHTTPTests",
            dependencies: [
                "FlipClockHTTP", "FlipClockControl", "FlipClockCore", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"), .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(name: "FlipClockOutputTests", dependencies: ["FlipClockOutput", "FlipClockCore", "FlipClockSystem", swiftSystem]),
        .testTarget(
            name: "FlipClockDaemonTests",
            dependencies: [
                "FlipClockDaemon", "FlipClockControl", "FlipClockCore", "FlipClockOutput", "FlipClockQR", "FlipClockTestKit", "FlipClockCoreTestKit",
                "CLinux",
                // RequestFieldTests: every grammar's refusals, to the state's answer.
                "FlipClockHTTP", "FlipClockMQTT",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The renderer's pictures against committed goldens, drawn with the real font.
        .testTarget(
            name: "FlipClockRenderTests", dependencies: ["FlipClockCore", "FlipClockDaemon", "FlipClockFont", "FlipClockOutput"], exclude: ["Goldens"]
        ),
        // The shipped binaries, run as a user runs them; their frames read back with PNGFile.
        .testTarget(
            name: "flipclockdTests",
            dependencies: ["flipclockd", "flipclockctl", "FlipClockControl", "FlipClockCore", "FlipClockOutput", "FlipClockTestKit"]),
    ],
    swiftLanguageModes: [.v6]
)

// A module sees only the members of the modules it imports itself: a file that does not import
// Foundation cannot reach Foundation's String methods through TOMLKit, which would link Foundation
// and its ICU data into the static binaries.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
