"""DER++ on a class-incremental synthetic stream, one run per seed."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from buffer import get_buffer

CFG = {"tasks": [[0, 1], [2, 3], [4, 5]], "in_dim": 16, "steps": 10, "batch": 16,
       "buffer": 48, "alpha": 0.3, "beta": 0.5, "lr": 0.05}


def batch_for(classes, n, gen):
    y = torch.tensor(classes)[torch.randint(0, len(classes), (n,), generator=gen)]
    protos = torch.randn(6, CFG["in_dim"], generator=torch.Generator().manual_seed(7)) * 2
    return protos[y] + torch.randn(n, CFG["in_dim"], generator=gen), y


def train_run(seed):
    torch.manual_seed(seed)
    gen = torch.Generator().manual_seed(seed)
    model = nn.Sequential(nn.Linear(CFG["in_dim"], 48), nn.ReLU(), nn.Linear(48, 6))
    opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"])
    buffer = get_buffer(f"der-seed{seed}", CFG["buffer"])
    for classes in CFG["tasks"]:
        for step in range(CFG["steps"]):
            inputs, labels = batch_for(classes, CFG["batch"], gen)
            outputs = model(inputs)
            loss = F.cross_entropy(outputs, labels)
            if len(buffer) > 0:
                buf_x, buf_y, buf_logits = buffer.sample(CFG["batch"])
                loss = loss + CFG["alpha"] * F.mse_loss(model(buf_x), buf_logits)
                buf_x, buf_y, _ = buffer.sample(CFG["batch"])
                loss = loss + CFG["beta"] * F.cross_entropy(model(buf_x), buf_y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            buffer.add(inputs, labels, outputs)
    with torch.no_grad():
        x, y = batch_for(sum(CFG["tasks"], []), 120, gen)
        return (model(x).argmax(1) == y).float().mean().item()


def main():
    for seed in (0, 1):
        print(f"seed {seed}: accuracy over all classes {train_run(seed):.3f}")


if __name__ == "__main__":
    main()
