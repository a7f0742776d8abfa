"""Config-built detection transforms; mixing transforms receive partner samples per call."""
import copy
import random

import torch
import torch.nn.functional as F


class Mosaic:
    def __init__(self, img_scale, prob=1.0):
        self.img_scale = img_scale
        self.prob = prob

    def get_indexes(self, dataset):
        return [random.randint(0, len(dataset) - 1) for _ in range(3)]

    def __call__(self, results):
        if random.random() > self.prob:
            return results
        half = self.img_scale // 2
        canvas = torch.zeros(3, self.img_scale, self.img_scale)
        parts = [results] + results["mix_results"]
        for k, part in enumerate(parts):
            oy, ox = divmod(k, 2)
            tile = F.interpolate(part["img"][None], size=(half, half), mode="bilinear", align_corners=False)[0]
            canvas[:, oy * half:(oy + 1) * half, ox * half:(ox + 1) * half] = tile
        results.update(img=canvas, gt_labels=torch.cat([p["gt_labels"] for p in parts]))
        return results


class MixUp:
    def __init__(self, ratio_range=(0.4, 0.6), prob=0.5):
        self.ratio_range = ratio_range
        self.prob = prob

    def get_indexes(self, dataset):
        return [random.randint(0, len(dataset) - 1)]

    def __call__(self, results):
        if random.random() > self.prob:
            return results
        other, r = results["mix_results"][0], random.uniform(*self.ratio_range)
        results.update(img=results["img"] * r + other["img"] * (1.0 - r),
                       gt_labels=torch.cat([results["gt_labels"], other["gt_labels"]]))
        return results


PIPELINES = {"Mosaic": Mosaic, "MixUp": MixUp}


def build_pipeline(cfgs):
    stages = []
    for cfg in map(copy.deepcopy, cfgs):
        stages.append(PIPELINES[cfg.pop("type")](**cfg))
    return stages
