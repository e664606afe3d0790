/// One scene of a manifest, its defaults merged in, as an option source for `SceneOptions`.
struct ManifestScene: OptionSource {
    let name: String
    /// Photo paths, resolved against the manifest's folder.
    let photos: [String]
    private let values: [String: String]
    private let flags: Set<String>

    init(name: String, photos: [String], values: [String: String], flags: Set<String>) {
        self.name = name
        self.photos = photos
        self.values = values
        self.flags = flags
    }

    func value(_ name: String) -> String? { values[name] }
    func flag(_ name: String) -> Bool { flags.contains(name) }
}
