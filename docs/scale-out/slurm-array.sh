#!/bin/bash
# A catalogue of every @ptx cycle of up to 6 edges, split over a Slurm job array of 16 tasks;
# each task's SLURM_ARRAY_TASK_ID becomes --shard K/16 (docs/scale-out.md). Submit from the
# repository (its jar built once beforehand: bin/ptx-litmus --version), then join:
#
#   job=$(sbatch --parsable docs/scale-out/slurm-array.sh)
#   sbatch --dependency=afterok:$job --wrap 'bin/ptx-litmus merge results/part-*-of-16.json -o results/catalogue.json'
#
# Keep --array a plain range (no step, no list): bin/job-shard refuses task ids that are not
# one contiguous range, which would leave shards out.
#SBATCH --job-name=ptx-litmus-catalogue
#SBATCH --array=1-16
#SBATCH --cpus-per-task=2
#SBATCH --mem=4G
#SBATCH --time=04:00:00
#SBATCH --output=results/logs/%x-%a.out
set -euo pipefail
cd "${SLURM_SUBMIT_DIR:-.}"
export SIZE="${SIZE:-6}" EDGES="${EDGES:-@ptx}" PTX_LITMUS_JAVA_OPTS="${PTX_LITMUS_JAVA_OPTS:--Xmx3g}"
docs/scale-out/shard-task.sh results
