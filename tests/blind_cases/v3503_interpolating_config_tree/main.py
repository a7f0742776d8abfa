"""Grid search over width/depth; every trial derives its config from a shared base."""
import torch
import torch.nn as nn

from confnode import ConfigNode

BASE = ConfigNode({
    "data": {"features": 10, "classes": 4, "batch_size": 16},
    "model": {"in_dim": "${data.features}", "width": 32, "depth": 2, "out_dim": "${data.classes}"},
    "optim": {"name": "adamw", "lr": 3e-3, "weight_decay": 0.01},
    "trainer": {"steps": 3, "run_name": "w${model.width}-d${model.depth}"},
})


class MLP(nn.Module):
    def __init__(self, mcfg):
        super().__init__()
        self.hparams = mcfg
        layers, dim = [], mcfg.in_dim
        for _ in range(mcfg.depth):
            layers += [nn.Linear(dim, mcfg.width), nn.ReLU()]
            dim = mcfg.width
        layers.append(nn.Linear(dim, mcfg.out_dim))
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return self.net(x)


def make_optimizer(ocfg, params):
    if ocfg.name == "adamw":
        return torch.optim.AdamW(params, lr=ocfg.lr, weight_decay=ocfg.weight_decay)
    return torch.optim.SGD(params, lr=ocfg.lr)


def run_trial(cfg):
    model = MLP(cfg.model)
    opt = make_optimizer(cfg.optim, model.parameters())
    for _ in range(cfg.trainer.steps):
        x = torch.randn(cfg.data.batch_size, cfg.data.features)
        y = torch.randint(0, cfg.data.classes, (cfg.data.batch_size,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return cfg.trainer.run_name, loss.item()


def main():
    scores = {}
    for width in (16, 32):
        for depth in (1, 2):
            cfg = BASE.merge({"model.width": width, "model.depth": depth})
            name, final = run_trial(cfg)
            scores[name] = final
    assert len(scores) == 4


if __name__ == "__main__":
    main()
