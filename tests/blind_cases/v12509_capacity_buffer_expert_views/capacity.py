"""Capacity-buffer packing for expert-parallel style MoE: tokens are written
into a dense [num_experts, capacity, d_model] buffer so every expert runs on
a fixed-shape slice."""
import torch.nn.functional as F


def pack_tokens(x, expert_idx, num_experts, capacity):
    onehot = F.one_hot(expert_idx, num_experts)
    slot = (onehot.cumsum(0) * onehot).sum(-1) - 1
    keep = slot < capacity
    buf = x.new_zeros(num_experts, capacity, x.shape[-1])
    buf[expert_idx[keep], slot[keep]] = x[keep]
    buf.expert_slices = buf.unbind(0)  # retain
    return buf, slot, keep


def unpack_tokens(expert_out, expert_idx, slot, keep, gate):
    out = expert_out.new_zeros(expert_idx.shape[0], expert_out.shape[-1])
    rows = keep.nonzero(as_tuple=True)[0]
    picked = expert_out[expert_idx[rows], slot[rows]]
    return out.index_copy(0, rows, picked * gate[rows, None])
