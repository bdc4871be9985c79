import FlipClockCore
import FlipClockKeypad
import FlipClockSystem
import FoundationEssentials
import Glibc
import SystemPackage
import TOMLKit

/// The configuration file: TOML, parsed with TOMLKit, validated into a ``ClockConfiguration``.
public enum ConfigFile {
    /// Reads and validates the file at `path` in this process (see ``ConfigCheck`` for a file
    /// being edited).
    public static func load(path: String) throws(ConfigError) -> ClockConfiguration {
        try parse(read(path), path: path)
    }

    /// The text of the file at `path`: at most ``ConfigCheck/largest`` bytes of UTF-8 with no
    /// NUL (which would end the parser's text early, silently).
    public static func read(_ path: String) throws(ConfigError) -> String {
        let start = FileLocation(file: path, line: 1, column: 1)
        let bytes: [UInt8]?
        do {
            bytes = try readFile(path, limit: ConfigCheck.largest)
        } catch {
            throw ConfigError(start, key: nil, "cannot read: \(error)")
        }
        guard let bytes else { throw ConfigError(start, key: nil, "larger than 1 MiB; a configuration is a few KiB") }
        return try text(bytes, path: path)
    }

    /// `bytes` as the text of the file `path`: UTF-8 with no NUL (which would end the
    /// parser's text early, silently).
    public static func text(_ bytes: [UInt8], path: String) throws(ConfigError) -> String {
        let start = FileLocation(file: path, line: 1, column: 1)
        if let nul = bytes.firstIndex(of: 0) {
            let line = bytes[..<nul].count { $0 == 10 } + 1
            let column = nul - (bytes[..<nul].lastIndex(of: 10).map { $0 + 1 } ?? 0) + 1
            throw ConfigError(FileLocation(file: path, line: line, column: column), key: nil, "a NUL byte; the file is not text")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw ConfigError(start, key: nil, "not UTF-8 text") }
        return text
    }

    /// Validates `text` as the configuration file `path`; a date without `locale` takes its
    /// names from the locale `environment` names (`LC_ALL`, `LC_TIME`, `LANG`).
    public static func parse(
        _ text: String, path: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ConfigError) -> ClockConfiguration {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(
                FileLocation(file: path, line: error.source.begin.line, column: error.source.begin.column), key: nil,
                "syntax error: \(error.description)"
            )
        } catch {
            throw ConfigError(FileLocation(file: path, line: 1, column: 1), key: nil, "syntax error: \(error)")
        }
        let locator = TOMLKeyLocator(text)
        var configuration = try ClockConfiguration(document: document(table, path: [], locator: locator, file: path))
        // What only the system knows, its zone database and locales, reported where the file names them.
        func error(at key: [String], _ message: String) -> ConfigError {
            let place = locator.place(key)?.value ?? (line: 1, column: 1)
            return ConfigError(FileLocation(file: path, line: place.line, column: place.column), key: key.joined(separator: "."), message)
        }
        // The keypad's keys: libevdev's names, and lines the control socket reads.
        _ = try KeypadMap(configuration)
        let zones = ZoneInfo(environment: environment)
        if let zone = configuration.timeZone, zones.rules(named: zone) == nil {
            throw error(at: ["clock", "time_zone"], "\"\(zone)\" is not a known IANA time zone")
        }
        for (index, place) in configuration.places.enumerated() where zones.rules(named: place.zone) == nil {
            throw error(at: ["place[\(index)]", "time_zone"], "\"\(place.zone)\" is not a known IANA time zone")
        }
        if var date = configuration.date {
            // The file's locale must exist; the environment's is used only if it does.
            let names: DateNames?
            if let locale = date.locale {
                guard let found = SystemLocales.dateNames(locale) else {
                    throw error(
                        at: ["date", "locale"],
                        "\"\(locale)\" is not a locale installed here (locale -a lists them); write a name such as \"de_DE\" or \"fr_FR\"")
                }
                names = found
            } else {
                names = environmentLocale(environment).flatMap(SystemLocales.dateNames)
            }
            if let names {
                date.names = date.names.merged(over: names)
                configuration.date = date
            }
        }
        return configuration
    }

    /// The locale the environment sets for dates, as glibc picks it (`de_DE.UTF-8` of
    /// `LANG=de_DE.UTF-8`); `nil` for none, or the C locale.
    static func environmentLocale(_ environment: [String: String]) -> String? {
        guard let value = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else { return nil }
        let language = value.prefix { $0 != "." && $0 != "@" }
        return language == "C" || language == "POSIX" || language.isEmpty ? nil : value
    }

    static func document(_ table: TOMLTable, path: [String], locator: TOMLKeyLocator, file: String) -> ConfigTable {
        let parent = locator.place(path)
        var entries: [(key: String, node: ConfigNode)] = []
        for (key, value) in table {
            let place = locator.place(path + [key]) ?? parent ?? .init(key: (1, 1), value: (1, 1))
            let keyLocation = FileLocation(file: file, line: place.key.line, column: place.key.column)
            let valueLocation = FileLocation(file: file, line: place.value.line, column: place.value.column)
            entries.append((key, ConfigNode(node(value, path: path + [key], locator: locator, file: file), key: keyLocation, value: valueLocation)))
        }
        return ConfigTable(entries)
    }

    static func node(_ value: TOMLValueConvertible, path: [String], locator: TOMLKeyLocator, file: String) -> ConfigNode.Value {
        switch value.type {
        case .string: return .string(value.string ?? "")
        case .int: return .integer(value.int ?? 0)
        case .double: return .float(value.double ?? 0)
        case .bool: return .bool(value.bool ?? false)
        case .table: return .table(document(value.table!, path: path, locator: locator, file: file))
        case .array:
            let place = locator.place(path) ?? .init(key: (1, 1), value: (1, 1))
            let at = FileLocation(file: file, line: place.value.line, column: place.value.column)
            // Elements are located as the locator names them: `score[2]`, `score[2].name`.
            return .array(
                value.array!.enumerated().map { index, element in
                    var indexed = path
                    indexed[indexed.count - 1] += "[\(index)]"
                    let own = locator.place(indexed).map { FileLocation(file: file, line: $0.key.line, column: $0.key.column) } ?? at
                    return ConfigNode(node(element, path: indexed, locator: locator, file: file), key: own, value: own)
                })
        case .date: return .other("date")
        case .time: return .other("time")
        case .dateTime: return .other("date-time")
        }
    }
}
