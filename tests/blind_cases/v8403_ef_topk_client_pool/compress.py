"""Update compression for the uplink: top-k sparsification with error feedback."""
import torch


def topk_sparsify(t, ratio):
    flat = t.reshape(-1)
    k = max(1, int(flat.numel() * ratio))
    _, idx = flat.abs().topk(k)
    out = torch.zeros_like(flat).scatter(0, idx, flat[idx])
    return out.view_as(t)


def compressed_bytes(t):
    nnz = int((t != 0).sum())
    return nnz * (t.element_size() + 8)
