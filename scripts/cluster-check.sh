#!/usr/bin/env bash
# Proves that this machine can run the distributed-search tests: GNU parallel runs jobs locally
# and over ssh to 127.0.0.1, and a one-machine Slurm cluster runs a job array and cancels a job.
#
# Usage: scripts/cluster-check.sh
#
# It starts the throw-away sshd (scripts/sshd.sh) and Slurm cluster (scripts/slurm.sh) in a
# temporary directory, checks each engine's output against the expected answer, and stops both
# daemons and removes the directory on the way out, whether the checks passed or not. Exits 0
# when all passed, 1 with the failing check named otherwise. Needs root and scripts/setup.sh's
# packages.
set -euo pipefail

scripts=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib.sh
. "$scripts/lib.sh"
cluster_scratch

fail() {
    echo "cluster-check: FAILED: $*" >&2
    exit 1
}

# Compares the output of a check ($2) with the expected text ($3); $1 names the check.
expect() {
    [[ "$2" == "$3" ]] || fail "$1: expected '$3', got '$2'"
    echo "cluster-check: $1 ok (at $((SECONDS - started)) s)"
}

started=$SECONDS
echo "cluster-check: $(parallel --version | head -n 1); $(ssh -V 2>&1); $(slurmd -V); $(munged --version | cut -d' ' -f1)"

# A worker program called by absolute path, as a distributed search calls its own binary: the
# remote side of ssh does not have the caller's PATH, so a bare name could miss it. It reads
# lines and prints each number squared, one line in, one line out.
cat > "$work/square" <<'EOF'
#!/bin/sh
while read -r n; do echo $((n * n)); done
EOF
chmod +x "$work/square"

# GNU parallel on this machine: two jobs at a time, outputs kept in input order (--keep-order).
output=$(parallel --jobs 2 --keep-order 'echo {} | '"$work/square" ::: 1 2 3 4 | tr '\n' ' ')
expect "parallel, local" "$output" "1 4 9 16 "

# GNU parallel over ssh to the throw-away sshd, host alias `worker`, two jobs at a time.
"$scripts/sshd.sh" start "$work/ssh" > /dev/null
ssh_command="ssh -F $work/ssh/ssh_config"
output=$(parallel --ssh "$ssh_command" -S 2/worker --keep-order 'echo {} | '"$work/square" ::: 1 2 3 4 | tr '\n' ' ')
expect "parallel over ssh" "$output" "1 4 9 16 "

# The jobs really ran through sshd: the remote shell sees the variable sshd sets, whose first
# word is the client's address. (-N0: one job, with the argument left off the command line.)
# shellcheck disable=SC2016 # expanded by the remote shell, not this one
output=$(parallel --ssh "$ssh_command" -S 1/worker -N0 'echo ${SSH_CONNECTION%% *}' ::: x)
expect "parallel over ssh, through sshd" "$output" "127.0.0.1"

# --pipe: standard input cut into blocks of three lines, each block a job on the remote side;
# every line comes back once.
output=$(seq 10 | parallel --ssh "$ssh_command" -S 2/worker --pipe -N 3 --keep-order "$work/square" | tr '\n' ' ')
expect "parallel --pipe over ssh" "$output" "1 4 9 16 25 36 49 64 81 100 "

# The same through the login file alone, as a program handed only --sshloginfile runs it.
output=$(parallel --sshloginfile "$work/ssh/sshloginfile" --keep-order 'echo {} | '"$work/square" ::: 5 6 | tr '\n' ' ')
expect "parallel --sshloginfile" "$output" "25 36 "

# Slurm: a job array of four tasks, each writing its index to a file of its own; --wait returns
# once all four ended, with a non-zero status if any failed.
"$scripts/slurm.sh" start "$work/slurm" > /dev/null
# shellcheck source=/dev/null
. "$work/slurm/env"
sbatch --quiet --wait --array=0-3 --output="$work/slurm/task-%a.out" \
    --wrap "echo \$SLURM_ARRAY_TASK_ID | $work/square" || fail "sbatch --wait: the job array failed"
output=$(cat "$work"/slurm/task-{0..3}.out | tr '\n' ' ')
expect "sbatch array" "$output" "0 1 4 9 "

# scancel: a job that would run for minutes is cancelled once running, and leaves the queue.
job=$(sbatch --parsable --output=/dev/null --wrap 'sleep 600')
for _ in $(seq 100); do
    [[ "$(squeue --noheader --jobs="$job" --format=%T)" == RUNNING ]] && break
    sleep 0.1
done
[[ "$(squeue --noheader --jobs="$job" --format=%T)" == RUNNING ]] || fail "job $job never started"
scancel "$job"
for _ in $(seq 100); do
    [[ -z "$(squeue --noheader --jobs="$job" --states=PENDING,RUNNING,COMPLETING 2>/dev/null)" ]] && break
    sleep 0.1
done
state=$(squeue --noheader --jobs="$job" --states=all --format=%T 2>/dev/null || true)
expect "scancel" "$state" "CANCELLED"

echo "cluster-check: passed in $((SECONDS - started)) s"
