#!/usr/bin/env bash
# A one-machine Slurm cluster, so that tests can submit real job arrays with sbatch: this
# machine is both the controller and the only compute node.
#
# Usage:
#   scripts/slurm.sh start DIR    write the configuration into DIR and start munged,
#                                 slurmctld and slurmd; return once the node is idle
#   scripts/slurm.sh stop DIR     cancel the cluster's jobs and stop its three daemons
#
# Slurm's commands find the cluster through the environment variable SLURM_CONF, which `start`
# writes into DIR/env:
#
#   . DIR/env
#   sbatch --wait --array=0-3 --wrap 'echo $SLURM_ARRAY_TASK_ID'
#
# Everything lives in DIR: the munge key and socket, the configuration, the state, spool, pid
# and log files, on ports of its own. Nothing under /etc is changed, and the cluster does not
# collide with a system Slurm or munge, or with a second copy of itself in another DIR.
#
# Needs root (slurmd runs jobs as their submitting user) and Debian's slurmctld, slurmd,
# slurm-client and munge (scripts/setup.sh installs them).
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

usage() {
    echo "usage: $0 start|stop DIR" >&2
    exit 2
}

(($# == 2)) || usage
action=$1
# Absolute paths only: the daemons change directory, and every path below goes into their
# configuration.
mkdir -p "$2"
dir=$(cd "$2" && pwd)

conf=$dir/slurm.conf
munge_dir=$dir/munge
socket=$munge_dir/munge.socket
# The node and the controller are both this machine, under its short host name: slurmd finds
# its own entry in slurm.conf by that name.
host=$(hostname -s)

# How long `start` waits for the node to come up, in tenths of a second.
start_timeout=600

# True while the process whose id is in file $1 is alive.
running() {
    [[ -s "$1" ]] && alive "$(cat "$1")"
}

# Waits up to five seconds for a daemon just started to write its pid file $1: the command
# returns as soon as the daemon has detached, which can be before the file exists, and a `stop`
# that ran in between would not know what to stop.
wait_pidfile() {
    for _ in $(seq 50); do
        running "$1" && return 0
        sleep 0.1
    done
    echo "slurm.sh: no live process in $1" >&2
    return 1
}

# Stops the process whose id is in file $1, and forgets the file.
stop_pidfile() {
    if [[ -s "$1" ]]; then
        stop_process "$(cat "$1")"
    fi
    rm -f "$1"
}

start_munge() {
    # munge authenticates every message between Slurm's commands and daemons: a credential
    # made with a key that both ends read. munged should not run as root, and it checks the
    # permissions of its files: the key private to its user, the key's and the socket's
    # directory writable by that user alone, yet searchable by everyone (any user's command
    # must reach the socket). So the directory belongs to the `munge` user (made by Debian's
    # package) with mode 0711.
    mkdir -p "$munge_dir"
    chown munge:munge "$munge_dir"
    chmod 0711 "$munge_dir"
    # munged requires the same of every directory above the socket: DIR is made so here
    # (mktemp -d makes it 0700), but a directory above it is the caller's to open up, and a
    # private one is reported by name rather than changed behind the caller's back.
    chmod go+x "$dir"
    local above=$dir
    while [[ "$above" != / ]]; do
        above=$(dirname "$above")
        if [[ "$(stat -c %A "$above")" != d??x??x??[xt] ]]; then
            echo "slurm.sh: munged needs every directory above its socket searchable by all;" \
                "$above is not (chmod go+x $above, or choose another DIR)" >&2
            return 1
        fi
    done
    if [[ ! -f "$munge_dir/munge.key" ]]; then
        runuser -u munge -- mungekey --create --keyfile="$munge_dir/munge.key"
    fi
    # Every file munged would otherwise keep under /etc, /run, /var/lib and /var/log is
    # kept in DIR instead.
    runuser -u munge -- munged \
        --key-file="$munge_dir/munge.key" \
        --socket="$socket" \
        --pid-file="$munge_dir/munged.pid" \
        --seed-file="$munge_dir/munged.seed" \
        --log-file="$munge_dir/munged.log"
    # A credential made and checked through the socket proves the daemon is up.
    for _ in $(seq 50); do
        if munge --socket="$socket" -n 2>/dev/null | unmunge --socket="$socket" >/dev/null 2>&1; then
            return 0
        fi
        sleep 0.1
    done
    echo "slurm.sh: munged did not answer; its log:" >&2
    cat "$munge_dir/munged.log" >&2
    return 1
}

write_conf() {
    local ctld_port slurmd_port memory
    ctld_port=$(free_port)
    slurmd_port=$(free_port)
    while [[ "$slurmd_port" == "$ctld_port" ]]; do slurmd_port=$(free_port); done
    # The node's memory as slurmd itself measures it: a node that claims more than it has is
    # put out of service ("Low RealMemory").
    memory=$(slurmd -C | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p')
    mkdir -p "$dir/state" "$dir/spool"
    # Each line either places a file in DIR or departs from Slurm's default for a stated
    # reason; `man slurm.conf` documents every key.
    cat > "$conf" <<EOF
ClusterName=local
# The controller and the node are this machine, reached on the loopback address only.
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
# Bind to the addresses above rather than to every interface, so nothing listens beyond
# 127.0.0.1: NoCtldInAddrAny for slurmctld, NoInAddrAny for slurmd and the rest.
CommunicationParameters=NoCtldInAddrAny,NoInAddrAny
# Both daemons run as root (the controller need not drop to a \`slurm\` user on a test machine).
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
# No cgroups: a container often cannot create them, and a test needs no resource fencing.
# Processes are tracked through /proc, tasks are not bound to CPUs, and no accounting is
# gathered, so none of Slurm's cgroup plugins is loaded.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
# One task per core, so that a two-core node runs two array tasks at a time.
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
# Debian does not install /bin/mail; the tests send no mail.
MailProg=/bin/true
# \`sbatch --wait\` polls the controller after 2 s, then at intervals growing fourfold while
# they stay under half of MinJobAge (the time a finished job is kept): with the default of
# 300 s, a job done in one second is seen done only after 10 s. Keeping finished jobs 5 s
# holds the interval at 2 s.
MinJobAge=5
# Start pending jobs as soon as a core is free, not after the few seconds by which the
# scheduler batches job starts by default (a saving for sites that submit thousands a second).
SchedulerParameters=batch_sched_delay=0
# A node that was down comes back into service by itself once its slurmd registers.
ReturnToService=2
# Take the node's CPU count from the line below, not from the hardware, so that the cluster
# looks the same on every machine the tests run on.
SlurmdParameters=config_overrides
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 RealMemory=$memory State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
    echo "export SLURM_CONF=$conf" > "$dir/env"
}

start() {
    if running "$dir/slurmctld.pid" || running "$dir/slurmd.pid" || running "$munge_dir/munged.pid"; then
        echo "slurm.sh: a cluster is already running in $dir" >&2
        exit 1
    fi
    local started=$SECONDS
    # Whatever fails from here on (set -e ends the script at the first error), the daemons
    # already started are stopped on the way out; a successful start lifts this below.
    trap 'stop > /dev/null' EXIT
    start_munge
    write_conf
    export SLURM_CONF=$conf
    # Both daemons detach by themselves once initialised, leaving their pid files; -f names
    # the configuration, as SLURM_CONF does for the commands. slurmctld's -c starts from an
    # empty state (no jobs left over from an earlier run in the same DIR).
    if ! slurmctld -c -f "$conf" || ! wait_pidfile "$dir/slurmctld.pid"; then
        echo "slurm.sh: slurmctld failed to start; its log:" >&2
        tail -n 20 "$dir/slurmctld.log" >&2 || true
        exit 1
    fi
    if ! slurmd -f "$conf" || ! wait_pidfile "$dir/slurmd.pid"; then
        echo "slurm.sh: slurmd failed to start; its log:" >&2
        tail -n 20 "$dir/slurmd.log" >&2 || true
        exit 1
    fi
    # The node registers with the controller a moment later; a job submitted before then
    # would wait in the queue, so wait here until the node is idle.
    local state=""
    for _ in $(seq "$start_timeout"); do
        state=$(sinfo --noheader --nodes="$host" --format=%T 2>/dev/null || true)
        [[ "$state" == idle ]] && break
        sleep 0.1
    done
    if [[ "$state" != idle ]]; then
        echo "slurm.sh: the node did not become idle (state: '${state:-none}'); the logs:" >&2
        tail -n 20 "$dir/slurmctld.log" "$dir/slurmd.log" >&2 || true
        exit 1
    fi
    trap - EXIT
    echo "slurm.sh: cluster up in $((SECONDS - started)) s (node $host idle); use: . $dir/env"
}

stop() {
    export SLURM_CONF=$conf
    # Cancel every job first, and give the node a moment to end them: a job's processes run
    # under slurmstepd, which is not a child of slurmd and would outlive the daemons.
    if running "$dir/slurmctld.pid"; then
        scancel --full --quiet --user="$(id -un)" 2>/dev/null || true
        for _ in $(seq 100); do
            [[ -z "$(squeue --noheader --states=PENDING,RUNNING,SUSPENDED,COMPLETING,CONFIGURING 2>/dev/null || true)" ]] && break
            sleep 0.1
        done
    fi
    stop_pidfile "$dir/slurmd.pid"
    stop_pidfile "$dir/slurmctld.pid"
    # munged last: the other two need it to say goodbye to each other.
    stop_pidfile "$munge_dir/munged.pid"
    echo "slurm.sh: stopped"
}

case $action in
    start) start ;;
    stop) stop ;;
    *) usage ;;
esac
