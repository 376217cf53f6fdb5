#!/usr/bin/env bash
# Renew constraints.txt: the newest versions pip resolves today for tajkit and its test extras,
# from a fresh environment. Run the whole test suite with them before committing the file.
set -euo pipefail
cd "$(dirname "$0")/.."
folder="$(mktemp -d)"
trap 'rm -rf "$folder"' EXIT
python3.11 -m venv "$folder/venv"
"$folder/venv/bin/pip" install --quiet '.[test]'
{
  grep '^#' constraints.txt | grep -v '^# Last renewed'
  echo "# Last renewed $(date +%F) ($("$folder/venv/bin/python" --version))."
  "$folder/venv/bin/pip" freeze --exclude tajkit
} > "$folder/constraints.txt"
mv "$folder/constraints.txt" constraints.txt
git diff --stat -- constraints.txt
