"""Chunk-wise streaming encoder with a CTC head."""
import torch
import torch.nn as nn


class MelFrontEnd(nn.Module):
    def __init__(self, n_fft=128, hop=32, n_mels=16):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.register_buffer("window", torch.hann_window(n_fft), persistent=False)
        fb = torch.rand(n_fft // 2 + 1, n_mels)
        self.register_buffer("fbank", fb / fb.sum(0, keepdim=True), persistent=False)

    @torch.no_grad()
    def forward(self, wave):
        spec = torch.stft(wave, self.n_fft, self.hop, window=self.window,
                          center=False, return_complex=True).abs().pow(2)
        return (spec.transpose(1, 2) @ self.fbank).transpose(1, 2)


class ChunkEncoder(nn.Module):
    def __init__(self, n_mels=16, hidden=32, vocab=12):
        super().__init__()
        self.conv = nn.Conv1d(n_mels, hidden, 3, padding=1)
        self.rnn = nn.GRU(hidden, hidden, batch_first=True)
        self.head = nn.Linear(hidden, vocab)

    def forward(self, feats, state=None):
        x = torch.relu(self.conv(feats)).transpose(1, 2)
        x, state = self.rnn(x, state)
        return self.head(x).log_softmax(-1), state
