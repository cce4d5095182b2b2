//! Binary and logical operators, by precedence climbing.
//!
//! Each operator has a precedence from 1 (`||`, `??`) to 11 (`**`). [`Parser::parse_binary`]
//! parses an operand, then keeps absorbing operators of at least the precedence it was asked
//! for, parsing each right operand with a higher minimum (so equal precedence associates to the
//! left), except for `**`, whose right operand may contain `**` again (right associativity).
//!
//! Two rules are not expressible by precedence alone: `??` may not be mixed with `&&` or `||`
//! without parentheses (the right operand of `??` is therefore parsed at the precedence of `|`,
//! and a logical operator built in the loop is remembered to reject the mix at the next
//! operator), and a unary expression may not be the left operand of `**` (`-2 ** 2`).

use crate::parser::ast::{BinaryOp, Expr, ExprKind, LogicalOp};
use crate::parser::error::PResult;
use crate::parser::token::{Kw, Tok};

use super::Parser;

/// The precedence of `|`, the loosest operator allowed unparenthesized in a `??` operand.
const BIT_OR_PREC: u8 = 3;
const EXP_PREC: u8 = 11;

#[derive(Clone, Copy, PartialEq)]
enum Op {
    Binary(BinaryOp),
    Logical(LogicalOp),
}

/// The operator a token stands for and its precedence; `in` is not an operator in the head of
/// a `for` statement.
fn operator(kind: Tok, no_in: bool) -> Option<(Op, u8)> {
    use BinaryOp as B;
    let (op, prec) = match kind {
        Tok::QuestionQuestion => (Op::Logical(LogicalOp::Coalesce), 1),
        Tok::PipePipe => (Op::Logical(LogicalOp::Or), 1),
        Tok::AmpAmp => (Op::Logical(LogicalOp::And), 2),
        Tok::Pipe => (Op::Binary(B::BitOr), 3),
        Tok::Caret => (Op::Binary(B::BitXor), 4),
        Tok::Amp => (Op::Binary(B::BitAnd), 5),
        Tok::EqEq => (Op::Binary(B::Eq), 6),
        Tok::NotEq => (Op::Binary(B::NotEq), 6),
        Tok::EqEqEq => (Op::Binary(B::StrictEq), 6),
        Tok::NotEqEq => (Op::Binary(B::StrictNotEq), 6),
        Tok::Lt => (Op::Binary(B::Lt), 7),
        Tok::Gt => (Op::Binary(B::Gt), 7),
        Tok::LtEq => (Op::Binary(B::LtEq), 7),
        Tok::GtEq => (Op::Binary(B::GtEq), 7),
        Tok::Kw(Kw::Instanceof) => (Op::Binary(B::Instanceof), 7),
        Tok::Kw(Kw::In) if !no_in => (Op::Binary(B::In), 7),
        Tok::Shl => (Op::Binary(B::Shl), 8),
        Tok::Shr => (Op::Binary(B::Shr), 8),
        Tok::UShr => (Op::Binary(B::UShr), 8),
        Tok::Plus => (Op::Binary(B::Add), 9),
        Tok::Minus => (Op::Binary(B::Sub), 9),
        Tok::Star => (Op::Binary(B::Mul), 10),
        Tok::Slash => (Op::Binary(B::Div), 10),
        Tok::Percent => (Op::Binary(B::Rem), 10),
        Tok::StarStar => (Op::Binary(B::Exp), EXP_PREC),
        _ => return None,
    };
    Some((op, prec))
}

impl Parser<'_> {
    /// Binary expressions whose operators all have precedence `min_prec` or more, continuing
    /// from `seed` if given.
    pub(super) fn parse_binary(&mut self, min_prec: u8, seed: Option<Expr>) -> PResult<Expr> {
        self.enter()?;
        let result = self.parse_binary_inner(min_prec, seed);
        self.leave();
        result
    }

    fn parse_binary_inner(&mut self, min_prec: u8, seed: Option<Expr>) -> PResult<Expr> {
        let mut left = self.parse_unary(seed)?;
        let start = left.span.start;
        let mut left_logical: Option<LogicalOp> = None;
        while let Some((op, prec)) = operator(self.tok.kind, self.no_in) {
            if prec < min_prec {
                break;
            }
            if let Op::Logical(op) = op {
                let mixes = match op {
                    LogicalOp::Coalesce => {
                        matches!(left_logical, Some(LogicalOp::And | LogicalOp::Or))
                    }
                    _ => left_logical == Some(LogicalOp::Coalesce),
                };
                if mixes {
                    return Err(self.unexpected());
                }
            }
            if op == Op::Binary(BinaryOp::Exp) && matches!(left.kind, ExprKind::Unary(..)) {
                return Err(self.error_at(
                    start,
                    "Unary operator used immediately before exponentiation expression. Parenthesis must be used to disambiguate operator precedence",
                ));
            }
            self.bump()?;
            let right_prec = match op {
                Op::Binary(BinaryOp::Exp) => EXP_PREC,
                Op::Logical(LogicalOp::Coalesce) => BIT_OR_PREC,
                _ => prec + 1,
            };
            let right = self.parse_binary(right_prec, None)?;
            let span = self.span_from(start);
            left = match op {
                Op::Binary(op) => {
                    self.mk_expr(span, ExprKind::Binary(op, Box::new(left), Box::new(right)))?
                }
                Op::Logical(op) => {
                    self.mk_expr(span, ExprKind::Logical(op, Box::new(left), Box::new(right)))?
                }
            };
            left_logical = match op {
                Op::Logical(op) => Some(op),
                Op::Binary(_) => None,
            };
        }
        Ok(left)
    }
}
