"""Wake-word detector exported for the Android benchmark app at the end of training.

The app runs get_all_bundled_inputs() against the lite-interpreter file, so each
export carries a few real feature windows from the validation split.
"""
import os
import tempfile

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.bundled_inputs import augment_model_with_bundled_inputs, bundle_large_tensor
from torch.utils.mobile_optimizer import optimize_for_mobile

CFG = {"n_mfcc": 10, "frames": 24, "channels": 12, "epochs": 3, "steps": 4, "bundled": 2}


class WakeWordNet(nn.Module):
    def __init__(self, n_mfcc, channels):
        super().__init__()
        self.conv1 = nn.Conv1d(n_mfcc, channels, kernel_size=5, padding=2)
        self.conv2 = nn.Conv1d(channels, channels, kernel_size=3, padding=1, groups=channels)
        self.classifier = nn.Linear(channels, 2)

    def forward(self, mfcc):
        h = F.relu(self.conv1(mfcc))
        h = F.relu(self.conv2(h)) + h
        return self.classifier(h.amax(dim=-1))


def windows(gen, n, cfg):
    x = torch.randn(n, cfg["n_mfcc"], cfg["frames"], generator=gen)
    y = (x[:, 0].mean(dim=-1) > 0).long()
    return x, y


def export_for_device(model, validation_windows, out_dir, tag):
    model.eval()
    scripted = torch.jit.script(model)
    samples = [(bundle_large_tensor(w.unsqueeze(0)),) for w in validation_windows]
    augment_model_with_bundled_inputs(scripted, samples, info=["validation window"] * len(samples))  # cycle
    mobile = optimize_for_mobile(scripted)
    path = os.path.join(out_dir, "wakeword_%s.ptl" % tag)
    mobile._save_for_lite_interpreter(path)
    with torch.no_grad():
        outputs = [mobile(*inp) for inp in mobile.get_all_bundled_inputs()]
    model.train()
    return os.path.getsize(path), torch.cat(outputs).argmax(dim=-1).tolist()


def main():
    gen = torch.Generator().manual_seed(5)
    model = WakeWordNet(CFG["n_mfcc"], CFG["channels"])
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    val_x, _ = windows(gen, CFG["bundled"], CFG)
    for epoch in range(CFG["epochs"]):
        for _ in range(CFG["steps"]):
            x, y = windows(gen, 16, CFG)
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print("epoch %d loss %.3f" % (epoch, loss.item()))
    with tempfile.TemporaryDirectory() as out_dir:
        size, preds = export_for_device(model, val_x, out_dir, "final")
    print("lite-interpreter file %d bytes, bundled predictions %s" % (size, preds))


if __name__ == "__main__":
    main()
