#!/bin/sh
# Runs repofix's action entrypoint on the runner itself (the composite action
# runner/action.yml), in the environment the job's earlier steps prepared.
#
# Composite actions get no INPUT_* variables of their own: action.yml maps each
# input to INPUT_<NAME> (underscores; repofix reads both INPUT_BASE-URL and
# INPUT_BASE_URL) in this step's env. repofix then reads them, GITHUB_* and the
# event exactly as in the container action, and writes GITHUB_OUTPUT and
# GITHUB_STEP_SUMMARY itself. Nothing here prints an input: the token is masked
# by repofix (::add-mask::) before anything else is written.
#
# Usage: run.sh              run the action entrypoint
#        run.sh --jar-key    print the key of the jar the sources build (for actions/cache)
#        run.sh --java-home  print the JDK chosen from JAVA_HOME_<N>_<ARCH> (empty: bin/repofix looks)
#
# JDK: repofix needs 21 or newer for itself only; the tests of the repository keep
# the job's JAVA_HOME and PATH. Taken from REPOFIX_JAVA_HOME when set, else the
# highest JAVA_HOME_<N>_X64 / JAVA_HOME_<N>_ARM64 with N >= 21 (GitHub's hosted
# runners set these for their preinstalled JDKs, and actions/setup-java for each
# JDK it installs), else bin/repofix's own search (JAVA_HOME, PATH, usual folders).
#
# Jar: built once per source version with Maven from the action's own checkout into
# target/repofix.jar; target/repofix.jar.key records the key it was built from, so a
# jar restored by actions/cache is reused although the checkout's files are newer.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAR="$ROOT/target/repofix.jar"
MIN=21

# sha256 of stdin (GNU coreutils on Linux, shasum on macOS).
sha256() {
    if command -v sha256sum >/dev/null 2>&1; then sha256sum; else shasum -a 256; fi
}

# The key of the sources that make the jar: pom.xml, src/main and the schemas it embeds.
jar_key() {
    (cd "$ROOT" && find pom.xml src/main docs -type f \( -path 'docs/*.schema.json' -o ! -path 'docs/*' \) \
        | LC_ALL=C sort | while read -r f; do printf '%s ' "$f"; sha256 <"$f"; done) | sha256 | cut -c1-32
}

if [ "${1:-}" = "--jar-key" ]; then
    echo "repofix-jar-$(jar_key)"
    exit 0
fi

# The highest JAVA_HOME_<N>_<ARCH> with N >= MIN whose java runs.
hosted_jdk() {
    env | grep -E '^JAVA_HOME_[0-9]+_(X64|ARM64|AARCH64)=' | sed 's/^JAVA_HOME_\([0-9]*\)_[A-Z0-9]*=/\1 /' | sort -rn \
        | while read -r major home; do
            if [ "$major" -ge "$MIN" ] && [ -x "$home/bin/java" ]; then
                echo "$home"
                break
            fi
        done
}

if [ "${1:-}" = "--java-home" ]; then
    hosted_jdk
    exit 0
fi

if [ -z "${REPOFIX_JAVA_HOME:-}" ]; then
    home=$(hosted_jdk)
    if [ -n "$home" ]; then
        REPOFIX_JAVA_HOME=$home
        export REPOFIX_JAVA_HOME
    fi
fi

# A jar restored from the cache (its key matches) is fresh: bin/repofix rebuilds
# only when a source file is newer than the jar, and a fresh checkout's files are.
key=$(jar_key)
if [ -f "$JAR" ] && [ "$(cat "$JAR.key" 2>/dev/null || true)" = "$key" ]; then
    touch "$JAR"
else
    rm -f "$JAR.key"
fi

[ -n "${GITHUB_WORKSPACE:-}" ] || { echo "repofix runner: GITHUB_WORKSPACE is not set; run this as a step of a GitHub Actions job" >&2; exit 2; }
[ -d "$GITHUB_WORKSPACE" ] || { echo "repofix runner: GITHUB_WORKSPACE ($GITHUB_WORKSPACE) is no folder; check out the repository first (actions/checkout)" >&2; exit 2; }
cd "$GITHUB_WORKSPACE"

# bin/repofix builds the jar when it is missing or older than the sources; record
# which sources it came from, then run the action entrypoint.
"$ROOT/bin/repofix" --version >/dev/null || {
    echo "repofix runner: could not start repofix (above: why); it needs a JDK $MIN or newer (add actions/setup-java with java-version: $MIN before this step) and Maven to build itself" >&2
    exit 2
}
echo "$key" >"$JAR.key"
exec "$ROOT/bin/repofix" action
