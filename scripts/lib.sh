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
