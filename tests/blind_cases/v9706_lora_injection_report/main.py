"""LoRA rank sweep on a hybrid encoder; target names follow the split-projection layout."""
import torch
import torch.nn.functional as F

from inject import inject_lora
from model import HybridEncoder

BASE_CONFIG = {"target_modules": ("q_proj", "v_proj"), "alpha": 16, "lr": 1e-2, "steps": 3}


def run(rank, data):
    torch.manual_seed(rank)
    model = inject_lora(HybridEncoder(), dict(BASE_CONFIG, r=rank))
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=BASE_CONFIG["lr"])
    for _ in range(BASE_CONFIG["steps"]):
        for x, y in data:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item(), model.lora_report.summary()


def main():
    data = [(torch.randn(8, 5, 16), torch.randint(0, 3, (8,))) for _ in range(2)]
    for rank in (2, 4):
        loss, summary = run(rank, data)
        print(f"r={rank}: loss={loss:.3f} ({summary})")


if __name__ == "__main__":
    main()
