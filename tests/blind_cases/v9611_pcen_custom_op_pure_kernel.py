"""Streaming PCEN as a dispatcher op whose kernel is a pure function of (chunk, state)."""
import torch
import torch.nn as nn

_LIB = torch.library.Library("asr_fe_pure", "DEF")
_LIB.define("pcen(Tensor energy, Tensor smoother, float s, float alpha, float delta, float r) -> (Tensor, Tensor)")


def _pcen_kernel(energy, smoother, s, alpha, delta, r):
    m, frames = smoother, []
    for t in range(energy.shape[-1]):
        m = (1.0 - s) * m + s * energy[..., t]
        frames.append(m)
    gain = (1e-6 + torch.stack(frames, dim=-1)).pow(-alpha)
    return (energy * gain + delta).pow(r) - delta ** r, m


_LIB.impl("pcen", _pcen_kernel, "CPU")


class PCENStream:
    """Per-stream smoother state, passed to the op and returned by it."""

    def __init__(self, alpha=0.98, delta=2.0, r=0.5, s=0.025):
        self.params = (s, alpha, delta, r)
        self.state = {}

    def __call__(self, energy, stream):
        smoother = self.state.get(stream)
        if smoother is None:
            smoother = energy[..., 0].clone()
        out, self.state[stream] = torch.ops.asr_fe_pure.pcen(energy, smoother, *self.params)
        return out

    def reset(self, stream):
        self.state.pop(stream, None)


class ChunkCTC(nn.Module):
    def __init__(self, n_mels=16, hidden=32, vocab=12):
        super().__init__()
        self.rnn = nn.GRU(n_mels, hidden, batch_first=True)
        self.head = nn.Linear(hidden, vocab)

    def forward(self, feats, state=None):
        x, state = self.rnn(feats.transpose(1, 2), state)
        return self.head(x).log_softmax(-1), state


def mel_energies(chunk, fbank, window):
    spec = torch.stft(chunk, 128, 32, window=window, center=False, return_complex=True).abs().pow(2)
    return (spec.transpose(1, 2) @ fbank).transpose(1, 2)


def main():
    torch.manual_seed(0)
    window, fbank = torch.hann_window(128), torch.rand(65, 16).softmax(0)
    pcen, model = PCENStream(), ChunkCTC()
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    ctc = nn.CTCLoss(zero_infinity=True)
    for utt in range(3):
        wave, targets, state = torch.randn(4, 3072), torch.randint(1, 12, (4, 4)), None
        for chunk in wave.split(1024, dim=-1):
            logp, state = model(pcen(mel_energies(chunk, fbank, window), stream=utt), state)
            state = state.detach()
            loss = ctc(logp.transpose(0, 1), targets, torch.full((4,), logp.shape[1]), torch.full((4,), 4))
            opt.zero_grad()
            loss.backward()
            opt.step()
        pcen.reset(utt)
        print(f"utt {utt}: loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
