"""Multi-resolution log-mel front-ends that share analysis windows through a weak cache."""
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F

_WINDOWS = weakref.WeakValueDictionary()


def shared_window(kind, win_length, n_fft):
    key = (kind, win_length, n_fft)
    window = _WINDOWS.get(key)
    if window is None:
        with torch.no_grad():
            base = torch.hann_window(win_length) if kind == "hann" else torch.hamming_window(win_length)
            pad = (n_fft - win_length) // 2
            window = F.pad(base, (pad, n_fft - win_length - pad))
        _WINDOWS[key] = window
    return window


class LogMel(nn.Module):
    def __init__(self, n_fft, hop, n_mels=20, kind="hann"):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.register_buffer("window", shared_window(kind, int(n_fft * 0.8), n_fft), persistent=False)
        fb = torch.rand(n_fft // 2 + 1, n_mels)
        self.register_buffer("fbank", fb / fb.sum(0), persistent=False)

    def forward(self, wave):
        spec = torch.stft(wave, self.n_fft, self.hop, window=self.window, return_complex=True).abs().pow(2)
        return (spec.transpose(1, 2) @ self.fbank).add(1e-6).log()


class MultiResolutionTagger(nn.Module):
    def __init__(self, resolutions=((256, 64), (512, 64), (1024, 64)), n_mels=20, n_classes=6):
        super().__init__()
        self.frontends = nn.ModuleList(LogMel(n, h, n_mels) for n, h in resolutions)
        self.encoder = nn.GRU(n_mels * len(resolutions), 32, batch_first=True)
        self.head = nn.Linear(32, n_classes)

    def forward(self, wave):
        feats = [fe(wave) for fe in self.frontends]
        frames = min(f.shape[1] for f in feats)
        x, _ = self.encoder(torch.cat([f[:, :frames] for f in feats], dim=-1))
        return self.head(x.mean(1))


def main():
    torch.manual_seed(0)
    for run, lr in enumerate((1e-3, 3e-3)):
        student = MultiResolutionTagger()
        probe = MultiResolutionTagger(resolutions=((256, 64), (512, 128)))
        opt = torch.optim.Adam(student.parameters(), lr=lr)
        for step in range(3):
            wave, labels = torch.randn(4, 8000), torch.randint(0, 6, (4,))
            loss = F.cross_entropy(student(wave), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            agree = (probe(wave).argmax(-1) == student(wave).argmax(-1)).float().mean().item()
        print(f"run {run}: loss {loss.item():.3f}, shared windows {len(_WINDOWS)}, agreement {agree:.2f}")


if __name__ == "__main__":
    main()
