import SnapshotCheck

/// One scene of a manifest, its defaults merged in, as an option source for `SceneOptions`.
struct ManifestScene: OptionSource {
    let name: String
    /// Photo paths, resolved against the manifest's folder.
    let photos: [String]
    /// The regions `check` leaves out of every frame's comparison (key `ignore`).
    var ignore: [IgnoreRegion] = []
    /// What its layout must do (key `expect`), checked by `check` without pixels.
    var expect: [Expectation] = []
    private let values: [String: String]
    private let flags: Set<String>
    /// The options whose values come from the defaults, not from the scene itself.
    private let inherited: Set<String>

    init(name: String, photos: [String], values: [String: String], flags: Set<String>, inherited: Set<String> = []) {
        self.name = name
        self.photos = photos
        self.values = values
        self.flags = flags
        self.inherited = inherited
    }

    /// Where `error` lies, as a message names it: the scene, or the defaults when every option the
    /// error names that the scene has comes from them (`defaults (in scene 'a')`).
    func place(of error: UsageError) -> String {
        let given = error.options.filter { has($0.name) }
        if !given.isEmpty, given.allSatisfy({ inherited.contains($0.name) }) { return "defaults (in scene '\(name)')" }
        return "scene '\(name)'"
    }

    /// The scene's options, its defaults' included, as sorted `name=value` lines and flags, leaving out
    /// `skipped`: what the frame cache keys a frame by (the name, photo paths, offsets and font path
    /// are left to the key's own parts).
    func identity(skipping skipped: Set<String>) -> String {
        let lines =
            values.filter { !skipped.contains($0.key) }.map { "\($0.key)=\($0.value)" }
            + flags.subtracting(skipped).map { "\($0)" }
        return lines.sorted().joined(separator: "\n")
    }

    func value(_ name: String) -> String? { values[name] }
    func flag(_ name: String) -> Bool { flags.contains(name) }
    func givenHere(_ name: String) -> Bool { has(name) && !inherited.contains(name) }
}
