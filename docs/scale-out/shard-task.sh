#!/usr/bin/env bash
# One task of a sharded catalogue (docs/scale-out.md): generates this task's shard of the diy
# tests and checks them, writing RESULTS/part-K-of-N.json. The shard comes from the batch
# system (bin/job-shard: a Kubernetes Indexed Job, a Slurm job array, or PTX_LITMUS_SHARD).
#
#   docs/scale-out/shard-task.sh RESULTS
#   environment: EDGES (default @ptx), SIZE (default 6), MAX_TESTS (default 100000000),
#                CHECK_OPTS (extra check options, e.g. "--timeout 30")
#
# Exits 0 when the report is written, even if some test could not be checked (check's exit
# 1: that is in the report, and a retry would not change it); anything else fails the task,
# so that the batch system retries it.
set -euo pipefail
repo="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
results="$(mkdir -p "$1" && cd "$1" && pwd)"
shard="$("$repo/bin/job-shard")"
part="$results/part-${shard%/*}-of-${shard#*/}.json"
# The tests go to a directory of the same name in every task ("tests/" in a scratch directory),
# so that the joined report lists them as one run over one directory would.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
"$repo/bin/ptx-litmus" diy --safe "${EDGES:-@ptx}" --size "${SIZE:-6}" \
  --max-tests "${MAX_TESTS:-100000000}" --shard "$shard" -o tests
# check --shard again: the same hash keeps every file diy wrote for the shard, and the report
# then names its shard, so that merge can tell when one is missing.
# shellcheck disable=SC2086
"$repo/bin/ptx-litmus" check --no-progress --format json --shard "$shard" ${CHECK_OPTS:-} \
  tests >"$part.tmp" \
  || [[ $? == 1 ]]
mv -f "$part.tmp" "$part"
echo "shard-task: $shard -> $part" >&2
