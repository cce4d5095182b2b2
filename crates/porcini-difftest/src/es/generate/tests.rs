//! Properties every generated program must have, checked on many seeds without running them:
//! the generator is deterministic, its programs parse as EasyScript, stay short, and are laid
//! out as the reducer reads them.

use crate::entropy::ByteReader;
use crate::es::lines;

use super::{for_seed, program};

const SEEDS: std::ops::Range<u64> = 0..400;

/// Parses `text`, failing the test with the text and the error if it does not.
fn check_parses(what: &str, text: &str) {
    if let Err(e) = lang_es::parser::parse_module(text, "prog.js") {
        panic!("{what} does not parse: {e:?}\n{text}");
    }
}

#[test]
fn deterministic_per_seed() {
    for seed in 0..50 {
        assert_eq!(for_seed(seed), for_seed(seed), "seed {seed}");
    }
    assert_ne!(for_seed(1), for_seed(2));
}

#[test]
fn programs_parse() {
    for seed in SEEDS {
        check_parses(&format!("seed {seed}"), &for_seed(seed));
    }
}

#[test]
fn programs_stay_small_and_print_back() {
    let mut total = 0;
    for seed in SEEDS {
        let text = for_seed(seed);
        let count = text.lines().count();
        assert!(count <= 400, "seed {seed} has {count} lines:\n{text}");
        total += count;
        // The reducer's reading of the layout gives back the same text.
        assert_eq!(lines::print(&lines::parse(&text)), text, "seed {seed}");
    }
    assert!(total / SEEDS.count() < 200, "average {} lines", total / SEEDS.count());
}

#[test]
fn byte_input_drives_the_generator() {
    // An exhausted reader makes every choice the first: a small program.
    let text = program(ByteReader::new(&[]));
    check_parses("the program of no bytes", &text);
    let mut state = 0x1234_5678_u32;
    for len in [1usize, 7, 64, 300, 2000] {
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
                (state >> 16) as u8
            })
            .collect();
        check_parses(&format!("the program of {len} bytes"), &program(ByteReader::new(&bytes)));
    }
}
