"""Conditional neural field: a hypernetwork maps a shape code to the weights of
a small coordinate MLP, which is evaluated functionally on sampled points."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from layout import functional_forward, param_layout, unflatten

CONFIG = {
    "n_shapes": 4,
    "code_dim": 8,
    "field_dims": (2, 24, 24, 1),
    "hyper_hidden": 48,
    "points": 64,
    "epochs": 2,
    "lr": 2e-3,
    "runs": 2,
}


def build_field(dims):
    layers = []
    for i, (d_in, d_out) in enumerate(zip(dims[:-1], dims[1:])):
        layers.append(nn.Linear(d_in, d_out))
        if i < len(dims) - 2:
            layers.append(nn.SiLU())
    # the field's own parameters only describe shapes; its weights come from the hypernetwork
    return nn.Sequential(*layers).requires_grad_(False)


class FieldHyperNet(nn.Module):
    def __init__(self, field, n_shapes, code_dim, hidden):
        super().__init__()
        self.field = field
        self.codes = nn.Embedding(n_shapes, code_dim)
        _, total = param_layout(field)
        self.net = nn.Sequential(nn.Linear(code_dim, hidden), nn.SiLU(), nn.Linear(hidden, total))
        nn.init.normal_(self.net[-1].weight, std=1e-3)

    def forward(self, shape_ids, coords):
        flat = self.net(self.codes(shape_ids))
        outs = [functional_forward(self.field, unflatten(row, self.field), pts)
                for row, pts in zip(flat, coords)]
        return torch.stack(outs)


def signed_distance(shape_ids, coords):
    radius = 0.3 + 0.1 * shape_ids.float()
    return coords.norm(dim=-1, keepdim=True) - radius.view(-1, 1, 1)


def run(seed, cfg):
    torch.manual_seed(seed)
    field = build_field(cfg["field_dims"])
    hnet = FieldHyperNet(field, cfg["n_shapes"], cfg["code_dim"], cfg["hyper_hidden"])
    opt = torch.optim.Adam(hnet.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        for ids in torch.randperm(cfg["n_shapes"]).split(2):
            coords = torch.rand(len(ids), cfg["points"], 2) * 2 - 1
            loss = F.l1_loss(hnet(ids, coords), signed_distance(ids, coords))
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item()


def main():
    for seed in range(CONFIG["runs"]):
        run(seed, CONFIG)


if __name__ == "__main__":
    main()
