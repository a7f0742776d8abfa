"""Graph augmentations applied to models before training (DropEdge, Rong et al. 2020)."""
import torch

from layers import MessagePassing


def make_drop_edge_hook(p, generator=None):
    def drop_edges(module, inputs):
        if not module.training or p == 0.0:
            return None
        x, edge_index = inputs
        keep = torch.rand(edge_index.shape[1], generator=generator) >= p
        return x, edge_index[:, keep]

    return drop_edges


def apply_drop_edge(model, p, generator=None):
    handles = []
    for module in model.modules():
        if isinstance(module, MessagePassing):
            handles.append(module.register_forward_pre_hook(make_drop_edge_hook(p, generator)))
    return handles
