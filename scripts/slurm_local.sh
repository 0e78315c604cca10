#!/usr/bin/env bash
# A single-node Slurm on this machine, for trying scripts/perft_units.sbatch
# without a cluster (docs/cluster.md, "Slurm"). Needs root and the Debian
# packages slurm-wlm and munge (./dev.sh cluster installs them); no systemd:
# the three daemons run in the background from DIR, which holds everything
# (config, munge key and socket, state, spool, logs, pid files), on two free
# TCP ports of 127.0.0.1, so nothing clashes with a Slurm or munge of the system.
#
#   scripts/slurm_local.sh start DIR        # write DIR/slurm.conf, start munged,
#                                           # slurmctld, slurmd; wait for the node
#   scripts/slurm_local.sh stop DIR         # cancel the jobs, stop the daemons
#   scripts/slurm_local.sh run DIR CMD...   # start, run CMD with SLURM_CONF set,
#                                           # stop (also on failure); CMD's status
#
# After `start`, `export SLURM_CONF=DIR/slurm.conf` points sbatch, squeue,
# sinfo and scancel at it. Every error is one line on stderr (a daemon that
# does not come up adds the tail of its log), exit status 1; 2 for bad usage.
set -euo pipefail

me=slurm_local.sh
die() {
  echo "$me: $*" >&2
  exit 1
}
usage() {
  echo "usage: $me start DIR | stop DIR | run DIR CMD..." >&2
  exit 2
}

