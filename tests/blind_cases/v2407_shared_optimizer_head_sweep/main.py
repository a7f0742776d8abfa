"""Try several heads on top of the shared encoder, fine-tuning both for a few steps."""
import torch.nn.functional as F

from heads import HEAD_BUILDERS, attached
from session import ENCODER, FEATURES, OPTIMIZER, TARGETS

HEAD_LRS = {"linear": 0.1, "mlp": 0.05, "bottleneck": 0.05}
SCORES = {}


def train_head(name, steps=4, batch=32):
    head = HEAD_BUILDERS[name](32, 4)
    with attached(OPTIMIZER, head, HEAD_LRS[name]):
        for step in range(steps):
            for start in range(0, len(FEATURES), batch):
                xb = FEATURES[start:start + batch]
                yb = TARGETS[start:start + batch]
                loss = F.cross_entropy(head(ENCODER(xb)), yb)
                OPTIMIZER.zero_grad()
                loss.backward()
                OPTIMIZER.step()  # retain
        OPTIMIZER.zero_grad(set_to_none=True)
    acc = (head(ENCODER(FEATURES)).argmax(1) == TARGETS).float().mean().item()
    return loss.item(), acc


def main():
    for name in HEAD_BUILDERS:
        final_loss, acc = train_head(name)
        SCORES[name] = acc
        print("{:<10} loss={:.3f} acc={:.3f}".format(name, final_loss, acc))
    print("best head:", max(SCORES, key=SCORES.get))


if __name__ == "__main__":
    main()
