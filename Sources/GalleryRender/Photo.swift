import Foundation
import GalleryCore

/// A photo an item shows: a file (PNG, JPEG, HEIF, AVIF or WebP, decoded as the command line decodes it) or pixels
/// already decoded.
public enum Photo: Sendable {
    case file(URL)
    case image(RGBAImage)
}
