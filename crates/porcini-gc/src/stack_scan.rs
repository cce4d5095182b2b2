//! The conservative scan of the mutator's native stack and registers.
//!
//! Rust frames, compiled frames and runtime helpers keep object addresses in locals and registers
//! without telling anyone. To find them, a collection spills the callee-saved registers into a
//! local array (every other register that holds a live value across the call into the collector
//! has already been saved on the stack by the compiler), then reads every word from the current
//! stack pointer up to the top of the stack and offers it to the tracer, which keeps exactly those
//! words that are addresses of live objects.
//!
//! The scan reads stack memory the Rust abstract machine may consider uninitialised (padding, dead
//! slots), so the words are loaded with inline assembly, which the compiler treats as opaque,
//! rather than with Rust reads. For the same reason this module is stubbed out under Miri.
//!
//! How far up to scan: on Linux the thread's stack bounds are known (`pthread_getattr_np`), and
//! the scan runs to the top of the thread's stack, which covers the address given to
//! [`Heap::set_stack_base`](crate::Heap::set_stack_base) and every frame below it, including
//! locals of the very frame that set the base. Elsewhere, or when the stack pointer is outside the
//! thread's stack (a guest running on a stack of its own), the scan runs to the stack base, which
//! must then have been set.

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
compile_error!(
    "porcini-gc's conservative stack scan supports only x86_64 and aarch64: add a register spill \
     for this architecture to stack_scan.rs"
);

/// The size of one stack word.
#[cfg(not(miri))]
const WORD: usize = size_of::<usize>();

/// Calls `visit` with every word of the native stack between the current stack pointer and the
/// top of the stack, and with the callee-saved registers of the calling thread.
///
/// `stack_base` is the base set with `Heap::set_stack_base`, or 0 if none was set.
///
/// This function is never inlined, so its frame, including the spilled registers, lies below the
/// frames of everything that called the collector.
#[cfg(not(miri))]
#[inline(never)]
pub(crate) fn scan_native_stack(stack_base: usize, visit: &mut impl FnMut(usize)) {
    let mut registers = [0usize; arch::SPILL_WORDS];
    arch::spill_callee_saved(&mut registers);
    let sp = arch::stack_pointer();
    let top = scan_top(stack_base, sp);
    let mut addr = sp & !(WORD - 1);
    while addr < top {
        // SAFETY: every address between the stack pointer and the top of the stack lies in the
        // thread's mapped, readable stack; `scan_top` established the bounds.
        visit(unsafe { arch::load_word(addr) });
        addr += WORD;
    }
    // Keeps the spilled registers in memory until the scan above has read them.
    std::hint::black_box(&registers);
}

/// Under Miri the native stack cannot be scanned; only precise roots count.
#[cfg(miri)]
pub(crate) fn scan_native_stack(_stack_base: usize, _visit: &mut impl FnMut(usize)) {}

/// The end (exclusive) of the stack range to scan.
#[cfg(not(miri))]
fn scan_top(stack_base: usize, sp: usize) -> usize {
    if let Some((low, high)) = thread_stack::bounds()
        && (low..high).contains(&sp)
    {
        return high;
    }
    assert!(
        stack_base != 0,
        "porcini-gc: the stack base is unknown; call Heap::set_stack_base on the mutator thread"
    );
    assert!(
        stack_base >= sp,
        "porcini-gc: the stack base {stack_base:#x} is below the stack pointer {sp:#x}; \
         Heap::set_stack_base must be given an address in a frame that encloses all guest code"
    );
    // Include the word at the base itself.
    (stack_base & !(WORD - 1)) + WORD
}

#[cfg(all(target_arch = "x86_64", not(miri)))]
mod arch {
    use std::arch::asm;

    /// rbx, rbp, r12–r15 are callee-saved in the System V ABI; rdi and rsi are added for the
    /// Windows x64 ABI, where they are callee-saved too.
    pub(super) const SPILL_WORDS: usize = 8;

    /// Stores the callee-saved registers into `out`.
    #[inline(always)]
    pub(super) fn spill_callee_saved(out: &mut [usize; SPILL_WORDS]) {
        // SAFETY: the stores write exactly the eight words of `out`, through the pointer passed
        // in; no register is modified and the stack is not touched.
        unsafe {
            asm!(
                "mov qword ptr [{out}], rbx",
                "mov qword ptr [{out} + 8], rbp",
                "mov qword ptr [{out} + 16], r12",
                "mov qword ptr [{out} + 24], r13",
                "mov qword ptr [{out} + 32], r14",
                "mov qword ptr [{out} + 40], r15",
                "mov qword ptr [{out} + 48], rdi",
                "mov qword ptr [{out} + 56], rsi",
                out = in(reg) out.as_mut_ptr(),
                options(nostack, preserves_flags),
            );
        }
    }

    /// The current stack pointer.
    #[inline(always)]
    pub(super) fn stack_pointer() -> usize {
        let sp: usize;
        // SAFETY: reads rsp into a register; nothing else is touched.
        unsafe {
            asm!("mov {value}, rsp", value = out(reg) sp, options(nomem, nostack, preserves_flags))
        };
        sp
    }

