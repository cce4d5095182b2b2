//! Where a unit's innermost loop sits in memory: padding in front of the code so that the loop
//! does not straddle a 64-byte line.
//!
//! x86 cores fetch and cache decoded instructions by aligned windows of 32 or 64 bytes. A small
//! loop that crosses a 64-byte line needs two windows per iteration, and on the machines porcini
//! is measured on that alone makes a tight loop about twice as slow: a copy of sumcall's compiled
//! loop (43 bytes) took 1.2–1.8 ns per iteration starting at byte 43, 48 or 59 of a line, and
//! 0.6–0.9 ns starting at byte 0, 11 or 16. Compilers for ahead-of-time code align loop headers
//! with padding inside the function (GCC's and LLVM's `align-loops`); Cranelift lays blocks out
//! without alignment. Its code is position-independent within the function, though, so moving
//! the whole function moves the loop: the code is placed at a 64-byte boundary plus a few bytes
//! of padding that nobody executes (the entry is past it), chosen so that the innermost loop fits
//! in one line, or starts one when it is longer than a line.
//!
//! Which loop is the innermost one is read from the machine code itself. Cranelift reports where
//! each block starts (`machine_code_cfg_info`); the edges it reports with them are not usable,
//! since it pairs the starts, which are in emission order (cold blocks last), with successors by
//! block number. A block ends in its branches, though, and x86-64 branches to labels are
//! Cranelift's `jmp rel32` and `jcc rel32`, so the last one or two instructions of each block give
//! its successors, and a block that does not end in a jump, a return or a trap falls through. An
//! edge to an earlier block that lies on a cycle of that graph closes a loop, which spans from
//! the edge's target to the end of its source block; the shortest is taken as the innermost loop,
//! the hot one in the units that have several (an OSR unit is its loop; a function's inner loop
//! runs most often). One padding can place one loop; the others keep whatever place they get.
//!
//! Decoding is a guess only where it cannot hurt: a byte pattern that looks like a branch but is
//! not one must also name a block start to count, and a wrong guess only places the code less
//! well. Nothing but the padding depends on it.

/// The alignment the code is placed at, in bytes: one cache line, the unit of instruction fetch.
pub(crate) const LINE: u32 = 64;

/// The padding, in bytes (less than [`LINE`]), to put before `code`, placed at a [`LINE`]
/// boundary, so that its innermost loop fits in one line, or begins one if it is longer.
/// `starts` are the offsets at which its blocks begin, in order.
pub(crate) fn padding(code: &[u8], starts: &[u32]) -> u32 {
    let edges = edges(code, starts);
    let cycles = Cycles::of(starts, &edges);
    let innermost = edges
        .iter()
        .filter(|&&(from, _, to)| to <= from && cycles.same(from, to))
        .map(|&(_, end, to)| (to, end))
        .min_by_key(|&(head, end)| (end - head, head));
    let Some((head, end)) = innermost else { return 0 };
    let (at, size) = (head % LINE, end - head);
    if size <= LINE && at + size <= LINE { 0 } else { (LINE - at) % LINE }
}

