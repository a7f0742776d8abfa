"""Layer-wise linear probes read intermediate values with a stepping FX interpreter."""
import torch
import torch.fx as fx
import torch.nn.functional as F


def encoder(x, w1, b1, w2, b2, w_out):
    h1 = torch.relu(F.linear(x, w1, b1))
    h2 = torch.relu(F.linear(h1, w2, b2))
    return F.linear(h2, w_out)


class SteppingInterpreter(fx.Interpreter):
    """Executes a GraphModule one node at a time, like a debugger's 'step'."""

    def __init__(self, gm):
        super().__init__(gm)
        self.visited = []
        self._stepper = None

    def start(self, *args):
        self._stepper = self._steps(args)  # cycle

    def _steps(self, args):
        self.env = {}
        self.args_iter = iter(args)
        for node in self.module.graph.nodes:
            value = self.run_node(node)
            self.env[node] = value
            self.visited.append(node.name)
            yield node, value

    def run_to(self, node_name):
        for node, value in self._stepper:
            if node.name == node_name:
                return value
        raise KeyError(node_name)


def ridge_probe_accuracy(feats, labels, lam=1e-2):
    x = torch.cat([feats, torch.ones(len(feats), 1)], dim=1)
    y = F.one_hot(labels, 2).float()
    w = torch.linalg.solve(x.T @ x + lam * torch.eye(x.shape[1]), x.T @ y)
    return ((x @ w).argmax(1) == labels).float().mean().item()


def main():
    torch.manual_seed(0)
    dims = {"in": 10, "hidden": 24, "out": 2}
    params = [
        (torch.randn(dims["hidden"], dims["in"]) * 0.3).requires_grad_(),
        torch.zeros(dims["hidden"], requires_grad=True),
        (torch.randn(dims["hidden"], dims["hidden"]) * 0.2).requires_grad_(),
        torch.zeros(dims["hidden"], requires_grad=True),
        (torch.randn(dims["out"], dims["hidden"]) * 0.2).requires_grad_(),
    ]
    opt = torch.optim.SGD(params, lr=0.1)
    gm = fx.symbolic_trace(encoder)
    probe_x = torch.randn(64, dims["in"])
    probe_y = (probe_x[:, :3].sum(1) > 0).long()
    for epoch in range(3):
        for _ in range(4):
            x = torch.randn(32, dims["in"])
            y = (x[:, :3].sum(1) > 0).long()
            loss = F.cross_entropy(gm(x, *params), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        report = []
        for layer in ("relu", "relu_1"):
            stepper = SteppingInterpreter(gm)
            with torch.no_grad():
                stepper.start(probe_x, *params)
                feats = stepper.run_to(layer)
            report.append(f"{layer}={ridge_probe_accuracy(feats, probe_y):.2f}")
        print(f"epoch {epoch}: loss={loss.item():.3f} probes: {' '.join(report)}")


if __name__ == "__main__":
    main()