    /// Loads the word at `addr` without the compiler assuming anything about its contents.
    ///
    /// # Safety
    /// `addr` must be readable and word-aligned.
    #[inline(always)]
    pub(super) unsafe fn load_word(addr: usize) -> usize {
        let word: usize;
        // SAFETY: the caller guarantees the address is readable; the load has no other effect.
        unsafe {
            asm!(
                "mov {word}, qword ptr [{addr}]",
                addr = in(reg) addr,
                word = lateout(reg) word,
                options(nostack, preserves_flags, readonly),
            );
        }
        word
    }
}

#[cfg(all(target_arch = "aarch64", not(miri)))]
mod arch {
    use std::arch::asm;

    /// x19–x28, the frame pointer x29 and the link register x30, then d8–d15, whose low 64 bits
    /// are callee-saved in AAPCS64 and may hold an integer the register allocator parked there.
    pub(super) const SPILL_WORDS: usize = 20;

    /// Stores the callee-saved registers into `out`.
    #[inline(always)]
    pub(super) fn spill_callee_saved(out: &mut [usize; SPILL_WORDS]) {
        // SAFETY: the stores write exactly the twenty words of `out`, through the pointer passed
        // in; no register is modified and the stack is not touched.
        unsafe {
            asm!(
                "stp x19, x20, [{out}]",
                "stp x21, x22, [{out}, #16]",
                "stp x23, x24, [{out}, #32]",
                "stp x25, x26, [{out}, #48]",
                "stp x27, x28, [{out}, #64]",
                "stp x29, x30, [{out}, #80]",
                "stp d8, d9, [{out}, #96]",
                "stp d10, d11, [{out}, #112]",
                "stp d12, d13, [{out}, #128]",
                "stp d14, d15, [{out}, #144]",
                out = in(reg) out.as_mut_ptr(),
                options(nostack, preserves_flags),
            );
        }
    }

    /// The current stack pointer.
    #[inline(always)]
    pub(super) fn stack_pointer() -> usize {
        let sp: usize;
        // SAFETY: reads sp into a register; nothing else is touched.
        unsafe {
            asm!("mov {value}, sp", value = out(reg) sp, options(nomem, nostack, preserves_flags))
        };
        sp
    }

    /// Loads the word at `addr` without the compiler assuming anything about its contents.
    ///
    /// # Safety
    /// `addr` must be readable and word-aligned.
    #[inline(always)]
    pub(super) unsafe fn load_word(addr: usize) -> usize {
        let word: usize;
        // SAFETY: the caller guarantees the address is readable; the load has no other effect.
        unsafe {
            asm!(
                "ldr {word}, [{addr}]",
                addr = in(reg) addr,
                word = lateout(reg) word,
                options(nostack, preserves_flags, readonly),
            );
        }
        word
    }
}

/// The bounds of the current thread's stack, where the platform tells them.
#[cfg(all(target_os = "linux", not(miri)))]
mod thread_stack {
    use std::cell::Cell;
    use std::ffi::{c_int, c_void};

    /// Storage for a `pthread_attr_t`, whose size is 56 bytes (x86_64) or 64 bytes (aarch64) in
    /// glibc and musl; the extra room and alignment cost nothing.
    #[repr(C, align(16))]
    struct PthreadAttr([u8; 128]);

    // The C library std already links; declared by hand to avoid a dependency on the libc crate.
    // `pthread_t` is an unsigned long (glibc) or a pointer (musl): one pointer-sized word.
    unsafe extern "C" {
        fn pthread_self() -> usize;
        fn pthread_getattr_np(thread: usize, attr: *mut PthreadAttr) -> c_int;
        fn pthread_attr_getstack(
            attr: *const PthreadAttr,
            stackaddr: *mut *mut c_void,
            stacksize: *mut usize,
        ) -> c_int;
        fn pthread_attr_destroy(attr: *mut PthreadAttr) -> c_int;
    }

    thread_local! {
        /// The bounds, looked up once per thread (for the main thread glibc parses
        /// /proc/self/maps, which is too slow to repeat at every collection).
        static BOUNDS: Cell<Option<Option<(usize, usize)>>> = const { Cell::new(None) };
    }

    /// The lowest and one-past-highest address of this thread's stack.
    pub(super) fn bounds() -> Option<(usize, usize)> {
        BOUNDS.with(|cell| {
            if let Some(bounds) = cell.get() {
                return bounds;
            }
            let bounds = query();
            cell.set(Some(bounds));
            bounds
        })
    }

    fn query() -> Option<(usize, usize)> {
        let mut attr = PthreadAttr([0; 128]);
        // SAFETY: `attr` is large enough for a pthread_attr_t; on success it is initialised and
        // destroyed again below.
        unsafe {
            if pthread_getattr_np(pthread_self(), &mut attr) != 0 {
                return None;
            }
            let mut addr: *mut c_void = std::ptr::null_mut();
            let mut size = 0usize;
            let result = pthread_attr_getstack(&attr, &mut addr, &mut size);
            pthread_attr_destroy(&mut attr);
            if result != 0 || addr.is_null() || size == 0 {
                return None;
            }
            Some((addr.addr(), addr.addr() + size))
        }
    }
}

/// Without platform support the stack base set by the engine is the only bound.
#[cfg(all(not(target_os = "linux"), not(miri)))]
mod thread_stack {
    pub(super) fn bounds() -> Option<(usize, usize)> {
        None
    }
}
