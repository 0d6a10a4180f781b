"""YAML card data: safe loading into frozen dataclasses, with errors that name file, line and key."""

from sleuth.data.loader import DataError, Node, load_yaml, load_yaml_text

__all__ = ["DataError", "Node", "load_yaml", "load_yaml_text"]
