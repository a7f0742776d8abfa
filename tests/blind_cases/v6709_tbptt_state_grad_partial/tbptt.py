"""GRU encoder trained with truncated BPTT: the hidden state is carried from chunk to
chunk and cut from the graph at every chunk boundary."""
import functools

import torch
import torch.nn as nn


def clip_state_grad(grad, max_norm, sink):
    norm = grad.norm()
    sink.append(norm.item())
    return grad * torch.clamp(max_norm / (norm + 1e-6), max=1.0)


class ChunkedGRUEncoder(nn.Module):
    def __init__(self, n_in, n_hidden, state_clip=1.0):
        super().__init__()
        self.cell = nn.GRUCell(n_in, n_hidden)
        self.state_clip = state_clip
        self.state = None
        self.state_grad_norms = []

    def reset(self):
        self.state = None

    def forward(self, chunk):
        if self.state is None:
            h = chunk.new_zeros(chunk.shape[0], self.cell.hidden_size)
        else:
            h = self.state.detach()
        clip = functools.partial(clip_state_grad, max_norm=self.state_clip, sink=self.state_grad_norms)
        outputs = []
        for t in range(chunk.shape[1]):
            h = self.cell(chunk[:, t], h)
            if h.requires_grad:
                h.register_hook(clip)
            outputs.append(h)
        self.state = h
        return torch.stack(outputs, dim=1)
