"""Sleuth: four detective deduction card games on an animated tabletop."""

__version__ = "0.1.0"
