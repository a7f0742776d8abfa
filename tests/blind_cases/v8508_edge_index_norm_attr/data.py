"""Citation-style graph loaded once per process and shared by every experiment."""
import torch


class GraphData:
    def __init__(self, x, edge_index, edge_attr, y, train_mask, val_mask):
        self.x = x
        self.edge_index = edge_index
        self.edge_attr = edge_attr
        self.y = y
        self.train_mask = train_mask
        self.val_mask = val_mask

    @property
    def num_nodes(self):
        return self.x.shape[0]


def load_synthetic_citations(num_nodes=150, num_edges=600, num_features=20, num_classes=4, seed=0):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, num_classes, (num_nodes,), generator=g)
    centers = torch.randn(num_classes, num_features, generator=g)
    x = centers[y] + 0.8 * torch.randn(num_nodes, num_features, generator=g)
    src = torch.randint(0, num_nodes, (num_edges,), generator=g)
    dst = torch.randint(0, num_nodes, (num_edges,), generator=g)
    edge_index = torch.stack([torch.cat([src, dst]), torch.cat([dst, src])])
    edge_attr = torch.rand(edge_index.shape[1], 3, generator=g)
    perm = torch.randperm(num_nodes, generator=g)
    train_mask = torch.zeros(num_nodes, dtype=torch.bool)
    train_mask[perm[: num_nodes // 2]] = True
    return GraphData(x, edge_index, edge_attr, y, train_mask, ~train_mask)


DATASET = load_synthetic_citations()
