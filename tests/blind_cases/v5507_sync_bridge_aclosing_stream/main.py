"""Serve a handful of completions through the blocking bridge."""
import torch

from bridge import complete
from engine import AsyncEngine, TinyDecoder


def main():
    torch.manual_seed(0)
    engine = AsyncEngine(TinyDecoder())
    requests = [("the cat", 8, None), ("serving is", 12, " "), ("tokens", 30, None), ("kv cache", 6, None)]
    for prompt, max_chars, stop in requests:
        text = complete(engine, prompt, max_chars=max_chars, stop=stop)
        print(repr(prompt), "->", repr(text), "active streams:", engine.active)


if __name__ == "__main__":
    main()
