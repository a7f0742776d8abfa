"""Frame-level voice-activity detection trained on long recordings split into chunks."""
import torch
import torch.nn as nn

from tbptt import ChunkedGRUEncoder

CFG = {"feat": 13, "hidden": 24, "chunk": 10, "frames": 60, "batch": 4, "recordings": 3}


class VADModel(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.encoder = ChunkedGRUEncoder(cfg["feat"], cfg["hidden"])
        self.head = nn.Linear(cfg["hidden"], 1)

    def forward(self, chunk):
        return self.head(self.encoder(chunk)).squeeze(-1)


def synthetic_recording(cfg):
    speech = (torch.rand(cfg["batch"], cfg["frames"]) > 0.5).float()
    feats = torch.randn(cfg["batch"], cfg["frames"], cfg["feat"]) + speech.unsqueeze(-1)
    return feats, speech


def main():
    cfg = CFG
    model = VADModel(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for rec in range(cfg["recordings"]):
        feats, speech = synthetic_recording(cfg)
        model.encoder.reset()
        for start in range(0, cfg["frames"], cfg["chunk"]):
            logits = model(feats[:, start:start + cfg["chunk"]])
            loss = nn.functional.binary_cross_entropy_with_logits(
                logits, speech[:, start:start + cfg["chunk"]])
            opt.zero_grad()
            loss.backward()
            opt.step()
        norms = model.encoder.state_grad_norms
        print(f"recording {rec} loss {loss.item():.4f} mean state-grad norm {sum(norms) / len(norms):.4f}")


if __name__ == "__main__":
    main()
