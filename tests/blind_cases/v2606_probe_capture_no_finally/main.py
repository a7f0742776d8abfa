"""Layer-wise linear probing of a small convolutional encoder. Probe widths come from a
per-layer table; a layer whose probe cannot be built is reported and skipped."""
import torch
import torch.nn as nn

from probing import capture, fit_linear_probe

PROBE_TABLE = {
    "stem": {"in_features": 8},
    "stage1": {"in_features": 16},
    "stage2": {"in_features": 24},
    "head": {"in_features": 32},
}


class SmallEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU())
        self.stage1 = nn.Sequential(nn.Conv2d(8, 16, 3, stride=2, padding=1), nn.ReLU())
        self.stage2 = nn.Sequential(nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.ReLU())
        self.head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(32, 32))

    def forward(self, x):
        return self.head(self.stage2(self.stage1(self.stem(x))))


def probe_layers(encoder, images, labels, n_classes):
    accuracies, skipped = {}, {}
    for name, spec in PROBE_TABLE.items():
        try:
            with capture(encoder, [name]) as feats:
                with torch.no_grad():
                    encoder(images)
                accuracies[name] = fit_linear_probe(feats[name], labels, spec["in_features"], n_classes)
        except RuntimeError as err:
            skipped[name] = str(err).splitlines()[0]
    return accuracies, skipped


def main():
    torch.manual_seed(0)
    images, labels = torch.randn(20, 3, 8, 8), torch.randint(0, 4, (20,))
    for checkpoint in range(2):
        encoder = SmallEncoder().eval()
        for p in encoder.parameters():
            p.requires_grad_(False)
        accuracies, skipped = probe_layers(encoder, images, labels, n_classes=4)
        print(checkpoint, accuracies, skipped)


if __name__ == "__main__":
    main()
