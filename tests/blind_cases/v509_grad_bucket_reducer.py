"""Single-process stand-in for a data-parallel wrapper: bucketed gradient averaging."""
import torch
import torch.nn as nn


class BucketReducer:
    def __init__(self, params, world_size=1, bucket_cap=64):
        self.params = [p for p in params if p.requires_grad]
        self.world_size = world_size
        self.buckets = self._build_buckets(bucket_cap)
        self.pending = [len(b) for b in self.buckets]
        self.ready_order = []
        self._grad_accs = []
        for index, param in enumerate(self.params):
            grad_acc = param.expand_as(param).grad_fn.next_functions[0][0]
            grad_acc.register_hook(self._make_hook(index))  # cycle
            self._grad_accs.append(grad_acc)  # cycle

    def _build_buckets(self, cap):
        buckets, current, size = [], [], 0
        for index in reversed(range(len(self.params))):
            current.append(index)
            size += self.params[index].numel()
            if size >= cap:
                buckets.append(current)
                current, size = [], 0
        if current:
            buckets.append(current)
        self.bucket_of = {i: b for b, idxs in enumerate(buckets) for i in idxs}
        return buckets

    def _make_hook(self, index):
        def hook(*unused):  # cycle
            bucket = self.bucket_of[index]
            self.pending[bucket] -= 1
            if self.pending[bucket] == 0:
                self._reduce(bucket)
        return hook

    def _reduce(self, bucket):
        for index in self.buckets[bucket]:
            grad = self.params[index].grad
            if grad is not None:
                grad.div_(self.world_size)
        self.ready_order.append(bucket)

    def prepare_for_backward(self):
        self.pending = [len(b) for b in self.buckets]
        self.ready_order = []


class DataParallelModule(nn.Module):
    def __init__(self, module, world_size=1):
        super().__init__()
        self.module = module
        self.reducer = BucketReducer(module.parameters(), world_size=world_size)

    def forward(self, *args, **kwargs):
        if self.training:
            self.reducer.prepare_for_backward()
        return self.module(*args, **kwargs)


def main():
    for width in (16, 32):
        model = DataParallelModule(nn.Sequential(nn.Linear(8, width), nn.ReLU(), nn.Linear(width, 2)))
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        for _ in range(3):
            x, y = torch.randn(10, 8), torch.randint(0, 2, (10,))
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        assert sorted(model.reducer.ready_order) == list(range(len(model.reducer.buckets)))


if __name__ == "__main__":
    main()
