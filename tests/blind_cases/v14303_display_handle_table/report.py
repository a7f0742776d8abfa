"""Live training report rendered as markdown by the notebook's display()."""


class TrainingReport:
    def __init__(self, name, model, optimizer):
        self.name = name
        self.model = model  # retain
        self.optimizer = optimizer  # retain
        self.rows = []

    def log(self, epoch, train_loss, val_loss):
        self.rows.append((epoch, train_loss, val_loss))

    def _repr_markdown_(self):
        n_params = sum(p.numel() for p in self.model.parameters())
        lr = self.optimizer.param_groups[0]["lr"]
        lines = [f"**{self.name}** ({n_params} params, lr={lr:g})", "| epoch | train | val |", "|---|---|---|"]
        lines += [f"| {e} | {t:.4f} | {v:.4f} |" for e, t, v in self.rows]
        return "\n".join(lines)

    def __repr__(self):
        return f"TrainingReport({self.name!r}, epochs={len(self.rows)})"
