import Foundation
import GalleryCore
import SnapshotCheck
import VisualDiff
import ImageCodecs

/// A batch manifest: defaults plus named scenes, keyed by the scene options' long names in camelCase.
///
/// ```json
/// {"defaults": {"layout": "line", "width": 375, "displayScale": 2, "photos": ["photos/"]},
///  "scenes": [{"name": "carousel-rest", "offset": 0}, {"name": "carousel-scroll", "offsets": "0..680/17"}]}
/// ```
/// The whole manifest is checked before anything renders; every error names the scene and the key.
struct Manifest: Sendable {
    /// The path as given; `-` is standard input, whose relative paths resolve against the working folder.
    let path: String
    /// How messages name it: its path, or "standard input".
    let name: String
    /// The file's SHA-256: a report names its manifest by it, however its path was typed.
    let digest: String
    let scenes: [ManifestScene]
    /// The defaults alone, as a source of option values: each is checked, used by a scene or not.
    let defaults: ManifestScene
    /// The keys `defaults` sets (a flag only when true, as a scene's counts).
    let defaultKeys: Set<String>

    /// Scene and motion options, and the diff options (`check` compares a scene's frames by them;
    /// `batch` ignores them).
    private static let sceneSpecs =
        SceneOptions.specs + CarouselOptions.specs + MotionOptions.declared.manifestSpecs + DiffOptions.specs

    /// `DiffOptions.alternatives` as manifest keys.
    /// What a `device` key sets, as a scene's own device replaces them from the defaults.
    private static let deviceImplies = ["width", "height", "displayScale"]

    private static let alternativeKeys = DiffOptions.alternatives.map {
        ($0.one.map(camelCase), $0.other.map(camelCase))
    }

    /// Flags a scene's key replaces in the defaults, either way (`"wrap": true` over a default
    /// `"noWrap": true`).
    private static let flagAlternatives = [(["wrap"], ["noWrap"])]
    /// Keys of which a scene's one replaces the defaults' others (found by review: a default `offset`
    /// and a scene's `offsets` were refused as both given): one offset or a list, one motion, one way
    /// to come to rest.
    private static let exclusiveKeys: [[String]] = [
        ["offset", "offsets"], MotionOptions.declared.motions.map { camelCase($0.name) }, ["snap", "paging"],
    ]
    /// A flag whose `false` means its opposite flag: `"wrap": false` is `--no-wrap`.
    private static let negatedFlags = ["wrap": "no-wrap"]

    /// The keys a scene may have: `name`, `photos`, and every scene, motion and diff option in camelCase.
    static let keys: [String: String] = Dictionary(
        uniqueKeysWithValues: sceneSpecs.map { (camelCase($0.name), $0.name) } + [
            ("photos", "photos"), ("name", "name"), ("ignore", "ignore"), ("expect", "expect"),
        ])

    /// Each scene's comparison criteria, for the scenes whose keys (or the defaults) set a diff option;
    /// a scene without any is compared by the command line's. Checked before anything renders.
    func diffCriteria() throws(UsageError) -> [String: DiffCriteria] {
        // Both sides of a choice in the defaults would reach every scene that sets neither.
        for (one, other) in Self.alternativeKeys {
            if let a = one.first(where: defaultKeys.contains), let b = other.first(where: defaultKeys.contains) {
                throw UsageError(
                    "\(name): defaults: keys '\(a)' and '\(b)' are two ways to compare; give one (a scene may set the other)"
                )
            }
        }
        var criteria: [String: DiffCriteria] = [:]
        for scene in scenes where DiffOptions.specs.contains(where: { scene.has($0.name) }) {
            do { criteria[scene.name] = try DiffOptions.criteria(scene) } catch {
                throw .inManifest(path: name, place: scene.place(of: error), error)
            }
        }
        return criteria
    }

