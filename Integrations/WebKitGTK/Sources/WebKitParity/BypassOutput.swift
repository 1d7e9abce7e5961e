/// The bypass report for people: one line per attempt and its evidence, then the counts.
public enum BypassOutput {
    public static func text(_ results: [BypassAttempts.Result]) -> String {
        var lines: [String] = []
        for result in results {
            let verdict =
                switch result.expected {
                case .caught: result.passed ? "caught" : "NOT CAUGHT"
                case .through: result.passed ? "through" : "BLOCKED"
                case .loads: result.passed ? "hole" : "NO HOLE"
                }
            lines.append(
                "\(verdict.padding(toLength: 10, withPad: " ", startingAt: 0)) \(result.policy): \(result.attack)")
            lines.append("           \(result.evidence)")
        }
        let count = { (expected: BypassAttempts.Expectation) in
            let of = results.filter { $0.expected == expected }
            return "\(of.filter(\.passed).count) of \(of.count)"
        }
        lines.append(
            "bypass: \(count(.caught)) attempts caught, \(count(.through)) controls through, "
                + "\(count(.loads)) framework holes open under the framework's own rules")
        return lines.joined(separator: "\n")
    }
}
