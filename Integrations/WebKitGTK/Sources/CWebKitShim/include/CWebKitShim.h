#ifndef CWEBKIT_SHIM_H
#define CWEBKIT_SHIM_H
#include <webkit/webkit.h>

// What Swift cannot call directly: g_signal_connect and the GObject casts are macros, and signal
// handlers need C signatures. Every handler gets back the `context` it was connected with; for
// signals, `destroy(context)` runs when the handler is disconnected (the object went away).

typedef void (*wf_destroy)(void *context);

/// A navigation or new-window policy decision: the decision type (WebKitPolicyDecisionType), the
/// request's URI, whether it is a server redirect hop, and how the navigation started
/// (WebKitNavigationType: link, form, back/forward, reload, form resubmission, other).
/// Return 1 if the handler took the decision (it must then call wf_policy_*), 0 for the default.
typedef int (*wf_decide_handler)(WebKitPolicyDecision *decision, int decision_type, const char *uri, int is_redirect,
                                 int navigation_type, void *context);
void wf_connect_decide_policy(WebKitWebView *view, wf_decide_handler handler, void *context, wf_destroy destroy);

/// load-changed (WebKitLoadEvent) with the view's current URI.
typedef void (*wf_load_handler)(int load_event, const char *uri, void *context);
void wf_connect_load_changed(WebKitWebView *view, wf_load_handler handler, void *context, wf_destroy destroy);

/// load-failed: the failing URI and the error's domain, code and message. Return 1 to stop the
/// engine's own error page.
typedef int (*wf_load_failed_handler)(const char *uri, const char *domain, int code, const char *message,
                                      void *context);
void wf_connect_load_failed(WebKitWebView *view, wf_load_failed_handler handler, void *context, wf_destroy destroy);

/// create (a page asked for a new window): return the new view, related to `view`, or NULL.
typedef WebKitWebView *(*wf_create_handler)(void *context);
void wf_connect_create(WebKitWebView *view, wf_create_handler handler, void *context, wf_destroy destroy);

/// script-message-received::NAME: the message's value as JSON text.
typedef void (*wf_message_handler)(const char *json, void *context);
void wf_connect_script_message(WebKitUserContentManager *manager, const char *name, wf_message_handler handler,
                               void *context, wf_destroy destroy);

/// script-message-with-reply-received::NAME: the handler returns the reply as JSON text, allocated
/// with malloc (freed here); the page's postMessage promise resolves to it, or rejects when the
/// handler returns NULL or text that is not JSON.
typedef char *(*wf_reply_handler)(const char *json, void *context);
void wf_connect_script_message_with_reply(WebKitUserContentManager *manager, const char *name,
                                          wf_reply_handler handler, void *context, wf_destroy destroy);

/// The answer to a policy decision.
void wf_policy_use(WebKitPolicyDecision *decision);
void wf_policy_ignore(WebKitPolicyDecision *decision);
void wf_policy_download(WebKitPolicyDecision *decision);
void wf_object_ref(void *object);
/// Takes ownership of a floating reference (a new widget), or adds one.
void wf_object_ref_sink(void *object);
void wf_object_unref(void *object);

/// A new web view sharing `related`'s web process, session and settings (for window.open).
WebKitWebView *wf_web_view_new_related(WebKitWebView *related, WebKitUserContentManager *manager);
/// A new web view with its own user content manager, in `session` (NULL: the default session).
WebKitWebView *wf_web_view_new(WebKitNetworkSession *session, WebKitUserContentManager *manager);

/// One-shot results: JSON text of a script's value (NULL and an error message on failure).
typedef void (*wf_result_handler)(const char *json, const char *error, void *context);
void wf_evaluate_javascript(WebKitWebView *view, const char *script, const char *world, wf_result_handler handler,
                            void *context);

/// Compiles a content rule list (WebKit content blocker JSON) into `store` and adds it to
/// `manager`, replacing the one with the same identifier; `handler` gets NULL or an error message.
void wf_set_content_rules(WebKitUserContentFilterStore *store, WebKitUserContentManager *manager,
                          const char *identifier, const char *json, wf_result_handler handler, void *context);

/// Cookies of `session`, as JSON lines "domain\tname\tvalue" joined by newlines (uri NULL: all).
void wf_get_cookies(WebKitNetworkSession *session, const char *uri, wf_result_handler handler, void *context);
void wf_add_cookie(WebKitNetworkSession *session, const char *domain, const char *name, const char *value,
                   wf_result_handler handler, void *context);
/// Deletes every cookie named `name` for `domain`; the result text is the number deleted.
void wf_delete_cookie(WebKitNetworkSession *session, const char *domain, const char *name, wf_result_handler handler,
                      void *context);

/// Accepts `pem` (a certificate) for `host` in `session`; returns 0 and sets nothing on bad PEM.
int wf_allow_certificate(WebKitNetworkSession *session, const char *pem, const char *host);
/// Sends every request of `session` through the HTTP proxy at `uri`.
void wf_set_proxy(WebKitNetworkSession *session, const char *uri);

/// Asks WebFence's web-process extension (WebFenceWebProcess) about the frame named `frame` of the
/// view's page: `name` is "webfence.origins" (script NULL) or "webfence.evaluate". The handler gets
/// the reply's text, or an error (the frame is not there, the script threw, no extension).
void wf_ask_web_process(WebKitWebView *view, const char *name, const char *frame, const char *script,
                        wf_result_handler handler, void *context);
/// Loads web-process extensions from `directory` (before the first web process starts).
void wf_set_web_process_extensions_directory(const char *directory);
/// Mounts `path` read-only in the web processes' sandbox (before the first one starts).
void wf_add_path_to_sandbox(const char *path);

/// Serves `scheme` (for every web view of the default web context): `page` returns the HTML for a
/// URI, allocated with malloc (freed here), or NULL to fail the load. The context is kept for the
/// process's life.
typedef char *(*wf_scheme_page)(const char *uri, void *context);
void wf_register_scheme(const char *scheme, wf_scheme_page page, void *context);

/// A window with a header bar titled `title`, `content` filling it above an optional `footer`
/// (NULL: none). Not shown until wf_window_present.
GtkWidget *wf_window_new(const char *title, int width, int height, GtkWidget *content, GtkWidget *footer);
void wf_window_present(GtkWidget *window);
/// The application's toplevel windows still open (0 once the user closed the last one).
int wf_open_window_count(void);
/// A left-aligned, wrapping label with a margin, and its text as Pango markup.
GtkWidget *wf_label_new(void);
void wf_label_set_markup(GtkWidget *label, const char *markup);
/// Renders `widget` as it is on screen into a PNG at `path`; 0 if it is not drawn yet or the file
/// could not be written.
int wf_widget_save_png(GtkWidget *widget, const char *path);

#endif
