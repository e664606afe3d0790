// The façade: what a caller of GalleryRender passes and gets back, and nothing else. Layouts and
// their values are GalleryLayout's, a library product of its own, re-exported whole; the rest is
// named one declaration at a time, so the renderers, caches, codecs and files stay out of a
// caller's namespace (the command line imports those modules itself).
@_exported import GalleryLayout
@_exported import struct GalleryCore.FileError
@_exported import struct GalleryCore.OutOfMemory
@_exported import struct GalleryCore.PixelSize
@_exported import struct GalleryCore.RGBAImage
@_exported import enum ImageCodecs.ColorSpace
@_exported import enum ImageCodecs.DecodeError
@_exported import enum ImageCodecs.EncodeError
@_exported import enum ImageCodecs.ImageFormat
@_exported import struct Raster.Color
@_exported import enum Raster.ContentMode
@_exported import struct Raster.ItemStyle
@_exported import enum Raster.Shape
@_exported import struct RenderPipeline.PhotoProblem
@_exported import struct RenderPipeline.Scene
@_exported import enum VisualDiff.Comparison
@_exported import enum VisualDiff.DiffSide
@_exported import enum RenderPipeline.MotionError
@_exported import enum RenderPipeline.MotionRequest
@_exported import struct VisualDiff.DiffCriteria
