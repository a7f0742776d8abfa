"""Length-grouped batched greedy decoding through bucketed, shape-specialised steps."""
import itertools

import torch

from model import PaddedDecoder
from specialize import StepCache


class BatchedGenerator:
    def __init__(self, model, max_batch=4):
        self.model = model.eval()
        self.max_batch = max_batch
        self.steps = StepCache(model)

    def batches(self, prompts):
        by_len = sorted(prompts, key=len)
        for _, group in itertools.groupby(by_len, key=len):
            group = list(group)
            for i in range(0, len(group), self.max_batch):
                yield torch.tensor(group[i:i + self.max_batch])

    @torch.no_grad()
    def generate(self, prompts, max_new_tokens):
        results = []
        for ids in self.batches(prompts):
            for _ in range(max_new_tokens):
                ids = torch.cat([ids, self.steps.run(ids).argmax(-1, keepdim=True)], dim=1)
            results += ids.tolist()
        return results


def main():
    torch.manual_seed(0)
    lengths = [5, 5, 7, 7, 7, 12, 12, 5]
    prompts = [torch.randint(1, 60, (n,)).tolist() for n in lengths]
    for version in range(2):
        gen = BatchedGenerator(PaddedDecoder())
        outputs = gen.generate(prompts, max_new_tokens=6)
        print(f"model v{version}: {len(outputs)} sequences, {gen.steps.builds} specialised steps")


if __name__ == "__main__":
    main()