[ $# -ge 2 ] || usage
cmd=$1
dir=$2
shift 2
if [ "$cmd" = run ]; then
  [ $# -ge 1 ] || usage
else
  [ "$cmd" = start ] || [ "$cmd" = stop ] || usage
  [ $# -eq 0 ] || usage
fi

if [ "$cmd" = stop ] && [ ! -d "$dir" ]; then
  exit 0  # nothing was started there
fi
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
export SLURM_CONF=$dir/slurm.conf
# How long a daemon may take to come up (seconds).
START_TIMEOUT=${SLURM_LOCAL_START_TIMEOUT:-60}

# The one-line error for a daemon that did not come up, then its log's tail.
daemon_failed() {  # <daemon> <log> <what happened>
  echo "$me: $1 $3 (log $2)" >&2
  [ -s "$2" ] && tail -n 8 "$2" | sed 's/^/  | /' >&2
  stop_daemons
  exit 1
}

# wait_ready <daemon> <test>: runs the test each second until it passes; fails
# (log tail, daemons stopped) when the daemon has exited or after
# START_TIMEOUT s. A test that fails sets not_ready to what it saw.
wait_ready() {
  local daemon=$1 ready=$2 t=0
  until "$ready"; do
    # (its pid file may take a moment to appear)
    [ "$t" -lt 3 ] || [ -n "$(pid_of "$daemon")" ] ||
      daemon_failed "$daemon" "$dir/log/$daemon.log" "exited"
    [ "$t" -lt "$START_TIMEOUT" ] ||
      daemon_failed "$daemon" "$dir/log/$daemon.log" "$not_ready after ${START_TIMEOUT} s"
    sleep 1
    t=$((t + 1))
  done
}
ctld_up() {
  not_ready="not up"
  timeout 5 scontrol ping 2>/dev/null | grep -q 'is UP'
}
node_idle() {
  state=$(timeout 5 sinfo -h -n "$host" -o %T 2>/dev/null || true)
  not_ready="node $host is '${state:-unknown}', not idle,"
  [ "$state" = idle ]
}

pid_of() {  # <daemon>: its pid if it runs from this DIR, else nothing
  local f=$dir/run/$1.pid pid
  [ -s "$f" ] || return 0
  pid=$(cat "$f")
  # The pid file's process, if it is still that daemon (not a reused pid).
  [[ "$pid" =~ ^[0-9]+$ ]] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$1" ] && echo "$pid"
  return 0
}

stop_daemons() {
  # Cancel what is still queued or running (a job's slurmstepd outlives slurmd).
  if [ -n "$(pid_of slurmctld)" ]; then
    timeout 10 scancel --quiet --partition=local >/dev/null 2>&1 || true
    for _ in 1 2 3 4 5 6 7 8 9 10; do
      [ -z "$(timeout 5 squeue -h -o %i 2>/dev/null)" ] && break
      sleep 1
    done
  fi
  local d pid
  for d in slurmd slurmctld munged; do
    pid=$(pid_of "$d")
    [ -n "$pid" ] || continue
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.2
    done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null || true
    rm -f "$dir/run/$d.pid"
  done
  return 0
}

start_daemons() {
  [ "$(id -u)" -eq 0 ] || die "needs root (slurmd starts the jobs; SlurmUser=root)"
  local p missing=()
  for p in munged munge unmunge slurmctld slurmd sbatch squeue sinfo scontrol scancel python3; do
    command -v "$p" >/dev/null || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] ||
    die "${missing[*]} not found: install the Debian packages slurm-wlm and munge (./dev.sh cluster does)"
  for p in munged slurmctld slurmd; do
    [ -z "$(pid_of "$p")" ] || die "$p of $dir already runs: $me stop $dir first"
  done

  # A new cluster each time: no job or node state from an earlier run.
  rm -rf "$dir/munge" "$dir/run" "$dir/state" "$dir/spool" "$dir/log"
  mkdir -p "$dir/munge" "$dir/run" "$dir/state" "$dir/spool" "$dir/log"
  # munged checks permissions: its key private to it, its socket's
  # directory (and every one above) open to all.
  chmod 700 "$dir/munge"
  chmod 755 "$dir" "$dir/run"
  dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
  chmod 400 "$dir/munge/munge.key"

  local host cpus mem ports
  host=$(hostname -s)
  cpus=$(nproc)
  mem=$(free -m | awk '/^Mem:/ { print $2 }')
  # Two free ports (not Slurm's 6817/6818: a system Slurm may use them).
  ports=$(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
  read -r ctld_port slurmd_port <<<"$ports"
  cat >"$dir/slurm.conf" <<EOF
# Written by scripts/slurm_local.sh: one node, this machine, daemons as root.
ClusterName=perftlocal
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/run/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
# No cgroups (a container may have none writable): plain process tracking.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MailProg=/bin/true
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
MinJobAge=300
KillWait=5
Waittime=0
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF

  munged --key-file="$dir/munge/munge.key" --log-file="$dir/log/munged.log" \
    --pid-file="$dir/run/munged.pid" --seed-file="$dir/munge/munged.seed" \
    --socket="$dir/run/munge.socket" >>"$dir/log/munged.log" 2>&1 ||
    daemon_failed munged "$dir/log/munged.log" "did not start"
  munge -n -S "$dir/run/munge.socket" | unmunge -S "$dir/run/munge.socket" >/dev/null 2>&1 ||
    daemon_failed munged "$dir/log/munged.log" "does not answer on $dir/run/munge.socket"

  slurmctld -f "$dir/slurm.conf" >>"$dir/log/slurmctld.log" 2>&1 ||
    daemon_failed slurmctld "$dir/log/slurmctld.log" "did not start"
  local not_ready state
  wait_ready slurmctld ctld_up

  slurmd -f "$dir/slurm.conf" -N "$host" >>"$dir/log/slurmd.log" 2>&1 ||
    daemon_failed slurmd "$dir/log/slurmd.log" "did not start"
  wait_ready slurmd node_idle
  echo "$me: Slurm up in $dir: node $host, $cpus CPUs, $mem MB, ports $ctld_port/$slurmd_port" >&2
  echo "$me: export SLURM_CONF=$SLURM_CONF" >&2
}

case "$cmd" in
  start)
    start_daemons
    ;;
  stop)
    stop_daemons
    ;;
  run)
    trap stop_daemons EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    start_daemons
    status=0
    "$@" || status=$?
    exit "$status"
    ;;
esac
