"""Optimizer factory that prefers a fused implementation and falls back to the reference one."""
import torch
import torch.nn as nn

OPTIMIZER_BUILDERS = {}


def register_optimizer(name):
    def deco(fn):
        OPTIMIZER_BUILDERS[name] = fn
        return fn
    return deco


class BuildError(RuntimeError):
    def __init__(self, name, cfg):
        super().__init__(f"could not build optimizer {name!r} with {cfg}")
        self.name = name


@register_optimizer("fused_adamw")
def _fused_adamw(params, lr, weight_decay=0.0, **_):
    if not torch.cuda.is_available():
        raise RuntimeError("fused AdamW kernels need a CUDA device")
    return torch.optim.AdamW(params, lr=lr, weight_decay=weight_decay, fused=True)


@register_optimizer("adamw")
def _adamw(params, lr, weight_decay=0.0, betas=(0.9, 0.999), **_):
    return torch.optim.AdamW(params, lr=lr, weight_decay=weight_decay, betas=betas)


class OptimizerFactory:
    FALLBACKS = {"fused_adamw": "adamw"}

    def __init__(self, model, cfg):
        self.model = model
        self.cfg = dict(cfg)
        self.fallback_reason = None
        self.built_name = None

    def _param_groups(self):
        decay, no_decay = [], []
        for name, p in self.model.named_parameters():
            (no_decay if p.ndim < 2 or name.endswith("bias") else decay).append(p)
        return [{"params": decay}, {"params": no_decay, "weight_decay": 0.0}]

    def _build_named(self, name):
        kwargs = {k: v for k, v in self.cfg.items() if k != "name"}
        try:
            return OPTIMIZER_BUILDERS[name](self._param_groups(), **kwargs)
        except (RuntimeError, TypeError) as exc:
            raise BuildError(name, kwargs) from exc

    def build(self):
        name = self.cfg["name"]
        try:
            opt = self._build_named(name)
        except BuildError as err:
            if name not in self.FALLBACKS:
                raise
            self.fallback_reason = err  # cycle
            name = self.FALLBACKS[name]
            opt = self._build_named(name)
        self.built_name = name
        return opt


def train_model(seed, cfg):
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(8, 32), nn.LayerNorm(32), nn.ReLU(), nn.Linear(32, 1))
    factory = OptimizerFactory(model, cfg)
    opt = factory.build()
    for _ in range(3):
        x = torch.randn(16, 8)
        loss = (model(x).squeeze(-1) - x.mean(-1)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return factory.built_name, loss.item()


def main():
    cfg = {"name": "fused_adamw", "lr": 1e-3, "weight_decay": 0.05}
    runs = [train_model(seed, cfg) for seed in range(3)]
    assert all(name == "adamw" for name, _ in runs)


if __name__ == "__main__":
    main()
