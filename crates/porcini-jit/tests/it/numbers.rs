//! The stage's numeric operations compiled: floats (arithmetic, the remainder, rounding, square
//! roots, comparisons with NaN), the conversions between integers and floats, and the integer
//! operations beyond SL's (remainder, bitwise operations, shifts, 32-bit wrapping).
//!
//! Each operation is a node of the `mini.rs` language that takes its operands from the
//! function's arguments; a function made of it is called with a table of operands in the
//! interpreter and compiled, and every result must be the same, bit for bit.

use std::rc::Rc;

use porcini::{BitOp, Cmp, EngineOptions, FloatOp, FloatUnary, Runtime, Stage, Unwind, Value};
use porcini_jit::Jit;
use porcini_tools::trace::{SharedBuffer, TraceSink};

use crate::mini::{Function, Mini, Node, mini_node};

/// An operation on the function's two arguments.
#[derive(Clone, Copy)]
enum Op {
    Float(FloatOp),
    Unary(FloatUnary),
    CmpF(Cmp),
    /// `f64_to_i64`: the integer and whether it was exact, as `i * 2 + exact`.
    ToInt,
    /// `i64_to_f64` of an integer argument.
    ToFloat,
    Rem,
    Bits(BitOp),
    Wrap(bool),
}

/// Applies `op` to arguments 0 and 1 (numbers, taken as floats, or integers).
struct Apply(Op);
impl Apply {
    fn eval<S: Stage<Mini>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let (a, b) = (s.read_arg(0), s.read_arg(1));
        Ok(match self.0 {
            Op::Float(op) => {
                let (x, y) = (s.number_to_f64(a), s.number_to_f64(b));
                let r = s.float_arith(op, x, y);
                s.box_f64(r)
            }
            Op::Unary(op) => {
                let x = s.number_to_f64(a);
                let r = s.float_unary(op, x);
                s.box_f64(r)
            }
            Op::CmpF(op) => {
                let (x, y) = (s.number_to_f64(a), s.number_to_f64(b));
                let c = s.cmp_f64(op, x, y);
                s.box_bool(c)
            }
            Op::ToInt => {
                let x = s.number_to_f64(a);
                let (i, exact) = s.f64_to_i64(x);
                let e = s.box_bool(exact);
                let e = s.unbox_i64(e);
                let one = s.i64_const(1);
                let twice = s.bits_i64(BitOp::Shl, i, one);
                let r = s.bits_i64(BitOp::Or, twice, e);
                s.box_i64(r)
            }
            Op::ToFloat => {
                let i = s.unbox_i64(a);
                let r = s.i64_to_f64(i);
                s.box_f64(r)
            }
            Op::Rem => {
                let (x, y) = (s.unbox_i64(a), s.unbox_i64(b));
                let (r, failed) = s.rem_i64(x, y);
                let ok = s.not(failed);
                s.speculate(ok, "a non-zero divisor");
                s.box_i64(r)
            }
            Op::Bits(op) => {
                let (x, y) = (s.unbox_i64(a), s.unbox_i64(b));
                let r = s.bits_i64(op, x, y);
                s.box_i64(r)
            }
            Op::Wrap(signed) => {
                let x = s.unbox_i64(a);
                let r = s.wrap_i32(x, signed);
                s.box_i64(r)
            }
        })
    }
}
mini_node!(Apply, "Apply", |_t| Vec::new());

/// The results of `op` on every pair of `operands`, interpreted and compiled (with the code
/// verified), as value words.
fn results(op: Op, operands: &[(Value, Value)]) -> (Vec<(u64, u64)>, Vec<(u64, u64)>) {
    let run = |compile: bool| {
        let options = EngineOptions {
            compilation: compile,
            compile_immediately: true,
            background_compilation: false,
            verify_ir: true,
            trace_compilation: true,
            ..EngineOptions::default()
        };
        let rt = Runtime::<Mini>::new(options, Default::default());
        let log = SharedBuffer::new();
        rt.set_trace_sink(TraceSink::new(Box::new(log.clone())));
        if compile {
            rt.set_compiler(Rc::new(Jit::new().expect("a code generator for this machine")));
        }
        let body: Vec<Node> = vec![Box::new(porcini::control::ReturnNode::new(Some(Box::new(Apply(op)))))];
        let target = rt.create_call_target(Box::new(Function::new("op", 2, 2, body)));
        let results = operands
            .iter()
            .map(|&(a, b)| match rt.call_entry(&target, &[a, b]) {
                Ok(v) => (v.tag().number(), v.bits()),
                Err(u) => panic!("{}", u.take_error()),
            })
            .collect::<Vec<_>>();
        // The compiled run really ran compiled code: one compilation, and no deoptimization.
        let trace = log.contents();
        assert_eq!(trace.lines().filter(|l| l.contains("opt done")).count(), usize::from(compile), "{trace}");
        assert!(!trace.contains("opt deopt"), "{trace}");
        results
    };
    (run(false), run(true))
}

