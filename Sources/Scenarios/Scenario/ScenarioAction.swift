extension Scenario {
    /// The actions of a step (spec/interfaces.md §1, and the additions of docs/decisions.md D36,
    /// D44). Each is a `StepAction` declared in `Scenario/Actions/`; this enum lists them so that
    /// every switch over actions (here, the report, the WebKitGTK replay) is checked by the compiler.
    public enum Action: Sendable {
        case load(Load)
        case loadHTMLString(LoadHTMLString)
        case loadData(LoadData)
        case addFrame(AddFrame)
        case navigateFrame(NavigateFrame)
        case openWindow(OpenWindow)
        case setConfiguration(SetConfiguration)
        case evaluateJavaScript(EvaluateJavaScript)
        case addUserScript(AddUserScript)
        case addUserStyleSheet(AddUserStyleSheet)
        case userScriptFrames(UserScriptFrames)
        case styleSheetApplied(StyleSheetApplied)
        case postMessage(PostMessage)
        case setCookie(SetCookie)
        case getAllCookies(GetAllCookies)
        case getCookies(GetCookies)
        case deleteCookie(DeleteCookie)
        case registerServiceWorker(RegisterServiceWorker)
        case state(State)
        case itp(TrackingPrevention)
        case appBoundDomains(AppBoundDomainList)
        case openUniversalLink(OpenUniversalLink)
        case setWebViewPolicy(SetWebViewPolicy)
        case setPolicyDelegate(SetPolicyDelegate)
        case copy(Copy)
        case paste(Paste)
        case upload(Upload)
        case addWebView(AddWebView)
        case callBridge(CallBridge)
        case callPage(CallPage)

        /// The action's definition: its key, target, outcome fields, how it runs and reads.
        public var definition: any StepAction {
            switch self {
            case .load(let action): action
            case .loadHTMLString(let action): action
            case .loadData(let action): action
            case .addFrame(let action): action
            case .navigateFrame(let action): action
            case .openWindow(let action): action
            case .setConfiguration(let action): action
            case .evaluateJavaScript(let action): action
            case .addUserScript(let action): action
            case .addUserStyleSheet(let action): action
            case .userScriptFrames(let action): action
            case .styleSheetApplied(let action): action
            case .postMessage(let action): action
            case .setCookie(let action): action
            case .getAllCookies(let action): action
            case .getCookies(let action): action
            case .deleteCookie(let action): action
            case .registerServiceWorker(let action): action
            case .state(let action): action
            case .itp(let action): action
            case .appBoundDomains(let action): action
            case .openUniversalLink(let action): action
            case .setWebViewPolicy(let action): action
            case .setPolicyDelegate(let action): action
            case .copy(let action): action
            case .paste(let action): action
            case .upload(let action): action
            case .addWebView(let action): action
            case .callBridge(let action): action
            case .callPage(let action): action
            }
        }

        /// The action's kind.
        public var kind: Kind {
            switch self {
            case .load: .load
            case .loadHTMLString: .loadHTMLString
            case .loadData: .loadData
            case .addFrame: .addFrame
            case .navigateFrame: .navigateFrame
            case .openWindow: .openWindow
            case .setConfiguration: .setConfiguration
            case .evaluateJavaScript: .evaluateJavaScript
            case .addUserScript: .addUserScript
            case .addUserStyleSheet: .addUserStyleSheet
            case .userScriptFrames: .userScriptFrames
            case .styleSheetApplied: .styleSheetApplied
            case .postMessage: .postMessage
            case .setCookie: .setCookie
            case .getAllCookies: .getAllCookies
            case .getCookies: .getCookies
            case .deleteCookie: .deleteCookie
            case .registerServiceWorker: .registerServiceWorker
            case .state: .state
            case .itp: .itp
            case .appBoundDomains: .appBoundDomains
            case .openUniversalLink: .openUniversalLink
            case .setWebViewPolicy: .setWebViewPolicy
            case .setPolicyDelegate: .setPolicyDelegate
            case .copy: .copy
            case .paste: .paste
            case .upload: .upload
            case .addWebView: .addWebView
            case .callBridge: .callBridge
            case .callPage: .callPage
            }
        }

        /// The action's key in the file.
        public var name: String { kind.name }

        /// Every action of the format: what the parser looks keys up in.
        public enum Kind: Sendable, Hashable, CaseIterable {
            case load
            case loadHTMLString
            case loadData
            case addFrame
            case navigateFrame
            case openWindow
            case setConfiguration
            case evaluateJavaScript
            case addUserScript
            case addUserStyleSheet
            case userScriptFrames
            case styleSheetApplied
            case postMessage
            case setCookie
            case getAllCookies
            case getCookies
            case deleteCookie
            case registerServiceWorker
            case state
            case itp
            case appBoundDomains
            case setWebViewPolicy
            case setPolicyDelegate
            case copy
            case paste
            case upload
            case openUniversalLink
            case addWebView
            case callBridge
            case callPage

            /// The type that declares the action.
            public var type: any StepAction.Type {
                switch self {
                case .load: Load.self
                case .loadHTMLString: LoadHTMLString.self
                case .loadData: LoadData.self
                case .addFrame: AddFrame.self
                case .navigateFrame: NavigateFrame.self
                case .openWindow: OpenWindow.self
                case .setConfiguration: SetConfiguration.self
                case .evaluateJavaScript: EvaluateJavaScript.self
                case .addUserScript: AddUserScript.self
                case .addUserStyleSheet: AddUserStyleSheet.self
                case .userScriptFrames: UserScriptFrames.self
                case .styleSheetApplied: StyleSheetApplied.self
                case .postMessage: PostMessage.self
                case .setCookie: SetCookie.self
                case .getAllCookies: GetAllCookies.self
                case .getCookies: GetCookies.self
                case .deleteCookie: DeleteCookie.self
                case .registerServiceWorker: RegisterServiceWorker.self
                case .state: State.self
                case .itp: TrackingPrevention.self
                case .appBoundDomains: AppBoundDomainList.self
                case .openUniversalLink: OpenUniversalLink.self
                case .setWebViewPolicy: SetWebViewPolicy.self
                case .setPolicyDelegate: SetPolicyDelegate.self
                case .copy: Copy.self
                case .paste: Paste.self
                case .upload: Upload.self
                case .addWebView: AddWebView.self
                case .callBridge: CallBridge.self
                case .callPage: CallPage.self
                }
            }

            /// The action's key in a step.
            public var name: String { type.name }

            /// The keys of the actions that take a frame, for messages: "load, navigateFrame, ...".
            static var takingFrame: String {
                allCases.filter { $0.type.target == .frame }.map(\.name).joined(separator: ", ")
            }

            /// Whether the action navigates a frame (its outcome is a `NavigationOutcome`).
            public var isNavigation: Bool { type.outcomeFields == NavigationOutcome.fieldNames }

            /// The kind whose key is `name`; nil for a key that is no action.
            public init?(name: String) {
                guard let kind = Self.allCases.first(where: { $0.name == name }) else { return nil }
                self = kind
            }

            /// Reads a step's action of this kind.
            func read(_ reader: inout ActionReader) throws(ScenarioError) -> Action {
                switch self {
                case .load: .load(try Load(&reader))
                case .loadHTMLString: .loadHTMLString(try LoadHTMLString(&reader))
                case .loadData: .loadData(try LoadData(&reader))
                case .addFrame: .addFrame(try AddFrame(&reader))
                case .navigateFrame: .navigateFrame(try NavigateFrame(&reader))
                case .openWindow: .openWindow(try OpenWindow(&reader))
                case .setConfiguration: .setConfiguration(try SetConfiguration(&reader))
                case .evaluateJavaScript: .evaluateJavaScript(try EvaluateJavaScript(&reader))
                case .addUserScript: .addUserScript(try AddUserScript(&reader))
                case .addUserStyleSheet: .addUserStyleSheet(try AddUserStyleSheet(&reader))
                case .userScriptFrames: .userScriptFrames(try UserScriptFrames(&reader))
                case .styleSheetApplied: .styleSheetApplied(try StyleSheetApplied(&reader))
                case .postMessage: .postMessage(try PostMessage(&reader))
                case .setCookie: .setCookie(try SetCookie(&reader))
                case .getAllCookies: .getAllCookies(try GetAllCookies(&reader))
                case .getCookies: .getCookies(try GetCookies(&reader))
                case .deleteCookie: .deleteCookie(try DeleteCookie(&reader))
                case .registerServiceWorker: .registerServiceWorker(try RegisterServiceWorker(&reader))
                case .state: .state(try State(&reader))
                case .itp: .itp(try TrackingPrevention(&reader))
                case .appBoundDomains: .appBoundDomains(try AppBoundDomainList(&reader))
                case .openUniversalLink: .openUniversalLink(try OpenUniversalLink(&reader))
                case .setWebViewPolicy: .setWebViewPolicy(try SetWebViewPolicy(&reader))
                case .setPolicyDelegate: .setPolicyDelegate(try SetPolicyDelegate(&reader))
                case .copy: .copy(try Copy(&reader))
                case .paste: .paste(try Paste(&reader))
                case .upload: .upload(try Upload(&reader))
                case .addWebView: .addWebView(try AddWebView(&reader))
                case .callBridge: .callBridge(try CallBridge(&reader))
                case .callPage: .callPage(try CallPage(&reader))
                }
            }
        }
    }
}
