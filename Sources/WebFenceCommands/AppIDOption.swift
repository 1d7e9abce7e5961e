import AssociatedDomains
import WebFenceCommandLine

/// `--app-id`: refused (exit 2) when no app can have the ID, for the reason `AppID.problem` gives,
/// so a CI script with an unreplaced `TEAM_ID` fails loudly instead of matching nothing.
func checkAppIDOption(_ id: String?) throws {
    guard let id, let problem = AppID.problem(id), problem.namesNoApp else { return }
    throw InputError("--app-id", problem.message(for: id))
}
