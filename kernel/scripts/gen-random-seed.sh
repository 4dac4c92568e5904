#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# gen-random-seed.sh SEEDFILE SEEDHEADER [HASHHEADER VERSION MODE POLICY]
#
# Create the per-build randstruct seed once and the headers derived from it.
#
#   SEEDFILE    64 lowercase hex digits.  Made with `openssl rand -hex 32`
#               when missing; an existing file is used as is and never
#               regenerated.  KBUILD_RANDSTRUCT_SEED=<64 hex> in the
#               environment supplies the seed instead of openssl.
#   SEEDHEADER  RANDSTRUCT_SEED_BYTES: the seed as a 32-byte initializer,
#               compiled into the plugin.  The hex text never appears.
#
# Both are secret: they are created mode 0600 (umask 077 from the first
# byte on).  One that exists with group or other permissions (copied in by
# hand, or left by an older build) is tightened to 0600 with a notice naming
# it: its content may have been read already, so say so, but a readable
# copy is no reason to stop a build that can close it.  A symbolic link or
# anything but a regular file stops the build: chmod would follow the link
# to a file that is not the build's.
#   HASHHEADER  public values for module vermagic and layout reports:
#               RANDSTRUCT_HASHED_SEED, the SHA-256 of the seed's hex text;
#               RANDSTRUCT_LAYOUT_VERSION, VERSION (the plugin's
#               RS_LAYOUT_VERSION, or "clang");
#               RANDSTRUCT_LAYOUT_MODE, MODE ("full" or "performance");
#               RANDSTRUCT_POLICY_DIGEST, the SHA-256 of POLICY, the
#               policy file compiled into the plugin ("none": no policy,
#               as for Clang);
#               RANDSTRUCT_LAYOUT_ID, "vVERSION_MODE_" and the SHA-256 of
#               "randstruct layout VERSION mode MODE policy DIGEST seed
#               SEED": it changes with everything that decides a layout,
#               and vermagic carries it.
#
# A malformed seed stops the build; there is no fallback seed.

set -eu

die() {
	echo "gen-random-seed.sh: error: $*" >&2
	exit 1
}

check_seed() {
	# $1: candidate seed text, $2: where it came from
	case $1 in
	*[!0-9a-f]*)
		die "$2: seed must be lowercase hex digits only (0-9, a-f)" ;;
	esac
	[ ${#1} -eq 64 ] ||
		die "$2: seed must be exactly 64 hex digits, found ${#1}"
}

# must_be_regular FILE WHAT: stop unless FILE is absent or a regular file.
must_be_regular() {
	if [ -L "$1" ]; then
		die "$1: is a symbolic link; the $2 must be a regular file of the build tree"
	fi
	if [ -d "$1" ]; then
		die "$1: is a directory, not the $2 file"
	fi
	if [ -e "$1" ] && [ ! -f "$1" ]; then
		die "$1: is not a regular file; the $2 must be one"
	fi
}

# keep_private FILE: tighten an existing secret file to owner-only access.
keep_private() {
	[ -n "$(find "$1" -maxdepth 0 -perm /077)" ] || return 0
	was=$(stat -c %a "$1")
	chmod go-rwx "$1" ||
		die "$1: mode $was lets other users read it, and chmod failed"
	echo "gen-random-seed.sh: notice: $1 was mode $was, readable by other users; now $(stat -c %a "$1") (it reveals the randomized layouts)" >&2
}

# Replace $1 with stdin's content only when it differs, to spare rebuilds
# (and writes into read-only trees such as installed kernel headers).
# PRIVATE=1: $1 is secret (created mode 0600, tightened when looser).
write_if_changed() {
	content=$(cat)
	if [ -f "$1" ] && [ "$(cat "$1")" = "$content" ]; then
		[ -z "${PRIVATE-}" ] || keep_private "$1"
		return 0
	fi
	mkdir -p "$(dirname "$1")"
	tmp="$1.tmp.$$"
	(
		[ -z "${PRIVATE-}" ] || umask 077
		printf '%s\n' "$content" > "$tmp"
	)
	mv -f "$tmp" "$1"
}

if [ $# -ne 2 ] && [ $# -ne 6 ]; then
	die "usage: gen-random-seed.sh SEEDFILE SEEDHEADER [HASHHEADER VERSION MODE POLICY]"
fi
seed_file=$1
seed_header=$2
hash_header=${3-}
version=${4-}
mode=${5-}
policy=${6-}
case $version in
*[!0-9a-z]*)
	die "layout version '$version' must be a number or 'clang'" ;;
esac
if [ -n "$hash_header" ] && [ -z "$version" ]; then
	die "no layout version given for $hash_header"
fi
# policy_digest FILE: the SHA-256 of the policy file, or "none".
policy_digest() {
	if [ "$1" = none ]; then
		echo none
		return 0
	fi
	if [ ! -f "$1" ] || [ ! -r "$1" ]; then
		die "$1: policy file is not a readable regular file"
	fi
	openssl dgst -sha256 -r < "$1" | cut -c1-64
}
if [ -n "$hash_header" ]; then
	case $mode in
	full|performance) ;;
	*) die "layout mode '$mode' must be 'full' or 'performance'" ;;
	esac
	digest=$(policy_digest "$policy")
