import FlipClockControl
import FlipClockCore
import FlipClockSystem
import FoundationEssentials
import Glibc
import SystemPackage

/// The match records on disk: a folder beside the state file (`record/`), one file of JSON
/// lines a match (`match-000012.jsonl`, ``MatchRecord``'s form), each append written and
/// fsynced before the batch it records is acknowledged. `game new` starts the next file; the
/// last ``kept`` are kept. A record at its bound (``MatchRecord/mostEntries``,
/// ``MatchRecord/largest``) stops, marked truncated: the clock counts on.
///
/// The loop owns the one that writes; any thread may read (``read(match:)``): an append is
/// whole lines, and a torn last line is dropped on reading.
public struct RecordFolder: Sendable {
    public let path: String
    /// How many records are kept.
    public static let kept = 20
    /// The most entries a record takes (tests make it small).
    public var mostEntries = MatchRecord.mostEntries

    /// The match being recorded, and how far its file has come.
    private(set) var match = 0
    private var entries = 0
    private var bytes = 0
    private var truncated = false
    /// The scores after the record's last entry, as a start found them.
    private(set) var lastScores: [String: Int]?
    /// The next entry starts a new file: a start found the last one unreadable, or starting
    /// one failed.
    private var pendingStart = false
    /// The problem said last (a folder that cannot be written is said once until it can).
    var problem: String?
    /// The record read last for a page, and its file's size then: the next page of a record
    /// that has not grown is not read again.
    private var cached: (match: Int, size: off_t, record: MatchRecord)?

    public init(path: String) { self.path = path }

    /// The folder beside a state file: `/var/lib/flipclock/record` for `/var/lib/flipclock/state.json`.
    public init(besideStateFile state: String) {
        let folder = URL(fileURLWithPath: state).deletingLastPathComponent().path
        self.init(path: (folder.isEmpty ? "." : folder) + "/record")
    }

    func file(_ match: Int) -> String {
        let digits = String(match)
        return "\(path)/match-\(String(repeating: "0", count: max(0, 6 - digits.count)))\(digits).jsonl"
    }

