// Findings are part of this module's API: importing it brings them.
@_exported import Findings
