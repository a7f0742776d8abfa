"""Training progress shared between the loop and the components that schedule on it."""
from dataclasses import dataclass, field


@dataclass
class TrainingProgress:
    max_epochs: int
    warmup_epochs: int = 1
    epoch: int = 0
    global_step: int = 0
    epoch_losses: list = field(default_factory=list)

    def warmup_fraction(self):
        return min(1.0, self.epoch / max(1, self.warmup_epochs))

    def end_epoch(self, mean_loss):
        self.epoch_losses.append(float(mean_loss))
        self.epoch += 1
