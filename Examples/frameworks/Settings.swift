// A PWABuilder shell's Settings.swift, as the generator fills it in (the shape of pwa-shell's
// file; the values are an example). `webfence framework check --framework pwabuilder --config
// Examples/frameworks/Settings.swift URL...` reads rootUrl, allowedOrigins and authOrigins.

import WebKit

struct Cookie {
    var name: String
    var value: String
}

// The page the app opens on: the manifest's start_url.
let rootUrl = URL(string: "https://news.example/app")!

// The web app's own host.
let allowedOrigins: [String] = ["news.example"]

// The permitted URLs, shown with a Done button that goes back to the start.
let authOrigins: [String] = ["accounts.google.com", "pay.example.net/checkout"]

let platformCookie = Cookie(name: "app-platform", value: "iOS App Store")
let displayMode = "standalone"
let pullToRefresh = true
