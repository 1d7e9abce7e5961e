#ifndef CWEBKIT_SHIM_H
#define CWEBKIT_SHIM_H
#include <webkit/webkit.h>

/// Called for every navigation policy decision: the request's URI, whether it is the main frame
/// (0 or 1), the decision type (WebKitPolicyDecisionType). Returns 1 to allow, 0 to ignore.
typedef int (*wf_navigation_handler)(const char *uri, int is_main_frame, int decision_type, void *context);

/// Connects `decide-policy` on `view` to `handler`.
void wf_connect_decide_policy(WebKitWebView *view, wf_navigation_handler handler, void *context);

/// Called when a load changes (WebKitLoadEvent) with the view's current URI.
typedef void (*wf_load_handler)(int load_event, const char *uri, void *context);

/// Connects `load-changed` on `view` to `handler`.
void wf_connect_load_changed(WebKitWebView *view, wf_load_handler handler, void *context);

#endif
