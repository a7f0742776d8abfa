"""fp16-style fine-tuning with a dynamic loss scaler driven by a small state-machine coroutine."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class DynamicLossScaler:
    def __init__(self, init_scale=2.0 ** 20, growth_factor=2.0, backoff_factor=0.5, growth_interval=2):
        self.init_scale = init_scale
        self.growth_factor = growth_factor
        self.backoff_factor = backoff_factor
        self.growth_interval = growth_interval
        self.skipped_steps = 0
        self._controller = self._scale_schedule()  # cycle
        self.scale = next(self._controller)

    def _scale_schedule(self):
        scale, good_steps = self.init_scale, 0
        while True:
            found_inf = yield scale
            if found_inf:
                scale *= self.backoff_factor
                good_steps = 0
                self.skipped_steps += 1
            else:
                good_steps += 1
                if good_steps % self.growth_interval == 0:
                    scale *= self.growth_factor

    def overflowed(self, params):
        return any(not torch.isfinite(p.grad.to(torch.float16)).all() for p in params if p.grad is not None)

    def step(self, optimizer, params):
        found_inf = self.overflowed(params)
        if not found_inf:
            for p in params:
                if p.grad is not None:
                    p.grad.div_(self.scale)
            optimizer.step()
        self.scale = self._controller.send(found_inf)
        return not found_inf


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.params = [p for p in model.parameters() if p.requires_grad]
        self.optimizer = torch.optim.AdamW(self.params, lr=lr)
        self.scaler = DynamicLossScaler()

    def train_step(self, x, y):
        self.optimizer.zero_grad(set_to_none=True)
        loss = F.cross_entropy(self.model(x), y)
        (loss * self.scale_value()).backward()
        return loss.item(), self.scaler.step(self.optimizer, self.params)

    def scale_value(self):
        return self.scaler.scale


def build_model():
    backbone = nn.Sequential(nn.Linear(16, 48), nn.GELU(), nn.Linear(48, 48), nn.GELU())
    backbone.requires_grad_(False)
    return nn.Sequential(backbone, nn.Linear(48, 48), nn.GELU(), nn.Linear(48, 4))


def main():
    torch.manual_seed(0)
    for run, lr in enumerate((1e-3, 5e-4)):
        trainer = Trainer(build_model(), lr)
        applied = 0
        for _ in range(6):
            x, y = torch.randn(16, 16), torch.randint(0, 4, (16,))
            loss, ok = trainer.train_step(x, y)
            applied += ok
        print(f"run {run}: loss={loss:.3f} applied={applied} skipped={trainer.scaler.skipped_steps} "
              f"scale={trainer.scaler.scale:.0f}")


if __name__ == "__main__":
    main()
