"""Weight-normalized MLP classifier with data-dependent initialization
(Salimans & Kingma, 2016): one-shot forward hooks rescale g and b so that the
first batch leaves every layer with zero-mean, unit-variance pre-activations."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import weight_norm

CONFIG = {
    "in_dim": 12,
    "hidden": 32,
    "classes": 4,
    "aux_classes": 6,
    "distill": False,
    "init_batch": 64,
    "epochs": 2,
    "batches": 3,
    "batch_size": 32,
    "lr": 1e-2,
    "init_scale": 1.0,
}


class WNClassifier(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.fc1 = weight_norm(nn.Linear(cfg["in_dim"], cfg["hidden"]))
        self.fc2 = weight_norm(nn.Linear(cfg["hidden"], cfg["hidden"]))
        self.head = weight_norm(nn.Linear(cfg["hidden"], cfg["classes"]))
        self.aux_head = weight_norm(nn.Linear(cfg["hidden"], cfg["aux_classes"]))
        self.init_stats = {}

    def features(self, x):
        return F.elu(self.fc2(F.elu(self.fc1(x))))

    def forward(self, x):
        return self.head(self.features(x))

    def forward_aux(self, x):
        return self.aux_head(self.features(x))


def data_dependent_init(model, batch, init_scale=1.0):
    handles = {}
    for name, layer in model.named_modules():
        if not hasattr(layer, "weight_g"):
            continue

        def ddi_hook(module, inputs, output, name=name):  # cycle
            with torch.no_grad():
                mean, std = output.mean(0), output.std(0) + 1e-6
                module.weight_g.mul_((init_scale / std).unsqueeze(1))
                module.bias.sub_(mean).mul_(init_scale / std)
                model.init_stats[name] = (mean.abs().mean().item(), std.mean().item())
            handles.pop(name).remove()
            return (output - mean) * (init_scale / std)

        handles[name] = layer.register_forward_hook(ddi_hook)  # cycle
    with torch.no_grad():
        model(batch)


def train(model, cfg):
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["batches"]):
            x = torch.randn(cfg["batch_size"], cfg["in_dim"])
            y = x[:, :cfg["classes"]].argmax(1)
            loss = F.cross_entropy(model(x), y)
            if cfg["distill"]:
                loss = loss + F.cross_entropy(model.forward_aux(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item()


def main():
    for seed in range(2):
        torch.manual_seed(seed)
        model = WNClassifier(CONFIG)
        data_dependent_init(model, torch.randn(CONFIG["init_batch"], CONFIG["in_dim"]), CONFIG["init_scale"])
        final = train(model, CONFIG)
        assert final == final


if __name__ == "__main__":
    main()
