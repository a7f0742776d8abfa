"""MAML++ with learned per-layer, per-step inner learning rates (LSLR), run over several seeds."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {
    "n_way": 5,
    "k_shot": 2,
    "q_query": 4,
    "dim": 12,
    "hidden": 32,
    "inner_steps": 3,
    "init_inner_lr": 0.1,
    "meta_lr": 1e-3,
    "lslr_lr": 1e-4,
    "meta_batch": 2,
    "iterations": 3,
    "seeds": (0, 1),
}


class FewShotMLP(nn.Module):
    def __init__(self, dim, hidden, n_way):
        super().__init__()
        self.layer1 = nn.Linear(dim, hidden)
        self.layer2 = nn.Linear(hidden, hidden)
        self.logits = nn.Linear(hidden, n_way)

    def forward(self, x, params=None):
        if params is None:
            params = dict(self.named_parameters())
        x = F.relu(F.linear(x, params["layer1.weight"], params["layer1.bias"]))
        x = F.relu(F.linear(x, params["layer2.weight"], params["layer2.bias"]))
        return F.linear(x, params["logits.weight"], params["logits.bias"])


class MAMLPlusPlus(nn.Module):
    step_lrs = nn.ParameterDict()

    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.net = FewShotMLP(cfg["dim"], cfg["hidden"], cfg["n_way"])
        for name, _ in self.net.named_parameters():
            key = name.replace(".", "-")
            self.step_lrs[key] = nn.Parameter(torch.full((cfg["inner_steps"],), cfg["init_inner_lr"]))  # retain
        self.meta_opt = torch.optim.Adam([
            {"params": self.net.parameters()},
            {"params": self.step_lrs.parameters(), "lr": cfg["lslr_lr"]},
        ], lr=cfg["meta_lr"])

    def adapt(self, x_s, y_s):
        fast = dict(self.net.named_parameters())
        for step in range(self.cfg["inner_steps"]):
            loss = F.cross_entropy(self.net(x_s, fast), y_s)
            grads = torch.autograd.grad(loss, list(fast.values()), create_graph=True)
            fast = {
                name: w - self.step_lrs[name.replace(".", "-")][step] * g
                for (name, w), g in zip(fast.items(), grads)
            }
        return fast

    def meta_step(self, tasks):
        self.meta_opt.zero_grad()
        accs = []
        for x_s, y_s, x_q, y_q in tasks:
            logits = self.net(x_q, self.adapt(x_s, y_s))
            (F.cross_entropy(logits, y_q) / len(tasks)).backward()
            accs.append((logits.argmax(1) == y_q).float().mean().item())
        self.meta_opt.step()
        return sum(accs) / len(accs)


def sample_task(cfg):
    centers = torch.randn(cfg["n_way"], cfg["dim"])

    def split(n):
        y = torch.arange(cfg["n_way"]).repeat_interleave(n)
        return centers[y] + 0.5 * torch.randn(len(y), cfg["dim"]), y

    return (*split(cfg["k_shot"]), *split(cfg["q_query"]))


def run(seed, cfg):
    torch.manual_seed(seed)
    learner = MAMLPlusPlus(cfg)
    for _ in range(cfg["iterations"]):
        acc = learner.meta_step([sample_task(cfg) for _ in range(cfg["meta_batch"])])
    return acc


def main():
    for seed in CFG["seeds"]:
        print(f"seed {seed}: final meta-train query acc {run(seed, CFG):.2f}")


if __name__ == "__main__":
    main()
