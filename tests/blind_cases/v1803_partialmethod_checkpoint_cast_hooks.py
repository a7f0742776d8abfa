"""Models that write half-precision checkpoints and upcast them again on load."""
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F


class CompactCheckpointModule(nn.Module):
    """Base class: floating-point entries are stored as float16 in state_dict()."""

    storage_dtype = torch.float16
    compute_dtype = torch.float32

    def _cast_entries(self, state_dict, prefix, *rest, dtype):
        for key, value in list(state_dict.items()):
            if key.startswith(prefix) and value.is_floating_point():
                state_dict[key] = value.to(dtype)

    def _on_export(self, module, state_dict, prefix, local_metadata, dtype):
        self._cast_entries(state_dict, prefix, dtype=dtype)

    _export_hook = functools.partialmethod(_on_export, dtype=storage_dtype)
    _import_hook = functools.partialmethod(_cast_entries, dtype=compute_dtype)

    def __init__(self):
        super().__init__()
        self._register_state_dict_hook(self._export_hook)  # cycle
        self._register_load_state_dict_pre_hook(self._import_hook)  # cycle

    def checkpoint_bytes(self):
        return sum(v.numel() * v.element_size() for v in self.state_dict().values())


class ConvClassifier(CompactCheckpointModule):
    def __init__(self, channels=8, classes=4):
        super().__init__()
        self.conv = nn.Conv2d(1, channels, 3, padding=1)
        self.bn = nn.BatchNorm2d(channels)
        self.fc = nn.Linear(channels, classes)

    def forward(self, x):
        h = F.relu(self.bn(self.conv(x)))
        return self.fc(h.mean(dim=(2, 3)))


def train_steps(model, steps=3, seed=0):
    g = torch.Generator().manual_seed(seed)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    model.train()
    for _ in range(steps):
        x = torch.randn(6, 1, 8, 8, generator=g)
        y = torch.randint(0, 4, (6,), generator=g)
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


@torch.no_grad()
def evaluate(model, seed=1):
    g = torch.Generator().manual_seed(seed)
    model.eval()
    x = torch.randn(6, 1, 8, 8, generator=g)
    return model(x).argmax(1).tolist()


def main():
    for run in range(2):
        model = ConvClassifier()
        train_steps(model, seed=run)
        ckpt = model.state_dict()
        assert all(v.dtype == torch.float16 for v in ckpt.values() if v.is_floating_point())
        restored = ConvClassifier()
        restored.load_state_dict(ckpt)
        assert restored.fc.weight.dtype == torch.float32
        print(run, model.checkpoint_bytes(), evaluate(restored))


if __name__ == "__main__":
    main()
