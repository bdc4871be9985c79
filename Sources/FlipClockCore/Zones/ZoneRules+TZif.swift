extension ZoneRules {
    /// Reads a TZif file's bytes (RFC 8536, versions 1 to 4): the 64-bit data and the footer's
    /// TZ string from version 2 on, the 32-bit data of a version 1 file.
    ///
    /// Leap-second records are read past: a zone's offset leaves them out, as glibc's
    /// `tm_gmtoff` does (the `right/` zones count them in their transition times already).
    public init(identifier: String, tzif bytes: [UInt8]) throws(ZoneFileError) {
        var reader = TZifReader(bytes)
        var header = try reader.header()
        var timeSize = 4
        if header.version >= 2 {
            // The version 1 data only repeats the 32-bit part of what follows.
            try reader.skip(header.dataSize(timeSize: 4))
            header = try reader.header()
            timeSize = 8
        }
        var transitions: [Int] = []
        for _ in 0..<header.timeCount {
            let time = try reader.signed(timeSize)
            guard transitions.last.map({ $0 < time }) ?? true else { throw .invalid("transition times not ascending") }
            transitions.append(time)
        }
        var typeIndices: [Int] = []
        for _ in 0..<header.timeCount {
            let index = Int(try reader.byte())
            guard index < header.typeCount else { throw .invalid("a transition to type \(index) of \(header.typeCount)") }
            typeIndices.append(index)
        }
        var records: [(offset: Int, isDaylightSaving: UInt8, nameIndex: Int)] = []
        for _ in 0..<header.typeCount {
            let offset = try reader.signed(4)
            guard offset != Int(Int32.min) else { throw .invalid("a type's offset is -2^31") }
            let isDaylightSaving = try reader.byte(), nameIndex = try reader.byte()
            records.append((offset, isDaylightSaving, Int(nameIndex)))
        }
        let names = Array(try reader.bytes(header.characterCount))
        var types: [LocalTimeType] = []
        for record in records {
            guard record.isDaylightSaving <= 1, record.nameIndex < names.count else {
                throw .invalid("a type's flag or abbreviation is out of range")
            }
            let name = names[record.nameIndex...].prefix { $0 != 0 }
            types.append(
                LocalTimeType(
                    offset: record.offset, isDaylightSaving: record.isDaylightSaving == 1, abbreviation: String(decoding: name, as: UTF8.self)))
        }
        try reader.skip(header.leapCount * (timeSize + 4) + header.standardFlagCount + header.utFlagCount)
        var rule: TZString?
        if header.version >= 2 {
            let footer = try reader.footer()
            if !footer.isEmpty {
                guard let parsed = TZString(footer) else { throw .badFooter(footer) }
                rule = parsed
            }
        }
        self.init(identifier: identifier, transitions: transitions, typeIndices: typeIndices, types: types, rule: rule)
    }
}

/// Why bytes are not a zone's rules.
public enum ZoneFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file does not begin with `TZif`.
    case notTZif
    /// The file ends before the counts in its header say it does.
    case truncated
    case invalid(String)
    /// The footer is not a TZ string this reader knows.
    case badFooter(String)

    public var description: String {
        switch self {
        case .notTZif: "not a TZif file"
        case .truncated: "the TZif file ends early"
        case .invalid(let what): "not a valid TZif file: \(what)"
        case .badFooter(let footer): "the TZif footer \"\(footer)\" is not a TZ string"
        }
    }
}

/// A TZif header's counts (RFC 8536 section 3.1).
private struct TZifHeader {
    /// 1 for a version 1 file (its version byte is NUL), else 2, 3, 4.
    var version: Int
    var utFlagCount: Int
    var standardFlagCount: Int
    var leapCount: Int
    var timeCount: Int
    var typeCount: Int
    var characterCount: Int

    /// The size of the data block that follows, with times of `timeSize` bytes.
    func dataSize(timeSize: Int) -> Int {
        timeCount * (timeSize + 1) + typeCount * 6 + characterCount + leapCount * (timeSize + 4) + standardFlagCount + utFlagCount
    }
}

/// Big-endian fields from the front of a TZif file.
private struct TZifReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func bytes(_ count: Int) throws(ZoneFileError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.count - index else { throw .truncated }
        defer { index += count }
        return bytes[index..<index + count]
    }

    mutating func skip(_ count: Int) throws(ZoneFileError) { _ = try bytes(count) }

    mutating func byte() throws(ZoneFileError) -> UInt8 { try bytes(1).first! }

    /// A two's-complement integer of `size` bytes (4 or 8).
    mutating func signed(_ size: Int) throws(ZoneFileError) -> Int {
        let value = try bytes(size).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return size == 4 ? Int(Int32(truncatingIfNeeded: value)) : Int(truncatingIfNeeded: Int64(bitPattern: value))
    }

    mutating func header() throws(ZoneFileError) -> TZifHeader {
        guard bytes[index...].starts(with: "TZif".utf8) else { throw .notTZif }
        guard bytes.count - index >= 44 else { throw .truncated }
        try skip(4)
        let version = try byte()
        try skip(15)
        var counts: [Int] = []
        for _ in 0..<6 {
            let count = try signed(4)
            guard count >= 0 else { throw .invalid("a negative count") }
            counts.append(count)
        }
        let header = TZifHeader(
            version: version == 0 ? 1 : Int(version) - Int(UInt8(ascii: "0")), utFlagCount: counts[0], standardFlagCount: counts[1],
            leapCount: counts[2], timeCount: counts[3], typeCount: counts[4], characterCount: counts[5]
        )
        guard header.version >= 1 else { throw .invalid("version byte \(version)") }
        guard header.typeCount > 0, header.characterCount > 0 else { throw .invalid("no local time type") }
        guard [0, header.typeCount].contains(header.utFlagCount), [0, header.typeCount].contains(header.standardFlagCount) else {
            throw .invalid("flag counts differ from the type count")
        }
        return header
    }

    /// The footer's TZ string, between its two newlines (RFC 8536 section 3.3).
    mutating func footer() throws(ZoneFileError) -> String {
        guard try byte() == UInt8(ascii: "\n") else { throw .invalid("no footer") }
        guard let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { throw .truncated }
        return String(decoding: try bytes(end - index), as: UTF8.self)
    }
}
