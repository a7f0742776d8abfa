"""Seeds of a small denoising autoencoder; the best epoch of each seed is kept for export."""
import torch
import torch.nn as nn

from selection import StopTraining, keep_best


class DenoisingAE(nn.Module):
    def __init__(self, dim=20, code=6):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, 12), nn.ReLU(), nn.Linear(12, code))
        self.decoder = nn.Sequential(nn.Linear(code, 12), nn.ReLU(), nn.Linear(12, dim))

    def forward(self, x, noise=0.0):
        return self.decoder(self.encoder(x + noise * torch.randn_like(x)))


@keep_best(monitor="val_loss", patience=2)
@torch.no_grad()
def evaluate(model, x):
    model.eval()
    loss = nn.functional.mse_loss(model(x), x).item()
    model.train()
    return {"val_loss": loss}


def fit(seed, train_x, val_x, epochs=8):
    torch.manual_seed(seed)
    model = DenoisingAE()
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    for epoch in range(epochs):
        for i in range(0, len(train_x), 32):
            batch = train_x[i:i + 32]
            loss = nn.functional.mse_loss(model(batch, noise=0.1), batch)
            opt.zero_grad()
            loss.backward()
            opt.step()
        try:
            evaluate(model, val_x, epoch=epoch)
        except StopTraining as stop:
            print(f"seed {seed}: {stop}")
            break
    best_model, best_epoch = evaluate.best(reset=True)
    return best_model, best_epoch


def main():
    data = torch.randn(160, 20) @ torch.randn(20, 20) * 0.3
    exported = []
    for seed in range(3):
        best_model, best_epoch = fit(seed, data[:128], data[128:])
        exported.append({k: v.clone() for k, v in best_model.state_dict().items()})
        print(f"seed {seed}: best epoch {best_epoch}")
    assert len(exported) == 3


if __name__ == "__main__":
    main()
