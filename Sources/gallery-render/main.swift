import GalleryCLI

#if canImport(Glibc)
    import Glibc
#endif

exit(GalleryCommand.main(arguments: GalleryCommand.processArguments()))
