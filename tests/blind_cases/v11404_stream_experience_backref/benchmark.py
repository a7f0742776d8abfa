"""Class-incremental benchmark: a stream of experiences carved out of a labelled pool."""
import torch
from torch.utils.data import TensorDataset


class Experience:
    def __init__(self, stream, index, classes, train_set, test_set):
        self.origin_stream = stream  # cycle
        self.current_experience = index
        self.classes_in_this_experience = list(classes)
        self.dataset = train_set
        self.test_dataset = test_set

    @property
    def previous_classes(self):
        seen = []
        for exp in self.origin_stream[: self.current_experience]:
            seen.extend(exp.classes_in_this_experience)
        return seen

    @property
    def classes_seen_so_far(self):
        return self.previous_classes + self.classes_in_this_experience

    def __repr__(self):
        return f"Experience({self.origin_stream.name}[{self.current_experience}], classes={self.classes_in_this_experience})"


class Stream:
    def __init__(self, name):
        self.name = name
        self._experiences = []

    def add(self, classes, train_set, test_set):
        exp = Experience(self, len(self._experiences), classes, train_set, test_set)
        self._experiences.append(exp)  # cycle
        return exp

    def __getitem__(self, item):
        return self._experiences[item]

    def __len__(self):
        return len(self._experiences)

    def __iter__(self):
        return iter(self._experiences)


def class_incremental_benchmark(n_classes, per_class, in_dim, n_experiences, seed=0):
    g = torch.Generator().manual_seed(seed)
    protos = 2.0 * torch.randn(n_classes, in_dim, generator=g)
    order = torch.randperm(n_classes, generator=g).tolist()
    stream = Stream(f"split_train_seed{seed}")
    step = n_classes // n_experiences
    for i in range(n_experiences):
        classes = order[i * step:(i + 1) * step]
        y = torch.tensor(classes).repeat_interleave(per_class)
        x = protos[y] + torch.randn(len(y), in_dim, generator=g)
        cut = int(0.8 * len(y))
        idx = torch.randperm(len(y), generator=g)
        stream.add(classes, TensorDataset(x[idx[:cut]], y[idx[:cut]]), TensorDataset(x[idx[cut:]], y[idx[cut:]]))
    return stream