/// The control-flow edges of `code`, as (source block start, source block end, target start).
fn edges(code: &[u8], starts: &[u32]) -> Vec<(u32, u32, u32)> {
    let is_start = |t: i64| u32::try_from(t).is_ok_and(|t| starts.binary_search(&t).is_ok());
    // The target of a branch whose 32-bit displacement ends at `end`, if that is a block start.
    let target = |end: usize| -> Option<u32> {
        let rel = i32::from_le_bytes(code.get(end.checked_sub(4)?..end)?.try_into().ok()?);
        let t = end as i64 + i64::from(rel);
        is_start(t).then_some(t as u32)
    };
    let at = |i: usize| code.get(i).copied();
    let mut edges = Vec::new();
    for (k, &start) in starts.iter().enumerate() {
        let next = starts.get(k + 1).copied();
        let end = next.map_or(code.len(), |n| n as usize);
        if end <= start as usize {
            continue;
        }
        let mut to = |t: u32| edges.push((start, end as u32, t));
        let jmp = end >= 5 && at(end - 5) == Some(0xE9);
        let jcc_before = |e: usize| e >= 6 && at(e - 6) == Some(0x0F) && at(e - 5).is_some_and(|b| b & 0xF0 == 0x80);
        match (jmp.then(|| target(end)).flatten(), jcc_before(end).then(|| target(end)).flatten()) {
            (Some(t), _) => {
                to(t);
                if jcc_before(end - 5)
                    && let Some(t) = target(end - 5)
                {
                    to(t);
                }
            }
            (None, Some(t)) => {
                to(t);
                next.map(&mut to);
            }
            // A return (`pop rbp; ret`, the frame is always kept) or a trap (`ud2`) ends the
            // code; anything else falls through.
            (None, None) if code[..end].ends_with(&[0x5D, 0xC3]) || code[..end].ends_with(&[0x0F, 0x0B]) => {}
            (None, None) => {
                next.map(&mut to);
            }
        }
    }
    edges
}

/// The strongly connected components of the block graph: an edge to an earlier block closes a
/// loop only when its target reaches its source again. The cold exits are laid out after the
/// code and jump back to shared exit blocks, which are earlier in the code but lead out.
struct Cycles<'a> {
    /// The blocks' start offsets, in order: a block is known by its position here.
    starts: &'a [u32],
    /// Each block's component.
    component: Vec<usize>,
}

