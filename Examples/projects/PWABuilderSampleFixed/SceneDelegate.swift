// The shell's SceneDelegate.swift after the fix `webfence audit` asks for (a stand-in): a universal
// link is loaded as a request, webView.load(URLRequest(url: link)), never put into JavaScript.
