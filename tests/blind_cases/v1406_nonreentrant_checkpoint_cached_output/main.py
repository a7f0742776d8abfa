"""Train with activation checkpointing and track how block features drift per epoch."""
import torch
import torch.nn.functional as F

from blocks import Tower


def feature_norms(model, probe):
    model.eval()
    model(probe)
    norms = [round(f.norm(dim=-1).mean().item(), 3) for f in model.intermediate_features()]
    model.train()
    return norms


def train(run_cfg):
    torch.manual_seed(run_cfg["seed"])
    model = Tower(depth=run_cfg["depth"])
    model.set_grad_checkpointing(True)
    opt = torch.optim.AdamW(model.parameters(), lr=run_cfg["lr"])
    probe = torch.randn(16, 24)
    drift = []
    for epoch in range(run_cfg["epochs"]):
        for _ in range(run_cfg["steps"]):
            x, y = torch.randn(32, 24), torch.randint(0, 6, (32,))
            logits = model(x)
            feats = model.intermediate_features()
            loss = F.cross_entropy(logits, y) + 1e-3 * sum(f.pow(2).mean() for f in feats)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
        drift.append(feature_norms(model, probe))
    return drift


def main():
    for cfg in ({"seed": 0, "depth": 2, "lr": 1e-3, "epochs": 2, "steps": 3},
                {"seed": 1, "depth": 3, "lr": 5e-4, "epochs": 2, "steps": 3}):
        print(cfg["depth"], train(cfg))


if __name__ == "__main__":
    main()