impl<'a> Cycles<'a> {
    /// Kosaraju's two passes, iterative (a unit may have thousands of blocks). The ends of
    /// `edges` are block starts (`edges` makes them so).
    fn of(starts: &'a [u32], edges: &[(u32, u32, u32)]) -> Cycles<'a> {
        let n = starts.len();
        let (mut succ, mut pred) = (vec![Vec::new(); n], vec![Vec::new(); n]);
        for &(a, _, b) in edges {
            if let (Ok(a), Ok(b)) = (starts.binary_search(&a), starts.binary_search(&b)) {
                succ[a].push(b);
                pred[b].push(a);
            }
        }
        // First pass: the blocks in order of finishing a depth-first walk.
        let mut done = vec![false; n];
        let mut order = Vec::with_capacity(n);
        for root in 0..n {
            if done[root] {
                continue;
            }
            done[root] = true;
            let mut stack = vec![(root, 0)];
            while let Some(&mut (v, ref mut next)) = stack.last_mut() {
                if let Some(&w) = succ[v].get(*next) {
                    *next += 1;
                    if !done[w] {
                        done[w] = true;
                        stack.push((w, 0));
                    }
                } else {
                    order.push(v);
                    stack.pop();
                }
            }
        }
        // Second pass, on the reversed graph in reverse finishing order: one component per walk.
        let mut component = vec![usize::MAX; n];
        for (c, &root) in order.iter().rev().enumerate() {
            if component[root] != usize::MAX {
                continue;
            }
            component[root] = c;
            let mut stack = vec![root];
            while let Some(v) = stack.pop() {
                for &w in &pred[v] {
                    if component[w] == usize::MAX {
                        component[w] = c;
                        stack.push(w);
                    }
                }
            }
        }
        Cycles { starts, component }
    }

    /// Whether the blocks starting at `a` and `b` are on a common cycle.
    fn same(&self, a: u32, b: u32) -> bool {
        let c = |x: u32| self.starts.binary_search(&x).ok().map(|i| self.component[i]);
        c(a).is_some_and(|ca| c(b) == Some(ca))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Machine code from a sketch: each block is (its length, how it ends), where it ends in a
    /// jump to block `j` (`Jmp(j)`), a conditional jump then a jump (`Both(c, j)`), a
    /// conditional jump falling through (`Cond(c)`), a return, or by falling through.
    #[derive(Clone, Copy)]
    enum End {
        Jmp(usize),
        Both(usize, usize),
        Cond(usize),
        Ret,
        Fall,
    }

    fn assemble(blocks: &[(u32, End)]) -> (Vec<u8>, Vec<u32>) {
        let mut starts = Vec::new();
        let mut at = 0;
        for &(len, _) in blocks {
            starts.push(at);
            at += len;
        }
        // Filler that decodes as no branch: `nop`.
        let mut code = vec![0x90; at as usize];
        let put = |code: &mut Vec<u8>, end: u32, op: &[u8], target: usize| {
            let rel = starts[target] as i64 - end as i64;
            let at = end as usize - 4 - op.len();
            code[at..at + op.len()].copy_from_slice(op);
            code[at + op.len()..end as usize].copy_from_slice(&(rel as i32).to_le_bytes());
        };
        for (k, &(len, how)) in blocks.iter().enumerate() {
            let end = starts[k] + len;
            match how {
                End::Jmp(j) => put(&mut code, end, &[0xE9], j),
                End::Both(c, j) => {
                    put(&mut code, end, &[0xE9], j);
                    put(&mut code, end - 5, &[0x0F, 0x85], c);
                }
                End::Cond(c) => put(&mut code, end, &[0x0F, 0x8D], c),
                End::Ret => code[end as usize - 2..end as usize].copy_from_slice(&[0x5D, 0xC3]),
                End::Fall => {}
            }
        }
        (code, starts)
    }

    #[track_caller]
    fn check(blocks: &[(u32, End)], expect: u32) {
        let (code, starts) = assemble(blocks);
        assert_eq!(padding(&code, &starts), expect);
    }

    use End::*;

    #[test]
    fn code_without_loops_is_not_moved() {
        check(&[(10, Cond(2)), (20, Fall), (20, Ret)], 0);
        check(&[], 0);
    }

    #[test]
    fn a_loop_inside_one_line_is_not_moved() {
        // Entry 16 bytes, header 16..40 (exits to 3), body 40..60 jumping back.
        check(&[(16, Fall), (24, Cond(3)), (20, Jmp(1)), (20, Ret)], 0);
    }

    #[test]
    fn a_small_loop_across_a_line_starts_the_next_line() {
        // Sumcall's unit: its loop's header at 0x6b, the block with the back edge ends at 0x96.
        let blocks = [(0x6b, Fall), (0x09, Cond(4)), (0x13, Cond(5)), (0x0f, Jmp(1)), (0x30, Ret), (0x20, Ret)];
        check(&blocks, 0x15);
    }

    #[test]
    fn a_loop_longer_than_a_line_starts_one() {
        check(&[(40, Fall), (110, Cond(3)), (50, Jmp(1)), (20, Ret)], 24);
        check(&[(64, Fall), (86, Cond(3)), (50, Jmp(1)), (20, Ret)], 0);
    }

    #[test]
    fn the_innermost_loop_is_placed() {
        // An outer loop from 8 to 300 around an inner one from 100 to 130, which crosses 128.
        let blocks = [(8, Fall), (92, Cond(6)), (20, Fall), (10, Both(2, 4)), (160, Fall), (10, Jmp(1)), (20, Ret)];
        check(&blocks, 28);
    }

    #[test]
    fn jumps_back_to_shared_exits_are_not_loops() {
        // The hot code branches to cold blocks at 100 and 120, which jump back to the exit
        // block at 80, which returns.
        check(&[(40, Cond(3)), (40, Cond(4)), (20, Ret), (20, Jmp(2)), (20, Jmp(2))], 0);
    }

    #[test]
    fn a_branch_that_names_no_block_start_is_not_a_branch() {
        // The back edge's displacement is off by one: no loop is seen.
        let (mut code, starts) = assemble(&[(16, Fall), (60, Cond(3)), (20, Jmp(1)), (20, Ret)]);
        code[95] = code[95].wrapping_add(1);
        assert_eq!(padding(&code, &starts), 0);
    }
}
