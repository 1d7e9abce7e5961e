import AppBound
import CWebKitGTK
import CWebKitShim
import Foundation
import NavigationRules
import WebAddress

/// What the engine's user content manager holds for the web view: the guard every frame gets
/// first, then the app's scripts, style sheets and handlers as the web view's state allows (§4),
/// then an observer's scripts.
extension FencedWebView {
    /// Puts into the user content manager what the web view's state lets documents from now on see.
    func applyRestriction() {
        webkit_user_content_manager_remove_all_scripts(manager)
        webkit_user_content_manager_remove_all_style_sheets(manager)
        for name in content.handlers {
            webkit_user_content_manager_unregister_script_message_handler(manager, name, nil)
        }
        for observer in content.observers {
            webkit_user_content_manager_unregister_script_message_handler(manager, observer.handler, observer.world)
        }
        defer { addObservers() }
        // First, in every frame: what the page's own scripts must never see.
        let restriction = content.restriction(policy)
        addScript(
            RealmGuard.script(lists, restriction: restriction, serviceWorkersDisabled: content.serviceWorkersDisabled),
            allFrames: true, atDocumentStart: true, world: nil)
        // With every frame restricted, nothing is injected, applied or exposed.
        guard restriction != .everyFrame else { return }
        for script in content.scripts {
            var source = script.source
            if restriction == .nonAppBoundSubframes, !script.forMainFrameOnly {
                source = FrameGuard.wrap(source, lists)
            }
            addScript(
                source, allFrames: !script.forMainFrameOnly, atDocumentStart: script.injectionTime == .atDocumentStart,
                world: nil)
        }
        // Style sheets are judged by the main frame's state alone (§4), which is never restricted here.
        for sheet in content.styleSheets {
            let styleSheet = webkit_user_style_sheet_new(
                sheet.css,
                sheet.forMainFrameOnly ? WEBKIT_USER_CONTENT_INJECT_TOP_FRAME : WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES,
                WEBKIT_USER_STYLE_LEVEL_USER, nil, nil)
            webkit_user_content_manager_add_style_sheet(manager, styleSheet)
            webkit_user_style_sheet_unref(styleSheet)
        }
        for name in content.handlers {
            _ = webkit_user_content_manager_register_script_message_handler(manager, name, nil)
        }
    }

    /// The observers' scripts, after the app's (so that at the same injection time they see what
    /// the app's scripts did), and their handlers.
    private func addObservers() {
        for observer in content.observers {
            addScript(observer.source, allFrames: true, atDocumentStart: false, world: observer.world)
            _ = webkit_user_content_manager_register_script_message_handler(manager, observer.handler, observer.world)
        }
    }

    /// Delivers the messages posted to the handler `name` (in whichever world it is registered) to
    /// `receive`, as JSON text, for as long as the content manager lives.
    func connectMessages(to name: String, _ receive: @escaping (String) -> Void) {
        wf_connect_script_message(
            manager, name,
            { json, context in
                borrowed(context, as: ((String) -> Void).self)(json.map { String(cString: $0) } ?? "null")
            }, retainedContext(receive), destroyBox)
    }

    func addScript(_ source: String, allFrames: Bool, atDocumentStart: Bool, world: String?) {
        let frames = allFrames ? WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES : WEBKIT_USER_CONTENT_INJECT_TOP_FRAME
        let time =
            atDocumentStart ? WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START : WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END
        let userScript =
            if let world { webkit_user_script_new_for_world(source, frames, time, world, nil, nil) } else {
                webkit_user_script_new(source, frames, time, nil, nil)
            }
        webkit_user_content_manager_add_script(manager, userScript)
        webkit_user_script_unref(userScript)
    }
}
