// The types a caller of GalleryRender passes and gets back (sizes, layouts, images, comparisons)
// come from the modules below it; importing GalleryRender imports them too.
@_exported import GalleryCore
@_exported import GalleryLayout
@_exported import ImageCodecs
@_exported import Raster
@_exported import RenderPipeline
@_exported import VisualDiff
