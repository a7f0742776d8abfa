"""Class-incremental DER training; a checkpoint of the trainable part is kept after every task."""
import io

import torch
import torch.nn.functional as F

from expandable import ExpandableNet

CFG = {"in_dim": 12, "feat_dim": 6, "classes_per_task": 3, "n_tasks": 3,
       "steps": 5, "batch": 24, "lr": 0.05, "export_frozen": False}


def make_task(task_id, cfg, gen):
    first = task_id * cfg["classes_per_task"]
    protos = torch.randn(cfg["classes_per_task"], cfg["in_dim"], generator=gen) * 2.0
    for _ in range(cfg["steps"]):
        local = torch.randint(0, cfg["classes_per_task"], (cfg["batch"],), generator=gen)
        x = protos[local] + 0.3 * torch.randn(cfg["batch"], cfg["in_dim"], generator=gen)
        yield x, local + first


def train_stream(seed):
    gen = torch.Generator().manual_seed(seed)
    net = ExpandableNet(CFG)
    sizes = []
    for t in range(CFG["n_tasks"]):
        net.add_task(CFG["classes_per_task"])
        opt = torch.optim.Adam([p for p in net.parameters() if p.requires_grad], lr=CFG["lr"])
        net.train()
        for x, y in make_task(t, CFG, gen):
            loss = F.cross_entropy(net(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        buf = io.BytesIO()
        torch.save(net.state_dict(), buf)
        sizes.append(len(buf.getvalue()))
    return sizes


def main():
    for seed in range(2):
        print(f"seed {seed}: checkpoint sizes {train_stream(seed)}")


if __name__ == "__main__":
    main()