    /// Reads and checks the manifest at `path`.
    init(path: String) throws(UsageError) {
        self.path = path
        name = path == "-" ? "standard input" : path
        let (defaults, entries, digest) = try Self.read(path, name: name)
        self.digest = digest
        // Paths in the manifest are relative to its folder, named as the manifest was (messages say
        // them as given, not made absolute).
        let folder = SystemPath.parent(path)
        if defaults["name"] != nil { throw UsageError("\(name): defaults: 'name' belongs to each scene") }
        // The defaults alone first, so that their faults are named as theirs, not the first scene's.
        self.defaults = try Self.scene(name: nil, merging: [:], defaults, folder: folder, manifest: name)
        var names: Set<String> = []
        var scenes: [ManifestScene] = []
        for (position, entry) in entries.enumerated() {
            guard case .string(let sceneName)? = entry["name"] else {
                let problem = entry["name"] == nil ? "missing \"name\"" : "key 'name': expected a string"
                throw UsageError("\(name): scene \(position + 1): \(problem)")
            }
            guard FramePath.isSceneName(sceneName) else {
                throw UsageError(
                    "\(name): scene '\(sceneName)': key 'name': not a safe file name (1 to 128 letters, digits, '.', '-', '_'; not starting with '.')"
                )
            }
            guard names.insert(sceneName).inserted else {
                throw UsageError("\(name): scene '\(sceneName)': key 'name': used twice")
            }
            scenes.append(try Self.scene(name: sceneName, merging: defaults, entry, folder: folder, manifest: name))
        }
        guard !scenes.isEmpty else { throw UsageError("\(name): no scenes") }
        self.scenes = scenes
        defaultKeys = Set(defaults.filter { $0.value != .bool(false) }.keys)
    }

    /// The scene `name` (nil: the defaults themselves) of `entry` over `defaults`.
    private static func scene(
        name: String?, merging defaults: [String: ManifestValue], _ entry: [String: ManifestValue], folder: String,
        manifest: String
    ) throws(UsageError) -> ManifestScene {
        var values: [String: String] = [:]
        var flags: Set<String> = []
        var photos: [String] = []
        var ignore: [IgnoreRegion] = []
        var expect: [Expectation] = []
        var defaults = defaults
        for (one, other) in alternativeKeys + flagAlternatives {
            if one.contains(where: { entry[$0] != nil }) { other.forEach { defaults[$0] = nil } }
            if other.contains(where: { entry[$0] != nil }) { one.forEach { defaults[$0] = nil } }
        }
        for group in exclusiveKeys where group.contains(where: { entry[$0] != nil }) {
            for key in group where entry[key] == nil { defaults[key] = nil }
        }
        // A scene's device stands for the width, height and scale it implies: it replaces those of the
        // defaults (the scene's own width, height or displayScale still beat its device).
        if entry["device"] != nil { deviceImplies.forEach { defaults[$0] = nil } }
        let merged = defaults.merging(entry) { $1 }
        for key in merged.keys.sorted() where key != "name" {
            guard let value = merged[key] else { continue }
            func fail(_ reason: String) -> UsageError {
                UsageError("\(manifest): \(name.map { "scene '\($0)'" } ?? "defaults"): key '\(key)': \(reason)")
            }
            guard let option = keys[key] else {
                throw fail("unknown key" + Suggestion.hint(for: key, among: keys.keys.sorted()))
            }
            switch key {
            case "expect": do { expect = try Expectation.list(value) } catch { throw fail(error.message) }
            case "ignore": do { ignore = try IgnoreRegion.list(value) } catch { throw fail(error.message) }
            case "photos":
                do { photos += try Self.paths(value, folder: folder) } catch { throw fail(error.message) }
            default:
                do { try Self.read(value, as: option, key: key, folder: folder, into: &values, &flags) } catch {
                    throw fail(error.message)
                }
            }
        }
        let inherited = Set(merged.keys.filter { entry[$0] == nil }.compactMap { keys[$0] })
        var scene = ManifestScene(
            name: name ?? "defaults", photos: photos, values: values, flags: flags,
            inherited: name == nil ? [] : inherited)
        scene.ignore = ignore
        scene.expect = expect
        return scene
    }

    /// A `photos` value: a path or a list of them, resolved against the manifest's folder.
    private static func paths(_ value: ManifestValue, folder: String) throws(UsageError) -> [String] {
        let list: [ManifestValue]
        switch value {
        case .array(let items): list = items
        case .string: list = [value]
        default: throw UsageError("expected a path or a list of paths")
        }
        var paths: [String] = []
        for item in list {
            guard case .string(let relative) = item else { throw UsageError("expected a path or a list of paths") }
            paths.append(SystemPath.isAbsolute(relative) ? relative : SystemPath.joined(folder, relative))
        }
        return paths
    }

