"""Sound-event tagger with a learnable PCEN front end; CMVN statistics are gathered for export."""
import torch
import torch.nn as nn

from cmvn import GLOBAL_CMVN
from pcen import PCEN

N_MELS, N_TAGS = 24, 5


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.frontend = PCEN(N_MELS)
        self.encoder = nn.Sequential(nn.Linear(N_MELS, 48), nn.ReLU(), nn.Linear(48, 48), nn.ReLU())
        self.head = nn.Linear(48, N_TAGS)

    def forward(self, mel_energy):
        feats = self.frontend(mel_energy)
        return self.head(self.encoder(feats).mean(1)), feats


def synthetic_batch(batch=8, frames=30):
    energy = torch.rand(batch, frames, N_MELS).pow(2) * 10.0
    tags = (torch.rand(batch, N_TAGS) > 0.7).float()
    return energy, tags


def main():
    model = Tagger()
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-2)
    for epoch in range(2):
        for step in range(3):
            energy, tags = synthetic_batch()
            logits, feats = model(energy)
            loss = nn.functional.binary_cross_entropy_with_logits(logits, tags)
            opt.zero_grad()
            loss.backward()
            opt.step()
            GLOBAL_CMVN.update(feats)
        print(f"epoch {epoch} loss {loss.item():.4f}")
    stats = GLOBAL_CMVN.export()
    print("cmvn frames", stats["count"], "mean[0]", round(stats["mean"][0], 3))


if __name__ == "__main__":
    main()