    /// The matches whose records are in the folder, oldest first.
    public func matches() -> [Int] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var found: [Int] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix("match-"), name.hasSuffix(".jsonl"), let n = Int(name.dropFirst(6).dropLast(6)), n > 0 else { continue }
            found.append(n)
            if found.count > 4 * Self.kept { break }
        }
        return found.sorted()
    }

    /// Match `match`'s record (the newest if `nil`), read back; why not, if it cannot be.
    public func read(match: Int? = nil) -> Result<MatchRecord, RecordError> {
        guard let n = match ?? matches().last else { return .failure(RecordError("no match has been recorded in \(path)", missing: true)) }
        let name = file(n)
        do {
            guard let bytes = try ConfigFile.readRegularFile(name, limit: MatchRecord.largest + 64 * 1024) else {
                return .failure(RecordError("\(name): over \(MatchRecord.largest) bytes"))
            }
            return Result { () throws(RecordError) in try MatchRecord.read(bytes, path: name) }
        } catch let error as Errno where error == .noSuchFileOrDirectory {
            return .failure(RecordError("no record of match \(n) is kept", missing: true))
        } catch {
            return .failure(RecordError("\(name): \(error)"))
        }
    }

    /// The page of match `match`'s record (the newest if `nil`) from sequence number `from`.
    mutating func page(match: Int?, from: Int) -> Result<RecordPage, RecordError> {
        guard let n = match ?? matches().last else { return .failure(RecordError("no match has been recorded in \(path)", missing: true)) }
        let size = fileSize(file(n))
        if let cached, cached.match == n, cached.size == size { return .success(RecordPage(of: cached.record, from: from)) }
        return read(match: n).map { record in
            cached = (n, size, record)
            return RecordPage(of: record, from: from)
        }
    }

    /// Takes up the newest record where a start finds it (a torn last line cut off, what it
    /// holds counted); what to say of it.
    mutating func open() -> [String] {
        guard let last = matches().last else { return [] }
        match = last
        switch read(match: last) {
        case .success(let record):
            entries = record.entries.count
            truncated = record.truncated != nil
            lastScores = record.entries.last?.scores
            var notes: [String] = []
            if let torn = record.torn {
                notes.append(torn)
                cutTorn(file(last))
            }
            bytes = Int(fileSize(file(last)))
            return notes
        case .failure(let error):
            // Not appended to: the next change starts a new record.
            pendingStart = true
            return ["\(error); the next change starts match \(last + 1)'s record"]
        }
    }

    /// Appends `batch` (their sequence numbers given here), starting a new match's file
    /// before an entry that starts one; each line written and the file fsynced. Throws what
    /// went wrong; past the bound it marks the record truncated once and records no more.
    mutating func append(_ batch: [(entry: RecordEntry, startsMatch: Bool)], at now: WallInstant) throws(RecordError) -> [String] {
        var said: [String] = []
        var text = ""
        for (entry, starts) in batch {
            if starts || match == 0 || pendingStart {
                if !text.isEmpty { try write(text) }
                text = ""
                try start(match + 1, at: now)
            }
            guard !truncated else { continue }
            var numbered = entry
            numbered.sequence = entries + 1
            let line = MatchRecord.line(numbered) + "\n"
            if entries + 1 > mostEntries || bytes + text.utf8.count + line.utf8.count > MatchRecord.largest {
                let why = entries + 1 > mostEntries ? "\(mostEntries) entries" : "\(MatchRecord.largest) bytes"
                text += MatchRecord.truncatedLine("the record reached \(why); later changes are not recorded") + "\n"
                truncated = true
                said.append("match \(match)'s record reached \(why); it is marked truncated and records no more until game new")
                continue
            }
            text += line
            entries += 1
        }
        if !text.isEmpty { try write(text) }
        return said
    }

    /// Starts match `n`'s file with its header, and keeps only the last ``kept`` records.
    private mutating func start(_ n: Int, at now: WallInstant) throws(RecordError) {
        if mkdir(path, 0o750) != 0, Errno.current != .fileExists { throw RecordError("cannot make \(path): \(Errno.current)") }
        pendingStart = true
        // A failed start is tried again under the next number: a file half made is never appended to.
        match = n
        entries = 0
        bytes = 0
        truncated = false
        try write(MatchRecord(match: n, started: now).headerLine + "\n", creating: true)
        pendingStart = false
        for old in matches().dropLast(Self.kept) { unlink(file(old)) }
    }

    /// Appends `text` to the match's file and fsyncs it (a new file's folder too).
    private mutating func write(_ text: String, creating: Bool = false) throws(RecordError) {
        let name = file(match)
        let fd = Glibc.open(name, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW | (creating ? O_CREAT | O_EXCL : 0), 0o640)
        guard fd >= 0 else { throw RecordError("cannot open \(name): \(Errno.current)") }
        defer { close(fd) }
        let data = Array(text.utf8)
        var done = 0
        while done < data.count {
            let n = data[done...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0, Errno.current == .interrupted { continue }
            guard n > 0 else { throw RecordError("cannot write \(name): \(Errno.current)") }
            done += n
        }
        guard fsync(fd) == 0 else { throw RecordError("cannot sync \(name): \(Errno.current)") }
        bytes += data.count
        if creating {
            let dir = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard dir >= 0 else { throw RecordError("cannot open \(path): \(Errno.current)") }
            defer { close(dir) }
            guard fsync(dir) == 0 else { throw RecordError("cannot sync \(path): \(Errno.current)") }
        }
    }

    /// Cuts a torn last line off `name`, so the next append begins a line of its own.
    private func cutTorn(_ name: String) {
        guard let bytes = try? ConfigFile.readRegularFile(name, limit: MatchRecord.largest + 64 * 1024),
            let end = bytes.lastIndex(of: UInt8(ascii: "\n"))
        else { return }
        truncate(name, off_t(end + 1))
    }

    private func fileSize(_ name: String) -> off_t {
        var status = stat()
        return stat(name, &status) == 0 ? status.st_size : 0
    }
}
