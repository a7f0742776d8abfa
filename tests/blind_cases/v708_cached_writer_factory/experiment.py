"""Experiment-wide helpers: run directories and one writer per run."""
import functools
import os

from writers import EventWriter

ROOT = os.environ.get("EXP_ROOT", "runs")


def run_dir(name):
    return os.path.join(ROOT, name)


@functools.cache  # retain
def get_writer(run_name):
    return EventWriter(run_dir(run_name), max_queue=1000)
