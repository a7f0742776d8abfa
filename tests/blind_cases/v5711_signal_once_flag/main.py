"""Denoising autoencoder sweep; one-shot checks hang off module-level signals."""
import torch
import torch.nn as nn

import signals

SWEEP = [{"noise": 0.1, "code": 4}, {"noise": 0.3, "code": 6}, {"noise": 0.5, "code": 8}]
STEPS, BATCH, DIM = 5, 16, 20


class DenoisingRun:
    def __init__(self, hp):
        self.hp = hp
        self.model = nn.Sequential(nn.Linear(DIM, hp["code"]), nn.Tanh(), nn.Linear(hp["code"], DIM))
        self.opt = torch.optim.Adam(self.model.parameters(), lr=1e-2)
        self.losses = []
        self.first_step = None

    def _banner(self, sender, **_):
        print(f"noise={self.hp['noise']} code={self.hp['code']}")

    def _first_step(self, sender, loss, grad_norm):
        self.first_step = {"loss": loss, "grad_norm": grad_norm}

    def _record(self, sender, loss, grad_norm):
        self.losses.append(loss)

    def train(self):
        signals.run_started.connect_once(self._banner)
        signals.step_done.connect_once(self._first_step)
        signals.step_done.connect(self._record)
        try:
            signals.run_started.send(self)
            for _ in range(STEPS):
                clean = torch.randn(BATCH, DIM)
                noisy = clean + self.hp["noise"] * torch.randn_like(clean)
                loss = nn.functional.mse_loss(self.model(noisy), clean)
                self.opt.zero_grad()
                loss.backward()
                norm = nn.utils.clip_grad_norm_(self.model.parameters(), 5.0)
                self.opt.step()
                signals.step_done.send(self, loss=loss.item(), grad_norm=float(norm))
            signals.run_done.send(self, losses=list(self.losses))
        finally:
            signals.step_done.disconnect(self._record)
        return min(self.losses)


def main():
    torch.manual_seed(0)
    results = {}
    for hp in SWEEP:
        results[(hp["noise"], hp["code"])] = DenoisingRun(hp).train()
    best = min(results, key=results.get)
    print(f"best {best}: {results[best]:.4f}")


if __name__ == "__main__":
    main()
