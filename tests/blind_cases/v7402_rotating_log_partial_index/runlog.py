"""Per-run log file with size-based rotation; rotated segments are gzipped and indexed."""
import functools
import gzip
import logging
import logging.handlers
import os
import shutil


class SegmentIndex:
    def __init__(self):
        self.names = []
        self.bytes_archived = 0


def gz_name(default_name):
    return default_name + ".gz"


def compress_segment(source, dest, index):
    with open(source, "rb") as src, gzip.open(dest, "wb") as dst:
        shutil.copyfileobj(src, dst)
    index.bytes_archived += os.path.getsize(source)
    os.remove(source)
    index.names.append(os.path.basename(dest))


class RunLog:
    def __init__(self, log_dir, run_name, max_bytes=2048, backups=3):
        self.log_dir = log_dir
        self.run_name = run_name
        self.index = SegmentIndex()
        path = os.path.join(log_dir, f"{run_name}.log")
        self.handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=max_bytes, backupCount=backups, encoding="utf-8")
        self.handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        self.handler.namer = gz_name
        self.handler.rotator = functools.partial(compress_segment, index=self.index)
        self.logger = logging.getLogger(f"train.{run_name}")
        self.logger.setLevel(logging.INFO)
        self.logger.propagate = False
        self.logger.addHandler(self.handler)

    @property
    def segments(self):
        return self.index.names

    def info(self, msg, *args):
        self.logger.info(msg, *args)

    def close(self):
        self.logger.removeHandler(self.handler)
        self.handler.close()