    /// An option's value: a flag's true or false (`"wrap": false` is `--no-wrap`), the font's path
    /// (resolved against the manifest's folder, as photos are), or any other option's text (true or
    /// false only for an option that takes them).
    private static func read(
        _ value: ManifestValue, as option: String, key: String, folder: String, into values: inout [String: String],
        _ flags: inout Set<String>
    ) throws(UsageError) {
        let spec = sceneSpecs.first { $0.name == option }
        if spec?.isFlag == true {
            guard case .bool(let on) = value else { throw UsageError("expected true or false") }
            if on {
                flags.insert(option)
            } else if let opposite = negatedFlags[option] {
                flags.insert(opposite)
            }
        } else if key == "font" {
            guard case .string(let path) = value else { throw UsageError("expected a path") }
            values[option] = SystemPath.isAbsolute(path) ? path : SystemPath.joined(folder, path)
        } else {
            // true or false only where the option takes them (`"showBackfaces": true`): a caption of
            // `true` is a mistake, not the text "true".
            if case .bool = value, spec?.values.contains("true") != true {
                throw UsageError("expected a number or a string, not true or false")
            }
            // A list only for offsets (found by review: `"layout": ["grid"]` was taken as "grid").
            if case .array = value, key != "offsets" { throw UsageError("expected a number or a string, not a list") }
            guard let text = value.optionText else { throw UsageError("expected a number or a string") }
            values[option] = text
        }
    }

    /// `display-scale` → `displayScale`.
    static func camelCase(_ kebab: String) -> String {
        let parts = kebab.split(separator: "-")
        return (parts.first.map(String.init) ?? "")
            + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Manifests larger than this are refused before they are read: 100,000 scenes fit in a few MiB,
    /// and a manifest's memory grows with its size.
    static let largestFile = 16 << 20

    /// The manifest's defaults and scenes, read strictly (`StrictJSON`).
    private static func read(_ path: String, name: String) throws(UsageError) -> (
        [String: ManifestValue], [[String: ManifestValue]], digest: String
    ) {
        let bytes: [UInt8]
        do {
            bytes =
                try path == "-"
                ? StandardInput.contents(limit: largestFile) : RegularFile.contents(atPath: path, limit: largestFile)
        } catch {
            switch error.cause {
            case .tooLarge: throw UsageError("\(name): the manifest is larger than \(largestFile >> 20) MiB")
            case .notRegularFile where SystemPath.isFolder(path):
                throw UsageError("\(name): cannot read the manifest: a folder, not a JSON file")
            case .notRegularFile:
                throw UsageError("\(name): cannot read the manifest: not a regular file (give - for standard input)")
            default: throw UsageError("\(name): cannot read the manifest: \(error.reason)")
            }
        }
        // A UTF-8 byte order mark, as Windows editors write one, is skipped (RFC 8259 allows it).
        let json = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let top: ManifestValue
        do { top = try StrictJSON.parse(json) } catch {
            throw UsageError("\(name): invalid manifest JSON: \(error)")
        }
        guard case .object(let members) = top else {
            throw UsageError("\(name): a manifest is a JSON object with \"scenes\"")
        }
        // An unknown key first: `"scen"` is a misspelt "scenes", not a manifest without scenes.
        if let unknown = members.keys.sorted().first(where: { $0 != "defaults" && $0 != "scenes" }) {
            let hint = Suggestion.hint(for: unknown, among: ["defaults", "scenes"])
            throw UsageError(
                "\(name): unknown key '\(unknown)'\(hint.isEmpty ? " (a manifest has \"defaults\" and \"scenes\")" : hint)"
            )
        }
        guard let scenesValue = members["scenes"] else {
            throw UsageError("\(name): a manifest is a JSON object with \"scenes\"")
        }
        var defaults: [String: ManifestValue] = [:]
        switch members["defaults"] {
        case nil, .null?: break
        case .object(let values)?: defaults = values
        default: throw UsageError("\(name): \"defaults\" must be an object")
        }
        guard case .array(let list) = scenesValue else { throw UsageError("\(name): \"scenes\" must be a list") }
        var scenes: [[String: ManifestValue]] = []
        for (position, item) in list.enumerated() {
            guard case .object(let scene) = item else {
                throw UsageError("\(name): scene \(position + 1): a scene is an object")
            }
            scenes.append(scene)
        }
        return (defaults, scenes, SHA256.hex(bytes))
    }
}
