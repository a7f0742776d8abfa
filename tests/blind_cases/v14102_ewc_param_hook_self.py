"""Online EWC on permuted-feature tasks; the penalty gradient is added by parameter hooks."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"tasks": 3, "in_dim": 20, "classes": 4, "steps": 6, "batch": 32,
          "lr": 0.05, "ewc_lambda": 25.0, "gamma": 0.9, "fisher_batches": 3}


class OnlineEWC:
    def __init__(self, model, lam, gamma):
        self.model = model
        self.lam = lam
        self.gamma = gamma
        self.fisher = {}
        self.handles = []

    def _empirical_fisher(self, batches):
        fisher = {n: torch.zeros_like(p) for n, p in self.model.named_parameters()}
        self.model.eval()
        for x, _ in batches:
            logits = self.model(x)
            sampled = torch.distributions.Categorical(logits=logits).sample()
            self.model.zero_grad()
            F.cross_entropy(logits, sampled).backward()
            for n, p in self.model.named_parameters():
                fisher[n] += p.grad.detach().pow(2) / len(batches)
        self.model.zero_grad()
        self.model.train()
        return fisher

    def consolidate(self, batches):
        for h in self.handles:
            h.remove()
        self.handles.clear()
        for n, f in self._empirical_fisher(batches).items():
            self.fisher[n] = self.gamma * self.fisher.get(n, 0.0) + f
        for n, p in self.model.named_parameters():
            anchor = p.detach().clone()
            scale = self.lam * self.fisher[n]
            hook = lambda g, p=p, a=anchor, s=scale: g + s * (p.detach() - a)  # cycle
            self.handles.append(p.register_hook(hook))  # cycle


def permuted_task(perm, gen, cfg):
    w = torch.randn(cfg["in_dim"], cfg["classes"], generator=gen)
    batches = []
    for _ in range(cfg["steps"]):
        x = torch.randn(cfg["batch"], cfg["in_dim"], generator=gen)
        batches.append((x[:, perm], (x @ w).argmax(dim=1)))
    return batches


def main():
    cfg = CONFIG
    gen = torch.Generator().manual_seed(0)
    model = nn.Sequential(nn.Linear(cfg["in_dim"], 32), nn.ReLU(), nn.Linear(32, cfg["classes"]))
    ewc = OnlineEWC(model, cfg["ewc_lambda"], cfg["gamma"])
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    seen = []
    for t in range(cfg["tasks"]):
        perm = torch.randperm(cfg["in_dim"], generator=gen)
        batches = permuted_task(perm, gen, cfg)
        for x, y in batches:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        ewc.consolidate(batches[: cfg["fisher_batches"]])
        seen.append(batches)
        with torch.no_grad():
            accs = [sum((model(x).argmax(1) == y).float().mean().item() for x, y in b) / len(b) for b in seen]
        print(f"after task {t}: " + " ".join(f"{a:.2f}" for a in accs))


if __name__ == "__main__":
    main()
