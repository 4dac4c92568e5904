# SPDX-License-Identifier: GPL-2.0
#
# randstruct kit: the kernel side.  Included by the top Makefile.
#
#   make kernel          install what is missing, unpack linux-source-6.12
#                        (KERNEL_LTS=6.1: linux-source-6.1), apply the kit,
#                        configure and build a small x86_64 kernel with
#                        RANDSTRUCT_FULL=y (the kit's GCC plugin), boot it
#                        in qemu and print the randomized task_struct and
#                        cred
#   make series [KSRC=DIR]
#                        regenerate the committed series from kernel/ and
#                        kernel-edits/: patches/ (6.12) and patches/6.1/
#                        from the source tarballs, or only KSRC's (a
#                        pristine 6.12 or 6.1 tree or tarball)
#   make kernel-apply KSRC=DIR
#                        apply the series for DIR's version to DIR
#   make check-kernel    the kernel test tiers (tests/kernel/*.t, 6.12;
#                        tests/kernel-6.1/*.t, 6.1; tests/kernel-arm64/*.t,
#                        6.12 on arm64)
#   make kernel-clean    remove KERNEL_DIR
#
# Knobs: KERNEL_LTS (6.12 or 6.1), KERNEL_TARBALL, KERNEL_DIR (work
# directory, default build/kernel, build/kernel-6.1, build/kernel-arm64,
# build/kernel-6.1-arm64), KERNEL_JOBS (-j),
# KBUILD_RANDSTRUCT_SEED (64 hex digits, for a reproducible build),
# QEMU_TIMEOUT (seconds), KERNEL_CC (kbuild's CC, e.g. "ccache gcc"),
# KERNEL_REPORT (the layout report's path; empty: none), KERNEL_ARCH
# (x86_64, the default, or arm64: cross-compiled, booted under
# qemu-system-aarch64; see scripts/randstruct-kernel).

KERNEL_LTS	?= 6.12
RS_LTS_ALL	:= 6.12 6.1
ifeq ($(filter $(KERNEL_LTS),$(RS_LTS_ALL)),)
$(error KERNEL_LTS=$(KERNEL_LTS): the kit has series for Linux $(RS_LTS_ALL))
endif
KERNEL_TARBALL	?= /usr/src/linux-source-$(KERNEL_LTS).tar.xz
ifeq ($(KERNEL_LTS),6.12)
RS_PATCHES	:= patches
RS_KSUFFIX	:=
else
RS_PATCHES	:= patches/$(KERNEL_LTS)
RS_KSUFFIX	:= -$(KERNEL_LTS)
endif
ifeq ($(KERNEL_ARCH),arm64)
RS_KSUFFIX	:= $(RS_KSUFFIX)-arm64
endif
KERNEL_DIR	?= build/kernel$(RS_KSUFFIX)
KERNEL_JOBS	?= 2
QEMU_TIMEOUT	?= 300
KERNEL_APT	:= build-essential bc flex bison libelf-dev libssl-dev cpio \
		   qemu-system-x86 busybox-static dwarves gcc-12-plugin-dev \
		   linux-source-$(KERNEL_LTS) quilt openssl kmod git \
		   debhelper rsync rpm \
		   ccache icecc acl iproute2 bpftool sparse
RS_APT_ARM64	:= gcc-12-aarch64-linux-gnu gcc-12-plugin-dev-aarch64-linux-gnu \
		   libc6-dev-arm64-cross qemu-system-arm
# What the 6.1 and arm64 tiers need beyond KERNEL_APT.
RS_APT_TIERS	:= $(foreach v,$(RS_LTS_ALL),linux-source-$(v)) $(RS_APT_ARM64)
ifeq ($(KERNEL_ARCH),arm64)
KERNEL_APT	+= $(RS_APT_ARM64)
endif

RS_KIT		:= $(CURDIR)
RS_KDIR		:= $(abspath $(KERNEL_DIR))
RS_SRC		:= $(RS_KDIR)/linux
RS_OUT		:= $(RS_KDIR)/out
RS_INPUTS	:= $(shell $(RS_KIT)/scripts/randstruct-series --inputs)

