#include "WebFenceWebProcess.h"
#include <webkit/webkit-web-process-extension.h>
#include <string.h>

// Every frame whose window object was made, by frame id, with its page's id. A weak reference
// removes a frame when it goes.
typedef struct {
    WebKitFrame *frame;
    guint64 page;
} frame_entry;

static GHashTable *frames;
// A world of WebFence's own, where the page's scripts cannot redefine what is read.
static WebKitScriptWorld *own_world;

static void frame_gone(gpointer key, GObject *gone) { g_hash_table_remove(frames, key); }

static void on_window_object_cleared(WebKitScriptWorld *world, WebKitWebPage *page, WebKitFrame *frame, gpointer data) {
    guint64 id = webkit_frame_get_id(frame);
    if (g_hash_table_contains(frames, &id)) return;
    guint64 *key = g_new(guint64, 1);
    *key = id;
    frame_entry *entry = g_new(frame_entry, 1);
    entry->frame = frame;
    entry->page = webkit_web_page_get_id(page);
    g_hash_table_insert(frames, key, entry);
    g_object_weak_ref(G_OBJECT(frame), frame_gone, key);
}

// The value of `expression` in the frame's context of `world` (NULL: the page's), as a string.
static char *evaluate_string(WebKitFrame *frame, WebKitScriptWorld *world, const char *expression) {
    JSCContext *context = world ? webkit_frame_get_js_context_for_script_world(frame, world)
                                : webkit_frame_get_js_context(frame);
    JSCValue *value = jsc_context_evaluate(context, expression, -1);
    char *text = jsc_value_is_string(value) ? jsc_value_to_string(value) : NULL;
    g_object_unref(value);
    g_object_unref(context);
    return text;
}

static WebKitFrame *find_frame(WebKitWebPage *page, const char *name) {
    gboolean main = strcmp(name, "main") == 0;
    guint64 page_id = webkit_web_page_get_id(page);
    GHashTableIter iter;
    gpointer key, value;
    g_hash_table_iter_init(&iter, frames);
    while (g_hash_table_iter_next(&iter, &key, &value)) {
        frame_entry *entry = value;
        if (entry->page != page_id || webkit_frame_is_main_frame(entry->frame) != main) continue;
        if (main) return entry->frame;
        char *frame_name = evaluate_string(entry->frame, own_world, "window.name");
        gboolean match = frame_name && strcmp(frame_name, name) == 0;
        g_free(frame_name);
        if (match) return entry->frame;
    }
    return NULL;
}

static void reply(WebKitUserMessage *message, gboolean ok, const char *text) {
    WebKitUserMessage *answer =
        webkit_user_message_new(webkit_user_message_get_name(message), g_variant_new("(bs)", ok, text ? text : ""));
    webkit_user_message_send_reply(message, answer);
}

static void answer_origins(WebKitWebPage *page, WebKitUserMessage *message) {
    const char *name = NULL;
    g_variant_get(webkit_user_message_get_parameters(message), "(&s)", &name);
    WebKitFrame *frame = find_frame(page, name);
    if (!frame) {
        reply(message, FALSE, "no such frame");
        return;
    }
    // Location's members are unforgeable, and this world is WebFence's alone.
    char *origins = evaluate_string(frame, own_world, "JSON.stringify([location.origin, ...location.ancestorOrigins])");
    reply(message, origins != NULL, origins ? origins : "the frame has no document");
    g_free(origins);
}

static void answer_evaluate(WebKitWebPage *page, WebKitUserMessage *message) {
    const char *name = NULL, *script = NULL;
    g_variant_get(webkit_user_message_get_parameters(message), "(&s&s)", &name, &script);
    WebKitFrame *frame = find_frame(page, name);
    if (!frame) {
        reply(message, FALSE, "no such frame");
        return;
    }
    JSCContext *context = webkit_frame_get_js_context(frame);
    JSCValue *value = jsc_context_evaluate(context, script, -1);
    JSCException *exception = jsc_context_get_exception(context);
    if (exception) {
        reply(message, FALSE, jsc_exception_get_message(exception));
        jsc_context_clear_exception(context);
    } else {
        char *json = jsc_value_is_undefined(value) ? NULL : jsc_value_to_json(value, 0);
        reply(message, TRUE, json ? json : "null");
        g_free(json);
    }
    g_object_unref(value);
    g_object_unref(context);
}

static gboolean on_user_message(WebKitWebPage *page, WebKitUserMessage *message, gpointer data) {
    const char *name = webkit_user_message_get_name(message);
    if (strcmp(name, "webfence.origins") == 0) {
        answer_origins(page, message);
        return TRUE;
    }
    if (strcmp(name, "webfence.evaluate") == 0) {
        answer_evaluate(page, message);
        return TRUE;
    }
    return FALSE;
}

static void on_page_created(WebKitWebProcessExtension *extension, WebKitWebPage *page, gpointer data) {
    g_signal_connect(page, "user-message-received", G_CALLBACK(on_user_message), NULL);
}

G_MODULE_EXPORT void webkit_web_process_extension_initialize(WebKitWebProcessExtension *extension) {
    frames = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_free);
    own_world = webkit_script_world_new_with_name("webfence-extension");
    g_signal_connect(webkit_script_world_get_default(), "window-object-cleared", G_CALLBACK(on_window_object_cleared), NULL);
    g_signal_connect(extension, "page-created", G_CALLBACK(on_page_created), NULL);
}
