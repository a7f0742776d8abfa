"""ProxylessNAS-style path binarization: one active op per edge, gate gradients via a custom Function."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"in_dim": 8, "dim": 16, "edges": 2, "classes": 3, "epochs": 3, "batch": 32}


def detach_variable(x):
    y = x.detach()
    y.requires_grad_(x.requires_grad)
    return y


class ArchGradientFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, binary_gates, run_func, backward_func):
        ctx.run_func = run_func
        ctx.backward_func = backward_func
        detached_x = detach_variable(x)
        with torch.enable_grad():
            output = run_func(detached_x)
        ctx.save_for_backward(detached_x, output)
        return output.data

    @staticmethod
    def backward(ctx, grad_output):
        detached_x, output = ctx.saved_tensors
        grad_x = torch.autograd.grad(output, detached_x, grad_output, only_inputs=True)
        binary_grads = ctx.backward_func(detached_x.data, output.data, grad_output.data)
        return grad_x[0], binary_grads, None, None


def run_function(candidate_ops, active_id):
    def forward(x):
        return candidate_ops[active_id](x)
    return forward


def backward_function(candidate_ops, active_id, binary_gates):
    def backward(x, output, grad_output):
        grads = torch.zeros_like(binary_gates.data)
        with torch.no_grad():
            for k, op in enumerate(candidate_ops):
                out_k = output if k == active_id else op(x)
                grads[k] = (out_k * grad_output).sum()
        return grads
    return backward


class MixedEdge(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.candidate_ops = nn.ModuleList([
            nn.Sequential(nn.Linear(dim, dim), nn.ReLU()),
            nn.Sequential(nn.Linear(dim, dim), nn.Tanh()),
            nn.Sequential(nn.Linear(dim, dim // 2), nn.ReLU(), nn.Linear(dim // 2, dim)),
        ])
        self.path_alpha = nn.Parameter(torch.zeros(len(self.candidate_ops)))
        self.path_gates = nn.Parameter(torch.zeros(len(self.candidate_ops)))
        self.active = 0
        self.arch_mode = False
        self.last_output = None

    def binarize(self):
        probs = F.softmax(self.path_alpha.detach(), dim=0)
        self.active = int(torch.multinomial(probs, 1))
        self.path_gates.data.zero_()
        self.path_gates.data[self.active] = 1.0

    def set_arch_param_grad(self):
        probs = F.softmax(self.path_alpha.detach(), dim=0)
        gates_grad = self.path_gates.grad
        grad = torch.zeros_like(probs)
        for i in range(len(probs)):
            for j in range(len(probs)):
                grad[i] += gates_grad[j] * probs[j] * (float(i == j) - probs[i])
        self.path_alpha.grad = grad

    def forward(self, x):
        if self.arch_mode:
            out = ArchGradientFunction.apply(
                x, self.path_gates,
                run_function(self.candidate_ops, self.active),
                backward_function(self.candidate_ops, self.active, self.path_gates))
        else:
            out = self.candidate_ops[self.active](x)
        self.last_output = out
        return out


class ProxylessNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.stem = nn.Linear(cfg["in_dim"], cfg["dim"])
        self.edges = nn.ModuleList(MixedEdge(cfg["dim"]) for _ in range(cfg["edges"]))
        self.head = nn.Linear(cfg["dim"], cfg["classes"])

    def set_arch_mode(self, flag):
        for e in self.edges:
            e.arch_mode = flag

    def forward(self, x):
        h = F.relu(self.stem(x))
        for edge in self.edges:
            h = h + edge(h)
        return self.head(h)


def batch(cfg):
    x = torch.randn(cfg["batch"], cfg["in_dim"])
    return x, x[:, : cfg["classes"]].argmax(1)


def search(seed, cfg):
    torch.manual_seed(seed)
    net = ProxylessNet(cfg)
    arch_params = [e.path_alpha for e in net.edges]
    weights = [p for n, p in net.named_parameters() if "path_" not in n]
    w_opt = torch.optim.SGD(weights, lr=0.05, momentum=0.9)
    a_opt = torch.optim.Adam(arch_params, lr=0.01)
    for _ in range(cfg["epochs"]):
        for e in net.edges:
            e.binarize()
        net.set_arch_mode(False)
        x, y = batch(cfg)
        w_opt.zero_grad()
        F.cross_entropy(net(x), y).backward()
        w_opt.step()
        for e in net.edges:
            e.binarize()
        net.set_arch_mode(True)
        x, y = batch(cfg)
        for e in net.edges:
            e.path_gates.grad = None
        F.cross_entropy(net(x), y).backward()
        for e in net.edges:
            e.set_arch_param_grad()
        a_opt.step()
        a_opt.zero_grad()
    return [int(e.path_alpha.argmax()) for e in net.edges]


def main():
    for seed in (0, 1):
        print(seed, search(seed, CONFIG))


if __name__ == "__main__":
    main()
