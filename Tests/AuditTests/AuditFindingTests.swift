import AppFixtures
import AppManifest
import Audit
import Foundation
import StrictJSON
import Testing

/// Every code `webfence audit` reports has a case here that triggers it and a near twin, fixed,
/// where it is absent (issue 6). Fetched-file codes (`fetch.*`, `aasa.*`, `appID.unknown`) need a
/// server, and `input.unusable` a folder of apps: `AuditCommandTests` covers them.
@Suite("Audit: every finding code, triggered and absent")
struct AuditFindingTests {
    /// The codes this suite covers: every catalog code the audit itself reports.
    static let codes = AuditCatalog.rules.map(\.code).filter {
        !$0.hasPrefix("fetch.") && !$0.hasPrefix("aasa.") && $0 != "appID.unknown" && $0 != "input.unusable"
    }

    @Test("the catalog: every code has a title and a fix sentence, and no code is listed twice")
    func catalog() {
        let codes = AuditCatalog.rules.map(\.code)
        #expect(Set(codes).count == codes.count)
        // Own codes have their severity in the catalog; a linter's codes take their linter's.
        for rule in AuditCatalog.rules {
            #expect((rule.severity != nil) == (AuditCode(rawValue: rule.code) != nil), "\(rule.code)")
        }
        for rule in AuditCatalog.rules {
            #expect(!rule.title.isEmpty && rule.fix.hasSuffix("."), "\(rule.code)")
        }
        #expect(AuditCatalog.rule(for: "fetch.redirect").code == "fetch.*")
        #expect(AuditCatalog.rule(for: "aasa.key.unknown").code == "aasa.*")
    }

