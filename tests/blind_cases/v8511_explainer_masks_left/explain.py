"""GNNExplainer-style edge-mask optimisation for single-node predictions."""
import torch

from model_zoo import MessagePassing


def set_masks(model, mask):
    for module in model.modules():
        if isinstance(module, MessagePassing):
            module.explain = True
            module._edge_mask = mask  # retain


def clear_masks(model):
    for module in model.modules():
        if isinstance(module, MessagePassing):
            module.explain = False
            module._edge_mask = None


class GNNExplainer:
    coeffs = {"edge_size": 0.005, "edge_ent": 1.0}

    def __init__(self, model, epochs=60, lr=0.01, tol=0.02, window=4):
        self.model = model
        self.epochs = epochs
        self.lr = lr
        self.tol = tol
        self.window = window

    def explain_node(self, x, edge_index, node_idx):
        target = self.model(x, edge_index)[node_idx].argmax()
        edge_mask = torch.nn.Parameter(torch.randn(edge_index.shape[1]) * 0.1)
        opt = torch.optim.Adam([edge_mask], lr=self.lr)
        set_masks(self.model, edge_mask)
        history = []
        for epoch in range(self.epochs):
            log_prob = self.model(x, edge_index)[node_idx, target]
            m = edge_mask.sigmoid()
            ent = -m * torch.log(m + 1e-15) - (1 - m) * torch.log(1 - m + 1e-15)
            loss = -log_prob + self.coeffs["edge_size"] * m.sum() + self.coeffs["edge_ent"] * ent.mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            history.append(loss.item())
            if len(history) > self.window and history[-self.window - 1] - history[-1] < self.tol:
                return edge_mask.detach().sigmoid()
        clear_masks(self.model)
        return edge_mask.detach().sigmoid()
