"""Weight-averaging callback: keeps an EMA copy of the model, updated every few training forwards."""
import functools

import torch
from torch.optim.swa_utils import AveragedModel


def ema_avg(averaged_param, current_param, num_averaged, decay):
    if num_averaged == 0:
        return current_param.detach().clone()
    return decay * averaged_param + (1.0 - decay) * current_param.detach()


class WeightAveraging:
    def __init__(self, decay=0.95, every_n_forwards=2):
        self.decay = decay
        self.every_n_forwards = every_n_forwards
        self.forwards_seen = 0
        self.updates = 0
        self.averaged = None

    def _make_forward_counter(self):
        def count_training_forward(module, inputs, output):  # cycle
            if module.training:
                self.forwards_seen += 1
        return count_training_forward

    def setup(self, model):
        model.register_forward_hook(self._make_forward_counter())
        self.averaged = AveragedModel(model, avg_fn=functools.partial(ema_avg, decay=self.decay))  # cycle

    def on_train_batch_end(self, model):
        if self.forwards_seen and self.forwards_seen % self.every_n_forwards == 0:
            self.averaged.update_parameters(model)
            self.updates += 1

    @torch.no_grad()
    def evaluate(self, batches, loss_fn):
        self.averaged.eval()
        losses = [loss_fn(self.averaged(x), y).item() for x, y in batches]
        return sum(losses) / len(losses)
