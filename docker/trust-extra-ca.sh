#!/bin/sh
# Trusts every certificate in the PEM files of the given folder, and the PEM
# text in $EXTRA_CA_CERT, system-wide: update-ca-certificates rebuilds the
# system bundle and, when ca-certificates-java is installed (with a JDK), the
# JVM's cacerts. A bundle file is split into one file per certificate because
# both tools read one certificate per file.
set -eu
dir=${1:-/tmp/certs}
target=/usr/local/share/ca-certificates/repofix
mkdir -p "$target"
n=0
split() {
    awk -v out="$target/extra" -v start="$n" '
        /-----BEGIN CERTIFICATE-----/ { inside = 1; start++; file = sprintf("%s-%04d.crt", out, start) }
        inside { print > file }
        /-----END CERTIFICATE-----/ { inside = 0; close(file) }
        END { print start > "/dev/stderr" }' "$1" 2>"$target/.count"
    n=$(cat "$target/.count")
}
for f in "$dir"/*.crt "$dir"/*.pem; do
    [ -f "$f" ] && split "$f"
done
if [ -n "${EXTRA_CA_CERT:-}" ]; then
    printf '%s\n' "$EXTRA_CA_CERT" > "$target/.arg.pem"
    split "$target/.arg.pem"
fi
rm -f "$target/.count" "$target/.arg.pem"
echo "trust-extra-ca: $n extra certificate(s)"
update-ca-certificates >/dev/null 2>&1 || update-ca-certificates
