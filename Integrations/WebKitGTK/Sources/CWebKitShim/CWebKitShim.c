#include "CWebKitShim.h"
#include <stdlib.h>
#include <string.h>

// A handler and its context, freed with the signal connection.
typedef struct {
    void *handler;
    void *context;
    wf_destroy destroy;
} wf_closure;

static wf_closure *closure_new(void *handler, void *context, wf_destroy destroy) {
    wf_closure *closure = g_new0(wf_closure, 1);
    closure->handler = handler;
    closure->context = context;
    closure->destroy = destroy;
    return closure;
}

static void closure_free(gpointer data, GClosure *unused) {
    wf_closure *closure = data;
    if (closure->destroy) closure->destroy(closure->context);
    g_free(closure);
}

static void connect(gpointer instance, const char *signal, GCallback callback, wf_closure *closure) {
    g_signal_connect_data(instance, signal, callback, closure, closure_free, 0);
}

// MARK: signals

static gboolean on_decide_policy(WebKitWebView *view, WebKitPolicyDecision *decision, WebKitPolicyDecisionType type,
                                 gpointer data) {
    wf_closure *closure = data;
    if (type != WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION && type != WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION) {
        return FALSE; /* responses: the engine's default */
    }
    WebKitNavigationAction *action =
        webkit_navigation_policy_decision_get_navigation_action(WEBKIT_NAVIGATION_POLICY_DECISION(decision));
    const char *uri = webkit_uri_request_get_uri(webkit_navigation_action_get_request(action));
    return ((wf_decide_handler)closure->handler)(decision, (int)type, uri ? uri : "",
                                                 webkit_navigation_action_is_redirect(action),
                                                 (int)webkit_navigation_action_get_navigation_type(action),
                                                 closure->context);
}

void wf_connect_decide_policy(WebKitWebView *view, wf_decide_handler handler, void *context, wf_destroy destroy) {
    connect(view, "decide-policy", G_CALLBACK(on_decide_policy), closure_new(handler, context, destroy));
}

static void on_load_changed(WebKitWebView *view, WebKitLoadEvent event, gpointer data) {
    wf_closure *closure = data;
    ((wf_load_handler)closure->handler)((int)event, webkit_web_view_get_uri(view), closure->context);
}

void wf_connect_load_changed(WebKitWebView *view, wf_load_handler handler, void *context, wf_destroy destroy) {
    connect(view, "load-changed", G_CALLBACK(on_load_changed), closure_new(handler, context, destroy));
}

static gboolean on_load_failed(WebKitWebView *view, WebKitLoadEvent event, const char *uri, GError *error,
                               gpointer data) {
    wf_closure *closure = data;
    return ((wf_load_failed_handler)closure->handler)(uri ? uri : "", g_quark_to_string(error->domain), error->code,
                                                      error->message, closure->context);
}

void wf_connect_load_failed(WebKitWebView *view, wf_load_failed_handler handler, void *context, wf_destroy destroy) {
    connect(view, "load-failed", G_CALLBACK(on_load_failed), closure_new(handler, context, destroy));
}

static GtkWidget *on_create(WebKitWebView *view, WebKitNavigationAction *action, gpointer data) {
    wf_closure *closure = data;
    WebKitWebView *created = ((wf_create_handler)closure->handler)(closure->context);
    return created ? GTK_WIDGET(created) : NULL;
}

void wf_connect_create(WebKitWebView *view, wf_create_handler handler, void *context, wf_destroy destroy) {
    connect(view, "create", G_CALLBACK(on_create), closure_new(handler, context, destroy));
}

static void on_script_message(WebKitUserContentManager *manager, JSCValue *value, gpointer data) {
    wf_closure *closure = data;
    char *json = jsc_value_to_json(value, 0);
    ((wf_message_handler)closure->handler)(json ? json : "null", closure->context);
    g_free(json);
}

