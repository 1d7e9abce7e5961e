// The values the client reports with (results, failures, reports, checks) are AssociationFetchCore's,
// the I/O-free half of fetching (D99); whoever imports the client sees them too.
@_exported import AssociationFetchCore