.PHONY: kernel kernel-deps kernel-deps-tiers kernel-src kernel-config kernel-build \
	kernel-boot kernel-layout series kernel-apply check-kernel check-rebuild \
	check-defconfig check-allmodconfig kernel-clean

kernel: kernel-build
	@$(RS_KIT)/scripts/randstruct-kernel boot $(RS_SRC) $(RS_OUT) $(QEMU_TIMEOUT)
	@$(RS_KIT)/scripts/randstruct-kernel layout $(RS_SRC) $(RS_OUT)

kernel-deps:
	@$(RS_KIT)/scripts/randstruct-kernel deps $(KERNEL_APT)

# The tiers' other tree, cross toolchain and qemu, whatever KERNEL_LTS and
# KERNEL_ARCH say.
kernel-deps-tiers:
	@$(RS_KIT)/scripts/randstruct-kernel deps $(RS_APT_TIERS)

# The pristine tree is unpacked again whenever a kit input changed; a
# fresh series is generated into KERNEL_DIR/patches, checked against the
# committed one (patches/ or patches/6.1/: never rewritten here), applied.
$(RS_SRC)/.randstruct-applied: $(KERNEL_TARBALL) $(RS_INPUTS) | kernel-deps
	@$(RS_KIT)/scripts/randstruct-kernel source $(KERNEL_TARBALL) $(RS_SRC) \
		$(RS_KDIR)/patches $(RS_KIT)/$(RS_PATCHES)

# tests/plugin/series.t compares the committed series with the tarballs'.
check-plugin: $(foreach v,$(RS_LTS_ALL),/usr/src/linux-source-$(v).tar.xz)

# On a fresh machine the tarballs come with the linux-source packages.
/usr/src/linux-source-%.tar.xz:
	@$(RS_KIT)/scripts/randstruct-kernel deps linux-source-$*
	@test -f $@ || { echo "error: $@ missing after installing linux-source-$*" >&2; exit 1; }

kernel-src: $(RS_SRC)/.randstruct-applied

kernel-config: kernel-src
	@$(RS_KIT)/scripts/randstruct-kernel config $(RS_SRC) $(RS_OUT)

kernel-build: kernel-config
	@$(RS_KIT)/scripts/randstruct-kernel build $(RS_SRC) $(RS_OUT) $(KERNEL_JOBS)

kernel-boot: kernel-build
	@$(RS_KIT)/scripts/randstruct-kernel boot $(RS_SRC) $(RS_OUT) $(QEMU_TIMEOUT)

kernel-layout:
	@$(RS_KIT)/scripts/randstruct-kernel layout $(RS_SRC) $(RS_OUT)

# KSRC: a pristine 6.12 or 6.1 tree; by default both source tarballs.
ifdef KSRC
series:
	@$(RS_KIT)/scripts/randstruct-series $(KSRC)
else
series: $(foreach v,$(RS_LTS_ALL),/usr/src/linux-source-$(v).tar.xz)
	@for t in $^; do $(RS_KIT)/scripts/randstruct-series $$t || exit 1; done
endif

kernel-apply:
	@test -n "$(KSRC)" || { echo "error: make kernel-apply KSRC=<pristine linux 6.12 or 6.1 tree>" >&2; exit 1; }
	@$(RS_KIT)/scripts/randstruct-apply $(KSRC)

check-kernel: kernel-deps kernel-deps-tiers
	$(PROVE) -v --timer tests/kernel/ tests/kernel-6.1/ tests/kernel-arm64/

# Plugin and seed changes through ccache and icecream (in check-kernel too).
check-rebuild: kernel-deps
	$(PROVE) -v --timer tests/kernel/80-reproducible.t tests/kernel/85-rebuild.t

# x86_64 defconfig + plugin + DWARF 5 + BTF: about 45 minutes, outside CI.
check-defconfig: kernel-deps
	$(PROVE) -v --timer tests/defconfig/

# x86_64 allmodconfig: a fixed sample of 3,000+ objects compiled, outside CI.
check-allmodconfig: kernel-deps
	$(PROVE) -v --timer tests/allmodconfig/

kernel-clean:
	rm -rf $(RS_KDIR)
