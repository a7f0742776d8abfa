"""Fit an appearance encoder with a triplet loss, then track two synthetic sequences."""
import torch
import torch.nn as nn

from tracker import DeepSortLite

CFG = {"crop_dim": 48, "emb_dim": 16, "identities": 5, "visible": 3, "frames": 6,
       "max_cosine": 0.3, "budget": 4, "max_age": 1, "train_steps": 20}


def train_encoder(encoder, prototypes, steps):
    opt = torch.optim.Adam(encoder.parameters(), lr=1e-2)
    triplet = nn.TripletMarginLoss(margin=0.5)
    for _ in range(steps):
        a, n = torch.randint(0, len(prototypes), (2, 32))
        n = torch.where(n == a, (n + 1) % len(prototypes), n)
        jitter = lambda ids: prototypes[ids] + 0.3 * torch.randn(len(ids), prototypes.shape[1])
        loss = triplet(encoder(jitter(a)), encoder(jitter(a)), encoder(jitter(n)))
        opt.zero_grad()
        loss.backward()
        opt.step()


def main():
    torch.manual_seed(0)
    prototypes = torch.randn(CFG["identities"], CFG["crop_dim"])
    encoder = nn.Sequential(nn.Linear(CFG["crop_dim"], 32), nn.ReLU(), nn.Linear(32, CFG["emb_dim"]))
    train_encoder(encoder, prototypes, CFG["train_steps"])
    for seq_name in ("MOT-02", "MOT-04"):
        tracker = DeepSortLite(encoder, seq_name, CFG)
        for frame in range(CFG["frames"]):
            visible = [(frame // 2 + k) % CFG["identities"] for k in range(CFG["visible"])]
            crops = prototypes[visible] + 0.1 * torch.randn(len(visible), CFG["crop_dim"])
            active = tracker.update(crops)
        print(f"{seq_name}: active tracks {active}")


if __name__ == "__main__":
    main()
