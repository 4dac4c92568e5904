# SPDX-License-Identifier: GPL-2.0
#
# randstruct kit: the Linux 6.12 side.  Included by the top Makefile.
#
#   make kernel          install what is missing, unpack linux-source-6.12,
#                        apply the kit, configure and build a small x86_64
#                        kernel with GCC_PLUGIN_RANDSTRUCT=y, boot it in qemu
#                        and print the randomized task_struct and cred
#   make series [KSRC=DIR]
#                        regenerate patches/ from the drop-in files (KSRC:
#                        pristine 6.12 tree, default: the source tarball)
#   make kernel-apply KSRC=DIR
#                        apply patches/ to a pristine 6.12 tree
#   make check-kernel    the kernel test tier (tests/kernel/*.t)
#   make kernel-clean    remove build/kernel
#
# Knobs: KERNEL_TARBALL, KERNEL_DIR (work directory), KERNEL_JOBS (-j),
# KBUILD_RANDSTRUCT_SEED (64 hex digits, for a reproducible build),
# QEMU_TIMEOUT (seconds), KERNEL_CC (kbuild's CC, e.g. "ccache gcc"),
# KERNEL_REPORT (the layout report's path; empty: none), KERNEL_ARCH
# (x86_64, the default, or arm64: cross-compiled, booted under
# qemu-system-aarch64, in build/kernel-arm64; see scripts/randstruct-kernel).

KERNEL_TARBALL	?= /usr/src/linux-source-6.12.tar.xz
ifeq ($(KERNEL_ARCH),arm64)
KERNEL_DIR	?= build/kernel-arm64
endif
KERNEL_DIR	?= build/kernel
KERNEL_JOBS	?= 2
QEMU_TIMEOUT	?= 300
KERNEL_APT	:= build-essential bc flex bison libelf-dev libssl-dev cpio \
		   qemu-system-x86 busybox-static dwarves gcc-12-plugin-dev \
		   linux-source-6.12 quilt openssl kmod git jq debhelper rsync \
		   ccache icecc iproute2 bpftool
ifeq ($(KERNEL_ARCH),arm64)
KERNEL_APT	+= gcc-12-aarch64-linux-gnu gcc-12-plugin-dev-aarch64-linux-gnu \
		   libc6-dev-arm64-cross qemu-system-arm
endif

RS_KIT		:= $(CURDIR)
RS_KDIR		:= $(abspath $(KERNEL_DIR))
RS_SRC		:= $(RS_KDIR)/linux
RS_OUT		:= $(RS_KDIR)/out
RS_INPUTS	:= $(wildcard $(RS_KIT)/gcc-plugins/*.c $(RS_KIT)/gcc-plugins/*.h) \
		   $(RS_KIT)/Kconfig $(RS_KIT)/Makefile.gcc-plugins \
		   $(RS_KIT)/scripts/gen-random-seed.sh \
		   $(RS_KIT)/scripts/gen-randstruct-policy.sh \
		   $(wildcard $(RS_KIT)/include/linux/*.h $(RS_KIT)/kit/*.diff) \
		   $(wildcard $(RS_KIT)/kit/*.policy) \
		   $(wildcard $(RS_KIT)/Documentation/security/randstruct*.rst) \
		   $(RS_KIT)/scripts/randstruct-series \
		   $(RS_KIT)/scripts/randstruct-apply

.PHONY: kernel kernel-deps kernel-src kernel-config kernel-build \
	kernel-boot kernel-layout series kernel-apply check-kernel check-rebuild \
	check-defconfig check-allmodconfig kernel-clean

kernel: kernel-build
	@$(RS_KIT)/scripts/randstruct-kernel boot $(RS_SRC) $(RS_OUT) $(QEMU_TIMEOUT)
	@$(RS_KIT)/scripts/randstruct-kernel layout $(RS_SRC) $(RS_OUT)

kernel-deps:
	@$(RS_KIT)/scripts/randstruct-kernel deps $(KERNEL_APT)

# The pristine tree is unpacked again whenever a kit input changed; the
# series in patches/ is regenerated from it, then applied.
$(RS_SRC)/.randstruct-applied: $(KERNEL_TARBALL) $(RS_INPUTS) | kernel-deps
	@$(RS_KIT)/scripts/randstruct-kernel source $(KERNEL_TARBALL) $(RS_SRC) $(RS_KIT)/patches

# On a fresh machine the tarball comes with the linux-source-6.12 package.
$(KERNEL_TARBALL):
	@$(RS_KIT)/scripts/randstruct-kernel deps linux-source-6.12
	@test -f $@ || { echo "error: $@ missing after installing linux-source-6.12" >&2; exit 1; }

kernel-src: $(RS_SRC)/.randstruct-applied

kernel-config: kernel-src
	@$(RS_KIT)/scripts/randstruct-kernel config $(RS_SRC) $(RS_OUT)

kernel-build: kernel-config
	@$(RS_KIT)/scripts/randstruct-kernel build $(RS_SRC) $(RS_OUT) $(KERNEL_JOBS)

kernel-boot: kernel-build
	@$(RS_KIT)/scripts/randstruct-kernel boot $(RS_SRC) $(RS_OUT) $(QEMU_TIMEOUT)

kernel-layout:
	@$(RS_KIT)/scripts/randstruct-kernel layout $(RS_SRC) $(RS_OUT)

# KSRC: a pristine 6.12 tree; by default the linux-source tarball.
series: | $(KERNEL_TARBALL)
	@$(RS_KIT)/scripts/randstruct-series $(or $(KSRC),$(KERNEL_TARBALL))

kernel-apply:
	@test -n "$(KSRC)" || { echo "error: make kernel-apply KSRC=<pristine linux 6.12 tree>" >&2; exit 1; }
	@$(RS_KIT)/scripts/randstruct-apply $(KSRC)

check-kernel: kernel-deps
	$(PROVE) -v --timer tests/kernel/

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
