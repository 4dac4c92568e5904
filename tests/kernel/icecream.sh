# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# A two-node icecream build farm on this machine, for the kernel tier:
# network namespaces rs-ice-a (10.77.0.1: the scheduler and the daemon of
# the machine that builds, which takes no jobs itself) and rs-ice-b
# (10.77.0.2: the daemon that compiles), joined by a veth pair.  Every
# process is bounded by a timeout and stopped by icecream_down.
#
#   icecream_up DIR      start it; logs and environments under DIR
#   icecream_run CMD...  run CMD as a client of rs-ice-a's daemon
#   icecream_share_plugin OUT
#                        let the icecc user read OUT's plugin
#   icecream_remote_jobs / icecream_local_jobs
#                        compile jobs the scheduler sent to rs-ice-b, and
#                        jobs the client compiled itself
#   icecream_down        stop the daemons, remove the namespaces

ICE_NET=10.77.0
ICE_LIMIT=${ICECREAM_TIMEOUT:-3600}

icecream_down() {
	local p
	for p in "$ICE_DIR"/*.pid; do
		[ -f "$p" ] && kill "$(cat "$p")" 2>/dev/null
	done
	sleep 1
	for p in "$ICE_DIR"/*.pid; do
		[ -f "$p" ] && kill -9 "$(cat "$p")" 2>/dev/null
		rm -f "$p"
	done
	ip netns del rs-ice-a 2>/dev/null
	ip netns del rs-ice-b 2>/dev/null
	[ -z "${ICE_SOCKETS:-}" ] || rm -rf "$ICE_SOCKETS"
	return 0
}

# ice_start NAME NETNS COMMAND...: a daemon in NETNS, its pid in NAME.pid.
ice_start() {
	local name=$1 ns=$2
	shift 2
	ip netns exec "$ns" timeout "$ICE_LIMIT" "$@" >"$ICE_DIR/$name.log" 2>&1 &
	echo $! >"$ICE_DIR/$name.pid"
}

icecream_up() {
	ICE_DIR=$1
	rm -rf "$ICE_DIR"
	mkdir -p "$ICE_DIR/env-a" "$ICE_DIR/env-b"
	# iceccd drops to the icecc user to install compiler environments.
	chown icecc "$ICE_DIR" "$ICE_DIR/env-a" "$ICE_DIR/env-b" || return 1
	# Unix socket paths must stay short (108 bytes).
	ICE_SOCKETS=$(mktemp -d /tmp/rs-ice.XXXXXX) && chown icecc "$ICE_SOCKETS" ||
		return 1
	ip netns del rs-ice-a 2>/dev/null
	ip netns del rs-ice-b 2>/dev/null
	ip netns add rs-ice-a && ip netns add rs-ice-b &&
	ip link add rs-ice-va type veth peer name rs-ice-vb &&
	ip link set rs-ice-va netns rs-ice-a &&
	ip link set rs-ice-vb netns rs-ice-b &&
	ip -n rs-ice-a addr add "$ICE_NET.1/24" dev rs-ice-va &&
	ip -n rs-ice-b addr add "$ICE_NET.2/24" dev rs-ice-vb &&
	ip -n rs-ice-a link set lo up && ip -n rs-ice-a link set rs-ice-va up &&
	ip -n rs-ice-b link set lo up && ip -n rs-ice-b link set rs-ice-vb up ||
		return 1
	ice_start scheduler rs-ice-a icecc-scheduler -n rs-ice -vvv
	sleep 1
	ICECC_TEST_SOCKET=$ICE_SOCKETS/a ice_start node-a rs-ice-a \
		iceccd -n rs-ice -s "$ICE_NET.1" -m 0 -N node-a -b "$ICE_DIR/env-a"
	ICECC_TEST_SOCKET=$ICE_SOCKETS/b ice_start node-b rs-ice-b \
		iceccd -n rs-ice -s "$ICE_NET.1" -m 4 -N node-b -b "$ICE_DIR/env-b"
	# Both daemons log in to the scheduler within a few seconds.
	local waited=0
	while [ "$waited" -lt 30 ]; do
		[ "$(grep -c ' login node-[ab] ' "$ICE_DIR/scheduler.log")" = 2 ] &&
			return 0
		sleep 1
		waited=$((waited + 1))
	done
	echo "icecream: the daemons did not log in to the scheduler" >&2
	return 1
}

icecream_run() {
	ICECC_TEST_SOCKET=$ICE_SOCKETS/a ip netns exec rs-ice-a "$@"
}

# The plugin holds the seed and is its owner's only (0700); the daemon
# packs it into the compiler environment as the icecc user.  A default ACL
# on its directory lets that user, and nobody else, read it, also once it is
# rebuilt: where a default ACL applies, the umask does not.
icecream_share_plugin() {
	local dir=$1/scripts/gcc-plugins
	setfacl -d -m u::rwx,g::-,o::-,u:icecc:r "$dir" &&
		setfacl -m u:icecc:r "$dir/randomize_layout_plugin.so"
}

icecream_remote_jobs() {
	grep -c ' END [0-9]* status=0 .*server=node-b' "$ICE_DIR/scheduler.log"
}

icecream_local_jobs() {
	grep -c ' handle_local_job ' "$ICE_DIR/scheduler.log"
}
