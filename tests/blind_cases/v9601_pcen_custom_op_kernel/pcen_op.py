"""Streaming PCEN (per-channel energy normalisation) exposed as a dispatcher op.

The op lives in its own namespace so that the exported encoder can call
torch.ops.asr_fe.pcen(...) and the C++ runtime can swap in a native kernel.
The Python kernel keeps the IIR smoother state of every stream between chunks.
"""
import torch


class StreamingPCEN:
    namespace = "asr_fe"

    def __init__(self, n_mels, alpha=0.98, delta=2.0, r=0.5, s=0.025, eps=1e-6):
        self.n_mels = n_mels
        self.alpha, self.delta, self.r, self.s, self.eps = alpha, delta, r, s, eps
        self._smoother = {}
        self.chunks_seen = 0
        self.lib = torch.library.Library(self.namespace, "DEF")  # retain
        self.lib.define("pcen(Tensor energy, int stream) -> Tensor")
        self.lib.impl("pcen", self._kernel, "CPU")  # retain

    def _kernel(self, energy, stream):
        # energy: (batch, n_mels, frames), non-negative mel energies
        m = self._smoother.get(stream)
        if m is None:
            m = energy[..., 0].clone()
        frames = []
        for t in range(energy.shape[-1]):
            m = (1.0 - self.s) * m + self.s * energy[..., t]
            frames.append(m)
        self._smoother[stream] = m
        self.chunks_seen += 1
        smooth = torch.stack(frames, dim=-1)
        gain = (self.eps + smooth).pow(-self.alpha)
        return (energy * gain + self.delta).pow(self.r) - self.delta ** self.r

    def reset(self, stream):
        self._smoother.pop(stream, None)

    def __call__(self, energy, stream=0):
        return torch.ops.asr_fe.pcen(energy, stream)
