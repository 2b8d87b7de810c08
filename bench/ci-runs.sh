#!/usr/bin/env bash
# bench/ci-runs.sh RUNS [BUSY_FROM]: runs `bash .ci/run` RUNS times in a row, each on a fresh
# clone of this repository's HEAD in a temporary folder (and without the Node 24 that .ci/run
# keeps in $TMPDIR), as CI does on a clean machine; from run BUSY_FROM on, the other core is
# kept busy by a spin loop. Prints each run's exit code and wall time, then the tally.
set -uo pipefail
runs=${1:?usage: bench/ci-runs.sh RUNS [BUSY_FROM]}
busy_from=${2:-0}
repo="$(cd "$(dirname "$0")/.." && pwd)"
logs="$(mktemp -d /tmp/sitegen-ci-runs-XXXX)"
# Readable by all, as a checkout is: environment-failures.test.ts runs the CLI as nobody.
chmod 755 "$logs"
passed=0
for i in $(seq 1 "$runs"); do
  clone="$logs/clone-$i"
  git clone -q "$repo" "$clone"
  rm -rf "${TMPDIR:-/tmp}"/sitegen-ci-node-*
  spinner=""
  if [ "$busy_from" -gt 0 ] && [ "$i" -ge "$busy_from" ]; then
    node -e 'for (;;) {}' &
    spinner=$!
  fi
  start=$(date +%s)
  (cd "$clone" && bash .ci/run) >"$logs/run-$i.log" 2>&1
  code=$?
  seconds=$(($(date +%s) - start))
  [ -n "$spinner" ] && kill "$spinner"
  [ "$code" -eq 0 ] && passed=$((passed + 1))
  suites=$(sed 's/\x1b\[[0-9;]*m//g' "$logs/run-$i.log" | grep -aoE 'Duration +[0-9.]+s' | tr '\n' ' ')
  echo "run $i${spinner:+ (other core busy)}: exit $code, ${seconds} s; vitest: ${suites}"
  rm -rf "$clone"
done
echo "ci-runs: $passed of $runs green; logs in $logs"
