import RenderPipeline

extension Console {
    /// Says once when the captions of `scene` have characters its font cannot draw (a box each, as
    /// the contract has it): someone localising should hear which, and that `--font` can fix it.
    /// The first `checkedItems` items' captions are shaped; `place` names the manifest scene, and
    /// `option` and `font` the caption's and the font's options (or keys).
    func missingGlyphs(of scene: Scene, option: String = "--caption", font: String = "--font", place: String = "") {
        guard !quiet, let captions = scene.captions else { return }
        // Each character once (a folder's names and numbers share most), each shaped alone.
        var characters: [Character] = []
        var seen: Set<Character> = []
        for index in 0..<min(scene.gallery.itemCount, Self.checkedItems) {
            let text = captions.pattern.caption(index: index, path: scene.photo(forItem: index))
            for character in text where seen.insert(character).inserted { characters.append(character) }
        }
        let missing = characters.filter { !captions.font.missingCharacters(in: String($0)).isEmpty }
        guard !missing.isEmpty else { return }
        let shown = missing.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ")
        let more = missing.count > 8 ? " and \(missing.count - 8) more" : ""
        let name = "\(captions.font.family) \(captions.font.style)"
        warning(
            "\(place)\(option): \(name) has no glyph for \(shown)\(more): each is drawn as a box (\(font) names a font that has them)"
        )
    }

    /// Captions checked for missing glyphs, at most: enough for every pattern's literal text and the
    /// names of a folder of photos, and quick (their distinct characters are shaped, once each).
    static let checkedItems = 1000
}
