// Reading real app files: Info.plist (XML and binary), entitlements, `.app` folders and `.ipa` archives.
// Built by issue 6; this target is a shell until then.
