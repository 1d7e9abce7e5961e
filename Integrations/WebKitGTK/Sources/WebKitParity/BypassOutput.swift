/// The bypass report for people: one line per attempt and its evidence, then the counts.
public enum BypassOutput {
    public static func text(_ results: [BypassAttempts.Result]) -> String {
        var lines: [String] = []
        for result in results {
            let verdict =
                result.isControl ? (result.passed ? "through" : "BLOCKED") : (result.passed ? "caught" : "NOT CAUGHT")
            lines.append(
                "\(verdict.padding(toLength: 10, withPad: " ", startingAt: 0)) \(result.policy): \(result.attack)")
            lines.append("           \(result.evidence)")
        }
        let attempts = results.filter { !$0.isControl }
        let controls = results.filter(\.isControl)
        lines.append(
            "bypass: \(attempts.filter(\.passed).count) of \(attempts.count) attempts caught, "
                + "\(controls.filter(\.passed).count) of \(controls.count) controls through")
        return lines.joined(separator: "\n")
    }
}
