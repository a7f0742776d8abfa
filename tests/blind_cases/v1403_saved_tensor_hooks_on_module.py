"""MLP trunk that keeps the activations saved for backward in bfloat16 to save memory."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ActivationCompressionMixin:
    storage_dtype = torch.bfloat16
    min_numel = 256

    def setup_compression(self):
        self.pack_stats = {"packed": 0, "passthrough": 0}
        self._compress_ctx = torch.autograd.graph.saved_tensors_hooks(self._pack, self._unpack)  # cycle

    def _pack(self, tensor):
        if tensor.dtype != torch.float32 or tensor.numel() < self.min_numel:
            self.pack_stats["passthrough"] += 1
            return tensor
        self.pack_stats["packed"] += 1
        return tensor.dtype, tensor.to(self.storage_dtype)

    @staticmethod
    def _unpack(packed):
        if isinstance(packed, tuple):
            dtype, data = packed
            return data.to(dtype)
        return packed


class CompressedTrunk(ActivationCompressionMixin, nn.Module):
    def __init__(self, dim=64, depth=3, num_classes=5):
        super().__init__()
        self.inp = nn.Linear(20, dim)
        self.layers = nn.ModuleList(
            nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, dim))
            for _ in range(depth)
        )
        self.out = nn.Linear(dim, num_classes)
        self.setup_compression()

    def forward(self, x):
        with self._compress_ctx:
            h = self.inp(x)
            for layer in self.layers:
                h = h + layer(h)
        return self.out(h)


def train_one(config):
    model = CompressedTrunk(dim=config["dim"], depth=config["depth"])
    opt = torch.optim.Adam(model.parameters(), lr=config["lr"])
    for step in range(config["steps"]):
        x, y = torch.randn(32, 20), torch.randint(0, 5, (32,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return dict(model.pack_stats), loss.item()


def main():
    sweep = [{"dim": d, "depth": 2, "lr": 1e-3, "steps": 3} for d in (32, 64)]
    sweep.append({"dim": 48, "depth": 3, "lr": 3e-4, "steps": 3})
    for config in sweep:
        stats, last = train_one(config)
        print(config["dim"], config["depth"], stats, round(last, 4))


if __name__ == "__main__":
    main()
