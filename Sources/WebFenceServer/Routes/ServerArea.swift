/// One capability's part of the server: its JSON routes and its pages, in one place, so that adding
/// a route is one line in its area (and a new area one line in `WebFenceServer.areas`).
protocol ServerArea: Sendable {
    /// The area's routes.
    var routes: [Route] { get }
}
