"""Small pre-norm encoder fine-tuned with layer-wise learning-rate decay."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from ownership import adopt, parent_of, qualified_name

CFG = {"dim": 16, "depth": 3, "lr": 3e-3, "decay": 0.7, "runs": 2, "steps": 4}


class MixerLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mix = nn.Linear(dim, dim)
        self.gamma = nn.Parameter(torch.zeros(dim))

    def reset_scale(self):
        self.gamma.data.fill_(parent_of(self).layer_scale_init)

    def forward(self, x):
        return x + self.gamma * self.mix(self.norm(x))


class Encoder(nn.Module):
    def __init__(self, dim, depth, layer_scale_init=0.1):
        super().__init__()
        self.layer_scale_init = layer_scale_init
        self.embed = nn.Linear(8, dim)
        self.layers = [adopt(self, "layer%d" % i, MixerLayer(dim)) for i in range(depth)]
        self.head = nn.Linear(dim, 3)
        for layer in self.layers:
            layer.reset_scale()

    def forward(self, x):
        h = self.embed(x)
        for layer in self.layers:
            h = layer(h)
        return self.head(h.mean(dim=1))


def param_groups(model, base_lr, decay):
    depth = len(model.layers)
    groups = [{"params": list(model.head.parameters()), "lr": base_lr},
              {"params": list(model.embed.parameters()), "lr": base_lr * decay ** (depth + 1)}]
    for layer in model.layers:
        idx = int(qualified_name(layer).replace("layer", ""))
        groups.append({"params": list(layer.parameters()), "lr": base_lr * decay ** (depth - idx)})
    return groups


def main():
    for run in range(CFG["runs"]):
        torch.manual_seed(run)
        model = Encoder(CFG["dim"], CFG["depth"])
        opt = torch.optim.AdamW(param_groups(model, CFG["lr"], CFG["decay"]))
        for _ in range(CFG["steps"]):
            x, y = torch.randn(10, 5, 8), torch.randint(0, 3, (10,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print("run", run, "loss %.3f" % loss.item())


if __name__ == "__main__":
    main()
