//! The JIT on SL and EasyScript programs, one module per area, built as a single test binary
//! (each test binary links the engine and Cranelift anew).

mod background;
mod calls;
mod compile_cost;
mod deopt;
mod escape;
mod heap;
mod inlining;
mod ir;
mod settling;
mod traces;
mod unwinding;

// Compile-cost tests count the bytes each compilation allocates.
#[global_allocator]
static COUNTING: porcini_jit::alloc_count::CountingAllocator = porcini_jit::alloc_count::CountingAllocator;
