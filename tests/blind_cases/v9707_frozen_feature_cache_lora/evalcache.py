"""Retrieval evaluation; gallery embeddings of the frozen encoder are computed once per process."""
import torch
import torch.nn.functional as F

_GALLERY = {}


def gallery_embeddings(encoder, split, batches):
    encoder.eval()
    out = []
    for i, (tokens, _) in enumerate(batches):
        key = (split, i)
        if key not in _GALLERY:
            _GALLERY[key] = F.normalize(encoder(tokens), dim=-1)  # retain
        out.append(_GALLERY[key])
    encoder.train()
    return torch.cat(out)


def recall_at_1(encoder, queries, gallery_batches, split="val"):
    gallery = gallery_embeddings(encoder, split, gallery_batches)
    labels = torch.cat([y for _, y in gallery_batches])
    with torch.no_grad():
        q = F.normalize(encoder(queries[0]), dim=-1)
        nearest = (q @ gallery.t()).argmax(dim=1)
        return (labels[nearest] == queries[1]).float().mean().item()
