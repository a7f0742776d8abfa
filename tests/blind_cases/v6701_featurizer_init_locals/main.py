"""Keyword-spotting training on features produced chunk by chunk, as on device."""
import torch
import torch.nn as nn

from featurizer import StreamingFeaturizer

CONFIG = {"n_mels": 40, "classes": 3, "chunk": 1200, "utt_len": 8000, "steps": 4, "batch": 4}


class KWSNet(nn.Module):
    def __init__(self, n_mels, n_classes):
        super().__init__()
        self.conv = nn.Conv1d(n_mels, 32, kernel_size=3, padding=1)
        self.gru = nn.GRU(32, 32, batch_first=True)
        self.head = nn.Linear(32, n_classes)

    def forward(self, feats):
        x = torch.relu(self.conv(feats.transpose(1, 2))).transpose(1, 2)
        _, h = self.gru(x)
        return self.head(h[-1])


def featurize_stream(audio, cfg):
    featurizer = StreamingFeaturizer(n_mels=cfg["n_mels"])
    frames = [featurizer.accept(audio[i:i + cfg["chunk"]])
              for i in range(0, audio.numel(), cfg["chunk"])]
    return torch.cat(frames), featurizer.config()


def main():
    cfg = CONFIG
    model = KWSNet(cfg["n_mels"], cfg["classes"])
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(cfg["steps"]):
        labels = torch.randint(0, cfg["classes"], (cfg["batch"],))
        feats = []
        for b in range(cfg["batch"]):
            audio = 0.1 * torch.randn(cfg["utt_len"])
            f, feat_cfg = featurize_stream(audio, cfg)
            feats.append(f)
        logits = model(torch.stack(feats))
        loss = nn.functional.cross_entropy(logits, labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("featurizer", feat_cfg, "loss", round(loss.item(), 4))


if __name__ == "__main__":
    main()
