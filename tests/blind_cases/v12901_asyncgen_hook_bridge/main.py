"""Scripted completion run: streams a few prompts through the sync bridge and cuts each
completion at a stop token or a length budget."""
import torch

from bridge import SyncStreamBridge
from engine import StreamingEngine, TinyDecoder

CONFIG = {"vocab": 64, "dim": 32, "heads": 4, "eos_id": 0, "stop_id": 11,
          "max_new_tokens": 24, "budget": 6, "temperature": 0.9}
PROMPTS = [[1, 5, 9, 3], [2, 7, 7, 1, 4], [3, 3, 8], [6, 2]]


def complete(bridge, prompt, cfg):
    out = []
    for token in bridge.tokens(prompt, temperature=cfg["temperature"]):
        if token == cfg["stop_id"] or len(out) >= cfg["budget"]:
            break
        out.append(token)
    return out


def main():
    torch.manual_seed(0)
    model = TinyDecoder(CONFIG["vocab"], CONFIG["dim"], CONFIG["heads"]).eval()
    engine = StreamingEngine(model, CONFIG["eos_id"], CONFIG["max_new_tokens"])
    bridge = SyncStreamBridge(engine)
    for prompt in PROMPTS:
        completion = complete(bridge, prompt, CONFIG)
        print(prompt, "->", completion)
    print(f"served {engine.tokens_served} tokens, {bridge.closed_early} streams closed early")


if __name__ == "__main__":
    main()
