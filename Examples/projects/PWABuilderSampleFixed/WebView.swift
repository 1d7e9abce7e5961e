// The shell's WebView.swift after the fixes `webfence audit` asks for (a stand-in: the template's
// own code is not copied here). decidePolicyFor compares every frame's host label by label with
// the origins (host == origin or host.hasSuffix("." + origin)) and requires https, asks the same
// of page-initiated navigations, and createWebViewWith returns a web view of its own for a popup.
