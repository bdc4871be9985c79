import FlipClockCore
import FlipClockFont
import Testing

/// Pixel goldens of one flip, 12:59 → 13:00, at rest and at the angles where it is hardest to
/// get right: small, just before and just after edge-on, and landing.
@Suite struct FlipGoldenTests {
    static let font = Result { try FontFace(path: ClockConfiguration.defaultFontPath) }

    func renderer() throws -> FaceRenderer {
        let configuration = ClockConfiguration()
        return FaceRenderer(
            layout: configuration.layout(width: 480, height: 200),
            values: configuration.time.values(at: WallTime(hour: 12, minute: 59, second: 0)),
            style: configuration.style, glyphs: try Self.font.get(), perspective: configuration.perspective
        )
    }

    static let from = ["1", "2", "5", "9"], to = ["1", "3", "0", "0"]

    @Test(arguments: [0.0, 30, 89, 91, 150, 180])
    func flipAtAngle(_ angle: Double) throws {
        var r = try renderer()
        _ = try r.draw(zip(Self.from, Self.to).map { ContactSheet.pose(from: $0, to: $1, angle: angle) })
        try Golden.check(r.canvas, named: "flip-\(Int(angle))")
    }

    @Test func aFlatFlapLooksExactlyLikeTheCardAtRest() throws {
        var resting = try renderer(), posed = try renderer()
        _ = try resting.draw(Self.from.map(CardPicture.resting))
        let flat = zip(Self.from, Self.to).map { a, b in
            CardPicture(phase: .topToMiddle, top: b, bottom: a, flap: Flap(value: a, half: .top, angle: 0))
        }
        _ = try posed.draw(flat)
        // The static bottom is lit normally at 0° and the flap covers the next top exactly.
        #expect(Golden.difference(resting.canvas, posed.canvas) == nil)
    }

    @Test func aLandedFlapLooksExactlyLikeTheNextCardAtRest() throws {
        var resting = try renderer(), posed = try renderer()
        _ = try resting.draw(Self.to.map(CardPicture.resting))
        let landed = zip(Self.from, Self.to).map { a, b in
            a == b ? CardPicture.resting(a) : CardPicture(phase: .middleToBottom, top: b, bottom: a, flap: Flap(value: b, half: .bottom, angle: 180))
        }
        _ = try posed.draw(landed)
        // Only the shadow the landed flap casts differs, and it is fully covered.
        #expect(Golden.difference(resting.canvas, posed.canvas) == nil)
    }

    /// What the renderer leaves undrawn under a flap must be what the flap covers: the flap
    /// drawn over two different pictures gives the same pixels there, at every angle.
    @Test func theFlapsOpaqueColumnsDoNotDependOnWhatLiesUnder() throws {
        let configuration = ClockConfiguration()
        var images = CardImageCache(style: configuration.style, glyphs: try Self.font.get())
        let card = try images.image("7", width: 120, height: 180)
        let bounds = DamageRect(x: 0, y: 0, width: 240, height: 300)
        var covered = 0
        for angle in stride(from: 0.0, through: 180, by: 2.5) {
            let half: CardHalf = angle < 90 ? .top : .bottom
            let geometry = FlapGeometry(
                cardX: 70, cardWidth: 120, hingeY: 150, halfHeight: 90, vanishingX: 60, vanishingY: 170, eyeDistance: 900)
            let projection = FlapProjection(geometry: geometry, angle: angle)
            // The flap drawn next takes the rows' geometry worked out here.
            var flap = FlapRenderer()
            let (top, columns) = flap.opaqueColumns(
                card.half(half), opaque: card.opaqueRuns(half), half: half, projection: projection, canvas: bounds, clip: bounds)
            var dark = Canvas(width: 240, height: 300, fill: 0xFF00_0000), light = Canvas(width: 240, height: 300, fill: 0xFFFF_FFFF)
            for y in 0..<300 { for x in 0..<240 where (x ^ y) & 4 == 0 { dark[x, y] = 0xFF40_8020 } }
            flap.draw(card.half(half), half: half, projection: projection, shade: 200, into: &dark, clip: bounds)
            flap.draw(card.half(half), half: half, projection: projection, shade: 200, into: &light, clip: bounds)
            for (j, run) in columns.enumerated() {
                for x in run {
                    covered += 1
                    #expect(dark[x, top + j] == light[x, top + j], "at \(angle)°, (\(x), \(top + j))")
                    if dark[x, top + j] != light[x, top + j] { return }
                }
            }
        }
        // Most of a flap is opaque: 73 angles of a 120-pixel-wide flap cover well over this.
        #expect(covered > 73 * 60 * 100)
    }

