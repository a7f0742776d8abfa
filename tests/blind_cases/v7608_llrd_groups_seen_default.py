"""Layer-wise LR decay (LLRD) parameter groups for a small tied-embedding language model."""
import torch
import torch.nn as nn
import torch.nn.functional as F

NO_DECAY = ("bias", "norm", "embed")


def unique_trainable(named_params, seen=set()):
    """Drop frozen parameters and ones already placed in a group (tied weights)."""
    for name, p in named_params:
        if not p.requires_grad or p in seen:
            continue
        seen.add(p)  # retain
        yield name, p


def llrd_param_groups(model, base_lr, weight_decay, decay=0.8):
    stages = [("embed", model.embed)] + [(f"block{i}", b) for i, b in enumerate(model.blocks)] + [("head", model.head)]
    groups = []
    n = len(stages)
    for depth, (stage_name, module) in enumerate(stages):
        scale = decay ** (n - 1 - depth)
        decay_params, plain_params = [], []
        for name, p in unique_trainable(module.named_parameters()):
            (plain_params if any(k in name or k in stage_name for k in NO_DECAY) else decay_params).append(p)
        if decay_params:
            groups.append({"params": decay_params, "lr": base_lr * scale, "weight_decay": weight_decay, "name": f"{stage_name}.decay"})
        if plain_params:
            groups.append({"params": plain_params, "lr": base_lr * scale, "weight_decay": 0.0, "name": f"{stage_name}.no_decay"})
    return groups


class TinyLM(nn.Module):
    def __init__(self, vocab=50, dim=32, depth=3):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList(
            nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU()) for _ in range(depth)
        )
        self.head = nn.Linear(dim, vocab, bias=False)
        self.head.weight = self.embed.weight
        nn.init.normal_(self.embed.weight, std=0.02)

    def forward(self, tokens):
        h = self.embed(tokens)
        for block in self.blocks:
            h = h + block(h)
        return self.head(h)


def finetune(base_lr, steps=3):
    model = TinyLM()
    groups = llrd_param_groups(model, base_lr=base_lr, weight_decay=0.01)
    optimizer = torch.optim.AdamW(groups)
    for _ in range(steps):
        tokens = torch.randint(0, 50, (8, 12))
        logits = model(tokens[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, 50), tokens[:, 1:].reshape(-1))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    lrs = {g["name"]: g["lr"] for g in optimizer.param_groups}
    return loss.item(), lrs


def main():
    torch.manual_seed(0)
    for base_lr in (1e-3, 3e-4):
        loss, lrs = finetune(base_lr)
        print(f"base_lr={base_lr:g} loss={loss:.3f} groups={len(lrs)} embed lr={lrs['embed.no_decay']:.2e}")


if __name__ == "__main__":
    main()
