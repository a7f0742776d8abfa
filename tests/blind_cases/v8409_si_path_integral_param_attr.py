"""Synaptic Intelligence on permuted-input tasks; SI state lives on the parameters themselves."""
import torch
import torch.nn as nn

CFG = {"n_tasks": 3, "in_dim": 24, "n_classes": 4, "steps": 40, "batch_size": 16,
       "lr": 0.1, "si_c": 0.1, "si_xi": 0.1}


def si_begin_task(model):
    for p in model.parameters():
        p.si_w = torch.zeros_like(p)  # retain
        p.si_start = p.detach().clone()
        p.si_prev = p.detach().clone()
        if not hasattr(p, "si_omega"):
            p.si_omega = torch.zeros_like(p)
            p.si_anchor = p.detach().clone()


def si_accumulate(model):
    for p in model.parameters():
        if p.grad is None:
            continue
        p.si_w.add_(-p.grad * (p - p.si_prev))  # retain
        p.si_prev = p.detach().clone()


@torch.no_grad()
def si_consolidate(model, xi):
    for p in model.parameters():
        delta = p - p.si_start
        p.si_omega += torch.relu(p.si_w) / (delta ** 2 + xi)
        p.si_anchor = p.detach().clone()


def si_penalty(model):
    return sum((p.si_omega * (p - p.si_anchor) ** 2).sum() for p in model.parameters())


def permuted_task(task_id, cfg, base_w):
    g = torch.Generator().manual_seed(100 + task_id)
    perm = torch.randperm(cfg["in_dim"], generator=g) if task_id else torch.arange(cfg["in_dim"])
    for _ in range(cfg["steps"]):
        x = torch.randn(cfg["batch_size"], cfg["in_dim"], generator=g)
        yield x[:, perm], (x @ base_w).argmax(1)


def train_task(model, opt, batches, cfg, first_task):
    si_begin_task(model)
    for x, y in batches:
        loss = nn.functional.cross_entropy(model(x), y)
        if not first_task:
            loss = loss + cfg["si_c"] * si_penalty(model)
        opt.zero_grad()
        loss.backward()
        opt.step()
        si_accumulate(model)
    si_consolidate(model, cfg["si_xi"])
    return loss.item()


@torch.no_grad()
def evaluate(model, task_id, cfg, base_w):
    correct = total = 0
    for x, y in permuted_task(task_id, cfg, base_w):
        correct += int((model(x).argmax(1) == y).sum())
        total += len(y)
    return correct / total


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(CFG["in_dim"], 48), nn.ReLU(), nn.Linear(48, CFG["n_classes"]))
    opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"])
    base_w = torch.randn(CFG["in_dim"], CFG["n_classes"])
    for task_id in range(CFG["n_tasks"]):
        last = train_task(model, opt, permuted_task(task_id, CFG, base_w), CFG, task_id == 0)
        accs = [round(evaluate(model, t, CFG, base_w), 2) for t in range(task_id + 1)]
        print(f"task {task_id}: loss {last:.3f} accs {accs}")


if __name__ == "__main__":
    main()
