"""The README and the pages of docs/ are executable (issue 12): every state file they show is
written where it says ("Save this as `NAME`:"), every ``tajkit`` command in their shell blocks runs
as shown in one scratch folder and succeeds, and every ``console`` block's output is what the
command prints (a line ending in "…" matches any line that starts with the text before it)."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).parent.parent.parent
README = ROOT / "README.md"
# a page may use a file another page saved; docs/research/ holds the story behind a page's figures
PAGES = [README, *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "docs" / "research").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.M | re.S)
SAVE_AS = re.compile(r"[Ss]ave this as `([^`]+)`:?\s*$")
# The pages' commands run once, in one scratch folder (the fixture ``ran``): the module stays in one
# worker of pytest-xdist (--dist loadgroup) so that they are not run twice.
pytestmark = pytest.mark.xdist_group("readme")


def blocks() -> list[tuple[str, str, str]]:
    """(language, body, the text just before the block) for every fenced block, page by page."""
    out = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            before = text[: match.start()].rstrip().splitlines()
            out.append((match.group(1), match.group(2), " ".join(before[-2:])))
    return out


def files() -> dict[str, str]:
    found = {}
    for lang, body, before in blocks():
        m = SAVE_AS.search(before)
        if m and lang in ("toml", "json"):
            found[m.group(1)] = body
    return found


def commands() -> list[str]:
    """The tajkit lines of the shell blocks, without their trailing comments."""
    out = []
    for lang, body, _ in blocks():
        if lang != "sh":
            continue
        for line in body.splitlines():
            line = re.sub(r"\s+#\s.*$", "", line).strip()
            if re.search(r"(^|\|\s*)(\.venv/bin/)?tajkit\b", line):
                out.append(line)
    return out


def consoles() -> list[tuple[str, str]]:
    """(command, expected output) of each console block ("$ tajkit ..." then its output)."""
    out = []
    for lang, body, _ in blocks():
        if lang != "console":
            continue
        lines = body.splitlines()
        assert lines[0].startswith("$ "), lines[0]
        out.append((lines[0][2:], "\n".join(lines[1:])))
    return out


@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> Path:  # noqa: ANN001
    folder = tmp_path_factory.mktemp("readme")
    assert run("tajkit print artisans", folder).returncode == 0  # what the set-up command already did
    for name, body in files().items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(body, encoding="utf-8")
    return folder


def run(line: str, folder: Path) -> subprocess.CompletedProcess:
    bin_dir = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", "NO_COLOR": "1"}
    env.pop("TAJKIT_DATA", None)
    line = line.replace(".venv/bin/tajkit", shlex.quote(str(bin_dir / "tajkit")))
    # no standard input: a command that would read it (tajkit play with no --do) finds it ended at once
    return subprocess.run(["bash", "-c", line], cwd=folder, env=env, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)


def test_the_readme_shows_state_files_and_commands():
    assert len(files()) >= 5 and len(commands()) >= 20


@pytest.fixture(scope="module")
def ran(scratch) -> dict[str, list[subprocess.CompletedProcess]]:  # noqa: ANN001
    """Every command of the pages run once, in the pages' order, as a reader would: the shell
    blocks' commands, then the console blocks' (a console block may read what a command wrote).
    Each test looks at its own command's result, so the order the tests run in does not matter."""
    return {"sh": [run(line, scratch) for line in commands()],
            "console": [run(line, scratch) for line, _ in consoles()]}


@pytest.mark.parametrize("k", range(len(commands())), ids=commands())
def test_every_readme_command_runs_as_shown(k, ran):
    line, result = commands()[k], ran["sh"][k]
    assert result.returncode == 0, f"{line}\n{result.stderr[-2000:]}"
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("k", range(len(consoles())), ids=[line for line, _ in consoles()])
def test_every_readme_output_is_what_the_command_prints(k, ran):
    (line, expected), result = consoles()[k], ran["console"][k]
    assert result.returncode == 0, result.stderr
    got = result.stdout.rstrip("\n").splitlines()
    want = expected.rstrip("\n").splitlines()
    assert len(got) == len(want), f"{line}\n{result.stdout}"
    for g, w in zip(got, want):
        if w.endswith("…"):
            assert g.startswith(w[:-1].rstrip()), (g, w)
        else:
            assert g == w, (g, w)


def state_files() -> list[tuple[str, dict]]:
    """(name, data) of the README's state files: those that name their game (the others are
    ``--data`` overrides)."""
    out = []
    for name, body in files().items():
        data = json.loads(body) if name.endswith(".json") else tomllib.loads(body)
        if "game" in data:
            out.append((name, data))
    return out


@pytest.mark.parametrize(("name", "data"), state_files(), ids=[name for name, _ in state_files()])
def test_every_readme_state_file_matches_its_games_published_schema(name, data, scratch):
    """``tajkit schema GAME`` is the reference for every file the game's commands read (DESIGN.md),
    hint positions included."""
    record = "setup" in data and "events" in data  # a game record (tajkit play) has a schema of its own
    result = run(f"tajkit schema {data['game']}{' --record' if record else ''}", scratch)
    assert result.returncode == 0, result.stderr
    schema = json.loads(result.stdout)
    problems = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(data)]
    assert problems == [], name


def heading_anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors_of(page: Path) -> set[str]:
    outside_code = FENCE.sub("", page.read_text(encoding="utf-8"))
    return {heading_anchor(h) for h in re.findall(r"^#{1,6} (.+)$", outside_code, re.M)}


def test_every_link_between_the_pages_goes_somewhere():
    """The README links every page of docs/ (a research page is linked from the page it serves);
    each link names a page that exists and, after a #, one of its headings."""
    broken = []
    for page in PAGES:
        for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue  # a web address
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            if not linked.is_file() or (anchor and anchor not in anchors_of(linked)):
                broken.append(f"{page.name}: {target}")
    assert broken == []
    linked_from_readme = set(re.findall(r"\]\((docs/[^)#]+)", README.read_text(encoding="utf-8")))
    assert {f"docs/{p.name}" for p in PAGES[1:] if p.parent.name == "docs"} == linked_from_readme


def test_the_readme_fits_on_two_screens():
    """What a newcomer needs: what tajkit is, the two set-up commands, a short tour, the links."""
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 100


def hint_examples() -> list[str]:
    from tajkit.solver import games

    return [line for game_id in games.GAMES if (cmd := games.get(game_id).hint) for line in cmd.examples]


@pytest.mark.parametrize("line", hint_examples())
def test_every_hint_help_example_runs_on_the_readmes_files(line, scratch):
    """`tajkit hint GAME -h` shows examples; a newcomer who saved the README's files can run them as shown."""
    result = run(line, scratch)
    assert result.returncode == 0, f"{line}\n{result.stderr[-2000:]}"
