import ArgumentParser
import FlipClockCore
import FlipClockDaemon
import FlipClockFont
import FlipClockHTTP
import FlipClockSystem
import FoundationEssentials

/// Loading the configuration and font for a command, with errors that end the process the
/// way systemd expects: the message on standard error and exit status 78 (EX_CONFIG).
enum ConfigPath {
    static let system = "/etc/flipclock/flipclock.toml"

    /// The system file if there is one; otherwise built-in defaults.
    static var defaultPath: String? { FileManager.default.fileExists(atPath: system) ? system : nil }

    static func load(_ path: String?) throws -> ClockConfiguration {
        guard let path else { return ClockConfiguration() }
        do {
            // Parsed first by a child process: a parser crash on the file is an error here.
            return try ConfigCheck().load(path: path)
        } catch {
            StandardError.write("flipclockd: \(error)\n")
            throw ExitCode(78)
        }
    }

    /// What ``ConfigCheck`` runs in a child process: exit 0 if the text on standard input
    /// is a valid configuration file `path`, 78 if not.
    static func parseStandardInput(as path: String) throws {
        if !ConfigCheck.parseStandardInput(as: path) { throw ExitCode(78) }
    }

    /// The configuration's font, checked to draw everything the configuration shows; what is
    /// wrong, at the key that says it. At start (and for a preview) that is exit 78.
    static func openFont(_ configuration: ClockConfiguration, path: String?) throws -> FontChain {
        do {
            return try font(configuration, path: path)
        } catch {
            StandardError.write("flipclockd: \(error)\n")
            throw ExitCode(78)
        }
    }

    /// The configuration read again for a reload (`output`: the command line's, which the
    /// file does not override), with its font, checked as the start checks them; throws what
    /// is wrong, and the running configuration is kept.
    static func reread(_ path: String?, output: ClockConfiguration.OutputKind?) throws -> ClockLoop.Reload.Prepared {
        var reloaded = try path.map { path throws(ConfigError) in try ConfigCheck().load(path: path, reloading: true) } ?? ClockConfiguration()
        if let output { reloaded.output = output }
        let font = try font(reloaded, path: path)
        try checkSecrets(reloaded, path: path)
        return (reloaded, font)
    }

    /// The configuration's font, checked to draw everything the configuration shows (the
    /// start, and each reload, which keeps the running configuration on an error).
    static func font(_ configuration: ClockConfiguration, path: String?) throws(ConfigError) -> FontChain {
        let font: FontChain
        do {
            font = try FontChain.open([configuration.fontPath] + configuration.fallbackFonts)
        } catch {
            let key = error.index == 0 ? ["look", "font"] : ["look", "fallback"]
            throw ConfigError(GlyphCheck.location(of: key, in: path), key: key.joined(separator: "."), "\(error.error)")
        }
        try GlyphCheck.check(configuration, path: path, glyphs: font)
        return font
    }
}

extension ConfigPath {
    /// The token `[http] token_file` holds (`nil`: none configured); a file that cannot be read
    /// or holds no token is a configuration error at that key (exit 78).
    static func token(_ settings: HTTPSettings, path: String?) throws -> BearerToken? {
        try exitOnError { () throws(ConfigError) in try token(of: settings, path: path) }
    }

    /// The password `[mqtt] password_file` holds: its first line (`nil`: none configured); the
    /// certificate files are checked to be readable. A file that cannot be read, or an empty
    /// password, is a configuration error at its key (exit 78).
    static func password(_ settings: MQTTSettings, path: String?) throws -> String? {
        try exitOnError { () throws(ConfigError) in try password(of: settings, path: path) }
    }

    /// Reads every file the configuration names for a secret or a certificate (the token, the
    /// broker's password, CA, certificate and key), as the start reads them: `--check-config`
    /// and each reload, so a file made unreadable is said then, not at the next start (exit 78,
    /// which systemd does not restart).
    static func checkSecrets(_ configuration: ClockConfiguration, path: String?) throws(ConfigError) {
        if let http = configuration.http { _ = try token(of: http, path: path) }
        if let vestaboard = configuration.vestaboard { _ = try vestaboardKey(of: vestaboard, path: path) }
        if let mqtt = configuration.mqtt { _ = try password(of: mqtt, path: path) }
    }

    static func token(of settings: HTTPSettings, path: String?) throws(ConfigError) -> BearerToken? {
        guard let file = settings.tokenFile else { return nil }
        let text = try read(file, key: ["http", "token_file"], path: path)
        guard let token = BearerToken(fileText: text) else {
            throw ConfigError(
                GlyphCheck.location(of: ["http", "token_file"], in: path), key: "http.token_file",
                "\(file): the first line is not a token of \(BearerToken.shortest) characters or more")
        }
        return token
    }

    /// The key `[vestaboard] key_file` holds; a file that cannot be read or whose first line is
    /// empty is a configuration error at that key (exit 78).
    static func vestaboardKey(_ settings: VestaboardSettings, path: String?) throws -> VestaboardKey {
        try exitOnError { () throws(ConfigError) in try vestaboardKey(of: settings, path: path) }
    }

    static func vestaboardKey(of settings: VestaboardSettings, path: String?) throws(ConfigError) -> VestaboardKey {
        let text = try read(settings.keyFile, key: ["vestaboard", "key_file"], path: path)
        guard let key = VestaboardKey(fileText: text) else {
            throw ConfigError(
                GlyphCheck.location(of: ["vestaboard", "key_file"], in: path), key: "vestaboard.key_file",
                "\(settings.keyFile): the first line is empty")
        }
        return key
    }

    static func password(of settings: MQTTSettings, path: String?) throws(ConfigError) -> String? {
        for (key, file) in [("ca_file", settings.caFile), ("cert_file", settings.certFile), ("key_file", settings.keyFile)] {
            if let file { _ = try read(file, key: ["mqtt", key], path: path) }
        }
        guard let file = settings.passwordFile else { return nil }
        let line = try read(file, key: ["mqtt", "password_file"], path: path).split(separator: "\n", omittingEmptySubsequences: false)[0]
        guard !line.isEmpty else {
            throw ConfigError(
                GlyphCheck.location(of: ["mqtt", "password_file"], in: path), key: "mqtt.password_file", "\(file): the first line is empty")
        }
        return String(line)
    }

    /// The text of the file a key names; if it cannot be read, the error at the key.
    private static func read(_ file: String, key: [String], path: String?) throws(ConfigError) -> String {
        do {
            return try ConfigFile.read(file)
        } catch {
            throw ConfigError(GlyphCheck.location(of: key, in: path), key: key.joined(separator: "."), "\(file): \(error.message)")
        }
    }

    /// What `body` returns; its error on standard error and exit 78.
    private static func exitOnError<T>(_ body: () throws(ConfigError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            StandardError.write("flipclockd: \(error)\n")
            throw ExitCode(78)
        }
    }

    /// `FLIPCLOCK_START=HH:MM:SS` starts the clock at that time today (tests, demonstrations);
    /// otherwise it follows the system's clock.
    static func clock(_ configuration: ClockConfiguration) throws -> SystemClock {
        guard let start = ProcessInfo.processInfo.environment["FLIPCLOCK_START"] else { return try SystemClock() }
        guard let time = WallTime(parsing: start) else {
            StandardError.write("flipclockd: FLIPCLOCK_START: \"\(start)\" is not a time; expected HH:MM or HH:MM:SS\n")
            throw ExitCode(78)
        }
        let zone = ClockReading.zone(of: configuration, system: SystemZone.current())
        return try SystemClock(startingAt: zone.instant(showing: time, on: ClockReading.today(in: zone)))
    }
}
