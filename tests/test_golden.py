"""Every screen matches its checked-in golden image, pixel for pixel (make screenshots updates)."""

import os

import pytest
from PIL import Image, ImageChops

from host_tools.screens_catalog import SCREENS
from host_tools.screenshots import GOLDEN, reach, glass_image


@pytest.mark.parametrize("name, description, keys", SCREENS, ids=[s[0] for s in SCREENS])
def test_screen_matches_golden(name, description, keys, tmp_path):
    sim = reach(keys)
    actual = glass_image(sim)
    golden = Image.open(os.path.join(GOLDEN, name + ".png")).convert("1")
    diff = ImageChops.logical_xor(actual, golden).histogram()[255]
    if diff:
        actual.save(tmp_path / (name + ".png"))
    assert diff == 0, "%d pixels differ; actual saved in %s" % (diff, tmp_path)


def test_the_screens_are_all_different():
    images = [Image.open(os.path.join(GOLDEN, s[0] + ".png")).tobytes() for s in SCREENS]
    assert len(set(images)) == len(images)


def test_every_golden_image_has_a_screen():
    names = {s[0] + ".png" for s in SCREENS}
    assert set(os.listdir(GOLDEN)) == names
