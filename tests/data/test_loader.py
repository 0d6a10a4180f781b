"""Broken data files fail with the file, the line, the key path and what was expected."""

from pathlib import Path

import pytest

from sleuth.data.loader import DataError, load_yaml, load_yaml_text, unique
from sleuth.data.validate import validate_files

FIXTURES = Path(__file__).parent / "fixtures"

SCHEMA_TEXT = """\
game: demo
leads:
  - id: a
    value: 7
  - id: b
    value: ten
"""


def read_leads(text: str):
    root = load_yaml_text(text, "demo.yaml").mapping(required=("game", "leads"))
    leads = []
    for node in root["leads"].seq():
        fields = node.mapping(required=("id", "value"), optional=("note",))
        leads.append((fields["id"].str(), fields["value"].int(7, 13)))
    return leads


def test_wrong_type_names_file_line_and_key_path():
    with pytest.raises(DataError) as info:
        read_leads(SCHEMA_TEXT)
    assert str(info.value) == "demo.yaml:6: leads[1].value: expected an integer 7..13, got 'ten'"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("game: demo\nleads:\n  - id: a\n    value: 14\n", "demo.yaml:4: leads[0].value: expected an integer 7..13, got 14"),
        ("game: demo\nleads:\n  - id: a\n", "demo.yaml:3: leads[0]: missing key 'value'"),
        ("game: demo\nleads:\n  - id: a\n    value: 7\n    colour: red\n", "demo.yaml:5: leads[0].colour: unknown key (expected one of: id, note, value)"),
        ("game: demo\nleads:\n  - id: a\n    value: 7\n    value: 8\n", "demo.yaml:5: leads[0].value: duplicate key"),
        ("game: demo\nleads: 3\n", "demo.yaml:2: leads: expected a list, got 3"),
        ("game: demo\nleads:\n  - id: ''\n    value: 7\n", "demo.yaml:3: leads[0].id: expected a non-empty text, got ''"),
        ("game: demo\nleads: [\n", "demo.yaml:3: not valid YAML"),
        ("", "demo.yaml:1: the file is empty"),
        ("game: demo\nleads:\n  - id: a\n    value: true\n", "demo.yaml:4: leads[0].value: expected an integer 7..13, got true"),
    ],
)
def test_each_kind_of_mistake_has_its_message(text, expected):
    with pytest.raises(DataError) as info:
        read_leads(text)
    assert str(info.value).startswith(expected)


def test_duplicate_ids_point_at_the_second_one():
    root = load_yaml_text("ids: [a, b, a]\n", "x.yaml").mapping(required=("ids",))
    items = root["ids"].seq()
    with pytest.raises(DataError, match=r"x.yaml:1: ids\[2\]: duplicate id 'a' \(first at line 1\)"):
        unique((n, n.str()) for n in items)


def test_python_tags_are_refused_safely():
    with pytest.raises(DataError, match="cannot read value"):
        _ = load_yaml_text("x: !!python/object/apply:os.system ['echo hi']\n", "evil.yaml").mapping()["x"].value


def test_missing_file_is_named(tmp_path):
    with pytest.raises(DataError, match="nowhere.yaml: file not found"):
        load_yaml(tmp_path / "nowhere.yaml")


def test_validate_checks_given_files_by_their_game_key(toy_registered, tmp_path):
    good = Path(__file__).parent / "toy.yaml"
    assert validate_files([good]) == []
    bad = tmp_path / "renamed.yaml"
    bad.write_text("game: toy\ncards: [1, 2, 3, 44]\nhand_size: 2\n")
    [message] = validate_files([bad])
    assert message.endswith("renamed.yaml:2: cards[3]: expected an integer 1..9, got 44")
    nogame = tmp_path / "nogame.yaml"
    nogame.write_text("cards: []\n")
    [message] = validate_files([nogame])
    assert "missing key 'game'" in message
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text("game: chess\n")
    [message] = validate_files([wrong])
    assert "wrong.yaml:1: game: expected one of" in message


def test_every_broken_fixture_fails_with_its_stated_message(toy_registered):
    """Each fixture's first line is '# expect: <message fragment>'."""
    fixtures = sorted(FIXTURES.glob("*.yaml"))
    assert fixtures, "the broken-fixture folder is empty"
    for path in fixtures:
        expected = path.read_text().splitlines()[0].removeprefix("# expect:").strip()
        messages = validate_files([path])
        assert len(messages) == 1, f"{path.name} should fail validation"
        assert expected in messages[0], f"{path.name}: {messages[0]!r} lacks {expected!r}"
