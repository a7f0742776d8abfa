"""Beam-search decoding with a cached decoder; beams are reordered as pytrees."""
import torch
from torch.utils._pytree import tree_map

from decoder import IncrementalDecoder

CONFIG = {"vocab": 40, "dim": 32, "heads": 4, "n_layers": 2}


@torch.no_grad()
def beam_search(model, prompt, num_beams=3, max_new_tokens=6, eos_id=1):
    ids = prompt.repeat(num_beams, 1)
    cache = model.new_cache(num_beams)
    logits = model(ids, cache)
    scores = torch.tensor([0.0] + [-1e9] * (num_beams - 1))
    for _ in range(max_new_tokens):
        logp = logits.log_softmax(-1) + scores[:, None]
        scores, flat = logp.view(-1).topk(num_beams)
        beam_idx, token = flat // logp.shape[1], flat % logp.shape[1]
        cache = tree_map(lambda t: t.index_select(0, beam_idx), cache)
        ids = torch.cat([ids.index_select(0, beam_idx), token[:, None]], dim=1)
        if bool((token == eos_id).all()):
            break
        logits = model(token[:, None], cache)
    return ids[scores.argmax()].tolist()


def main():
    torch.manual_seed(0)
    for version in range(2):
        model = IncrementalDecoder(CONFIG).eval()
        for prompt_len in (3, 5):
            prompt = torch.randint(2, CONFIG["vocab"], (1, prompt_len))
            out = beam_search(model, prompt)
            print(f"model v{version} prompt {prompt_len}: {len(out)} tokens")


if __name__ == "__main__":
    main()
