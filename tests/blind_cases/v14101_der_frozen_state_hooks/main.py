"""Class-incremental training of a DER-style expandable network on synthetic tasks."""
import io

import torch
import torch.nn.functional as F

from der_net import ExpandableNet

CFG = {
    "in_dim": 16,
    "feat_dim": 8,
    "classes_per_task": 2,
    "n_tasks": 3,
    "steps": 4,
    "batch": 16,
    "lr": 0.05,
    "aux_weight": 0.5,
    "export_frozen": False,
}


def task_batches(task_id, cfg, generator):
    lo = task_id * cfg["classes_per_task"]
    for _ in range(cfg["steps"]):
        y = torch.randint(lo, lo + cfg["classes_per_task"], (cfg["batch"],), generator=generator)
        x = torch.randn(cfg["batch"], cfg["in_dim"], generator=generator) + 0.5 * y[:, None].float()
        yield x, y


def aux_targets(y, first_new):
    # auxiliary head: 0 = any old class, 1..n = the classes of the current task
    return torch.where(y >= first_new, y - first_new + 1, torch.zeros_like(y))


def run_experiment(seed):
    gen = torch.Generator().manual_seed(seed)
    model = ExpandableNet(CFG)
    exported = []
    for t in range(CFG["n_tasks"]):
        model.add_task(CFG["classes_per_task"])
        params = [p for p in model.parameters() if p.requires_grad]
        opt = torch.optim.SGD(params, lr=CFG["lr"], momentum=0.9)
        first_new = t * CFG["classes_per_task"]
        model.train()
        for x, y in task_batches(t, CFG, gen):
            logits, aux = model(x)
            loss = F.cross_entropy(logits, y)
            loss = loss + CFG["aux_weight"] * F.cross_entropy(aux, aux_targets(y, first_new))
            opt.zero_grad()
            loss.backward()
            opt.step()
        buf = io.BytesIO()
        torch.save(model.state_dict(), buf)
        exported.append(buf.getbuffer().nbytes)
    return exported


def main():
    for seed in (0, 1):
        sizes = run_experiment(seed)
        print(f"seed {seed}: checkpoint bytes per task {sizes}")


if __name__ == "__main__":
    main()
