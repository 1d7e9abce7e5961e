import StrictJSON

/// What one request may make the server decide (D112): each case at most `maximumCaseCost` steps,
/// known before it is decided (the compiled input's size × the URL's length, `CostedAnswer`), and
/// all of them within `timeLimit`, checked before each case. Past either, the request is refused
/// with a code and no answers: `413 budget.case` names the case, `503 budget.time` says how far it
/// got. Neither can stall the server: a case is bounded before it starts, and the time is checked
/// between cases.
struct WorkBudget: Sendable, Hashable {
    /// The most steps one case may cost.
    let maximumCaseCost: Int
    /// The longest one request may take deciding.
    let timeLimit: Duration

    /// 50,000,000 steps for a case (about 25 ms on this project's 2-core machine: an association
    /// file of 50,000 hostile pattern characters against a 990-byte link, docs/performance.md) and
    /// 2 s for a request.
    static let standard = WorkBudget(maximumCaseCost: 50_000_000, timeLimit: .seconds(2))

    /// The most steps one bridge decision may take: a configuration of `size` bytes (the five
    /// navigation frameworks' cost) or its automata's `stepsPerCharacter` states run over the
    /// origin, which can be three times the URL (punycode), twice (the bypass reads it again).
    static func bridgeCost(configurationSize size: Int, stepsPerCharacter steps: Int, urlLength: Int) -> Int {
        CostedAnswer.cost(size: max(size, steps * 6), length: urlLength)
    }

    /// The answers to `cases`, each from `answer` (given the most the case may cost), in order, or
    /// the refusal of the whole request when a case is over its cost or the time is up.
    func answers<Cases: Collection>(_ cases: Cases, _ answer: (Cases.Element, Int) -> CostedAnswer) -> APIResponse {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeLimit)
        var answers: [JSONValue] = []
        answers.reserveCapacity(cases.count)
        for (index, input) in cases.enumerated() {
            if index > 0, clock.now > deadline {
                return .error(
                    503, code: "budget.time",
                    "\(index) of \(cases.count) cases decided in \(timeLimit), the most one request may take: send fewer"
                )
            }
            switch answer(input, maximumCaseCost) {
            case .answered(let value): answers.append(value)
            case .overCost(let cost):
                return .error(
                    413, code: "budget.case",
                    "case \(index) could cost \(cost) steps (its patterns' size × its URL's length); "
                        + "at most \(maximumCaseCost) for one case")
            }
        }
        return .ok(.array(answers))
    }
}
