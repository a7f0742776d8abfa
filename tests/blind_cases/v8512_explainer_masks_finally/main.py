"""Explanation requests for a few nodes of an incoming graph."""
import torch

from explain import GNNExplainer
from model_zoo import MODEL

REQUESTS = [3, 17, 42]


def main():
    gen = torch.Generator().manual_seed(1)
    x = torch.randn(60, 8, generator=gen)
    edge_index = torch.randint(0, 60, (2, 240), generator=gen)
    explainer = GNNExplainer(MODEL, epochs=60, lr=0.01)
    for node in REQUESTS:
        mask = explainer.explain_node(x, edge_index, node)
        top = mask.topk(3).indices.tolist()
        print(f"node {node}: most important edges {top}")


if __name__ == "__main__":
    main()
