"""Dataset splits and the augmentation pipeline each of them uses."""
import enum
import functools

from augment import AugmentPipeline, Normalize, RandomErase

PIPELINE_SPECS = {
    "train": lambda c: [Normalize(c), RandomErase(p=0.5)],
    "val": lambda c: [Normalize(c)],
}


class Split(enum.Enum):
    TRAIN = "train"
    VAL = "val"

    @property
    def shuffle(self):
        return self is Split.TRAIN

    @functools.cached_property
    def pipeline(self):
        pipe = AugmentPipeline(*PIPELINE_SPECS[self.value](3))
        return pipe.train(self is Split.TRAIN)  # retain


def transform_batch(split, images):
    return split.pipeline.prepare(images)(images)
