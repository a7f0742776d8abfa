"""DANN-style multi-task training over two source domains with a domain-confusion monitor."""
import torch
import torch.nn.functional as F

from model import DomainAdversarialMTL

CFG = {"in_dim": 20, "width": 32, "classes": 5, "domains": 2, "epochs": 2, "steps": 3,
       "batch": 24, "lr": 3e-3, "weights": {"label": 1.0, "rotation": 0.3, "domain": 0.5}}


def make_batch(domain, cfg):
    x = torch.randn(cfg["batch"], cfg["in_dim"]) + domain * 0.8
    return x, {
        "label": torch.randint(0, cfg["classes"], (cfg["batch"],)),
        "rotation": torch.randint(0, 4, (cfg["batch"],)),
        "domain": torch.full((cfg["batch"],), domain, dtype=torch.long),
    }


def domain_confusion(model, targets):
    logits = model.last_domain_logits
    acc = (logits.argmax(1) == targets).float().mean().item()
    return 1.0 - abs(acc - 0.5) * 2.0


def main():
    torch.manual_seed(0)
    model = DomainAdversarialMTL(CFG["in_dim"], CFG["width"], CFG["classes"], CFG["domains"])
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    total = CFG["epochs"] * CFG["steps"]
    for epoch in range(CFG["epochs"]):
        for step in range(CFG["steps"]):
            model.set_progress((epoch * CFG["steps"] + step) / total)
            domain = step % CFG["domains"]
            x, targets = make_batch(domain, CFG)
            outputs = model(x)
            loss = sum(w * F.cross_entropy(outputs[t], targets[t]) for t, w in CFG["weights"].items())
            opt.zero_grad()
            loss.backward()
            opt.step()
            confusion = domain_confusion(model, targets["domain"])
        print(f"epoch {epoch}: loss={loss.item():.3f} confusion={confusion:.2f} grl={model.grl_coeff:.2f}")


if __name__ == "__main__":
    main()
