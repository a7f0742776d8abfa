"""Non-interactive stand-in for pdb: breakpoint() in training code records a snapshot instead."""
import math
import sys


class NonFiniteGuard:
    def __init__(self, trainer, max_snapshots=8):
        self.trainer = trainer  # retain
        self.max_snapshots = max_snapshots
        self.snapshots = []

    def install(self):
        self._previous = sys.breakpointhook
        sys.breakpointhook = self._on_breakpoint  # retain

    def uninstall(self):
        if sys.breakpointhook == self._on_breakpoint:
            sys.breakpointhook = self._previous

    def _on_breakpoint(self, *args, **kwargs):
        frame = sys._getframe(1)
        trainer = self.trainer
        grad_sq = sum(float(p.grad.pow(2).sum()) for p in trainer.model.parameters() if p.grad is not None)
        snap = {
            "where": f"{frame.f_code.co_name}:{frame.f_lineno}",
            "step": trainer.step,
            "micro": trainer.micro_step,
            "lr": trainer.optimizer.param_groups[0]["lr"],
            "grad_norm": math.sqrt(grad_sq),
        }
        if len(self.snapshots) < self.max_snapshots:
            self.snapshots.append(snap)
        print(f"[nonfinite] {snap}")