    /// Redrawing only what changed must give exactly the frame drawn from scratch, at every
    /// step of a flip and after it.
    @Test func drawingOnlyWhatChangedEqualsDrawingEverything() throws {
        var incremental = try renderer()
        _ = try incremental.draw(Self.from.map(CardPicture.resting))
        for angle in stride(from: 0.0, through: 180, by: 7.5) + [180] {
            let pictures = zip(Self.from, Self.to).map { ContactSheet.pose(from: $0, to: $1, angle: angle) }
            _ = try incremental.draw(pictures)
            var fresh = try renderer()
            _ = try fresh.draw(pictures)
            #expect(Golden.difference(fresh.canvas, incremental.canvas) == nil, "at \(angle)°")
        }
    }

    /// Frame by frame at 60 Hz through a flip and its landing's bounce, on cards large enough
    /// that the bounce's frames are drawn, what the renderer redraws (only what changed; the
    /// static half under a flap and the flap sharing their rows' geometry) must be exactly the
    /// frame drawn from scratch.
    @Test func framesThroughTheBounceEqualDrawingEverything() throws {
        let configuration = ClockConfiguration()
        func renderer() throws -> FaceRenderer {
            FaceRenderer(
                layout: configuration.layout(width: 960, height: 540), values: Self.from, style: configuration.style,
                glyphs: try Self.font.get(), timing: .standard, perspective: configuration.perspective)
        }
        var incremental = try renderer()
        _ = try incremental.frame(at: .zero)
        let start = Duration.milliseconds(5)
        incremental.show(Self.to, at: start)
        var bounceFrames = 0
        for k in 1...42 {
            let now = start + .nanoseconds(16_666_667 * Int64(k))
            let pictures = incremental.pictures(at: now)
            let damage = try incremental.frame(at: now)
            if now - start > .milliseconds(500), !damage.isEmpty { bounceFrames += 1 }
            var fresh = try renderer()
            _ = try fresh.draw(pictures)
            #expect(Golden.difference(fresh.canvas, incremental.canvas) == nil, "frame \(k)")
        }
        #expect(bounceFrames >= 3, "\(bounceFrames) frames drawn in the landing")
    }

    @Test func aStillFaceDrawsNothingAndReturnsNoDamage() throws {
        var r = try renderer()
        let first = try r.frame(at: .zero)
        #expect(first == [r.canvas.bounds])
        #expect(try r.frame(at: .seconds(1)) == [])
        #expect(try r.frame(at: .seconds(100)) == [])
    }

    @Test func onlyTheMovingCardsAreDamaged() throws {
        var r = try renderer()
        _ = try r.frame(at: .zero)
        r.show(["1", "2", "5", "8"], at: .seconds(1))
        let damage = try r.frame(at: .seconds(1) + .milliseconds(100))
        let lastCard = r.layout.slots[3].rect
        let topHalf = DamageRect(x: lastCard.x, y: lastCard.y, width: lastCard.width, height: lastCard.height / 2)
        #expect(damage.count == 1)
        #expect(damage[0].clipped(to: topHalf) == topHalf)
        // Early in the turn the flap's shadow reaches a few rows below the hinge: the rest of
        // the bottom half is lit as it was, and not redrawn.
        #expect(damage[0].maxY > topHalf.maxY && damage[0].maxY < lastCard.maxY)
        #expect(damage[0].clipped(to: r.layout.slots[1].rect).isEmpty)
        // When the flip is over: one last frame with the card at rest, then nothing.
        #expect(try r.frame(at: .seconds(2)).count == 1)
        #expect(try r.frame(at: .seconds(3)) == [])
    }
}

/// A flip's first and last frames, whose flap is within half a pixel of lying flat, are the
/// card at rest: nothing is drawn for them but the landing.
@Suite struct FlatFrameTests {
    @Test func framesWithinHalfAPixelOfFlatDrawNothingButTheLanding() throws {
        var r = try FlipGoldenTests().renderer(), resting = try FlipGoldenTests().renderer()
        _ = try r.draw(FlipGoldenTests.from.map(CardPicture.resting))
        _ = try resting.draw(FlipGoldenTests.to.map(CardPicture.resting))
        let poses = [0.01, 0.2, 1, 5, 175, 179, 179.8, 179.99]
        let drawn = try poses.map { angle in
            try r.draw(zip(FlipGoldenTests.from, FlipGoldenTests.to).map { ContactSheet.pose(from: $0, to: $1, angle: angle) })
        }
        // These cards are 100 px tall, each turning in its own perspective: 1° off flat moves
        // no point by half a pixel (about 0.2 px at most), 5° does (about 1 px). At 179° the three turning
        // cards have landed (their damage is the landing); after that nothing is left to draw.
        // (Toward the face's centre, the cards farther out moved more: one still drew at 1°
        // and at 179.8°.)
        #expect(drawn.map(\.count) == [0, 0, 0, 3, 3, 3, 0, 0])
        #expect(Golden.difference(resting.canvas, r.canvas) == nil)
    }
}
