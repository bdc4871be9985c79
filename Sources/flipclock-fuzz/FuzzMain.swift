import FlipClockDaemon
import FlipClockSystem
import Glibc

/// Says `text` on standard error.
private func complain(_ text: String) { StandardError.write("flipclock-fuzz: \(text)\n") }

#if FUZZING
// Built with `-sanitize=fuzzer` (scripts/fuzz): libFuzzer's own `main` drives these two.

/// The target libFuzzer runs, from `FLIPCLOCK_FUZZ_TARGET`.
nonisolated(unsafe) private var target = FuzzTarget.config

@_cdecl("LLVMFuzzerInitialize")
func fuzzerInitialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32
{
    let name = getenv("FLIPCLOCK_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let chosen = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        complain("FLIPCLOCK_FUZZ_TARGET is one of \(names)")
        exit(2)
    }
    target = chosen
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    target.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#else

/// Without libFuzzer (an ordinary build): runs a target on the files named, one input a file,
/// to replay a reproducer under a debugger or without the sanitizers:
/// `flipclock-fuzz config crash-1234…`.
@main
struct FuzzReplay {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let chosen = FuzzTarget(rawValue: name), arguments.count > 1 else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            complain("usage: flipclock-fuzz \(names) FILE...")
            exit(2)
        }
        for path in arguments.dropFirst() {
            guard let bytes = (try? readFile(path, limit: Int.max)) ?? nil else {
                complain("cannot read \(path)")
                exit(1)
            }
            chosen.run(bytes)
            print("\(path): ran")
        }
    }
}
#endif
