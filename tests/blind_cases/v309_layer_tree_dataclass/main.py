"""Layer-wise learning-rate decay computed from a parent/child tree of the model."""
import torch
import torch.nn as nn

from layertree import LayerNode


def build_tree(module, name="", parent=None):
    node = LayerNode(name or "<root>", module, parent=parent)  # cycle
    for child_name, child in module.named_children():
        build_tree(child, f"{name}.{child_name}" if name else child_name, parent=node)
    return node


def layerwise_groups(model, base_lr=1e-2, decay=0.5):
    root = build_tree(model)
    max_depth = max(n.depth for n in root.walk())
    groups = []
    for node in root.walk():
        params = list(node.module.parameters(recurse=False))
        if params:
            groups.append({"params": params, "lr": base_lr * decay ** (max_depth - node.depth)})
    return groups


def main():
    torch.manual_seed(0)
    for trial in range(3):
        model = nn.Sequential(
            nn.Sequential(nn.Linear(8, 16), nn.ReLU()),
            nn.Sequential(nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 4)),
        )
        opt = torch.optim.SGD(layerwise_groups(model), lr=1e-2)
        for _ in range(3):
            loss = model(torch.randn(8, 8)).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
