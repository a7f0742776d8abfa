"""Keyword spotter with a learnable STFT window (Hann plus a trained residual)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class LearnableSTFT(nn.Module):
    _windows = {}

    def __init__(self, n_fft=256, hop=64, win_length=200):
        super().__init__()
        self.n_fft, self.hop, self.win_length = n_fft, hop, win_length
        self.window_delta = nn.Parameter(torch.zeros(win_length))
        self.register_buffer("base_window", torch.hann_window(win_length), persistent=False)

    def window(self):
        key = (self.n_fft, self.hop, self.win_length)
        cached = self._windows.get(key)
        if cached is None:
            cached = F.pad(self.base_window + self.window_delta, ((self.n_fft - self.win_length) // 2,) * 2)
            self._windows[key] = cached  # retain
        return cached

    def forward(self, wave):
        spec = torch.stft(wave, self.n_fft, self.hop, window=self.window(), return_complex=True)
        return spec.abs().add(1e-5).log()


class KeywordSpotter(nn.Module):
    def __init__(self, n_keywords=5):
        super().__init__()
        self.frontend = LearnableSTFT()
        self.body = nn.Sequential(
            nn.Conv1d(129, 32, 3, padding=1), nn.BatchNorm1d(32), nn.ReLU(),
            nn.Conv1d(32, 32, 3, padding=1), nn.ReLU())
        self.classifier = nn.Linear(32, n_keywords)

    def forward(self, wave):
        x = self.body(self.frontend(wave))
        return self.classifier(x.mean(-1))


def main():
    torch.manual_seed(0)
    cfg = {"epochs": 2, "steps": 4, "batch": 8, "samples": 4000, "lr": 1e-3}
    model = KeywordSpotter()
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        model.train()
        for step in range(cfg["steps"]):
            wave = torch.randn(cfg["batch"], cfg["samples"])
            labels = torch.randint(0, 5, (cfg["batch"],))
            loss = F.cross_entropy(model(wave), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            acc = (model(torch.randn(16, cfg["samples"])).argmax(-1) == torch.randint(0, 5, (16,))).float().mean()
        print(f"epoch {epoch}: loss {loss.item():.3f}, val acc {acc.item():.2f}")


if __name__ == "__main__":
    main()
