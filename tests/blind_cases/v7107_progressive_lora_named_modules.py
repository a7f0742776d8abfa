"""Progressive LoRA: a few more frozen Linear layers are converted to LoRA layers every epoch."""
import math

import torch
import torch.nn as nn

CFG = {"dim": 16, "depth": 4, "classes": 3, "rank": 4, "alpha": 8, "layers_per_epoch": 2,
       "epochs": 2, "steps_per_epoch": 3, "lr": 3e-3}


class LoRALinear(nn.Module):
    def __init__(self, base, rank, alpha):
        super().__init__()
        self.base = base
        self.lora_A = nn.Parameter(torch.empty(rank, base.in_features))
        self.lora_B = nn.Parameter(torch.zeros(base.out_features, rank))
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))
        self.scaling = alpha / rank

    def forward(self, x):
        return self.base(x) + (x @ self.lora_A.t() @ self.lora_B.t()) * self.scaling


class ProgressiveLoRAModel(nn.Module):
    def __init__(self, backbone, head, rank, alpha):
        super().__init__()
        self.backbone = backbone.requires_grad_(False)
        self.head = head
        self.rank, self.alpha = rank, alpha
        self._candidates = self.named_modules()  # cycle

    def forward(self, x):
        return self.head(self.backbone(x))

    def convert_next(self, k):
        """Wrap the next ``k`` backbone Linear layers (input side first); returns the new parameters."""
        new_params = []
        for name, module in self._candidates:
            if not name.startswith("backbone.") or type(module) is not nn.Linear:
                continue
            parent_name, _, child = name.rpartition(".")
            lora = LoRALinear(module, self.rank, self.alpha)
            setattr(self.get_submodule(parent_name), child, lora)
            new_params += [lora.lora_A, lora.lora_B]
            if len(new_params) == 2 * k:
                break
        return new_params


def build_backbone(dim, depth):
    layers = []
    for _ in range(depth):
        layers += [nn.Linear(dim, dim), nn.GELU()]
    return nn.Sequential(*layers)


def main():
    torch.manual_seed(0)
    model = ProgressiveLoRAModel(build_backbone(CFG["dim"], CFG["depth"]),
                                 nn.Linear(CFG["dim"], CFG["classes"]), CFG["rank"], CFG["alpha"])
    opt = torch.optim.AdamW(model.head.parameters(), lr=CFG["lr"])
    for epoch in range(CFG["epochs"]):
        opt.add_param_group({"params": model.convert_next(CFG["layers_per_epoch"])})
        for _ in range(CFG["steps_per_epoch"]):
            x = torch.randn(16, CFG["dim"])
            y = torch.randint(0, CFG["classes"], (16,))
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        n_lora = sum(isinstance(m, LoRALinear) for m in model.modules())
        print(f"epoch {epoch}: {n_lora} LoRA layers, loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
