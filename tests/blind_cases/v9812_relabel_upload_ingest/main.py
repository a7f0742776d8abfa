"""Apply annotator relabel uploads between training rounds."""
import random

import torch
import torch.nn as nn

from ingest import RelabelIngest, encode_upload

CONFIG = {"n": 64, "dim": 6, "classes": 4, "rounds": 3, "steps": 5, "uploads_per_round": 2}


def annotator_uploads(rng, clean, rnd):
    uploads = []
    for k in range(CONFIG["uploads_per_round"]):
        size = 60 if (rnd + k) % 3 == 2 else 6
        picks = rng.sample(range(CONFIG["n"]), size)
        content_type, body = encode_upload(f"ann-{k}", [(i, int(clean[i])) for i in picks])
        uploads.append((f"r{rnd}-u{k}", content_type, body))
    return uploads


def main():
    torch.manual_seed(0)
    rng = random.Random(0)
    x = torch.randn(CONFIG["n"], CONFIG["dim"])
    clean = x[:, :CONFIG["classes"]].argmax(dim=1)
    labels = torch.where(torch.rand(CONFIG["n"]) < 0.35, torch.randint(0, CONFIG["classes"], (CONFIG["n"],)), clean)
    model = nn.Sequential(nn.Linear(CONFIG["dim"], 24), nn.ReLU(), nn.Linear(24, CONFIG["classes"]))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    ingest = RelabelIngest(CONFIG["n"])
    for rnd in range(CONFIG["rounds"]):
        for upload_id, content_type, body in annotator_uploads(rng, clean, rnd):
            for idx, label in ingest.receive(upload_id, content_type, body):
                labels[idx] = label
        for _ in range(CONFIG["steps"]):
            loss = nn.functional.cross_entropy(model(x), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
        agree = (labels == clean).float().mean().item()
        print(f"round {rnd}: loss {loss.item():.3f}, label agreement {agree:.2f}, "
              f"accepted {ingest.accepted}, rejected {len(ingest.rejected)}")


if __name__ == "__main__":
    main()
