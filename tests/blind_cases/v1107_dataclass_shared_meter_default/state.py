"""Per-epoch training state."""
from dataclasses import dataclass, field
from typing import List

from meters import AverageMeter


@dataclass
class EpochState:
    epoch: int
    loss: AverageMeter = AverageMeter()
    accuracy: AverageMeter = field(default_factory=AverageMeter)
    lrs: List[float] = field(default_factory=list)

    def summary(self):
        return "epoch %d loss %.4f acc %.3f lr %.4f" % (
            self.epoch, self.loss.avg, self.accuracy.avg, self.lrs[-1])
