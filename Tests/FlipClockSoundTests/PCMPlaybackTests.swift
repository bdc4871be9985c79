import CALSA
import Testing

@testable import FlipClockSound

/// The ALSA boundary: a device that is not there is named with ALSA's reason, and one that is plays.
@Suite struct PCMPlaybackTests {
    @Test func aMissingDeviceIsNamedWithALSAsReason() {
        let error = #expect(throws: SoundError.self) { try PCMPlayback(device: "no_such_pcm", rate: 48_000, latency: .milliseconds(40)) }
        #expect(error?.description == "sound device \"no_such_pcm\": snd_pcm_open: No such file or directory")
    }

    @Test func alsasNullDeviceTakesSamplesAndStopsAndStartsAgain() throws {
        let pcm = try PCMPlayback(device: "null", rate: 48_000, latency: .milliseconds(40))
        defer { pcm.close() }
        #expect(try pcm.write([Int16](repeating: 1000, count: 480)) == .played)
        try pcm.stop()
        #expect(try pcm.write([Int16](repeating: -1000, count: 480)) == .played)
    }
}
