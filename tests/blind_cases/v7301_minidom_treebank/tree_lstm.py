"""Child-sum Tree-LSTM that walks minidom elements directly."""
import torch
import torch.nn as nn


def element_children(elem):
    return [c for c in elem.childNodes if c.nodeType == c.ELEMENT_NODE]


class ChildSumTreeLSTM(nn.Module):
    def __init__(self, vocab_size, dim, num_classes=3):
        super().__init__()
        self.dim = dim
        self.embed = nn.Embedding(vocab_size, dim)
        self.iou = nn.Linear(2 * dim, 3 * dim)
        self.f_x = nn.Linear(dim, dim)
        self.f_h = nn.Linear(dim, dim)
        self.classify = nn.Linear(dim, num_classes)

    def node_forward(self, x, child_h, child_c):
        h_sum = child_h.sum(0, keepdim=True)
        i, o, u = self.iou(torch.cat([x, h_sum], -1)).chunk(3, -1)
        i, o, u = torch.sigmoid(i), torch.sigmoid(o), torch.tanh(u)
        f = torch.sigmoid(self.f_x(x) + self.f_h(child_h))
        c = i * u + (f * child_c).sum(0, keepdim=True)
        return o * torch.tanh(c), c

    def encode(self, elem, node_logits, node_labels):
        kids = element_children(elem)
        if elem.tagName == "leaf":
            x = self.embed(elem.getUserData("ids"))
            zeros = x.new_zeros(1, self.dim)
            return self.node_forward(x, zeros, zeros)
        states = [self.encode(k, node_logits, node_labels) for k in kids]
        child_h = torch.cat([h for h, _ in states])
        child_c = torch.cat([c for _, c in states])
        h, c = self.node_forward(child_h.new_zeros(1, self.dim), child_h, child_c)
        if elem.hasAttribute("label"):
            node_logits.append(self.classify(h))
            node_labels.append(int(elem.getAttribute("label")))
        return h, c
