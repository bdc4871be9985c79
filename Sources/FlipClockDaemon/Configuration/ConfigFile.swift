import FlipClockCore
import FoundationEssentials
import Glibc
import TOMLKit

/// The configuration file: TOML, parsed with TOMLKit, validated into a ``ClockConfiguration``.
public enum ConfigFile {
    /// Reads and validates the file at `path`.
    public static func load(path: String) throws(ConfigError) -> ClockConfiguration {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigError(FileLocation(file: path, line: 1, column: 1), key: nil, "cannot read: \(readFailure(path))")
        }
        return try parse(text, path: path)
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
                    throw error(at: ["date", "locale"], "\"\(locale)\" is not a locale installed here (locale -a lists them); write a name such as \"de_DE\" or \"fr_FR\"")
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

    /// The errno text for a file that cannot be read, from the system itself.
    private static func readFailure(_ path: String) -> String {
        let fd = open(path, O_RDONLY)
        if fd < 0 { return String(cString: strerror(errno)) }
        close(fd)
        return "not UTF-8 text"
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
            return .array(value.array!.enumerated().map { index, element in
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
