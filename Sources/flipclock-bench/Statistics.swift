import Glibc

extension Bench {
    /// The value `fraction` of `values` lie at or under (nearest rank).
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let s = values.sorted()
        return s.isEmpty ? .nan : s[min(s.count - 1, max(0, Int((fraction * Double(s.count)).rounded(.up)) - 1))]
    }

    static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        return s.isEmpty ? .nan : s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    static func format(_ value: Double, _ digits: Int) -> String {
        if value < 0 { return "-" + format(-value, digits) }
        var s = String(Int((value * pow(10, Double(digits))).rounded()))
        while s.count <= digits { s = "0" + s }
        return s.dropLast(digits) + "." + s.suffix(digits)
    }
}
