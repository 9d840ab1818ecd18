//! `PROGRAM cluster`: a search spread over real engines (the local threads, GNU parallel over
//! ssh to 127.0.0.1, a one-machine Slurm cluster, a command template), by hand (split, work,
//! combine) and through faults, always giving the one-process answer and counts.
//!
//! The daemons come from `scripts/sshd.sh` and `scripts/slurm.sh` (installed by
//! `scripts/setup.sh`), started by the test that needs them and stopped by its guard.

#[path = "cluster/by_hand.rs"]
mod by_hand;
#[path = "cluster/cancel.rs"]
mod cancel;
#[path = "cluster/damage.rs"]
mod damage;
#[path = "cluster/engines.rs"]
mod engines;
#[path = "cluster/faults.rs"]
mod faults;
#[path = "cluster/pool.rs"]
mod pool;
#[path = "cluster/support.rs"]
mod support;
#[path = "cluster/wall_pusher.rs"]
mod wall_pusher;
