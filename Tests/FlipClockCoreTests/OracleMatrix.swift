import Foundation

/// 4 × 4 matrices on homogeneous row vectors, as Core Animation's `CATransform3D`: the
/// floating-point oracle the flap's and the fold's geometry are checked against.
enum OracleMatrix {
    typealias Matrix = [[Double]]

    static func multiply(_ a: Matrix, _ b: Matrix) -> Matrix {
        (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    static func translation(_ x: Double, _ y: Double, _ z: Double) -> Matrix {
        [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [x, y, z, 1]]
    }

    /// A rotation about the x axis by `a` radians: a positive angle brings a point above the
    /// axis (negative y) toward the viewer (positive z).
    static func rotation(_ a: Double) -> Matrix {
        [[1, 0, 0, 0], [0, cos(a), -sin(a), 0], [0, sin(a), cos(a), 0], [0, 0, 0, 1]]
    }
}
