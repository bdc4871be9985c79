import FlipClockCore
import FlipClockSystem
import Glibc

extension Bench {
    /// `--idle` and what follows it (`arguments`): one face in this process, or each face in a
    /// process of its own, in memory (``IdleBench``) or on DRM and in memory (``DisplayBench``).
    static func idle(_ arguments: ArraySlice<String>, mainAt: UInt64) throws {
        let arguments = Array(arguments)
        if arguments.count >= 2, IdleRun.faces.contains(arguments[0]), let minutes = Int(arguments[1]), minutes > 0,
            let output = IdleOutput.parse(arguments.dropFirst(2))
        {
            try IdleRun.run(face: arguments[0], minutes: minutes, output: output, mainAt: mainAt)
            return
        }
        if arguments.count >= 2, arguments.count <= 5, arguments[0...1] == ["--output", "drm"] {
            let numbers = arguments.dropFirst(2).map { Int($0) ?? -1 }
            let minutes = numbers.first ?? 60, rounds = numbers.dropFirst().first ?? 1
            guard (1...1440).contains(minutes), (1...10).contains(rounds), let rotation = ScreenRotation(rawValue: numbers.dropFirst(2).first ?? 0)
            else {
                print(
                    "--idle --output drm takes the simulated minutes of HH:MM:SS (1...1440), the rounds (1...10) and the rotation (0, 90, 180, 270)")
                exit(64)
            }
            let display = try DisplayBench.measure(minutes: minutes, rounds: rounds, rotation: rotation)
            display.printTables()
            print("")
            print("RESULT " + display.resultFields)
            return
        }
        guard arguments.isEmpty else {
            print(
                "--idle takes a face (\(IdleRun.faces.joined(separator: ", "))), a number of minutes and --output drm [--rotation R] or --mode WxH@HZ, or nothing, or --output drm [MINUTES [ROUNDS [ROTATION]]]"
            )
            exit(64)
        }
        let idle = try IdleBench.measure()
        idle.printTables()
        print("")
        print("RESULT " + idle.resultFields)
    }
}