    @Test("docs/audit.md lists every code")
    func documented() throws {
        let doc = try String(
            contentsOf: ExampleApps.packageRoot.appendingPathComponent("docs/audit.md"), encoding: .utf8)
        for rule in AuditCatalog.rules { #expect(doc.contains("`\(rule.code)`"), "\(rule.code)") }
        // The audit's own codes: the table's row gives the severity the code's rule gives.
        for code in AuditCode.allCases where code != .entitlementsUnknown {
            #expect(doc.contains("| `\(code.rawValue)` | \(code.severity.rawValue) | \(code.rule.title) |"), "\(code)")
        }
        #expect(doc.contains("| `entitlements.unknown` | note (project)/warning (app) |"))
    }

    @Test("the clean ShopApp has no finding at all")
    func clean() throws {
        let audit = try AuditSketch.shop.audit()
        #expect(audit.findings.isEmpty, "\(audit.findings)")
        #expect(audit.entitlements.origin == .signature)
        #expect(audit.appID == "ABCDE12345.com.example.shop")
        #expect(audit.appBoundList.domains?.domains == ["shop.example", "shop-cdn.example"])
    }

    @Test("triggered, with a file, a key and a fix; absent once fixed", arguments: codes)
    func triggeredAndAbsent(_ code: String) throws {
        let (trigger, absent) = try #require(Self.cases(code), "no case for \(code)")
        let all = try trigger.audit().findings
        let triggered = all.filter { $0.code == code }
        #expect(!triggered.isEmpty, "\(trigger): \(all)")
        for finding in triggered {
            #expect(!finding.file.path.isEmpty && finding.key.hasPrefix("/"))
            // The audit's own codes have one severity, their rule's (entitlements.unknown's depends on
            // whether a project or a built app was audited).
            if let own = AuditCode(rawValue: code), own != .entitlementsUnknown {
                #expect(finding.severity == own.severity, "\(finding)")
            }
            #expect(AuditCatalog.rule(for: code).code == code)
            #expect(!finding.message.isEmpty)
        }
        let after = try absent.audit().findings
        #expect(!after.contains { $0.code == code }, "\(absent): \(after)")
    }

    // MARK: - The cases

    /// The app that triggers `code`, and its fixed twin.
    static func cases(_ code: String) -> (AuditSketch, AuditSketch)? {
        let shop = AuditSketch.shop
        func info(_ key: String, _ bad: JSONValue, _ good: JSONValue?) -> (AuditSketch, AuditSketch) {
            (
                shop.with("\(key) = \(bad.serialized())") { $0.setInfo(key, bad) },
                shop.with("\(key) = \(good?.serialized() ?? "absent")") { $0.setInfo(key, good) }
            )
        }
        func list(_ bad: [String], _ good: [String]) -> (AuditSketch, AuditSketch) {
            info("WKAppBoundDomains", .array(bad.map(JSONValue.string)), .array(good.map(JSONValue.string)))
        }
        func domains(_ bad: [String], _ good: [String] = ["applinks:shop.example"], browser: Bool = false) -> (
            AuditSketch, AuditSketch
        ) {
            func sketch(_ values: [String]) -> AuditSketch {
                shop.with("associated-domains \(values)") { sketch in
                    sketch.setSigned("com.apple.developer.associated-domains", .array(values.map(JSONValue.string)))
                    if browser { sketch.setSigned("com.apple.developer.web-browser", .bool(true)) }
                }
            }
            return (sketch(bad), sketch(good))
        }
        let other: JSONValue = .object([
            "application-identifier": .string("ABCDE12345.com.example.shop"),
            "com.apple.developer.team-identifier": .string("ABCDE12345"),
            "get-task-allow": .bool(true),
        ])
        switch code {
        // Reading the app.
        case "executable.notNamed":
            return (shop.with("CFBundleExecutable empty") { $0.setInfo("CFBundleExecutable", .string("")) }, shop)
        case "executable.missing":
            return (shop.with("no executable file") { $0.app.executable = .none }, shop)
        case "executable.unreadable":
            return (
                shop.with("a shell script as executable") {
                    $0.app.executable = .bytes(Array("#!/bin/sh\necho hi\n".utf8))
                }, shop
            )
        case "signature.missing":
            return (shop.with("unsigned") { $0.app.executable = .thin(MachOBuilder(.arm64, signature: nil)) }, shop)
        case "signature.damaged":
            return (
                shop.with("XML entitlements blob not a plist") {
                    $0.mapSignature { $0.xmlPayload = Array("not a plist <".utf8) }
                }, shop
            )
        case "entitlements.xmlDiffersFromDER":
            return (
                shop.with("XML and DER differ") { sketch in
                    sketch.mapSignature {
                        $0.xmlEntitlements = AuditSketch.setting(other, "get-task-allow", .bool(false))
                        $0.derEntitlements = other
                    }
                },
                shop.with("XML and DER equal") { sketch in
                    sketch.mapSignature {
                        $0.xmlEntitlements = other
                        $0.derEntitlements = other
                    }
                }
            )
        case "entitlements.noDER":
            return (shop.with("XML only") { $0.mapSignature { $0.derEntitlements = nil } }, shop)
        case "entitlements.slicesDiffer":
            let same = CodeSignatureBuilder(
                identifier: "com.example.shop", teamIdentifier: "ABCDE12345", entitlements: other)
            var changed = same
            changed.derEntitlements = AuditSketch.setting(other, "get-task-allow", .bool(false))
            changed.xmlEntitlements = changed.derEntitlements
            return (
                shop.with("arm64 and x86_64 differ") {
                    $0.app.executable = .fat(
                        [MachOBuilder(.arm64, signature: same), MachOBuilder(.x86_64, signature: changed)], .fat64)
                },
                shop.with("arm64 and x86_64 alike") {
                    $0.app.executable = .fat(
                        [MachOBuilder(.arm64, signature: same), MachOBuilder(.x86_64, signature: same)], .fat64)
                }
            )
        case "entitlements.projectDiffers":
            let declared: JSONValue = .object([
                "com.apple.developer.associated-domains": .array([
                    .string("applinks:shop.example"), .string("webcredentials:shop.example"),
                ]),
                "keychain-access-groups": .array([.string("$(AppIdentifierPrefix)com.example.shop")]),
            ])
            return (
                shop.with("project adds applinks:new.shop.example") {
                    $0.setSigned("keychain-access-groups", .array([.string("ABCDE12345.com.example.shop")]))
                    $0.project = AuditSketch.setting(
                        declared, "com.apple.developer.associated-domains",
                        .array([.string("applinks:new.shop.example")]))
                },
                shop.with("project as signed (keys the signing adds aside, build variables expanded)") {
                    $0.setSigned("keychain-access-groups", .array([.string("ABCDE12345.com.example.shop")]))
                    $0.project = declared
                }
            )
        case "entitlements.notInProfile":
            return (
                shop.with("signed with web-browser, not granted") {
                    $0.setSigned("com.apple.developer.web-browser", .bool(true), grant: false)
                }, shop
            )
        case "entitlements.appIDMismatch":
            return (
                shop.with("signed for another bundle ID") {
                    $0.setSigned("application-identifier", .string("ABCDE12345.com.example.other"))
                }, shop
            )
        case "entitlements.unknown":
            return (
                shop.with("project without .entitlements") { $0.asProject = true },
                shop.with("project with .entitlements") {
                    $0.asProject = true
                    $0.project = .object([])
                }
            )
        case "profile.unreadable":
            return (shop.with("profile of garbage") { $0.app.profile = .bytes(Array("not CMS".utf8)) }, shop)
        case "profile.signature.invalid":
            return (
                shop.with("profile changed after signing") { sketch in
                    if case .signed(var profile)? = sketch.app.profile {
                        profile.tamperedAfterSigning = true
                        sketch.app.profile = .signed(profile)
                    }
                }, shop
            )
        case "profile.expired":
            return (
                shop.with("profile expired 2026-01-02") { sketch in
                    if case .signed(var profile)? = sketch.app.profile {
                        profile.expirationDate = Date(timeIntervalSince1970: 1_767_312_000)
                        sketch.app.profile = .signed(profile)
                    }
                }, shop
            )

        // App-Bound Domains.
        case "appBound.key.wrongType":
            return info("WKAppBoundDomains", .string("shop.example"), .array([.string("shop.example")]))
        case "appBound.key.empty": return list([], ["shop.example"])
        case "appBound.entry.dropped": return list(["shop.example", "localhost:8000"], ["shop.example", "localhost"])
        case "appBound.entry.pastCapacity":
            let ten = (1...10).map { "site\($0).example" }
            return list(ten + ["shop.example"], ten)
        case "appBound.entry.duplicate":
            return list(["shop.example", "shop.example"], ["shop.example", "shop-cdn.example"])
        case "appBound.entry.widened": return list(["https://www.shop.example/cart"], ["https://shop.example"])
        case "appBound.entry.wildcard": return list(["*.github.io"], ["*.shop.example"])
        case "appBound.entry.publicSuffix": return list(["github.io"], ["webfence.github.io"])
        case "appBound.scheme.neverMatches": return list(["MyScheme:"], ["myscheme:"])
        case "appBound.scheme.web": return list(["https:"], ["shop.example"])
        case "appBound.browser.keyIgnored":
            return (
                shop.with("browser with the key") {
                    $0.setSigned("com.apple.developer.web-browser", .bool(true))
                    $0.setSigned("com.apple.developer.associated-domains", .array([]))
                },
                shop.with("browser without the key") {
                    $0.setSigned("com.apple.developer.web-browser", .bool(true))
                    $0.setSigned("com.apple.developer.associated-domains", .array([]))
                    $0.setInfo("WKAppBoundDomains", nil)
                }
            )
        case "browser.prohibitedUsage":
            func browser(_ key: String) -> AuditSketch {
                shop.with("browser with \(key)") {
                    $0.setSigned("com.apple.developer.web-browser", .bool(true))
                    $0.setSigned("com.apple.developer.associated-domains", .array([]))
                    $0.setInfo(key, .string("To show nearby stores."))
                }
            }
            return (
                browser("NSLocationAlwaysAndWhenInUseUsageDescription"), browser("NSLocationWhenInUseUsageDescription")
            )
        case "serviceWorkers.everywhere":
            return (
                shop.with("service workers entitlement") {
                    $0.setSigned("com.apple.developer.WebKit.ServiceWorkers", .bool(true))
                }, shop
            )
        case "itp.switch": return info("NSCrossWebsiteTrackingUsageDescription", .string("To measure ads."), nil)
        case "itp.purposeString.invalid":
            return info("NSCrossWebsiteTrackingUsageDescription", .string(" "), .string("To measure ads."))

        // Managed web views.
        case "managed.settings.wrongType":
            return info(
                "IntuneMAMSettings", .object(["TreatAllWebViewsAsUnmanaged": .string("YES")]),
                .object(["TreatAllWebViewsAsUnmanaged": .bool(false)]))
        case "managed.allWebViewsUnmanaged":
            return info(
                "IntuneMAMSettings", .object(["TreatAllWebViewsAsUnmanaged": .bool(true)]),
                .object(["TreatAllWebViewsAsUnmanaged": .bool(false)]))

        // Associated domains.
        case "associatedDomains.wrongType":
            return (
                shop.with("associated-domains a string") {
                    $0.setSigned("com.apple.developer.associated-domains", .string("applinks:shop.example"))
                }, shop
            )
        case "entitlement.format": return domains(["shop.example"])
        case "entitlement.service.unknown": return domains(["weblinks:shop.example"])
        case "entitlement.service.authsrv": return domains(["authsrv:shop.example"])
        case "appID.templateBundleID":
            return info(
                "CFBundleIdentifier", .string("org.reactjs.native.example.Shop"), .string("com.example.shop"))
        case "entitlement.browser.applinks":
            return domains(["applinks:shop.example"], ["webcredentials:shop.example"], browser: true)
        case "entitlement.query":
            return domains(["applinks:shop.example?x=1"], ["applinks:shop.example?mode=developer"])
        case "entitlement.mode.unknown":
            return domains(["applinks:shop.example?mode=beta"], ["applinks:shop.example?mode=managed"])
        case "entitlement.path": return domains(["applinks:shop.example/buy"])
        case "entitlement.wildcard.appclips":
            return domains(["appclips:*.shop.example"], ["appclips:clip.shop.example"])
        case "entitlement.wildcard.baseDomain": return domains(["applinks:*.shop.example"])
        case "entitlement.port.invalid": return domains(["applinks:shop.example:99999"])
        case "entitlement.port": return domains(["applinks:shop.example:8443"])
        case "entitlement.host.empty": return domains(["applinks:"])
        case "entitlement.host.leadingDot": return domains(["applinks:.shop.example"])
        case "entitlement.host.emptyLabel": return domains(["applinks:shop..example"])
        case "entitlement.host.idna":
            return domains(["applinks:a\u{200D}b.example"], ["applinks:xn--bcher-kva.example"])
        case "entitlement.host.idn": return domains(["applinks:bücher.example"], ["applinks:xn--bcher-kva.example"])
        case "entitlement.host.uppercase": return domains(["applinks:Shop.example"])
        case "entitlement.host.characters": return domains(["applinks:sh op.example"])
        case "entitlement.host.ipAddress": return domains(["applinks:192.0.2.1"], ["applinks:192.0.2.1?mode=developer"])
        case "entitlement.host.localhost": return domains(["applinks:localhost"], ["applinks:localhost?mode=developer"])
        case "entitlement.host.noDot": return domains(["applinks:intranet"])
        case "entitlement.host.tld": return domains(["applinks:com."])
        case "entitlement.duplicate": return domains(["applinks:shop.example", "applinks:shop.example"])
        case "entitlement.tooMany":
            return domains((1...31).map { "applinks:site\($0).example" }, (1...30).map { "applinks:site\($0).example" })
        // A hybrid framework's configuration.
        case let code
        where code.hasPrefix("framework.") || code.hasPrefix("capacitor.") || code.hasPrefix("cordova.")
            || code.hasPrefix("reactNativeWebView.") || code.hasPrefix("hotwire.") || code.hasPrefix("pwabuilder.")
            || code.hasPrefix("flutter.") || code.hasPrefix("tauri."):
            return Self.frameworkCases(code)
        default:
            return nil
        }
    }

    /// The framework codes: the ShopApp (WKAppBoundDomains shop.example, shop-cdn.example) with a
    /// configuration file at its root, and the file fixed.
    static func frameworkCases(_ code: String) -> (AuditSketch, AuditSketch)? {
        func files(_ bad: [String: String], _ good: [String: String]) -> (AuditSketch, AuditSketch) {
            func sketch(_ files: [String: String]) -> AuditSketch {
                AuditSketch.shop.with("\(files)") { sketch in
                    for (name, text) in files { sketch.app.resources[name] = Array(text.utf8) }
                }
            }
            return (sketch(bad), sketch(good))
        }
        func capacitor(_ bad: String, _ good: String) -> (AuditSketch, AuditSketch) {
            files(["capacitor.config.json": bad], ["capacitor.config.json": good])
        }
        func cordova(_ bad: String, _ good: String) -> (AuditSketch, AuditSketch) {
            func xml(_ href: String) -> String {
                #"<widget><allow-navigation href="\#(href)"/><preference name="LimitsNavigationsToAppBoundDomains" value="true"/></widget>"#
            }
            return files(["config.xml": xml(bad)], ["config.xml": xml(good)])
        }
        func props(_ framework: String, _ bad: String, _ good: String) -> (AuditSketch, AuditSketch) {
            func json(_ configuration: String) -> String {
                #"{"framework": "\#(framework)", "configuration": \#(configuration)}"#
            }
            return files(["webfence-framework.json": json(bad)], ["webfence-framework.json": json(good)])
        }
        let limited = #""ios": {"limitsNavigationsToAppBoundDomains": true}"#
        /// A PWABuilder shell project's files: its settings, and with `fixed` its code, fixed.
        func pwabuilder(allowed: [String] = ["shop.example"], auth: [String] = [], fixed: Bool) -> [String: String] {
            let settings = ["Settings.swift": ExampleApps.pwabuilderSettings(allowed: allowed, auth: auth)]
            return fixed ? settings.merging(ExampleApps.pwabuilderFixedCode) { first, _ in first } : settings
        }
        /// A built Flutter app: the ShopApp with the plugins `executables` name in `Frameworks/`, each
        /// with its Info.plist (CocoaPods' 0.0.1) and its executable's bytes.
        func flutter(_ executables: [String: String]) -> AuditSketch {
            AuditSketch.shop.with("Flutter with \(executables.keys.sorted())") { sketch in
                for (name, executable) in executables {
                    sketch.app.resources["Frameworks/\(name).framework/Info.plist"] = Array(
                        #"<plist version="1.0"><dict><key>CFBundleShortVersionString</key><string>0.0.1</string></dict></plist>"#
                            .utf8)
                    sketch.app.resources["Frameworks/\(name).framework/\(name)"] = Array(executable.utf8)
                }
            }
        }
        /// A Tauri project: the ShopApp's Info.plist generated in `Shop/`, `tauri.conf.json` with `window`
        /// as its first window, a capability file, and `Cargo.lock` naming `release`.
        func tauri(
            window: String = "{}", remote: String = "https://app.shop.example", release: String = "2.11.2",
            appBound: [String] = ["shop.example", "shop-cdn.example"]
        ) -> AuditSketch {
            var sketch = AuditSketch.shop.with("Tauri \(release), window \(window), \(remote), \(appBound)") {
                $0.asProject = true
                $0.setInfo("WKAppBoundDomains", .array(appBound.map(JSONValue.string)))
            }
            sketch.projectFiles = [
                "tauri.conf.json": #"{"identifier": "com.example.shop", "app": {"windows": [\#(window)]}}"#,
                "capabilities/sites.json":
                    #"{"identifier": "sites", "windows": ["main"], "local": false, "remote": {"urls": ["\#(remote)"]}, "permissions": ["core:event:default"]}"#,
                "Cargo.lock": "[[package]]\nname = \"tauri\"\nversion = \"\(release)\"\n",
            ]
            return sketch
        }
        let plugin61 = "\u{CF}\u{FA}callHandler\0"
        let plugin62 = plugin61 + "_bridgeSecret\0javaScriptHandlersOriginAllowList\0"
        switch code {
        case "tauri.appBound.appleSpelling":
            return (
                tauri(window: #"{"limitsNavigationsToAppBoundDomains": true}"#),
                tauri(window: #"{"limitNavigationsToAppBoundDomains": true}"#, appBound: ["shop.example", "localhost"])
            )
        case "tauri.appBound.localhostMissing":
            return (
                tauri(window: #"{"limitNavigationsToAppBoundDomains": true}"#),
                tauri(window: #"{"limitNavigationsToAppBoundDomains": true}"#, appBound: ["shop.example", "localhost"])
            )
        case "tauri.appCommands.remote":
            return (tauri(release: "2.11.1"), tauri(release: "2.11.2"))
        case "tauri.capability.noContext":
            func extra(local: Bool) -> AuditSketch {
                var sketch = tauri()
                sketch.projectFiles["capabilities/extra.json"] =
                    #"{"identifier": "extra", "windows": ["main"], "local": \#(local), "permissions": ["core:default"]}"#
                return sketch
            }
            return (extra(local: false), extra(local: true))
        case "tauri.capability.subdomainsOnly":
            return (
                tauri(remote: "https://*.shop.example"),
                tauri(remote: #"https://*.shop.example", "https://shop.example"#)
            )
        case "tauri.capability.everyHost":
            return (tauri(remote: "https://*"), tauri(remote: "https://*.shop.example"))
        case "flutter.inAppWebView.bridgeEveryFrame":
            return (flutter(["flutter_inappwebview_ios": plugin61]), flutter(["flutter_inappwebview_ios": plugin62]))
        case "flutter.inAppWebView.entrySyntaxError":
            return props(
                "flutter-inappwebview", #"{"javaScriptBridgeOriginAllowList": ["*.shop.example"]}"#,
                #"{"javaScriptBridgeOriginAllowList": ["^https://(.*\\\\.)?shop\\\\.example$"]}"#)
        case "flutter.inAppWebView.handlerEntryNeverMatches":
            return props(
                "flutter-inappwebview", #"{"javaScriptHandlersOriginAllowList": ["*"]}"#,
                #"{"javaScriptHandlersOriginAllowList": ["^https://shop\\.example$"]}"#)
        case "flutter.inAppWebView.entryAndroidWildcard":
            return props(
                "flutter-inappwebview", #"{"javaScriptHandlersOriginAllowList": ["https://*.shop.example"]}"#,
                #"{"javaScriptHandlersOriginAllowList": ["^https://(.*\\.)?shop\\.example$"]}"#)
        case "flutter.inAppWebView.entryEscapeLost":
            return props(
                "flutter-inappwebview", #"{"javaScriptBridgeOriginAllowList": ["^https://shop\\.example$"]}"#,
                #"{"javaScriptBridgeOriginAllowList": ["^https://shop\\\\.example$"]}"#)
        case "flutter.inAppWebView.entryDotAnyCharacter":
            return props(
                "flutter-inappwebview", #"{"javaScriptHandlersOriginAllowList": ["^https://shop.example$"]}"#,
                #"{"javaScriptHandlersOriginAllowList": ["^https://shop\\.example$"]}"#)
        case "flutter.inAppWebView.entryUnanchored":
            return props(
                "flutter-inappwebview", #"{"javaScriptHandlersOriginAllowList": ["https://shop\\.example"]}"#,
                #"{"javaScriptHandlersOriginAllowList": ["^https://shop\\.example$"]}"#)
        case "flutter.webviewFlutter.channelsEveryFrame":
            return (flutter(["webview_flutter_wkwebview": "channels"]), flutter(["flutter_inappwebview_ios": plugin62]))
        case "pwabuilder.settings.inferred":
            let built = AuditSketch.shop.with("a built PWAShell") { $0.app.executableName = "PWAShell" }
            return (
                built,
                built.with("a built PWAShell with its Settings.swift") {
                    for (name, text) in pwabuilder(auth: ["shop-cdn.example"], fixed: true) {
                        $0.app.resources[name] = Array(text.utf8)
                    }
                }
            )
        case "pwabuilder.origin.substring", "pwabuilder.pageInitiated.anyHost", "pwabuilder.windowOpen",
            "pwabuilder.universalLink.unescaped":
            return files(pwabuilder(fixed: false), pwabuilder(fixed: true))
        case "pwabuilder.origin.neverMatches":
            return files(
                pwabuilder(auth: ["shop-cdn.example/login"], fixed: true),
                pwabuilder(auth: ["shop-cdn.example"], fixed: true))
        case "pwabuilder.authOrigin.notAppBound":
            return files(
                pwabuilder(auth: ["partner.example"], fixed: true), pwabuilder(auth: ["shop-cdn.example"], fixed: true))
        case "framework.configuration.unreadable":
            return capacitor(#"{"server": "#, #"{"server": {"url": "https://shop.example/"}, \#(limited)}"#)
        case "framework.configuration.ignored":
            return capacitor(
                #"{"server": {"allowNavigation": ["shop-cdn.example", 5]}, \#(limited)}"#,
                #"{"server": {"allowNavigation": ["shop-cdn.example"]}, \#(limited)}"#)
        case "framework.configuration.missing":
            return (
                AuditSketch.shop.with("Hotwire's resources alone") {
                    $0.app.resources["HotwireNative_HotwireNative.bundle/turbo.js"] = Array(
                        ExampleApps.turboStandIn.utf8)
                },
                AuditSketch.shop.with("Hotwire's resources and props") {
                    $0.app.resources["HotwireNative_HotwireNative.bundle/turbo.js"] = Array(
                        ExampleApps.turboStandIn.utf8)
                    $0.app.resources["webfence-framework.json"] = Array(
                        #"{"framework": "hotwire-native", "configuration": {"startLocation": "https://shop.example/", "limitsNavigationsToAppBoundDomains": true}}"#
                            .utf8)
                }
            )
        case "framework.startPage.notAppBound":
            return capacitor(
                #"{"server": {"url": "https://other.example/"}, \#(limited)}"#,
                #"{"server": {"url": "https://shop.example/"}, \#(limited)}"#)
        case "framework.bridge.notAppBound":
            return capacitor(
                #"{"server": {"url": "https://shop.example/"}}"#,
                #"{"server": {"url": "https://shop.example/"}, \#(limited)}"#)
        case "framework.localhost.versionDependent":
            return capacitor(#"{}"#, #"{\#(limited)}"#)
        case "framework.allowed.notAppBound":
            return capacitor(
                #"{"server": {"url": "https://shop.example/", "allowNavigation": ["partner.example"]}, \#(limited)}"#,
                #"{"server": {"url": "https://shop.example/", "allowNavigation": ["shop-cdn.example"]}, \#(limited)}"#)
        case "framework.startPage.developmentServer":
            return capacitor(
                #"{"server": {"url": "http://192.168.1.20:8100/"}, \#(limited)}"#,
                #"{"server": {"url": "https://shop.example/"}, \#(limited)}"#)
        case "framework.startPage.cleartext":
            return capacitor(
                #"{"server": {"url": "http://shop.example/"}, \#(limited)}"#,
                #"{"server": {"url": "https://shop.example/"}, \#(limited)}"#)
        case "framework.allowed.developmentServer":
            return cordova("http://10.0.2.2:3001/*", "https://shop-cdn.example/*")
        case "framework.allowed.cleartext":
            return cordova("http://shop-cdn.example/*", "https://shop-cdn.example/*")
        case "framework.allowed.everyHost":
            return cordova("https://*/*", "https://*.shop-cdn.example/*")
        case "framework.webInspector.enabled":
            return capacitor(
                #"{"ios": {"limitsNavigationsToAppBoundDomains": true, "webContentsDebuggingEnabled": true}}"#,
                #"{"ios": {"limitsNavigationsToAppBoundDomains": true, "webContentsDebuggingEnabled": false}}"#)
        case "framework.appBound.flagWithoutList":
            let (unlisted, _) = capacitor(#"{\#(limited)}"#, #"{\#(limited)}"#)
            return (
                unlisted.with("no WKAppBoundDomains") { $0.setInfo("WKAppBoundDomains", nil) },
                AuditSketch.shop.with("WKAppBoundDomains and the flag") {
                    $0.app.resources["capacitor.config.json"] = Array(#"{\#(limited)}"#.utf8)
                }
            )
        case "pwabuilder.origin.sample":
            return files(
                pwabuilder(allowed: ["shop.example"], auth: ["account.google.com"], fixed: true),
                pwabuilder(allowed: ["shop.example"], auth: ["accounts.google.com"], fixed: true))
        case "pwabuilder.rootUrl.notAllowed":
            return files(
                pwabuilder(allowed: ["webboard.app"], fixed: false), pwabuilder(allowed: ["shop.example"], fixed: false)
            )
        case "capacitor.serverURL.prefix":
            return capacitor(
                #"{"server": {"url": "https://shop.example"}, \#(limited)}"#,
                #"{"server": {"url": "https://shop.example/"}, \#(limited)}"#)
        case "capacitor.serverURL.case":
            return capacitor(
                #"{"server": {"url": "https://Shop.example/"}, \#(limited)}"#,
                #"{"server": {"url": "https://shop.example/"}, \#(limited)}"#)
        case "capacitor.allowNavigation.notAHost":
            return capacitor(
                #"{"server": {"allowNavigation": ["https://shop-cdn.example/"]}, \#(limited)}"#,
                #"{"server": {"allowNavigation": ["shop-cdn.example"]}, \#(limited)}"#)
        case "capacitor.allowNavigation.everyHost":
            return capacitor(
                #"{"server": {"allowNavigation": ["*"]}, \#(limited)}"#,
                #"{"server": {"allowNavigation": ["shop-cdn.example"]}, \#(limited)}"#)
        case "cordova.allowNavigation.anyHost":
            return cordova("https://*shop-cdn.example/*", "https://*.shop-cdn.example/*")
        case "cordova.allowNavigation.everything":
            return cordova("*", "https://shop.example/*")
        case "cordova.allowNavigation.neverMatches":
            return cordova("https://shop.example:443/*", "https://shop.example/*")
        case "reactNativeWebView.originWhitelist.prefix":
            return props(
                "react-native-webview", #"{"originWhitelist": ["https://shop.example"]}"#,
                #"{"originWhitelist": ["https://shop.example"], "requireFullOriginMatch": true}"#)
        case "reactNativeWebView.originWhitelist.default":
            return props(
                "react-native-webview", #"{}"#,
                #"{"originWhitelist": ["https://shop.example"], "requireFullOriginMatch": true}"#)
        case "reactNativeWebView.originWhitelist.neverMatches":
            return props(
                "react-native-webview",
                #"{"originWhitelist": ["https://shop.example/"], "requireFullOriginMatch": true}"#,
                #"{"originWhitelist": ["https://shop.example"], "requireFullOriginMatch": true}"#)
        case "hotwire.startLocation.case":
            return props(
                "hotwire-native",
                #"{"startLocation": "https://Shop.example/", "limitsNavigationsToAppBoundDomains": true}"#,
                #"{"startLocation": "https://shop.example/", "limitsNavigationsToAppBoundDomains": true}"#)
        default:
            return nil
        }
    }
}
