"""Simple Copy-Paste augmentation for instance-annotated samples (results-dict style)."""
import collections
import random

import torch


class ObjectPatch:
    def __init__(self, pixels, mask, label, origin):
        self.pixels = pixels
        self.mask = mask
        self.label = label
        self.origin = origin  # cycle

    @property
    def source_id(self):
        return self.origin["img_id"]


class SimpleCopyPaste:
    """Objects cut from recent samples are kept in a bank and pasted onto incoming ones."""

    def __init__(self, bank_size=8, max_paste=2, min_area=4, seed=0):
        self.bank = collections.deque(maxlen=bank_size)
        self.max_paste = max_paste
        self.min_area = min_area
        self.rng = random.Random(seed)

    def _extract(self, results):
        image = results["img"]
        for mask, label in zip(results["masks"], results["labels"]):
            ys, xs = mask.nonzero(as_tuple=True)
            if ys.numel() < self.min_area:
                continue
            y0, y1, x0, x1 = int(ys.min()), int(ys.max()) + 1, int(xs.min()), int(xs.max()) + 1
            self.bank.append(ObjectPatch(image[:, y0:y1, x0:x1].clone(), mask[y0:y1, x0:x1].clone(),
                                         label, origin=results))

    def _paste(self, results, patch):
        _, h, w = results["img"].shape
        ph, pw = patch.mask.shape
        top, left = self.rng.randrange(h - ph + 1), self.rng.randrange(w - pw + 1)
        region = results["img"][:, top:top + ph, left:left + pw]
        region[:, patch.mask] = patch.pixels[:, patch.mask]
        full = torch.zeros(h, w, dtype=torch.bool)
        full[top:top + ph, left:left + pw] = patch.mask
        results["masks"] = [m & ~full for m in results["masks"]] + [full]
        results["labels"] = results["labels"] + [patch.label]

    def __call__(self, results):
        self._extract(results)
        k = min(self.rng.randint(1, self.max_paste), len(self.bank))
        for patch in self.rng.sample(list(self.bank), k):
            self._paste(results, patch)
            results.setdefault("pasted", []).append(patch)  # cycle
        return results
