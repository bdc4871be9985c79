import FlipClockControl
import FlipClockCore
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
            bytes = try readRegularFile(path, limit: ConfigCheck.largest)
        } catch let error as NotRegular {
            throw ConfigError(start, key: nil, "\(error)")
        } catch {
            throw ConfigError(start, key: nil, "cannot read: \(error)")
        }
        guard let bytes else { throw ConfigError(start, key: nil, "larger than 1 MiB; a configuration is a few KiB") }
        return try text(bytes, path: path)
    }

    /// A path that names something other than a file: a FIFO would hold the reader until a
    /// writer came, a device or a folder is no configuration.
    struct NotRegular: Error, CustomStringConvertible {
        var kind: String
        var description: String { "not a regular file (\(kind))" }
    }

    /// The whole of the regular file at `path`, as ``readFile(_:limit:)`` reads it; anything
    /// else is refused before a byte is read (opened without blocking: a FIFO with no writer).
    static func readRegularFile(_ path: String, limit: Int) throws -> [UInt8]? {
        let fd = try valueOrErrno { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        defer { close(fd) }
        var info = stat()
        try valueOrErrno { fstat(fd, &info) }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            let kinds: [mode_t: String] = [
                S_IFIFO: "a FIFO", S_IFCHR: "a character device", S_IFBLK: "a block device", S_IFDIR: "a folder", S_IFSOCK: "a socket",
            ]
            throw NotRegular(kind: kinds[kind] ?? "mode \(String(kind, radix: 8))")
        }
        return try readAll(fd, limit: limit)
    }

    /// `bytes` as the text of the file `path`: UTF-8 with no NUL (which would end the
    /// parser's text early, silently).
    public static func text(_ bytes: [UInt8], path: String) throws(ConfigError) -> String {
        if let nul = bytes.firstIndex(of: 0) {
            throw ConfigError(place(nul, in: bytes, path: path), key: nil, "a NUL byte; the file is not text")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let bad = min(firstInvalidUTF8(bytes), bytes.count - 1)
            let byte = String(bytes[bad], radix: 16, uppercase: true)
            throw ConfigError(place(bad, in: bytes, path: path), key: nil, "not UTF-8 text: byte 0x\(byte) here is not a UTF-8 character's")
        }
        return text
    }

    /// Where byte `offset` of `bytes` is: its line, and its column counted in characters (the
    /// UTF-8 before it on its line, read as far as it is valid).
    static func place(_ offset: Int, in bytes: [UInt8], path: String) -> FileLocation {
        let lineStart = bytes[..<offset].lastIndex(of: 10).map { $0 + 1 } ?? 0
        let line = bytes[..<lineStart].count { $0 == 10 } + 1
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        return FileLocation(file: path, line: line, column: column)
    }

    /// The offset of the first byte of `bytes` that is not part of a valid UTF-8 character.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return bytes.count
            case .error: return offset
            }
        }
    }

    /// Why `text` is taken for a file still being written, not a configuration to reload:
    /// nothing but white space (a truncating redirect, an editor's save cut short by a full
    /// disk), or a last line without its line break (a writer stopped mid-line; every editor
    /// and generator ends a text file with one). `nil` if it looks whole. A start takes such a
    /// file; a reload keeps the running configuration, so nothing shown is lost to it.
    public static func unfinished(_ text: String, path: String) -> ConfigError? {
        if text.allSatisfy(\.isWhitespace) {
            return ConfigError(
                FileLocation(file: path, line: 1, column: 1), key: nil,
                "the file is empty; a reload keeps the running configuration (an empty file is read only at a start)")
        }
        guard let last = text.utf8.last, last != 10 else { return nil }
        let bytes = Array(text.utf8)
        return ConfigError(
            place(bytes.count, in: bytes, path: path), key: nil,
            "the file ends without a line break, as one still being written does; a reload keeps the running configuration (end the last line)"
        )
    }

    /// Validates `text` as the configuration file `path`; a date without `locale` takes its
    /// names from the locale `environment` names (`LC_ALL`, `LC_TIME`, `LANG`).
    public static func parse(
        _ text: String, path: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ConfigError) -> ClockConfiguration {
        let table = try table(text, path: path)
        if let nul = NULEscape.first(in: text) {
            throw ConfigError(
                FileLocation(file: path, line: nul.line, column: nul.column), key: nil,
                "\\u0000 in a string: a NUL would end the text there; write what it should say without it")
        }
        let locator = TOMLKeyLocator(text)
        var configuration = try ClockConfiguration(document: document(table, path: [], locator: locator, file: path))
        // What only the system knows, its zone database and locales, reported where the file names them.
        func error(at key: [String], _ message: String) -> ConfigError {
            let place = locator.place(key)?.value ?? (line: 1, column: 1)
            return ConfigError(FileLocation(file: path, line: place.line, column: place.column), key: key.joined(separator: "."), message)
        }
        // The keypad's keys: key names libevdev knows, and lines the control socket reads.
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

    /// `text` read as TOML (toml++, which may crash on some malformed text: ``ConfigCheck``
    /// runs this alone in a child process first); a syntax error where the parser found it.
    static func table(_ text: String, path: String) throws(ConfigError) -> TOMLTable {
        do {
            return try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(
                FileLocation(file: path, line: error.source.begin.line, column: error.source.begin.column), key: nil,
                "syntax error: \(error.description)"
            )
        } catch {
            throw ConfigError(FileLocation(file: path, line: 1, column: 1), key: nil, "syntax error: \(error)")
        }
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
        let start = parent.map { FileLocation(file: file, line: $0.key.line, column: $0.key.column) } ?? FileLocation(file: file, line: 1, column: 1)
        return ConfigTable(entries, at: start)
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
