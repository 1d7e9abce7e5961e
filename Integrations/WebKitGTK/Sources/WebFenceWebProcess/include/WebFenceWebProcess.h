// WebFence's web-process extension: loaded by WebKitGTK into every web process of the default
// web context. It reaches what the UI-process API cannot: a subframe's JavaScript context.
// Messages from the UI process (webkit_web_view_send_message_to_page), each answered with a reply:
//   webfence.origins  (s frame name)            → (bs) found, JSON [own origin, ...ancestorOrigins]
//   webfence.evaluate (ss frame name, script)   → (bs) ok, JSON value or the exception's message
// A frame is named by its window.name ("" and the main frame: "main").
#pragma once
