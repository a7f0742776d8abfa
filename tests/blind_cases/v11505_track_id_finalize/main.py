"""Train a small appearance encoder, then track identities that enter and leave the scene."""
import torch
import torch.nn as nn

from tracker import AppearanceTracker

CFG = {"crop_dim": 64, "emb_dim": 16, "identities": 6, "visible": 3, "frames": 8,
       "max_ids": 8, "sim_thresh": 0.7, "max_misses": 1, "train_steps": 15}


def train_encoder(encoder, prototypes, steps):
    head = nn.Linear(CFG["emb_dim"], len(prototypes))
    opt = torch.optim.Adam(list(encoder.parameters()) + list(head.parameters()), lr=1e-2)
    for _ in range(steps):
        labels = torch.randint(0, len(prototypes), (32,))
        crops = prototypes[labels] + 0.3 * torch.randn(32, CFG["crop_dim"])
        loss = nn.functional.cross_entropy(head(encoder(crops)), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()


def main():
    torch.manual_seed(0)
    prototypes = torch.randn(CFG["identities"], CFG["crop_dim"])
    encoder = nn.Sequential(nn.Linear(CFG["crop_dim"], 32), nn.ReLU(), nn.Linear(32, CFG["emb_dim"]))
    train_encoder(encoder, prototypes, CFG["train_steps"])
    encoder.eval()
    for seq in range(2):
        tracker = AppearanceTracker(encoder, CFG)
        for frame in range(CFG["frames"]):
            visible = [(frame // 3 + k) % CFG["identities"] for k in range(CFG["visible"])]
            crops = prototypes[visible] + 0.1 * torch.randn(len(visible), CFG["crop_dim"])
            ids = tracker.step(crops)
        print(f"sequence {seq}: active ids {ids}, recycled {tracker.ids.recycled}")


if __name__ == "__main__":
    main()
