# shellcheck shell=bash
# Functions shared by the scripts in this folder; sourced, not run:
#
#   . "$(dirname "$0")/lib.sh"

# Prints a TCP port on which nothing listens, from 20000-31999: below the kernel's ephemeral
# range (32768 and up, where outgoing connections take their ports) and above the ports
# services register for. `ss` lists the listening sockets. A port can still be taken between
# this check and the daemon's bind; each caller says what it does then.
free_port() {
    local port
    for _ in $(seq 100); do
        port=$((20000 + RANDOM % 12000))
        if [[ -z "$(ss -Hltn "sport = :$port")" ]]; then
            echo "$port"
            return 0
        fi
    done
    echo "no free port found in 20000-31999" >&2
    return 1
}

# True while process $1 is alive. A daemon detaches from the script that started it, so once it
# exits it stays in the process table as a zombie until init collects it, which some container
# inits do only every few seconds: `kill -0` still succeeds on a zombie, so the state is read.
alive() {
    local state
    state=$(ps -o stat= -p "$1" 2>/dev/null) || return 1
    [[ "$state" != Z* ]]
}

# Prints the ids of the processes below process $1, children before grandchildren. Read the
# tree before killing anything: a process whose parent dies is handed to init and leaves it.
descendants() {
    local child
    for child in $(pgrep -P "$1"); do
        echo "$child"
        descendants "$child"
    done
}

# Stops process $1 (and, if $2 is "tree", every process below it): SIGTERM, up to five
# seconds' grace for a daemon that saves its state on the way out, then SIGKILL.
stop_process() {
    local pid=$1 doomed=""
    alive "$pid" || return 0
    if [[ "${2:-}" == tree ]]; then
        doomed=$(descendants "$pid")
    fi
    # $doomed is a list of ids, split into words on purpose.
    # shellcheck disable=SC2086
    kill "$pid" $doomed 2>/dev/null || true
    for _ in $(seq 50); do
        alive "$pid" || return 0
        sleep 0.1
    done
    echo "pid $pid ignored SIGTERM for 5 s; killing it" >&2
    # shellcheck disable=SC2086
    kill -9 "$pid" $doomed 2>/dev/null || true
}

# The folder of these scripts (this file's own, wherever the caller runs from).
scripts_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# Makes a temporary directory, named in the variable `work`, for a throw-away sshd
# (scripts/sshd.sh, in $work/ssh) and Slurm cluster (scripts/slurm.sh, in $work/slurm), and
# stops both and removes the directory when the calling script exits, whether its checks passed
# or not: an interrupt or a termination becomes an ordinary exit, so that happens then too.
cluster_scratch() {
    work=$(mktemp -d)
    # The munge daemon runs as its own user and must reach its socket in $work/slurm.
    chmod go+x "$work"
    trap stop_cluster_scratch EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
}

# What cluster_scratch's exit does: each stop, in the reverse order of the starts, is harmless
# when its daemon never started, and a failing stop must not keep the next from running.
stop_cluster_scratch() {
    "$scripts_dir/slurm.sh" stop "$work/slurm" > /dev/null 2>&1 || true
    "$scripts_dir/sshd.sh" stop "$work/ssh" > /dev/null 2>&1 || true
    rm -rf "$work"
}
