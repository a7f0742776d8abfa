"""Multi-penalty EWC: one Fisher diagonal and anchor set per finished task, applied in closed form."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"tasks": [0, 1, 2], "in_dim": 16, "n_classes": 3, "steps": 20, "batch_size": 16,
       "lr": 0.05, "ewc_lambda": 50.0, "fisher_samples": 32}


class EWC:
    def __init__(self, model, lam):
        self.model = model
        self.lam = lam
        self.penalties = []

    @torch.no_grad()
    def _snapshot(self):
        return {n: p.detach().clone() for n, p in self.model.named_parameters()}

    def consolidate(self, xs):
        fisher = {n: torch.zeros_like(p) for n, p in self.model.named_parameters()}
        self.model.eval()
        for x in xs:
            log_probs = F.log_softmax(self.model(x.unsqueeze(0)), dim=1)
            label = torch.multinomial(log_probs.exp().detach(), 1).item()
            self.model.zero_grad()
            log_probs[0, label].backward()
            for n, p in self.model.named_parameters():
                fisher[n] += p.grad.detach() ** 2 / len(xs)
        self.model.train()
        self.penalties.append({"fisher": fisher, "anchor": self._snapshot()})

    def apply_penalty_grads(self):
        for n, p in self.model.named_parameters():
            for term in self.penalties:
                p.grad.add_(self.lam * term["fisher"][n] * (p - term["anchor"][n]))  # retain


def task_batches(task_id, cfg):
    g = torch.Generator().manual_seed(task_id)
    w = torch.randn(cfg["in_dim"], cfg["n_classes"], generator=g)
    shift = torch.randn(cfg["in_dim"], generator=g)
    for _ in range(cfg["steps"]):
        x = torch.randn(cfg["batch_size"], cfg["in_dim"], generator=g) + shift
        yield x, (x @ w).argmax(1)


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(CFG["in_dim"], 32), nn.ReLU(), nn.Linear(32, CFG["n_classes"]))
    opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"])
    ewc = EWC(model, CFG["ewc_lambda"])
    for i, task_id in enumerate(CFG["tasks"]):
        seen_x = []
        for x, y in task_batches(task_id, CFG):
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            ewc.apply_penalty_grads()
            opt.step()
            seen_x.append(x)
        print(f"task {task_id}: final loss {loss.item():.3f}, penalties {len(ewc.penalties)}")
        if i + 1 < len(CFG["tasks"]):
            ewc.consolidate(torch.cat(seen_x)[: CFG["fisher_samples"]])


if __name__ == "__main__":
    main()
