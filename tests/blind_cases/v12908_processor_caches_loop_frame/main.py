"""Completion requests with per-request sampling settings turned into processor lists."""
import torch

from generation import CachedDecoder, generate
from processors import ContextWindowEosBias, LogitsProcessorList, RepetitionPenalty, TopK

EOS_ID = 0
WINDOW = 24
REQUESTS = [
    {"prompt": [5, 9, 13, 2], "top_k": 10, "repetition_penalty": 1.3, "max_new_tokens": 16},
    {"prompt": [7, 7, 21], "top_k": 5, "repetition_penalty": 1.1, "max_new_tokens": 12},
    {"prompt": [3, 30, 31, 32, 33, 6], "top_k": 8, "repetition_penalty": 1.2, "max_new_tokens": 20},
]


def build_processors(request):
    return LogitsProcessorList([
        RepetitionPenalty(request["repetition_penalty"]),
        ContextWindowEosBias(EOS_ID, WINDOW),
        TopK(request["top_k"]),
    ])


def main():
    torch.manual_seed(0)
    model = CachedDecoder().eval()
    for request in REQUESTS:
        prompt = torch.tensor([request["prompt"]])
        out = generate(model, prompt, build_processors(request), EOS_ID, request["max_new_tokens"])
        print(request["prompt"], "->", out[0, prompt.size(1):].tolist())


if __name__ == "__main__":
    main()
