#!/usr/bin/env bash
# Installs the Debian packages that the project's system tests need, and nothing else:
#
#   chromium, chromium-driver     the explorer's browser tests (a real headless Chromium driven
#                                 through WebDriver)
#   fonts-liberation              a font for the pages Chromium draws: it is only a recommended
#                                 package of Chromium's, and without any font the text of a
#                                 screenshot comes out as empty boxes
#   parallel                      GNU parallel, one of the engines a distributed search runs on
#   openssh-server, openssh-client  parallel's remote path, tested over ssh to 127.0.0.1
#   slurmctld, slurmd, slurm-client, munge
#                                 a one-machine Slurm cluster, the other engine (slurm-wlm is
#                                 the metapackage of the first three; installing them by name
#                                 skips what it adds on top, such as the database daemon)
#
# Usage: scripts/setup.sh        (as root, or through sudo; needs Debian's apt)
#
# The script is idempotent and cheap when everything is present: it asks dpkg which packages
# are missing and only then runs `apt-get update` and `apt-get install`, so CI can call it on
# every run.
set -euo pipefail

packages=(
    chromium chromium-driver fonts-liberation
    parallel
    openssh-server openssh-client
    slurmctld slurmd slurm-client
    munge
)

# A package counts as present only when dpkg says "install ok installed"; a package that was
# removed but not purged ("deinstall ok config-files") or half-configured must be installed again.
missing=()
for package in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    if [[ "$status" != "install ok installed" ]]; then
        missing+=("$package")
    fi
done

if ((${#missing[@]} == 0)); then
    echo "setup: all ${#packages[@]} packages already installed"
    exit 0
fi

echo "setup: installing ${missing[*]}"

# Installing needs root; say so plainly rather than let apt fail on a lock file.
if ((EUID != 0)); then
    echo "setup: must run as root to install packages (try: sudo $0)" >&2
    exit 1
fi

# Never stop to ask a question: CI has no standard input.
export DEBIAN_FRONTEND=noninteractive

# Debian's maintainer scripts start a package's daemon as soon as it is installed (sshd on port
# 22 of every interface, munged, slurmctld, slurmd). The tests start their own daemons, on
# 127.0.0.1 and with their own configuration, and must leave nothing else running, so the
# packages are told not to: /usr/sbin/policy-rc.d answering 101 ("action forbidden") is the
# mechanism Debian provides for this (see /usr/share/doc/init-system-helpers/README.policy-rc.d).
# A policy that is already there (container images ship one) is left alone; one made here is
# removed on the way out, whether the install succeeded or not.
policy=/usr/sbin/policy-rc.d
if [[ ! -e "$policy" ]]; then
    printf '#!/bin/sh\n# made by the project setup script for the duration of an install\nexit 101\n' > "$policy"
    chmod 755 "$policy"
    trap 'rm -f "$policy"' EXIT
fi

# Another apt or dpkg may be running (an unattended upgrade, another job on the machine): wait
# for its lock for up to ten minutes instead of failing at once.
apt_options=(-o DPkg::Lock::Timeout=600 -q)

# The package lists may be missing or stale on a fresh machine; refresh them only now that
# something is missing, since an update costs seconds and network on every run otherwise. A
# failure here (often one unreachable extra repository among several) is only a warning: the
# install below reports any package it still cannot get.
apt-get "${apt_options[@]}" update || echo "setup: apt-get update failed; trying the install anyway" >&2

# Recommended packages are left out: they add fonts, documentation and daemons (slurmdbd's
# MariaDB, for one) that the tests do not use, and they slow the install down.
apt-get "${apt_options[@]}" install -y --no-install-recommends "${missing[@]}"

echo "setup: done"