void wf_connect_script_message(WebKitUserContentManager *manager, const char *name, wf_message_handler handler,
                               void *context, wf_destroy destroy) {
    char *signal = g_strdup_printf("script-message-received::%s", name);
    connect(manager, signal, G_CALLBACK(on_script_message), closure_new(handler, context, destroy));
    g_free(signal);
}

static gboolean on_script_message_with_reply(WebKitUserContentManager *manager, JSCValue *value,
                                             WebKitScriptMessageReply *reply, gpointer data) {
    wf_closure *closure = data;
    char *json = jsc_value_to_json(value, 0);
    char *answer = ((wf_reply_handler)closure->handler)(json ? json : "null", closure->context);
    g_free(json);
    JSCValue *result = answer ? jsc_value_new_from_json(jsc_value_get_context(value), answer) : NULL;
    free(answer);
    if (result) {
        webkit_script_message_reply_return_value(reply, result);
        g_object_unref(result);
    } else {
        /* No answer, or not JSON: the page's promise rejects, and a question refused is a no. */
        webkit_script_message_reply_return_error_message(reply, "no answer");
    }
    return TRUE;
}

void wf_connect_script_message_with_reply(WebKitUserContentManager *manager, const char *name,
                                          wf_reply_handler handler, void *context, wf_destroy destroy) {
    char *signal = g_strdup_printf("script-message-with-reply-received::%s", name);
    connect(manager, signal, G_CALLBACK(on_script_message_with_reply), closure_new(handler, context, destroy));
    g_free(signal);
}

// MARK: decisions and views

void wf_policy_use(WebKitPolicyDecision *decision) { webkit_policy_decision_use(decision); }
void wf_policy_ignore(WebKitPolicyDecision *decision) { webkit_policy_decision_ignore(decision); }
void wf_policy_download(WebKitPolicyDecision *decision) { webkit_policy_decision_download(decision); }
void wf_object_ref(void *object) { g_object_ref(object); }
void wf_object_ref_sink(void *object) { g_object_ref_sink(object); }
void wf_object_unref(void *object) { g_object_unref(object); }

WebKitWebView *wf_web_view_new_related(WebKitWebView *related, WebKitUserContentManager *manager) {
    // A view for a page's new window must share its opener's web process (and so its session).
    return WEBKIT_WEB_VIEW(
        g_object_new(WEBKIT_TYPE_WEB_VIEW, "related-view", related, "user-content-manager", manager, NULL));
}

WebKitWebView *wf_web_view_new(WebKitNetworkSession *session, WebKitUserContentManager *manager) {
    if (!session) session = webkit_network_session_get_default();
    return WEBKIT_WEB_VIEW(
        g_object_new(WEBKIT_TYPE_WEB_VIEW, "network-session", session, "user-content-manager", manager, NULL));
}

// MARK: one-shot operations

typedef struct {
    wf_result_handler handler;
    void *context;
} wf_pending;

static wf_pending *pending_new(wf_result_handler handler, void *context) {
    wf_pending *pending = g_new0(wf_pending, 1);
    pending->handler = handler;
    pending->context = context;
    return pending;
}

static void pending_finish(wf_pending *pending, const char *text, GError *error) {
    pending->handler(text, error ? error->message : NULL, pending->context);
    if (error) g_error_free(error);
    g_free(pending);
}

static void on_evaluated(GObject *view, GAsyncResult *result, gpointer data) {
    GError *error = NULL;
    JSCValue *value = webkit_web_view_evaluate_javascript_finish(WEBKIT_WEB_VIEW(view), result, &error);
    char *json = NULL;
    if (value) {
        json = jsc_value_is_undefined(value) ? g_strdup("null") : jsc_value_to_json(value, 0);
        g_object_unref(value);
    }
    pending_finish(data, json ? json : (error ? NULL : "null"), error);
    g_free(json);
}

void wf_evaluate_javascript(WebKitWebView *view, const char *script, const char *world, wf_result_handler handler,
                            void *context) {
    webkit_web_view_evaluate_javascript(view, script, -1, world, NULL, NULL, on_evaluated,
                                        pending_new(handler, context));
}

