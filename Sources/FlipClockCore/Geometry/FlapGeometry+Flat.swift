import Glibc

extension FlapGeometry {
    /// At most how far, in pixels, any point of a flap turned `degrees` out of lying flat on
    /// its `half` is drawn from where it lies flat: the far edge comes toward the eye by
    /// `h·sin φ` (so every point moves away from the vanishing point by its distance from it
    /// times `z/(D − z)`) and in toward the hinge by `h·(1 − cos φ)`. An upper bound.
    public func shift(fromFlat degrees: Double, half: CardHalf) -> Double {
        let phi = abs(degrees) * .pi / 180
        let z = halfHeight * sin(phi)
        guard z < eyeDistance else { return .infinity }
        let farY = half == .top ? hingeY - halfHeight : hingeY + halfHeight
        let reach = [cardX, cardX + cardWidth].map { hypot($0 - vanishingX, farY - vanishingY) }.max()! + halfHeight
        return (reach * z + halfHeight * (1 - cos(phi)) * eyeDistance) / (eyeDistance - z)
    }
}
