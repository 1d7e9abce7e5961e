/// Builders of real app files at test time.
///
/// Each builder lives in a file of its own: `MachOBuilder` (executables with code signatures),
/// `ProvisioningProfileBuilder` (CMS-signed profiles), `ZipBuilder` (`.ipa` archives), `AppFolderBuilder`
/// (`.app` folders).
public enum AppFixtures {}