typedef struct {
    wf_pending *pending;
    WebKitUserContentManager *manager;
    char *identifier;
} wf_filter_job;

static void on_filter_saved(GObject *store, GAsyncResult *result, gpointer data) {
    wf_filter_job *job = data;
    GError *error = NULL;
    WebKitUserContentFilter *filter =
        webkit_user_content_filter_store_save_finish(WEBKIT_USER_CONTENT_FILTER_STORE(store), result, &error);
    if (filter) {
        webkit_user_content_manager_remove_filter_by_id(job->manager, job->identifier);
        webkit_user_content_manager_add_filter(job->manager, filter);
        webkit_user_content_filter_unref(filter);
    }
    pending_finish(job->pending, NULL, error);
    g_object_unref(job->manager);
    g_free(job->identifier);
    g_free(job);
}

void wf_set_content_rules(WebKitUserContentFilterStore *store, WebKitUserContentManager *manager,
                          const char *identifier, const char *json, wf_result_handler handler, void *context) {
    wf_filter_job *job = g_new0(wf_filter_job, 1);
    job->pending = pending_new(handler, context);
    job->manager = g_object_ref(manager);
    job->identifier = g_strdup(identifier);
    GBytes *bytes = g_bytes_new(json, strlen(json));
    webkit_user_content_filter_store_save(store, identifier, bytes, NULL, on_filter_saved, job);
    g_bytes_unref(bytes);
}

static void append_cookies(GString *text, GList *cookies) {
    for (GList *item = cookies; item; item = item->next) {
        SoupCookie *cookie = item->data;
        g_string_append_printf(text, "%s\t%s\t%s\n", soup_cookie_get_domain(cookie), soup_cookie_get_name(cookie),
                               soup_cookie_get_value(cookie));
    }
}

// Answers a cookie query with the cookies' lines, and frees them.
static void finish_cookies(GList *cookies, GError *error, gpointer data) {
    GString *text = g_string_new("");
    append_cookies(text, cookies);
    g_list_free_full(cookies, (GDestroyNotify)soup_cookie_free);
    pending_finish(data, error ? NULL : text->str, error);
    g_string_free(text, TRUE);
}

static void on_cookies(GObject *manager, GAsyncResult *result, gpointer data) {
    GError *error = NULL;
    GList *cookies = webkit_cookie_manager_get_cookies_finish(WEBKIT_COOKIE_MANAGER(manager), result, &error);
    finish_cookies(cookies, error, data);
}

static void on_all_cookies(GObject *manager, GAsyncResult *result, gpointer data) {
    GError *error = NULL;
    GList *cookies = webkit_cookie_manager_get_all_cookies_finish(WEBKIT_COOKIE_MANAGER(manager), result, &error);
    finish_cookies(cookies, error, data);
}

void wf_get_cookies(WebKitNetworkSession *session, const char *uri, wf_result_handler handler, void *context) {
    WebKitCookieManager *manager = webkit_network_session_get_cookie_manager(session);
    if (uri) {
        webkit_cookie_manager_get_cookies(manager, uri, NULL, on_cookies, pending_new(handler, context));
    } else {
        webkit_cookie_manager_get_all_cookies(manager, NULL, on_all_cookies, pending_new(handler, context));
    }
}

static void on_cookie_added(GObject *manager, GAsyncResult *result, gpointer data) {
    GError *error = NULL;
    webkit_cookie_manager_add_cookie_finish(WEBKIT_COOKIE_MANAGER(manager), result, &error);
    pending_finish(data, error ? NULL : "", error);
}

void wf_add_cookie(WebKitNetworkSession *session, const char *domain, const char *name, const char *value,
                   wf_result_handler handler, void *context) {
    SoupCookie *cookie = soup_cookie_new(name, value, domain, "/", -1);
    webkit_cookie_manager_add_cookie(webkit_network_session_get_cookie_manager(session), cookie, NULL,
                                     on_cookie_added, pending_new(handler, context));
    soup_cookie_free(cookie);
}

