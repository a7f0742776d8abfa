"""Trains one classification head per task on the shared encoder and exports a bundle checkpoint."""
import io

import torch
import torch.nn.functional as F

from encoder import ENCODER
from heads import HeadSpec, attach_head

SPECS = [HeadSpec("sentiment", 2), HeadSpec("topic", 5, hidden=32), HeadSpec("lang", 3)]


def train_head(spec, steps=4):
    head = attach_head(ENCODER, spec)
    opt = torch.optim.Adam(head.parameters(), lr=1e-2)
    head.train()
    for _ in range(steps):
        ids = torch.randint(0, 200, (16, 10))
        with torch.no_grad():
            feats = ENCODER(ids)
        loss = F.cross_entropy(head(feats), torch.randint(0, spec.num_labels, (16,)))
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def export_bundle():
    buf = io.BytesIO()
    torch.save(ENCODER.state_dict(), buf)
    return buf.getbuffer().nbytes


def main():
    for spec in SPECS:
        loss = train_head(spec)
        print(f"{spec.name}: loss={loss:.3f} bundle={export_bundle()} bytes")


if __name__ == "__main__":
    main()
