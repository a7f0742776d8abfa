"""Per-step metric all-reduce that keeps working when ranks run out of data at different steps."""
import torch
import torch.distributed as dist
from torch.distributed.algorithms.join import Join, Joinable, JoinHook


class _MetricShadowHook(JoinHook):
    def __init__(self, owner):
        self.owner = owner  # cycle

    def main_hook(self):
        shadow = torch.zeros(2, device=self.owner.join_device)
        dist.all_reduce(shadow, group=self.owner.join_process_group)

    def post_hook(self, is_last_joiner):
        self.owner.close_metric_window(is_last_joiner)


class SyncedMetricsMixin(Joinable):
    def __init__(self, device, group=None):
        super().__init__()
        self._metric_device = device
        self._metric_group = group
        self.window_loss = 0.0
        self.window_count = 0
        self.closed_windows = []

    def reduce_step_metrics(self, loss_sum, count):
        Join.notify_join_context(self)
        buf = torch.tensor([loss_sum, float(count)], device=self._metric_device)
        dist.all_reduce(buf, group=self.join_process_group)
        self.window_loss += buf[0].item()
        self.window_count += int(buf[1].item())

    def close_metric_window(self, is_last_joiner):
        mean = self.window_loss / max(1, self.window_count)
        self.closed_windows.append({"mean_loss": mean, "last_joiner": is_last_joiner})
        self.window_loss, self.window_count = 0.0, 0

    def join_hook(self, **kwargs):
        return _MetricShadowHook(self)

    @property
    def join_device(self):
        return self._metric_device

    @property
    def join_process_group(self):
        return self._metric_group if self._metric_group is not None else dist.group.WORLD
