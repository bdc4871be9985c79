import CALSA

/// An ALSA PCM opened for playback: mono signed 16-bit samples at one rate, written as they
/// are due; playback starts at the first sample written after ``prepare()``.
///
/// The one owner of its `snd_pcm_t`; ``close()`` lets it go (for the `file` plugin, that is
/// when the WAV file's header gets its length).
final class PCMPlayback {
    let device: String
    let rate: Int
    private var pcm: OpaquePointer?

    /// Opens `device` at `rate` Hz with `latency` of buffer (ALSA's plug layers convert for
    /// a device that plays another format).
    ///
    /// The corresponding C functions are `snd_pcm_open`, `snd_pcm_set_params` and `snd_pcm_sw_params`.
    init(device: String, rate: Int, latency: Duration) throws(SoundError) {
        var handle: OpaquePointer?
        try alsa("snd_pcm_open", device) { snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK) }
        do throws(SoundError) {
            // Non-blocking only to open (a device another program holds fails at once instead of hanging the thread).
            try alsa("snd_pcm_nonblock", device) { snd_pcm_nonblock(handle, 0) }
            let microseconds = UInt32(latency.components.seconds * 1_000_000 + latency.components.attoseconds / 1_000_000_000_000)
            try alsa("snd_pcm_set_params", device) {
                snd_pcm_set_params(handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1, UInt32(rate), 1, microseconds)
            }
            // snd_pcm_set_params waits for a full buffer before it starts; the player keeps
            // only a few milliseconds written ahead, so the first sample starts it.
            var sw: OpaquePointer?
            try alsa("snd_pcm_sw_params_malloc", device) { snd_pcm_sw_params_malloc(&sw) }
            defer { snd_pcm_sw_params_free(sw) }
            try alsa("snd_pcm_sw_params_current", device) { snd_pcm_sw_params_current(handle, sw) }
            try alsa("snd_pcm_sw_params_set_start_threshold", device) { snd_pcm_sw_params_set_start_threshold(handle, sw, 1) }
            try alsa("snd_pcm_sw_params", device) { snd_pcm_sw_params(handle, sw) }
        } catch {
            snd_pcm_close(handle)
            throw error
        }
        self.device = device
        self.rate = rate
        pcm = handle
    }

    deinit { assert(pcm == nil, "PCMPlayback.close() was not called") }

    /// What became of a write.
    enum Written: Equatable {
        case played
        /// The device ran dry before it (an underrun) and was started again: the samples
        /// written play from now on.
        case restarted
    }

    /// Writes `samples`, waiting while the device's buffer is full.
    ///
    /// The corresponding C functions are `snd_pcm_writei` and, after an underrun or a
    /// suspend, `snd_pcm_recover`.
    func write(_ samples: [Int16]) throws(SoundError) -> Written {
        var offset = 0
        var result = Written.played
        while offset < samples.count {
            let n = samples.withUnsafeBufferPointer { buffer in
                snd_pcm_writei(pcm, buffer.baseAddress! + offset, snd_pcm_uframes_t(samples.count - offset))
            }
            if n >= 0 {
                offset += n
                continue
            }
            // EPIPE (underrun), ESTRPIPE (suspended), EINTR: recovered, then the rest written.
            try alsa("snd_pcm_writei", device) { snd_pcm_recover(pcm, Int32(n), 1) }
            result = .restarted
        }
        return result
    }

    /// Stops at once, dropping what is left to play, and makes ready for the next write.
    ///
    /// The corresponding C functions are `snd_pcm_drop` and `snd_pcm_prepare`.
    func stop() throws(SoundError) {
        try alsa("snd_pcm_drop", device) { snd_pcm_drop(pcm) }
        try alsa("snd_pcm_prepare", device) { snd_pcm_prepare(pcm) }
    }

    /// Plays what is written to its end, then closes the device.
    ///
    /// The corresponding C functions are `snd_pcm_drain` and `snd_pcm_close`.
    func close() {
        guard let pcm else { return }
        snd_pcm_drain(pcm)
        snd_pcm_close(pcm)
        self.pcm = nil
    }
}
