/// Entry point of the `gallery-render` command line.
public enum GalleryCommand {
    /// Runs the command with `arguments` (without the program name) and returns the exit code.
    public static func main(arguments: [String]) -> Int32 {
        0
    }
}