typedef struct {
    wf_pending *pending;
    WebKitCookieManager *manager;
    char *domain;
    char *name;
    int remaining;
    int deleted;
} wf_delete_job;

static void delete_job_release(wf_delete_job *job) {
    if (--job->remaining > 0) return;
    char *count = g_strdup_printf("%d", job->deleted);
    pending_finish(job->pending, count, NULL);
    g_free(count);
    g_free(job->domain);
    g_free(job->name);
    g_free(job);
}

static void on_cookie_deleted(GObject *manager, GAsyncResult *result, gpointer data) {
    wf_delete_job *job = data;
    if (webkit_cookie_manager_delete_cookie_finish(WEBKIT_COOKIE_MANAGER(manager), result, NULL)) job->deleted++;
    delete_job_release(job);
}

static void on_cookies_to_delete(GObject *manager, GAsyncResult *result, gpointer data) {
    wf_delete_job *job = data;
    GList *cookies = webkit_cookie_manager_get_all_cookies_finish(WEBKIT_COOKIE_MANAGER(manager), result, NULL);
    job->remaining = 1; /* held until every delete is started */
    for (GList *item = cookies; item; item = item->next) {
        SoupCookie *cookie = item->data;
        if (g_strcmp0(soup_cookie_get_name(cookie), job->name) == 0 &&
            g_strcmp0(soup_cookie_get_domain(cookie), job->domain) == 0) {
            job->remaining++;
            webkit_cookie_manager_delete_cookie(job->manager, cookie, NULL, on_cookie_deleted, job);
        }
    }
    g_list_free_full(cookies, (GDestroyNotify)soup_cookie_free);
    delete_job_release(job);
}

void wf_delete_cookie(WebKitNetworkSession *session, const char *domain, const char *name, wf_result_handler handler,
                      void *context) {
    wf_delete_job *job = g_new0(wf_delete_job, 1);
    job->pending = pending_new(handler, context);
    job->manager = webkit_network_session_get_cookie_manager(session);
    job->domain = g_strdup(domain);
    job->name = g_strdup(name);
    webkit_cookie_manager_get_all_cookies(job->manager, NULL, on_cookies_to_delete, job);
}

// MARK: session

int wf_allow_certificate(WebKitNetworkSession *session, const char *pem, const char *host) {
    GTlsCertificate *certificate = g_tls_certificate_new_from_pem(pem, -1, NULL);
    if (!certificate) return 0;
    webkit_network_session_allow_tls_certificate_for_host(session, certificate, host);
    g_object_unref(certificate);
    return 1;
}

void wf_set_proxy(WebKitNetworkSession *session, const char *uri) {
    WebKitNetworkProxySettings *settings = webkit_network_proxy_settings_new(uri, NULL);
    webkit_network_session_set_proxy_settings(session, WEBKIT_NETWORK_PROXY_MODE_CUSTOM, settings);
    webkit_network_proxy_settings_free(settings);
}

static void on_web_process_reply(GObject *view, GAsyncResult *result, gpointer data) {
    GError *error = NULL;
    WebKitUserMessage *reply = webkit_web_view_send_message_to_page_finish(WEBKIT_WEB_VIEW(view), result, &error);
    if (!reply) {
        pending_finish(data, NULL, error);
        return;
    }
    gboolean ok = FALSE;
    const char *text = NULL;
    g_variant_get(webkit_user_message_get_parameters(reply), "(b&s)", &ok, &text);
    if (ok) {
        pending_finish(data, text, NULL);
    } else {
        pending_finish(data, NULL, g_error_new_literal(G_IO_ERROR, G_IO_ERROR_FAILED, text));
    }
    g_object_unref(reply);
}

// The message is floating: the send takes it.
void wf_ask_web_process(WebKitWebView *view, const char *name, const char *frame, const char *script,
                        wf_result_handler handler, void *context) {
    GVariant *parameters = script ? g_variant_new("(ss)", frame, script) : g_variant_new("(s)", frame);
    webkit_web_view_send_message_to_page(view, webkit_user_message_new(name, parameters), NULL, on_web_process_reply,
                                         pending_new(handler, context));
}

