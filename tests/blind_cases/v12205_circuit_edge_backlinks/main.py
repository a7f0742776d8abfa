"""Edge attribution patching (EAP) on a toy 'first token' task, re-run after every epoch."""
import functools

import torch
import torch.nn as nn

from circuit import CircuitGraph
from toy import ToyModel

CFG = {"vocab": 16, "dim": 24, "depth": 3, "seq": 6, "batch": 32, "epochs": 3, "steps": 5, "keep": 4}


def make_batch(n):
    tokens = torch.randint(1, CFG["vocab"], (n, CFG["seq"]))
    return tokens, tokens[:, 0].clone()


def _save(store, key, module, inputs, output=None):
    store[key] = inputs[0] if output is None else output


def edge_attribution_patching(model, graph, clean, corrupt, answer, wrong):
    acts, handles = {}, []
    for name, node in graph.nodes.items():
        handles.append(node.module.register_forward_hook(functools.partial(_save, acts, name + ":out")))
        if node.in_edges:
            handles.append(node.module.register_forward_pre_hook(functools.partial(_save, acts, name + ":in")))
    try:
        with torch.no_grad():
            model(clean)
        clean_acts = {k: v.detach() for k, v in acts.items()}
        logits = model(corrupt)
        rows = torch.arange(len(answer))
        metric = (logits[rows, answer] - logits[rows, wrong]).mean()
        in_keys = [k for k in acts if k.endswith(":in")]
        grads = dict(zip(in_keys, torch.autograd.grad(metric, [acts[k] for k in in_keys])))
    finally:
        for h in handles:
            h.remove()
    for edge in graph.edges:
        delta = clean_acts[edge.src.name + ":out"] - acts[edge.src.name + ":out"].detach()
        grad = grads[edge.dst.name + ":in"]
        if delta.dim() > grad.dim():
            delta = delta[:, -1]
        edge.score = float((delta * grad).sum())


def main():
    torch.manual_seed(0)
    model = ToyModel(CFG["vocab"], CFG["dim"], CFG["depth"])
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    reports = []
    for epoch in range(CFG["epochs"]):
        model.train()
        for _ in range(CFG["steps"]):
            tokens, target = make_batch(CFG["batch"])
            loss = nn.functional.cross_entropy(model(tokens), target)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        clean, answer = make_batch(8)
        corrupt = torch.cat([clean[:, :1] % (CFG["vocab"] - 1) + 1, clean[:, 1:]], dim=1)
        graph = CircuitGraph.from_residual_model(model)
        edge_attribution_patching(model, graph, clean, corrupt, answer, corrupt[:, 0])
        reports.append((epoch, loss.item(), graph.circuit(CFG["keep"])))
    print(reports[-1])


if __name__ == "__main__":
    main()
