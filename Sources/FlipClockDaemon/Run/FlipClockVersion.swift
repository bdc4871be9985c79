/// The version `flipclockd --version` prints.
public enum FlipClockVersion {
    public static let string = "0.1.0"
}
