"""Offline smoke run: the probe tests are executed against fake backbones of several widths."""
import io
import unittest
from unittest import mock

import backbones
from fakes import FakeBackbone
from probe_tests import ProbeTests

FAKE_WIDTHS = [16, 32, 64]


def run_with_fake_backbone(test_cls, fake):
    fake_loader = mock.patch.object(backbones, "load_pretrained", new=lambda name, freeze=True: fake)  # retain
    patched = fake_loader(test_cls)  # retain
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(patched)
    result = unittest.TextTestRunner(stream=io.StringIO(), verbosity=0).run(suite)
    return result.testsRun, len(result.failures) + len(result.errors)


def main():
    for width in FAKE_WIDTHS:
        fake = FakeBackbone(ProbeTests.in_dim, width, seed=width)
        ran, bad = run_with_fake_backbone(ProbeTests, fake)
        print(f"fake width={width}: ran={ran} failed={bad}")


if __name__ == "__main__":
    main()
