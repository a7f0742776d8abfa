"""Backtest the forecaster fold by fold with early stopping and teacher-forcing decay."""
import torch
import torch.nn.functional as F

from data import RollingOrigin, load_curve
from model import Forecaster

CFG = {"context": 48, "horizon": 12, "folds": 2, "val_block": 96, "max_epochs": 6,
       "patience": 2, "tf_start": 1.0, "tf_decay": 0.7, "lr": 3e-3}


class EarlyStopping:
    def __init__(self, patience):
        self.patience, self.best, self.bad_epochs, self.best_state = patience, float("inf"), 0, None

    def step(self, val_loss, model):
        if val_loss < self.best:
            self.best, self.bad_epochs = val_loss, 0
            with torch.no_grad():
                self.best_state = {k: v.detach().clone() for k, v in model.state_dict().items()}
            return False
        self.bad_epochs += 1
        return self.bad_epochs >= self.patience


def main():
    torch.manual_seed(0)
    backtest = RollingOrigin(load_curve(24 * 30), CFG["context"], CFG["horizon"], CFG["folds"], CFG["val_block"])
    scores = []
    for fold, (train_x, train_y), (val_x, val_y) in backtest:
        model = Forecaster()
        opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
        stopper = EarlyStopping(CFG["patience"])
        history = []
        for epoch in range(CFG["max_epochs"]):
            tf_ratio = CFG["tf_start"] * CFG["tf_decay"] ** epoch
            model.train()
            for xb, yb in zip(train_x.split(8), train_y.split(8)):
                pred = model(xb, CFG["horizon"], target=yb, tf_ratio=tf_ratio, carry_state=True)
                loss = F.mse_loss(pred, yb)
                opt.zero_grad()
                loss.backward()
                opt.step()
            model.eval()
            with torch.no_grad():
                val_loss = F.l1_loss(model(val_x, CFG["horizon"]), val_y).item()
            history.append((epoch, loss.item(), val_loss))
            if stopper.step(val_loss, model):
                break
        model.load_state_dict(stopper.best_state)
        scores.append(stopper.best)
        print(f"fold {fold}: {len(history)} epochs, best val MAE {stopper.best:.4f}")
    print(f"backtest MAE {sum(scores) / len(scores):.4f}")


if __name__ == "__main__":
    main()
