#include "CWebKitShim.h"

typedef struct {
    wf_navigation_handler handler;
    void *context;
} wf_navigation_closure;

static gboolean on_decide_policy(WebKitWebView *view, WebKitPolicyDecision *decision, WebKitPolicyDecisionType type,
                                 gpointer data) {
    wf_navigation_closure *closure = data;
    if (type != WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION && type != WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION) {
        return FALSE; /* responses: the default */
    }
    WebKitNavigationAction *action =
        webkit_navigation_policy_decision_get_navigation_action(WEBKIT_NAVIGATION_POLICY_DECISION(decision));
    WebKitURIRequest *request = webkit_navigation_action_get_request(action);
    const char *uri = webkit_uri_request_get_uri(request);
    int main_frame = webkit_navigation_action_get_frame_name(action) == NULL;
    if (closure->handler(uri, main_frame, (int)type, closure->context)) {
        webkit_policy_decision_use(decision);
    } else {
        webkit_policy_decision_ignore(decision);
    }
    return TRUE;
}

void wf_connect_decide_policy(WebKitWebView *view, wf_navigation_handler handler, void *context) {
    wf_navigation_closure *closure = g_new0(wf_navigation_closure, 1);
    closure->handler = handler;
    closure->context = context;
    g_signal_connect_data(view, "decide-policy", G_CALLBACK(on_decide_policy), closure,
                          (GClosureNotify)(void (*)(void))g_free, 0);
}

typedef struct {
    wf_load_handler handler;
    void *context;
} wf_load_closure;

static void on_load_changed(WebKitWebView *view, WebKitLoadEvent event, gpointer data) {
    wf_load_closure *closure = data;
    closure->handler((int)event, webkit_web_view_get_uri(view), closure->context);
}

void wf_connect_load_changed(WebKitWebView *view, wf_load_handler handler, void *context) {
    wf_load_closure *closure = g_new0(wf_load_closure, 1);
    closure->handler = handler;
    closure->context = context;
    g_signal_connect_data(view, "load-changed", G_CALLBACK(on_load_changed), closure,
                          (GClosureNotify)(void (*)(void))g_free, 0);
}
