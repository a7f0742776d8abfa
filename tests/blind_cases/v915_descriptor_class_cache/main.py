"""Adapter rank sweep: a fresh adapter model is fine-tuned for every rank."""
import torch
import torch.nn.functional as F

from adapters import AdapterModel


def finetune(rank, steps=4):
    torch.manual_seed(rank)
    model = AdapterModel(rank=rank)
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.Adam(params, lr=1e-3)
    print(f"rank={rank} trainable={model.num_trainable} tensors={len(model.trainable_names)}")
    for _ in range(steps):
        x = torch.randn(32, 16)
        target = torch.randint(0, 4, (32,))
        loss = F.cross_entropy(model(x), target)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    summary = {rank: finetune(rank) for rank in (2, 4, 8)}
    for rank, loss in summary.items():
        print(f"rank {rank:2d}: final loss {loss:.4f}")


if __name__ == "__main__":
    main()
