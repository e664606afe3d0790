import GalleryCore

/// Why a caption font cannot be used: its file cannot be read, or FreeType or HarfBuzz cannot read
/// it as a font.
public struct FontError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Cause: Sendable, Equatable {
        case file(FileError)
        /// FreeType's or HarfBuzz's reason.
        case notAFont(String)
        /// None of the places the default font is looked for holds it.
        case notInstalled(searched: [String])
    }

    public var path: String
    public var cause: Cause

    public init(path: String, cause: Cause) { (self.path, self.cause) = (path, cause) }

    public var description: String {
        switch cause {
        case .file(let error): return "font: \(error)"
        case .notAFont(let reason): return "font \(path): not a font this tool reads (\(reason))"
        case .notInstalled(let searched):
            return "font \(path) not found (looked in \(searched.joined(separator: ", "))); "
                + "install Debian's fonts-inter (Tools/install-deps.sh) or give --font PATH"
        }
    }
}
