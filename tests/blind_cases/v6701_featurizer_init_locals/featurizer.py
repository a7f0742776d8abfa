"""Streaming log-mel featurizer: accepts raw audio in arbitrary chunk sizes."""
import math

import torch

from hparams import capture_init_args, init_args_of


def mel_filterbank(sample_rate, n_fft, n_mels, f_min=20.0):
    def hz_to_mel(f):
        return 2595.0 * math.log10(1.0 + f / 700.0)

    n_freqs = n_fft // 2 + 1
    mel_pts = torch.linspace(hz_to_mel(f_min), hz_to_mel(sample_rate / 2), n_mels + 2)
    hz_pts = 700.0 * (10 ** (mel_pts / 2595.0) - 1.0)
    freqs = torch.linspace(0, sample_rate / 2, n_freqs)
    lower = (freqs[None, :] - hz_pts[:-2, None]) / (hz_pts[1:-1, None] - hz_pts[:-2, None])
    upper = (hz_pts[2:, None] - freqs[None, :]) / (hz_pts[2:, None] - hz_pts[1:-1, None])
    return torch.clamp(torch.minimum(lower, upper), min=0.0)


class StreamingFeaturizer:
    def __init__(self, sample_rate=16000, n_fft=400, hop_length=160, n_mels=40, dither=1e-5):
        capture_init_args(self, locals())
        self.window = torch.hann_window(n_fft)
        self.fbank = mel_filterbank(sample_rate, n_fft, n_mels)
        self.pending = torch.zeros(0)
        self.frames_emitted = 0

    def config(self):
        return {"type": type(self).__name__, **init_args_of(self)}

    def accept(self, chunk):
        """Append audio; return log-mel frames for every complete analysis window."""
        audio = torch.cat([self.pending, chunk])
        n_frames = 0 if audio.numel() < self.n_fft else 1 + (audio.numel() - self.n_fft) // self.hop_length
        if n_frames == 0:
            self.pending = audio
            return torch.zeros(0, self.n_mels)
        frames = audio.unfold(0, self.n_fft, self.hop_length)[:n_frames]
        frames = frames + self.dither * torch.randn_like(frames)
        spec = torch.fft.rfft(frames * self.window).abs().pow(2)
        self.pending = audio[n_frames * self.hop_length:]
        self.frames_emitted += n_frames
        return torch.log(spec @ self.fbank.T + 1e-6)
