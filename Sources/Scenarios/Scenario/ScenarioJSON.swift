import StrictJSON

/// The JSON document of `simulate --format json` and `POST /v1/simulate`: `{"scenarios": [{"name",
/// "passed", "steps": [{"index", "action", "outcome", "mismatches"}]}]}`.
public enum ScenarioJSON {
    /// The document for `results`, in order.
    public static func render(_ results: [ScenarioResult]) -> JSONValue {
        .object([
            "scenarios": .array(
                results.map { result in
                    .object([
                        "name": .string(result.name),
                        "passed": .bool(result.passed),
                        "steps": .array(
                            result.steps.map { step in
                                .object([
                                    "index": .int(step.step.index),
                                    "action": .string(step.step.action.name),
                                    "outcome": .object(step.outcome.fields),
                                    "mismatches": .array(
                                        step.mismatches.map { mismatch in
                                            .object([
                                                "field": .string(mismatch.field), "expected": mismatch.expected,
                                                "actual": mismatch.actual,
                                            ])
                                        }),
                                ])
                            }),
                    ])
                })
        ])
    }
}