fn check(op: Op, operands: &[(Value, Value)]) {
    let (interpreted, compiled) = results(op, operands);
    assert_eq!(interpreted, compiled, "operands {operands:?}");
}

fn floats() -> Vec<(Value, Value)> {
    let xs = [0.0, -0.0, 1.5, -2.5, 3.0, 1e300, -1e-300, f64::INFINITY, f64::NEG_INFINITY, f64::NAN, 9.2e18, -9.3e18];
    let mut pairs = Vec::new();
    for &a in &xs {
        for &b in &xs {
            pairs.push((Value::from_f64(a), Value::from_f64(b)));
        }
    }
    // Integers are numbers too, widened.
    pairs.push((Value::from_i64(7), Value::from_f64(0.5)));
    pairs.push((Value::from_i64(i64::MAX), Value::from_i64(-3)));
    pairs
}

fn ints() -> Vec<(Value, Value)> {
    let xs = [0, 1, -1, 7, -7, 31, 32, 63, 64, 65, i64::MAX, i64::MIN, 0x1234_5678_9abc_def0, -0x8000_0000, 0xffff_ffff];
    let mut pairs = Vec::new();
    for &a in &xs {
        for &b in &xs {
            pairs.push((Value::from_i64(a), Value::from_i64(b)));
        }
    }
    pairs
}

#[test]
fn float_arithmetic() {
    for op in [FloatOp::Add, FloatOp::Sub, FloatOp::Mul, FloatOp::Div, FloatOp::Rem, FloatOp::Min, FloatOp::Max] {
        check(Op::Float(op), &floats());
    }
}

#[test]
fn float_rounding_and_roots() {
    for op in [FloatUnary::Neg, FloatUnary::Abs, FloatUnary::Sqrt, FloatUnary::Floor, FloatUnary::Ceil, FloatUnary::Trunc] {
        check(Op::Unary(op), &floats());
    }
}

#[test]
fn float_comparisons_are_false_with_nan() {
    for op in [Cmp::Lt, Cmp::Le, Cmp::Eq] {
        check(Op::CmpF(op), &floats());
    }
    let (_, compiled) = results(Op::CmpF(Cmp::Eq), &[(Value::from_f64(f64::NAN), Value::from_f64(f64::NAN))]);
    assert_eq!(compiled, [(Value::from_bool(false).tag().number(), 0)]);
}

#[test]
fn conversions_between_integers_and_floats() {
    check(Op::ToInt, &floats());
    // Exactness: -0 and 2^63 are not exact; 2^62 and -2^63 + 2048 are.
    let (_, compiled) = results(
        Op::ToInt,
        &[-0.0, 9.223372036854775808e18, 4.611686018427387904e18, -9.223372036854773760e18]
            .map(|x| (Value::from_f64(x), Value::from_f64(0.0))),
    );
    let exact: Vec<u64> = compiled.iter().map(|&(_, bits)| bits & 1).collect();
    assert_eq!(exact, [0, 0, 1, 1]);
    check(Op::ToFloat, &ints());
}

#[test]
fn integer_remainder_bits_shifts_and_wrapping() {
    let divisible: Vec<(Value, Value)> = ints().into_iter().filter(|(_, b)| b.as_i64() != Some(0)).collect();
    check(Op::Rem, &divisible);
    let (_, compiled) = results(Op::Rem, &[(Value::from_i64(i64::MIN), Value::from_i64(-1)), (Value::from_i64(-7), Value::from_i64(2))]);
    assert_eq!(compiled.iter().map(|&(_, b)| b as i64).collect::<Vec<_>>(), [0, -1]);
    for op in [BitOp::And, BitOp::Or, BitOp::Xor, BitOp::Shl, BitOp::Sar, BitOp::Shr] {
        check(Op::Bits(op), &ints());
    }
    check(Op::Wrap(true), &ints());
    check(Op::Wrap(false), &ints());
}
