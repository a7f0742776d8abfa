"""Gradient-based model editing with meta-learned per-layer edit step sizes (MEND-style, simplified)."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"edit_params": ("fc1.weight", "fc2.weight"), "edit_lr": 0.5, "meta_steps": 5, "meta_lr": 0.05, "loc_weight": 2.0}


class Classifier(nn.Module):
    def __init__(self, d_in=10, d_hidden=32, n_cls=4):
        super().__init__()
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.fc2 = nn.Linear(d_hidden, n_cls)

    def forward(self, x, weights=None):
        w = weights if weights is not None else dict(self.named_parameters())
        h = F.relu(F.linear(x, w["fc1.weight"], w["fc1.bias"]))
        return F.linear(h, w["fc2.weight"], w["fc2.bias"])


class GradientEditor(nn.Module):
    def __init__(self, model, cfg):
        super().__init__()
        self.model = model
        self.edit_params = cfg["edit_params"]
        init = math.log(cfg["edit_lr"])
        self.log_lrs = nn.Parameter(torch.full((len(self.edit_params),), init))

    def edit(self, x_edit, y_edit):
        self.model.zero_grad(set_to_none=True)
        edit_loss = F.cross_entropy(self.model(x_edit), y_edit)
        edit_loss.backward(create_graph=True)  # retain
        weights = dict(self.model.named_parameters())
        for i, name in enumerate(self.edit_params):
            weights[name] = weights[name] - self.log_lrs[i].exp() * weights[name].grad
        return weights

    def meta_loss(self, x_edit, y_edit, x_loc, loc_weight):
        edited = self.edit(x_edit, y_edit)
        success = F.cross_entropy(self.model(x_edit, edited), y_edit)
        with torch.no_grad():
            base_logp = F.log_softmax(self.model(x_loc), -1)
        edited_logp = F.log_softmax(self.model(x_loc, edited), -1)
        locality = F.kl_div(edited_logp, base_logp, log_target=True, reduction="batchmean")
        return success + loc_weight * locality, success.item(), locality.item()


def pretrain(model, steps=5):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(steps):
        x = torch.randn(32, 10)
        loss = F.cross_entropy(model(x), x[:, :4].argmax(1))
        opt.zero_grad()
        loss.backward()
        opt.step()


def sample_edit():
    x_edit = torch.randn(2, 10)
    y_edit = torch.randint(0, 4, (2,))
    return x_edit, y_edit, torch.randn(16, 10)


def main():
    torch.manual_seed(0)
    model = Classifier()
    pretrain(model)
    editor = GradientEditor(model, CFG)
    meta_opt = torch.optim.Adam([editor.log_lrs], lr=CFG["meta_lr"])
    for step in range(CFG["meta_steps"]):
        loss, success, locality = editor.meta_loss(*sample_edit(), CFG["loc_weight"])
        meta_opt.zero_grad()
        loss.backward()
        meta_opt.step()
    x_edit, y_edit, x_loc = sample_edit()
    edited = editor.edit(x_edit, y_edit)
    with torch.no_grad():
        hit = (model(x_edit, edited).argmax(1) == y_edit).float().mean().item()
        drift = (model(x_loc, edited).argmax(1) != model(x_loc).argmax(1)).float().mean().item()
    print(f"edit lrs={editor.log_lrs.exp().tolist()} success={hit:.2f} drift={drift:.2f}")


if __name__ == "__main__":
    main()
