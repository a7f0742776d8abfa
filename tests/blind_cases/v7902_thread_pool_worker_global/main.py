"""Small CNN trained on batches augmented by a worker pool, rebuilt every epoch."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from workers import augment_chunk, make_pool

CONFIG = {
    "data": {"n": 192, "channels": 3, "size": 16, "classes": 4},
    "aug": {"backend": "thread", "workers": 2, "params": {"channels": 3, "blur_size": 5, "jitter": 0.25}},
    "train": {"epochs": 2, "batch_size": 32, "lr": 0.03},
}


def build_model(channels, classes):
    return nn.Sequential(
        nn.Conv2d(channels, 8, 3, padding=1), nn.ReLU(),
        nn.MaxPool2d(2),
        nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        nn.Linear(16, classes),
    )


def synthetic_images(n, channels, size, classes, seed=0):
    g = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, classes, (n,), generator=g)
    images = torch.randn(n, channels, size, size, generator=g)
    images[:, 0] += labels.view(-1, 1, 1).float()
    return images, labels


def chunks(images, labels, batch_size, generator):
    order = torch.randperm(len(images), generator=generator)
    for start in range(0, len(order), batch_size):
        idx = order[start:start + batch_size]
        yield images[idx], labels[idx]


def run_epoch(model, opt, data, epoch, cfg):
    images, labels = data
    g = torch.Generator().manual_seed(epoch)
    aug = cfg["aug"]
    pool = make_pool(aug["backend"], aug["workers"], aug["params"], seed=1000 + epoch)
    total, count = 0.0, 0
    try:
        batches = pool.imap(augment_chunk, chunks(images, labels, cfg["train"]["batch_size"], g))
        for x, y in batches:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(y)
            count += len(y)
    finally:
        pool.close()
        pool.join()
    return total / count


def main():
    torch.manual_seed(0)
    d = CONFIG["data"]
    data = synthetic_images(d["n"], d["channels"], d["size"], d["classes"])
    model = build_model(d["channels"], d["classes"])
    opt = torch.optim.SGD(model.parameters(), lr=CONFIG["train"]["lr"], momentum=0.9)
    for epoch in range(CONFIG["train"]["epochs"]):
        loss = run_epoch(model, opt, data, epoch, CONFIG)
        print(f"epoch {epoch}: loss {loss:.4f}")


if __name__ == "__main__":
    main()
