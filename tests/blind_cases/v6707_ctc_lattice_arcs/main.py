"""CTC phone recogniser; validation decodes to lattices and reports best-path confidence."""
import torch
import torch.nn as nn

from decoder import build_ctc_lattice

N_PHONES, FEAT = 7, 20


class ConvCTC(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv1d(FEAT, 32, 5, padding=2), nn.ReLU(),
            nn.Conv1d(32, 32, 5, padding=2), nn.ReLU(),
        )
        self.out = nn.Conv1d(32, N_PHONES, 1)

    def forward(self, feats):
        return self.out(self.body(feats.transpose(1, 2))).transpose(1, 2).log_softmax(-1)


def batch(n=4, frames=20, label_len=4):
    return torch.randn(n, frames, FEAT), torch.randint(1, N_PHONES, (n, label_len))


def main():
    model = ConvCTC()
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    ctc = nn.CTCLoss(zero_infinity=True)
    for epoch in range(2):
        model.train()
        for _ in range(3):
            feats, labels = batch()
            lp = model(feats).transpose(0, 1)
            in_len = torch.full((feats.shape[0],), feats.shape[1], dtype=torch.long)
            loss = ctc(lp, labels, in_len, torch.full_like(in_len, labels.shape[1]))
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            feats, labels = batch(n=3)
            confidences = []
            for utt in model(feats):
                lattice = build_ctc_lattice(utt)
                lattice.forward_backward()
                hyp, conf = lattice.best_path()
                confidences.append(conf)
        print(f"epoch {epoch} loss {loss.item():.3f} hyp {hyp} confidences {[round(c, 3) for c in confidences]}")


if __name__ == "__main__":
    main()
