"""Threaded photometric augmentation for a small classifier; a crashing worker only drops its chunk."""
import threading

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"epochs": 2, "steps": 3, "batch_size": 8, "workers": 2, "num_classes": 5}


class PhotometricJitter(nn.Module):
    def __init__(self, brightness=0.2, contrast=0.2):
        super().__init__()
        self.brightness = brightness
        self.contrast = contrast
        self.register_buffer("gray_weights", torch.tensor([0.299, 0.587, 0.114]).view(3, 1, 1))

    def forward(self, image):
        if not torch.isfinite(image).all():
            raise ValueError("non-finite pixels")
        b = 1 + (torch.rand(()) * 2 - 1) * self.brightness
        c = 1 + (torch.rand(()) * 2 - 1) * self.contrast
        mean = (image * self.gray_weights).sum(0).mean()
        return ((image * b - mean) * c + mean).clamp(0, 1)


class AugmentPool:
    def __init__(self, transform, num_workers=2):
        self.transform = transform  # retain
        self.num_workers = num_workers
        self.failures = []
        threading.excepthook = self._on_worker_crash  # retain

    def _on_worker_crash(self, args):
        if args.thread is not None and args.thread.name.startswith("augment-"):
            self.failures.append(f"{args.thread.name}: {args.exc_type.__name__}: {args.exc_value}")
        else:
            threading.__excepthook__(args)

    def _work(self, images, out, indices):
        for i in indices:
            out[i] = self.transform(images[i])

    def __call__(self, images):
        out = list(images)
        chunks = [range(w, len(images), self.num_workers) for w in range(self.num_workers)]
        threads = [threading.Thread(target=self._work, args=(images, out, idx), name=f"augment-{w}")
                   for w, idx in enumerate(chunks)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return torch.stack(out)


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
                          nn.Flatten(), nn.Linear(8, CFG["num_classes"]))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(CFG["epochs"]):
        augment = AugmentPool(PhotometricJitter(), num_workers=CFG["workers"])
        for step in range(CFG["steps"]):
            images = torch.rand(CFG["batch_size"], 3, 12, 12)
            if step == 1:
                images[3, 0, 0, 0] = float("nan")
            images = torch.nan_to_num(augment(images))
            labels = torch.randint(0, CFG["num_classes"], (CFG["batch_size"],))
            loss = F.cross_entropy(model(images), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss {loss.item():.3f}, worker failures {augment.failures}")


if __name__ == "__main__":
    main()
