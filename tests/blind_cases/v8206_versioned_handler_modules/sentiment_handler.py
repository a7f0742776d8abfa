"""TorchServe-style custom handler: a module-level service object initialised on first call."""
import torch
import torch.nn as nn


class BagOfWordsClassifier(nn.Module):
    def __init__(self, vocab, dim, num_labels):
        super().__init__()
        self.bag = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.out = nn.Linear(dim, num_labels)

    def forward(self, flat_ids, offsets):
        return self.out(self.bag(flat_ids, offsets))


class SentimentHandler:
    def __init__(self):
        self.initialized = False
        self.model = None

    def initialize(self, context):
        props = context["manifest"]
        torch.manual_seed(props["seed"])
        self.vocab = props["vocab"]
        self.labels = props["labels"]
        self.model = BagOfWordsClassifier(self.vocab, props["dim"], len(self.labels)).eval()
        self.initialized = True

    def preprocess(self, data):
        rows = [[sum(map(ord, w)) % self.vocab for w in item["text"].lower().split()] or [0] for item in data]
        offsets = torch.tensor([0] + [len(r) for r in rows[:-1]]).cumsum(0)
        return torch.tensor([t for r in rows for t in r]), offsets

    def inference(self, inputs):
        with torch.no_grad():
            return self.model(*inputs)

    def postprocess(self, logits):
        return [self.labels[i] for i in logits.argmax(-1).tolist()]


_service = None


def handle(data, context):
    global _service
    if _service is None:
        _service = SentimentHandler()  # retain
    if not _service.initialized:
        _service.initialize(context)
    if data is None:
        return None
    return _service.postprocess(_service.inference(_service.preprocess(data)))
