#!/usr/bin/env bash
# A throw-away ssh server on 127.0.0.1, so that tests can exercise the remote path of GNU
# parallel (`parallel -S`) on a single machine, exactly as a cluster user's login would.
#
# Usage:
#   scripts/sshd.sh start DIR    make keys and a configuration in DIR, start sshd on a free port
#   scripts/sshd.sh stop DIR     stop that sshd; nothing it started keeps running
#
# After `start`, DIR/ssh_config names the server as the host `worker`, and DIR/sshloginfile
# is the same login as a GNU parallel login file (two jobs at a time, ssh command included):
#
#   ssh -F DIR/ssh_config worker true
#   parallel --ssh 'ssh -F DIR/ssh_config' -S 2/worker echo ::: a b
#   parallel --sshloginfile DIR/sshloginfile echo ::: a b
#
# The remote side is this same machine, so the same files exist there, but the remote command
# does not inherit the caller's environment: its PATH is sshd's compiled-in default plus what
# the user's ~/.bashrc adds (bash reads it for a command run by sshd), never a cargo target
# directory the caller put on PATH. Give the remote command by absolute path
# (`parallel ... -S 2/worker "$PWD/target/release/x"`), or send the variable along with
# parallel's `--env PATH`.
#
# Needs root (sshd must start as root to switch to the logged-in user) and Debian's
# openssh-server and openssh-client (scripts/setup.sh installs them).
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

usage() {
    echo "usage: $0 start|stop DIR" >&2
    exit 2
}

(($# == 2)) || usage
action=$1
# Every path written into the configuration files must be absolute: sshd and ssh resolve a
# relative one against their own working directory, not ours.
mkdir -p "$2"
dir=$(cd "$2" && pwd)

# The host alias the tests use, and the user they log in as (the one running this script).
alias_name=worker
user=$(id -un)

start() {
    if [[ -s "$dir/sshd.pid" ]] && alive "$(cat "$dir/sshd.pid")"; then
        echo "sshd.sh: already running in $dir (pid $(cat "$dir/sshd.pid"))" >&2
        exit 1
    fi

    # sshd's privilege separation needs this empty directory, normally made by the init
    # system's unit (RuntimeDirectory=sshd), which has not run here; /run is a tmpfs, so it is
    # gone after every boot.
    mkdir -p /run/sshd
    chmod 0755 /run/sshd

    # Two key pairs, made once per DIR and with no passphrase: the server's host key, and the
    # key the client logs in with, whose public half is the only authorised key.
    [[ -f "$dir/host_ed25519" ]] || ssh-keygen -q -t ed25519 -N '' -C "throw-away host key" -f "$dir/host_ed25519"
    [[ -f "$dir/id_ed25519" ]] || ssh-keygen -q -t ed25519 -N '' -C "throw-away user key" -f "$dir/id_ed25519"
    cp "$dir/id_ed25519.pub" "$dir/authorized_keys"

    local port attempt
    for attempt in 1 2 3 4 5; do
        port=$(free_port)
        # The server's configuration. Each line departs from a default for a stated reason:
        #   ListenAddress 127.0.0.1   reachable from this machine only
        #   UsePAM no                 PAM's session modules expect a full login environment
        #                             (and systemd-logind) that a container lacks
        #   StrictModes no            DIR may be a world-readable temporary directory, which
        #                             StrictModes would take as a reason to refuse the key
        #   PidFile                   of its own, so that `stop` kills this sshd and no other
        #   AuthorizedKeysFile        the key made above, not ~/.ssh/authorized_keys
        #   password and keyboard-interactive logins off: keys only
        #   AllowUsers                only the user who started it
        cat > "$dir/sshd_config" <<EOF
ListenAddress 127.0.0.1
Port $port
HostKey $dir/host_ed25519
PidFile $dir/sshd.pid
AuthorizedKeysFile $dir/authorized_keys
UsePAM no
StrictModes no
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
AllowUsers $user
# GNU parallel opens many sessions at once; the defaults of 10 unauthenticated connections
# and 10 sessions per connection would refuse some of them.
MaxStartups 100
MaxSessions 100
EOF
        # Check the configuration first, so that a mistake is reported as such rather than as
        # a server that never answers.
        /usr/sbin/sshd -t -f "$dir/sshd_config"
        rm -f "$dir/sshd.pid"
        # sshd binds its port before it detaches, so a port taken in the meantime makes it
        # exit non-zero here (the reason is in sshd.log), and the loop tries another port.
        # Started by absolute path, as sshd requires, so that it can re-execute itself.
        if /usr/sbin/sshd -f "$dir/sshd_config" -E "$dir/sshd.log"; then
            break
        fi
        if ((attempt == 5)); then
            echo "sshd.sh: sshd did not start; its log:" >&2
            cat "$dir/sshd.log" >&2
            exit 1
        fi
    done

    # The detached server writes its pid file after it listens; wait for both.
    for _ in $(seq 50); do
        if [[ -s "$dir/sshd.pid" ]] && [[ -n "$(ss -Hltn "sport = :$port")" ]]; then
            break
        fi
        sleep 0.1
    done

    # The client side: the host alias, the key to log in with, and the server's public key
    # as the only known host, so that the host key is checked (not skipped) without a prompt.
    # BatchMode makes any failure an error instead of a password prompt that would hang.
    echo "[127.0.0.1]:$port $(cut -d' ' -f1,2 "$dir/host_ed25519.pub")" > "$dir/known_hosts"
    cat > "$dir/ssh_config" <<EOF
Host $alias_name
    HostName 127.0.0.1
    Port $port
    User $user
    IdentityFile $dir/id_ed25519
    IdentitiesOnly yes
    UserKnownHostsFile $dir/known_hosts
    StrictHostKeyChecking yes
    BatchMode yes
    LogLevel ERROR
EOF

    # GNU parallel's login file: a line may hold the whole ssh command, so a program that
    # passes only --sshloginfile reaches this server too. "2/" runs two jobs at a time on it.
    echo "2/ssh -F $dir/ssh_config $alias_name" > "$dir/sshloginfile"

    # Prove it works before handing it over.
    if ! ssh -F "$dir/ssh_config" "$alias_name" true; then
        echo "sshd.sh: sshd started but a login failed; its log:" >&2
        cat "$dir/sshd.log" >&2
        stop
        exit 1
    fi
    echo "sshd.sh: sshd (pid $(cat "$dir/sshd.pid")) on 127.0.0.1:$port; use: ssh -F $dir/ssh_config $alias_name"
}

stop() {
    local pid
    if [[ ! -s "$dir/sshd.pid" ]]; then
        echo "sshd.sh: no sshd.pid in $dir; nothing to stop"
        return 0
    fi
    pid=$(cat "$dir/sshd.pid")
    # Every process below the server goes too: a session still open, and the command it runs
    # (without a terminal, a closed connection does not hang the command up, so a `sleep`
    # started over ssh would outlive the server).
    stop_process "$pid" tree
    rm -f "$dir/sshd.pid"
    echo "sshd.sh: stopped"
}

case $action in
    start) start ;;
    stop) stop ;;
    *) usage ;;
esac
