#!/bin/sh
# Measures the builtin engine on this repository's own fixtures with `repofix bench repair`:
# the bundled examples with their bug fixed (bench/fixes/*.diff) and the fixtures written for
# it (bench/java-toolkit, bench/java-ledger, bench/python-toolkit). Every fixture's tests pass.
#
# usage: bench/repair.sh OUT [COUNT] [more bench repair options, e.g. --sandbox local --seed 2]
#   OUT    a folder for the fixtures' copies and the results (made if missing)
#   COUNT  bugs injected per fixture (default 8)
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: bench/repair.sh OUT [COUNT] [bench repair options]" >&2; exit 2; }
OUT=$1
COUNT=${2:-8}
shift $(( $# >= 2 ? 2 : 1 ))
mkdir -p "$OUT/fixtures"
for example in maven-bank python-inventory; do
    rm -rf "$OUT/fixtures/$example"
    cp -r "$ROOT/examples/$example" "$OUT/fixtures/$example"
    # A Git work tree of its own, so the copy works wherever OUT is (repofix works on Git trees).
    (cd "$OUT/fixtures/$example" && git apply "$ROOT/bench/fixes/$example.diff" \
        && git init -q && git add -A \
        && git -c user.name=repofix-bench -c user.email=bench@repofix.invalid commit -q -m "$example, fixed")
done
rm -rf "$OUT/results"
exec "$ROOT/bin/repofix" bench repair --count "$COUNT" --out "$OUT/results" \
    --repo "$OUT/fixtures/maven-bank" --repo "$OUT/fixtures/python-inventory" \
    --repo "$ROOT/bench/java-toolkit" --repo "$ROOT/bench/java-ledger" --repo "$ROOT/bench/python-toolkit" "$@"
