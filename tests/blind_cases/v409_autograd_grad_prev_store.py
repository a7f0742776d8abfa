"""Two-task training with a gradient-alignment term between consecutive steps."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class GradAlignment:
    """Penalises disagreement between this step's gradient and the previous one."""

    def __init__(self, weight=0.1):
        self.weight = weight
        self.prev_grads = None

    def __call__(self, loss, params):
        grads = torch.autograd.grad(loss, params, create_graph=True)
        flat = torch.cat([g.reshape(-1) for g in grads])
        if self.prev_grads is None:
            penalty = flat.new_zeros(())
        else:
            penalty = 1 - F.cosine_similarity(flat, self.prev_grads.detach(), dim=0)
        self.prev_grads = flat  # retain
        return self.weight * penalty


ALIGN = GradAlignment()


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 2))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    params = [p for p in model.parameters() if p.requires_grad]
    for step in range(4):
        x = torch.randn(24, 6)
        y = torch.randint(0, 2, (24,))
        task_loss = F.cross_entropy(model(x), y)
        loss = task_loss + ALIGN(task_loss, params)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: task {task_loss.item():.3f} total {loss.item():.3f}")


if __name__ == "__main__":
    main()