void wf_set_web_process_extensions_directory(const char *directory) {
    webkit_web_context_set_web_process_extensions_directory(webkit_web_context_get_default(), directory);
}

void wf_add_path_to_sandbox(const char *path) {
    webkit_web_context_add_path_to_sandbox(webkit_web_context_get_default(), path, TRUE);
}

typedef struct {
    wf_scheme_page page;
    void *context;
} wf_scheme;

static void on_scheme_request(WebKitURISchemeRequest *request, gpointer data) {
    wf_scheme *scheme = data;
    char *html = scheme->page(webkit_uri_scheme_request_get_uri(request), scheme->context);
    if (!html) {
        GError *error = g_error_new_literal(G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no page for this URL");
        webkit_uri_scheme_request_finish_error(request, error);
        g_error_free(error);
        return;
    }
    gsize length = strlen(html);
    GInputStream *stream = g_memory_input_stream_new_from_data(html, (gssize)length, free);
    webkit_uri_scheme_request_finish(request, stream, (gint64)length, "text/html");
    g_object_unref(stream);
}

void wf_register_scheme(const char *scheme, wf_scheme_page page, void *context) {
    wf_scheme *data = g_new0(wf_scheme, 1);
    data->page = page;
    data->context = context;
    webkit_web_context_register_uri_scheme(webkit_web_context_get_default(), scheme, on_scheme_request, data, g_free);
}

// MARK: windows (the example app)

GtkWidget *wf_window_new(const char *title, int width, int height, GtkWidget *content, GtkWidget *footer) {
    GtkWidget *window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(window), title);
    gtk_window_set_default_size(GTK_WINDOW(window), width, height);
    /* A header bar: the window looks the same with or without a window manager (xvfb has none). */
    gtk_window_set_titlebar(GTK_WINDOW(window), gtk_header_bar_new());
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_set_vexpand(content, TRUE);
    gtk_widget_set_hexpand(content, TRUE);
    gtk_box_append(GTK_BOX(box), content);
    if (footer) {
        gtk_box_append(GTK_BOX(box), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL));
        gtk_box_append(GTK_BOX(box), footer);
    }
    gtk_window_set_child(GTK_WINDOW(window), box);
    return window;
}

void wf_window_present(GtkWidget *window) { gtk_window_present(GTK_WINDOW(window)); }

int wf_open_window_count(void) { return (int)g_list_model_get_n_items(gtk_window_get_toplevels()); }

GtkWidget *wf_label_new(void) {
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_label_set_wrap(GTK_LABEL(label), TRUE);
    gtk_widget_set_margin_start(label, 14);
    gtk_widget_set_margin_end(label, 14);
    gtk_widget_set_margin_top(label, 8);
    gtk_widget_set_margin_bottom(label, 10);
    return label;
}

void wf_label_set_markup(GtkWidget *label, const char *markup) { gtk_label_set_markup(GTK_LABEL(label), markup); }

int wf_widget_save_png(GtkWidget *widget, const char *path) {
    int width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    GtkNative *native = gtk_widget_get_native(widget);
    GskRenderer *renderer = native ? gtk_native_get_renderer(native) : NULL;
    if (width <= 0 || height <= 0 || !renderer) return 0; /* not realized: nothing drawn yet */
    GdkPaintable *paintable = gtk_widget_paintable_new(widget);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gdk_paintable_snapshot(paintable, snapshot, width, height);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    int saved = 0;
    if (node) {
        GdkTexture *texture = gsk_renderer_render_texture(renderer, node, &GRAPHENE_RECT_INIT(0, 0, width, height));
        saved = gdk_texture_save_to_png(texture, path) ? 1 : 0;
        g_object_unref(texture);
        gsk_render_node_unref(node);
    }
    g_object_unref(paintable);
    return saved;
}
