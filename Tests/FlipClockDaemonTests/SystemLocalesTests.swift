import FlipClockCore
import Foundation
import Testing

@testable import FlipClockDaemon

@Suite struct SystemLocalesTests {
    /// `locale`'s own reading of a locale's names, with `LC_ALL` set: glibc's other way in.
    static func localeCommand(_ name: String, _ keywords: [String]) throws -> [[String]] {
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/locale")
        process.arguments = keywords
        process.environment = ["LC_ALL": name]
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").map { $0.split(separator: ";", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test(arguments: ["de_DE", "fr_FR"])
    func namesAreTheLocalesStandAloneMonthsAndItsWeekdaysUndotted(_ language: String) throws {
        let names = try #require(SystemLocales.dateNames(language), "scripts/install-deps --test generates \(language).UTF-8")
        let expected = try Self.localeCommand("\(language).UTF-8", ["alt_mon", "ab_alt_mon", "day", "abday"])
        #expect(names.months == expected[0])
        #expect(names.shortMonths == expected[1].map { $0.filter { $0 != "." } })
        #expect(names.weekdays == expected[2])
        #expect(names.shortWeekdays == expected[3].map { $0.filter { $0 != "." } })
        #expect(SystemLocales.dateNames("\(language).UTF-8") == names)
        #expect(SystemLocales.dateNames(language.replacingOccurrences(of: "_", with: "-")) == names)
    }

    @Test func aLocaleIsTriedInUTF8FirstThenAsWritten() {
        #expect(SystemLocales.candidates("de_DE") == ["de_DE.UTF-8", "de_DE"])
        #expect(SystemLocales.candidates("sr-RS@latin") == ["sr_RS.UTF-8@latin", "sr-RS@latin"])
        #expect(SystemLocales.candidates("de_DE.ISO-8859-1") == ["de_DE.UTF-8", "de_DE.ISO-8859-1"])
        #expect(SystemLocales.dateNames("C")?.months == DateNames.english.months)
        #expect(SystemLocales.dateNames("xx_YY") == nil)
    }
}