fi

command -v openssl > /dev/null 2>&1 ||
	die "openssl is required (apt-get install openssl)"

env_seed=${KBUILD_RANDSTRUCT_SEED-}
if [ -n "$env_seed" ]; then
	check_seed "$env_seed" "KBUILD_RANDSTRUCT_SEED"
fi

must_be_regular "$seed_file" seed
must_be_regular "$seed_header" "seed header"
if [ -e "$seed_file" ]; then
	[ -r "$seed_file" ] || die "$seed_file: not a readable file"
	[ -s "$seed_file" ] || die "$seed_file: seed file is empty"
	[ "$(wc -l < "$seed_file")" -le 1 ] ||
		die "$seed_file: seed file must hold a single line"
	seed=$(cat "$seed_file")
	check_seed "$seed" "$seed_file"
	if [ -n "$env_seed" ] && [ "$env_seed" != "$seed" ]; then
		die "KBUILD_RANDSTRUCT_SEED differs from existing $seed_file"
	fi
	keep_private "$seed_file"
else
	if [ -n "$env_seed" ]; then
		seed=$env_seed
	else
		seed=$(openssl rand -hex 32) ||
			die "openssl rand failed"
		check_seed "$seed" "openssl rand"
	fi
	mkdir -p "$(dirname "$seed_file")"
	(umask 077 && printf '%s\n' "$seed" > "$seed_file.tmp.$$")
	mv -f "$seed_file.tmp.$$" "$seed_file"
fi

{
	echo "/* Generated by gen-random-seed.sh: keep private, do not edit. */"
	printf '#define RANDSTRUCT_SEED_BYTES { '
	printf '%s' "$seed" | sed 's/\(..\)/0x\1, /g; s/, $//'
	echo ' }'
} | PRIVATE=1 write_if_changed "$seed_header"

if [ -n "$hash_header" ]; then
	hash=$(printf '%s' "$seed" | openssl dgst -sha256 -r | cut -c1-64)
	check_seed "$hash" "openssl dgst"
	id=$(printf 'randstruct layout %s mode %s policy %s seed %s' \
		"$version" "$mode" "$digest" "$seed" |
		openssl dgst -sha256 -r | cut -c1-64)
	check_seed "$id" "openssl dgst"
	{
		echo "/* Generated by gen-random-seed.sh: public, do not edit. */"
		echo "#define RANDSTRUCT_HASHED_SEED \"$hash\""
		echo "#define RANDSTRUCT_LAYOUT_VERSION \"$version\""
		echo "#define RANDSTRUCT_LAYOUT_MODE \"$mode\""
		echo "#define RANDSTRUCT_POLICY_DIGEST \"$digest\""
		echo "#define RANDSTRUCT_LAYOUT_ID \"v${version}_${mode}_$id\""
	} | write_if_changed "$hash_header"
fi
