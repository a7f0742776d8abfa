"""Label propagation over a k-nearest-neighbour graph of embeddings (pseudo-labels for
self-training, in the spirit of Iscen et al. 2019)."""
import torch
import torch.nn.functional as F


class SampleNode:
    def __init__(self, index, feature, label=None):
        self.index = index
        self.feature = feature
        self.label = label
        self.neighbors = []  # cycle
        self.weights = []
        self.belief = None


def build_knn_graph(features, labels, labeled_mask, k):
    feats = F.normalize(features, dim=1)
    nodes = [SampleNode(i, feats[i], int(labels[i]) if labeled_mask[i] else None)
             for i in range(len(feats))]
    sim = feats @ feats.t()
    sim.fill_diagonal_(-1.0)
    vals, idx = sim.topk(k, dim=1)
    for node, row_idx, row_val in zip(nodes, idx.tolist(), vals.clamp_min(0).tolist()):
        for j, w in zip(row_idx, row_val):
            node.neighbors.append(nodes[j])  # cycle
            node.weights.append(w ** 3)
    return nodes


def propagate(nodes, num_classes, alpha=0.9, iters=10):
    prior = torch.zeros(len(nodes), num_classes)
    for n in nodes:
        if n.label is not None:
            prior[n.index, n.label] = 1.0
    belief = prior.clone()
    for _ in range(iters):
        new = torch.zeros_like(belief)
        for n in nodes:
            total = sum(n.weights) or 1.0
            for nb, w in zip(n.neighbors, n.weights):
                new[n.index] += (w / total) * belief[nb.index]
        belief = alpha * new + (1 - alpha) * prior
    for n in nodes:
        n.belief = belief[n.index]
    return belief


def pseudo_labels(belief, num_classes):
    probs = belief / belief.sum(1, keepdim=True).clamp_min(1e-8)
    entropy = -(probs * probs.clamp_min(1e-8).log()).sum(1)
    weight = 1.0 - entropy / torch.log(torch.tensor(float(num_classes)))
    return probs.argmax(1), weight
