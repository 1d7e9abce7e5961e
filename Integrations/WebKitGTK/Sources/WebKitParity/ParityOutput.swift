import StrictJSON

/// The parity report for people (text) and for tools (JSON).
public enum ParityOutput {
    public static func text(_ report: ParityReport) -> String {
        var lines: [String] = []
        for scenario in report.scenarios {
            lines.append("\(scenario.name)  (\(scenario.file))")
            for step in scenario.steps {
                let head = "  step \(step.index) \(step.action): "
                if let reason = step.notExpressible {
                    lines.append(head + "not run in the engine: \(reason)")
                } else if step.differences.isEmpty {
                    lines.append(
                        head + (step.compared.isEmpty ? "done" : "same (\(step.compared.joined(separator: ", ")))"))
                } else {
                    let what = step.differences.map {
                        "\($0.field): simulator \($0.simulator.serialized()), engine \($0.engine.serialized())"
                    }
                    lines.append(head + "DIFFERS " + what.joined(separator: "; "))
                }
            }
        }
        lines.append(
            "parity: \(report.scenarios.count) scenarios; \(report.comparedSteps) steps compared in the engine, "
                + "\(report.comparedSteps - report.differingSteps) same, \(report.differingSteps) different; "
                + "\(report.runWithoutOutcomeSteps) run with no outcome to compare; "
                + "\(report.notExpressibleSteps) not run in the engine")
        return lines.joined(separator: "\n")
    }

    public static func json(_ report: ParityReport) -> String {
        let scenarios = report.scenarios.map { scenario -> JSONValue in
            .object([
                "name": .string(scenario.name), "file": .string(scenario.file),
                "steps": .array(
                    scenario.steps.map { step in
                        .object([
                            "index": .int(step.index), "action": .string(step.action),
                            "compared": .array(step.compared.map(JSONValue.string)),
                            "differences": .array(
                                step.differences.map {
                                    .object([
                                        "field": .string($0.field), "simulator": $0.simulator, "engine": $0.engine,
                                    ])
                                }),
                            "notRunInEngine": .string(step.notExpressible),
                        ])
                    }),
            ])
        }
        return JSONValue.object([
            "scenarios": .array(scenarios),
            "summary": .object([
                "comparedInEngine": .int(report.comparedSteps), "different": .int(report.differingSteps),
                "runWithNoOutcome": .int(report.runWithoutOutcomeSteps),
                "notRunInEngine": .int(report.notExpressibleSteps),
            ]),
        ]).serialized()
    }
}
