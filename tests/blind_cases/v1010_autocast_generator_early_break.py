"""Step-budgeted training where batches are consumed under CPU bf16 autocast."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


def autocast_batches(loader, dtype=torch.bfloat16):
    """Yield batches with autocast active while the consumer processes them."""
    with torch.autocast(device_type="cpu", dtype=dtype):
        for batch in loader:
            yield batch


def seed_worker(worker_id):
    torch.manual_seed(torch.initial_seed() % 2**31 + worker_id)


def make_loader(n=96, d=10, bs=16, shuffle=True):
    x = torch.randn(n, d)
    y = (x[:, :2].sum(1) > 0).long()
    return DataLoader(TensorDataset(x, y), batch_size=bs, shuffle=shuffle,
                      num_workers=0, worker_init_fn=seed_worker)


def train_budget(model, loader, opt, max_steps):
    model.train()
    for step, (x, y) in enumerate(autocast_batches(loader)):
        loss = F.cross_entropy(model(x).float(), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step + 1 >= max_steps:
            break
    return step + 1


def quick_eval(model, loader, max_batches=2):
    model.eval()
    correct = total = 0
    with torch.no_grad():
        for i, (x, y) in enumerate(autocast_batches(loader)):
            if i >= max_batches:
                return correct / total
            correct += (model(x).argmax(-1) == y).sum().item()
            total += len(y)
    return correct / max(total, 1)


def main():
    train_loader = make_loader()
    val_loader = make_loader(n=48, shuffle=False)
    for seed in range(2):
        torch.manual_seed(seed)
        model = nn.Sequential(nn.Linear(10, 32), nn.GELU(), nn.Linear(32, 2))
        opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        for epoch in range(2):
            train_budget(model, train_loader, opt, max_steps=3)
            acc = quick_eval(model, val_loader)
        assert 0.0 <= acc <= 1.0


if __name__ == "__main__":
    main()
