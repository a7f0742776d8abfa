"""LoRA fine-tuning with gradient accumulation and a CPU-offloaded optimizer."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from hostswap import HOST_SWAP
from offload_adam import CPUOffloadAdamW

CFG = {"dim": 32, "r": 4, "micro_batches": 2, "updates": 3, "lr": 2e-3, "weight_decay": 0.05}


class LoRAFFN(nn.Module):
    def __init__(self, dim, r):
        super().__init__()
        self.fc_in = nn.Linear(dim, 4 * dim)
        self.fc_out = nn.Linear(4 * dim, dim)
        self.A = nn.Parameter(torch.randn(r, dim) * 0.02)
        self.B = nn.Parameter(torch.zeros(4 * dim, r))

    def forward(self, x):
        h = F.gelu(self.fc_in(x) + x @ self.A.t() @ self.B.t())
        return x + self.fc_out(h)


def build(cfg):
    model = nn.Sequential(LoRAFFN(cfg["dim"], cfg["r"]), LoRAFFN(cfg["dim"], cfg["r"]), nn.Linear(cfg["dim"], 2))
    for name, p in model.named_parameters():
        p.requires_grad_(name.endswith((".A", ".B")) or name.startswith("2."))
    return model


def main():
    torch.manual_seed(0)
    model = build(CFG)
    opt = CPUOffloadAdamW([p for p in model.parameters() if p.requires_grad],
                          lr=CFG["lr"], weight_decay=CFG["weight_decay"])
    for update in range(CFG["updates"]):
        opt.zero_grad()
        for _ in range(CFG["micro_batches"]):
            x, y = torch.randn(8, CFG["dim"]), torch.randint(0, 2, (8,))
            loss = F.cross_entropy(model(x), y) / CFG["micro_batches"]
            loss.backward()
        opt.step()
        print(f"update {update}: loss={loss.item() * CFG['micro_batches']:.3f} "
              f"swapped={HOST_SWAP.bytes_out / 1024:.1f} KiB resident={HOST_SWAP.resident()}")


if __name__ == "__main__":
    main()
