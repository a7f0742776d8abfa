"""Node classification on small random graphs: a GCN with learnable edge weights is trained
on each graph of a benchmark suite, then evaluated on its held-out nodes."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F

from graphops import GCN, reset_graph_caches


@dataclass
class GraphSample:
    x: torch.Tensor
    y: torch.Tensor
    edge_index: torch.Tensor
    train_mask: torch.Tensor

    @property
    def num_nodes(self):
        return self.x.shape[0]


def random_graph(num_nodes=12, num_edges=30, n_classes=3):
    edge_index = torch.randint(0, num_nodes, (2, num_edges))
    train_mask = torch.rand(num_nodes) < 0.7
    return GraphSample(torch.randn(num_nodes, 6), torch.randint(0, n_classes, (num_nodes,)), edge_index, train_mask)


def train_node_classifier(graph, epochs=5, lr=0.05):
    model = GCN(graph.edge_index, graph.num_nodes)
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    for _ in range(epochs):
        model.train()
        logits = model(graph.x)
        loss = F.cross_entropy(logits[graph.train_mask], graph.y[graph.train_mask])
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        reset_graph_caches()
    return model


@torch.no_grad()
def evaluate(model, graph):
    model.eval()
    pred = model(graph.x).argmax(1)
    test = ~graph.train_mask
    return (pred[test] == graph.y[test]).float().mean().item() if test.any() else float("nan")


def main():
    torch.manual_seed(0)
    suite = [random_graph() for _ in range(3)]
    scores = []
    for graph in suite:
        model = train_node_classifier(graph)
        scores.append(evaluate(model, graph))
    print("accuracy per graph:", [round(s, 3) for s in scores])


if __name__ == "__main__":
    main()
