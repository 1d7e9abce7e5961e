import Scenarios
import StrictJSON

extension StepOutcome {
    /// An outcome field as a scenario file's `expect` names it: the tests check the file contract.
    subscript(field: String) -> JSONValue? { self.field(field) }
}
