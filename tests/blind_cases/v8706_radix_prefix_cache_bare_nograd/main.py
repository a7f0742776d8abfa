"""Serve a handful of chat requests that share a system prompt."""
import torch

from engine import Engine, PrefixLM

SYSTEM_PROMPT = [1, 7, 7, 12, 30, 4, 9, 22]


def main():
    torch.manual_seed(0)
    engine = Engine(PrefixLM())
    user_turns = [[15, 16, 17], [15, 16, 40, 41], [33, 2], [15, 16, 17, 18]]
    reused = 0
    for turn in user_turns:
        tokens, n_cached = engine.generate(SYSTEM_PROMPT + turn, max_new_tokens=4)
        reused += n_cached
        print(f"prompt {len(SYSTEM_PROMPT) + len(turn)} tokens, {n_cached} from cache -> {tokens}")
    print(f"prefix tokens reused: {reused}")


if __name__ == "__main__":
    main()
