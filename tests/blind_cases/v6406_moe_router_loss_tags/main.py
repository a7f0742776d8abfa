"""Next-token training of a small MoE language model with router auxiliary losses."""
import torch
import torch.nn.functional as F

from moe import MoELM

CONFIG = {"vocab": 50, "seq": 12, "batch": 4, "steps": 6, "eval_every": 3, "lr": 3e-3,
          "z_loss_coef": 1e-3, "balance_coef": 1e-2}


def aux_losses(router_logits, cfg):
    z = sum(l.z_loss for l in router_logits)
    bal = sum(l.balance_loss for l in router_logits)
    return cfg["z_loss_coef"] * z + cfg["balance_coef"] * bal


def evaluate(model, batches, cfg):
    model.eval()
    total = 0.0
    for ids in batches:
        logits, router_logits = model(ids[:, :-1])
        lm_loss = F.cross_entropy(logits.reshape(-1, cfg["vocab"]), ids[:, 1:].reshape(-1))
        total += float(lm_loss + aux_losses(router_logits, cfg))
    model.train()
    return total / len(batches)


def main():
    torch.manual_seed(0)
    model = MoELM(CONFIG["vocab"])
    opt = torch.optim.AdamW(model.parameters(), lr=CONFIG["lr"])
    val_batches = [torch.randint(0, CONFIG["vocab"], (CONFIG["batch"], CONFIG["seq"] + 1)) for _ in range(2)]
    for step in range(CONFIG["steps"]):
        ids = torch.randint(0, CONFIG["vocab"], (CONFIG["batch"], CONFIG["seq"] + 1))
        logits, router_logits = model(ids[:, :-1])
        lm_loss = F.cross_entropy(logits.reshape(-1, CONFIG["vocab"]), ids[:, 1:].reshape(-1))
        loss = lm_loss + aux_losses(router_logits, CONFIG)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if (step + 1) % CONFIG["eval_every"] == 0:
            val = evaluate(model, val_batches, CONFIG)
            print(f"step {step} lm {lm_loss.item():.3f} total {loss.item():.3f} val {val:.3f}")


if __name__ == "__main__":
    main()
