//! The recursive-descent parser for spec §3, shaped exactly like the reference's generated
//! parser.
//!
//! Each grammar rule is a method that records its position in the grammar automaton before
//! every element, synchronises before every sub-rule, and decides the same way the reference
//! does: with one token of look-ahead where the generated code does, and with adaptive
//! prediction for the six ambiguous expression loops. That is what makes the first syntax error
//! and its message identical to the reference's (see [`super::recovery`]).
//!
//! While parsing, the parser builds the AST with unresolved names, notes for every block the
//! names assigned directly in it (its implicit locals, spec §4.1), and collects semantic errors
//! (invalid assignment target, `break`/`continue` outside a loop), which only count if the
//! whole source is syntactically valid.

use super::ast::{BinOp, Block, Expr, ExprKind, Function, Span, Stmt};
use super::atn::{ATN, Atn, P, Rule, StateId};
use super::context::{Contexts, CtxId};
use super::error::ParseError;
use super::lexer::{Tok, Token};
use super::predict::Predictor;
use super::recovery::Pending;
use super::resolve::{self, ParsedFunction};
use super::stream::TokenStream;

/// Nesting beyond this many levels (expressions and blocks together) is rejected with
/// `too deeply nested`. A level of parentheses or call arguments takes about 3 KB of stack in a
/// debug build (a nested block about 1.2 KB), so the limit fits in the 1 GiB stack the embedder
/// parses on with room to spare.
pub const MAX_NESTING: u32 = 100_000;

/// The message of the error for nesting beyond [`MAX_NESTING`] (or beyond what the native stack
/// holds, see [`super::parse_guarded`]).
pub(crate) const TOO_DEEP: &str = "too deeply nested";

pub(super) type PResult<T> = Result<T, ParseError>;

/// An active rule invocation.
pub(super) struct Frame {
    pub(super) rule: Rule,
    /// The state the rule was invoked from (none for the start rule).
    pub(super) invoking: Option<StateId>,
    /// This invocation's stack as a prediction context, once computed.
    pub(super) ctx: Option<CtxId>,
    /// Index of the innermost frame (this one or below) of an expression that is not an
    /// assignment's right-hand side.
    pub(super) anchor: usize,
}

/// The parser state.
pub(crate) struct Parser<'s> {
    pub(super) ts: TokenStream<'s>,
    pub(super) atn: &'static Atn,
    /// The current position in the automaton.
    pub(super) state: StateId,
    pub(super) frames: Vec<Frame>,
    pub(super) ctxs: Contexts,
    pub(super) predictor: Predictor,
    /// Where the last `sync` saw the current token fail in a rule that could end there.
    pub(super) sync_record: Option<(StateId, CtxId)>,
    /// Current expression and block nesting.
    pub(super) depth: u32,
    /// How many `while` bodies enclose the current statement.
    loop_depth: u32,
    /// The names assigned directly in each block of the current function, blocks in the order
    /// they open.
    decls: Vec<Vec<String>>,
    /// The blocks being parsed, innermost last (indices into `decls`).
    open_blocks: Vec<usize>,
    /// The first semantic error, reported only if there is no syntax error.
    semantic: Option<ParseError>,
    /// Whether full-context prediction runs to completion (the reference's algorithm as is)
    /// instead of leaving long look-aheads pending.
    pub(super) exact: bool,
    /// Decisions taken provisionally, in the order they were made.
    pub(super) pending: Vec<Pending>,
    /// Whether the native stack has room for another level of nesting.
    pub(super) stack_ok: &'s dyn Fn() -> bool,
}

/// The suffix chain of an identifier being parsed (`f(x).y[z] = ...`), tracked like the
/// reference's member-expression visitor to know what an `=` assigns to.
struct Chain {
    ident: Token,
    name: String,
    /// The expression so far; `None` until the first suffix.
    cur: Option<Expr>,
    /// What an `=` suffix at this point assigns to.
    target: Target,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    /// The identifier itself (no suffix yet): a local.
    Local,
    /// The property just read (after `.name` or `[key]`).
    Property,
    /// Nothing assignable (after a call or an assignment).
    Invalid,
}

fn span_of(t: &Token) -> Span {
    Span { start: t.char_start, end: t.char_end, line: t.line, col: t.col }
}

fn join(a: Span, b: Span) -> Span {
    Span { start: a.start, end: b.end.max(a.start), line: a.line, col: a.col }
}

fn binary_op(text: &str) -> BinOp {
    match text {
        "+" => BinOp::Add,
        "-" => BinOp::Sub,
        "*" => BinOp::Mul,
        "/" => BinOp::Div,
        "<" => BinOp::Lt,
        "<=" => BinOp::Le,
        ">" => BinOp::Gt,
        ">=" => BinOp::Ge,
        "==" => BinOp::Eq,
        _ => BinOp::Ne,
    }
}

fn starts_expression(t: Tok) -> bool {
    matches!(t, Tok::LParen | Tok::Ident | Tok::Str | Tok::Num)
}

fn starts_statement(t: Tok) -> bool {
    starts_expression(t) || matches!(t, Tok::Break | Tok::Continue | Tok::Debugger | Tok::While | Tok::If | Tok::Return)
}

impl<'s> Parser<'s> {
    pub(crate) fn new(src: &'s str, exact: bool, stack_ok: &'s dyn Fn() -> bool) -> PResult<Parser<'s>> {
        let atn: &'static Atn = &ATN;
        Ok(Parser {
            ts: TokenStream::new(src)?,
            atn,
            state: StateId(0),
            frames: Vec::new(),
            ctxs: Contexts::new(),
            predictor: Predictor::new(),
            sync_record: None,
            depth: 0,
            loop_depth: 0,
            decls: Vec::new(),
            open_blocks: Vec::new(),
            semantic: None,
            exact,
            pending: Vec::new(),
            stack_ok,
        })
    }

    /// The first semantic error, if any.
    pub(crate) fn semantic_error(&mut self) -> Option<ParseError> {
        self.semantic.take()
    }

    fn semantic_error_at(&mut self, t: &Token, message: &str) {
        if self.semantic.is_none() {
            self.semantic = Some(ParseError::new(t.line, t.col, message));
        }
    }

    fn text(&self, t: &Token) -> &'s str {
        self.ts.text(t)
    }

    /// `simplelanguage : function function* EOF ;` — the whole source, each function resolved
    /// as soon as it is parsed.
    pub(crate) fn simplelanguage(&mut self) -> PResult<Vec<Function>> {
        self.frames.push(Frame { rule: Rule::SimpleLanguage, invoking: None, ctx: Some(CtxId::EMPTY), anchor: 0 });
        let mut functions = Vec::new();
        self.at(P::SlFirst);
        let f = self.function()?;
        functions.push(self.finish_function(f));
        self.at(P::SlLoop);
        self.sync()?;
        while self.ts.current().kind == Tok::Function {
            self.at(P::SlNext);
            let f = self.function()?;
            functions.push(self.finish_function(f));
            self.at(P::SlBack);
            self.sync()?;
        }
        self.at(P::SlEof);
        self.expect(Tok::Eof)?;
        self.exit();
        Ok(functions)
    }

    /// Resolves a parsed function and clears the per-function tables. Interned prediction
    /// contexts can be dropped too: between functions only the start rule is active and no
    /// recorded sync state survives (the loop `sync` after a function clears it).
    fn finish_function(&mut self, f: ParsedFunction) -> Function {
        if self.sync_record.is_none() && self.pending.is_empty() {
            self.ctxs.reset();
            self.predictor.reset();
        }
        resolve::resolve_function(f)
    }

    /// `function : 'function' IDENTIFIER '(' (IDENTIFIER (',' IDENTIFIER)*)? ')' block ;`
    fn function(&mut self) -> PResult<ParsedFunction> {
        self.enter(Rule::Function)?;
        self.decls.clear();
        self.open_blocks.clear();
        self.loop_depth = 0;
        self.at(P::FnKw);
        let kw = self.expect(Tok::Function)?;
        self.at(P::FnName);
        let name = self.expect(Tok::Ident)?;
        self.at(P::FnLParen);
        self.expect(Tok::LParen)?;
        let mut params = Vec::new();
        self.at(P::FnParams);
        self.sync()?;
        if self.ts.current().kind == Tok::Ident {
            self.at(P::FnParam);
            let p = self.expect(Tok::Ident)?;
            params.push(self.text(&p).to_string());
            self.at(P::FnParamLoop);
            self.sync()?;
            while self.ts.current().kind == Tok::Comma {
                self.at(P::FnComma);
                self.expect(Tok::Comma)?;
                self.at(P::FnParamNext);
                let p = self.expect(Tok::Ident)?;
                params.push(self.text(&p).to_string());
                self.at(P::FnParamBack);
                self.sync()?;
            }
        }
        self.at(P::FnRParen);
        self.expect(Tok::RParen)?;
        self.at(P::FnBody);
        let body = self.block()?;
        self.exit();
        let span = join(span_of(&kw), body.span);
        Ok(ParsedFunction {
            name: self.text(&name).to_string(),
            span,
            params,
            body,
            decls: std::mem::take(&mut self.decls),
        })
    }

    /// `block : '{' statement* '}' ;`
    fn block(&mut self) -> PResult<Block> {
        self.enter(Rule::Block)?;
        self.at(P::BlkOpen);
        let open = self.expect(Tok::LBrace)?;
        self.open_blocks.push(self.decls.len());
        self.decls.push(Vec::new());
        let mut stmts = Vec::new();
        self.at(P::BlkLoop);
        self.sync()?;
        while starts_statement(self.ts.current().kind) {
            self.at(P::BlkStmt);
            stmts.push(self.statement()?);
            self.at(P::BlkBack);
            self.sync()?;
        }
        self.at(P::BlkClose);
        let close = self.expect(Tok::RBrace)?;
        self.open_blocks.pop();
        self.exit();
        Ok(Block { stmts, span: join(span_of(&open), span_of(&close)) })
    }

    /// `statement : while | break | continue | if | return | expression ';' | debugger ;`
    fn statement(&mut self) -> PResult<Stmt> {
        self.enter(Rule::Statement)?;
        self.at(P::StmtSwitch);
        self.sync()?;
        let stmt = match self.ts.current().kind {
            Tok::While => {
                self.at(P::StmtWhile);
                self.while_statement()?
            }
            Tok::Break => {
                self.at(P::StmtBreak);
                Stmt::Break(self.keyword_statement(Rule::BreakStatement, P::BrkKw, P::BrkSemi, Tok::Break)?)
            }
            Tok::Continue => {
                self.at(P::StmtContinue);
                Stmt::Continue(self.keyword_statement(
                    Rule::ContinueStatement,
                    P::ContKw,
                    P::ContSemi,
                    Tok::Continue,
                )?)
            }
            Tok::If => {
                self.at(P::StmtIf);
                self.if_statement()?
            }
            Tok::Return => {
                self.at(P::StmtReturn);
                self.return_statement()?
            }
            Tok::LParen | Tok::Ident | Tok::Str | Tok::Num => {
                self.at(P::StmtExpr);
                self.enter(Rule::ExpressionStatement)?;
                self.at(P::ExprStmtExpr);
                let e = self.expression()?;
                self.at(P::ExprStmtSemi);
                self.expect(Tok::Semi)?;
                self.exit();
                Stmt::Expr(e)
            }
            Tok::Debugger => {
                self.at(P::StmtDebugger);
                Stmt::Debugger(self.keyword_statement(Rule::DebuggerStatement, P::DbgKw, P::DbgSemi, Tok::Debugger)?)
            }
            _ => return Err(self.no_viable_here()),
        };
        self.exit();
        Ok(stmt)
    }

    /// `break ;`, `continue ;` and `debugger ;`; the span is the keyword's.
    fn keyword_statement(&mut self, rule: Rule, kw_p: P, semi_p: P, kw: Tok) -> PResult<Span> {
        self.enter(rule)?;
        self.at(kw_p);
        let t = self.expect(kw)?;
        if self.loop_depth == 0 {
            match kw {
                Tok::Break => self.semantic_error_at(&t, "break used outside of loop"),
                Tok::Continue => self.semantic_error_at(&t, "continue used outside of loop"),
                _ => {}
            }
        }
        self.at(semi_p);
        self.expect(Tok::Semi)?;
        self.exit();
        Ok(span_of(&t))
    }

    /// `while_statement : 'while' '(' expression ')' block ;`
    fn while_statement(&mut self) -> PResult<Stmt> {
        self.enter(Rule::WhileStatement)?;
        self.at(P::WhKw);
        let kw = self.expect(Tok::While)?;
        self.at(P::WhLParen);
        self.expect(Tok::LParen)?;
        self.at(P::WhCond);
        let cond = self.expression()?;
        self.at(P::WhRParen);
        self.expect(Tok::RParen)?;
        self.at(P::WhBody);
        self.loop_depth += 1;
        let body = self.block()?;
        self.loop_depth -= 1;
        self.exit();
        let span = join(span_of(&kw), body.span);
        Ok(Stmt::While { cond, body, span })
    }

    /// `if_statement : 'if' '(' expression ')' block ('else' block)? ;`
    fn if_statement(&mut self) -> PResult<Stmt> {
        self.enter(Rule::IfStatement)?;
        self.at(P::IfKw);
        let kw = self.expect(Tok::If)?;
        self.at(P::IfLParen);
        self.expect(Tok::LParen)?;
        self.at(P::IfCond);
        let cond = self.expression()?;
        self.at(P::IfRParen);
        self.expect(Tok::RParen)?;
        self.at(P::IfThen);
        let then_block = self.block()?;
        self.at(P::IfElseOpt);
        self.sync()?;
        let mut else_block = None;
        if self.ts.current().kind == Tok::Else {
            self.at(P::IfElseKw);
            self.expect(Tok::Else)?;
            self.at(P::IfElse);
            else_block = Some(self.block()?);
        }
        self.exit();
        let end = else_block.as_ref().map_or(then_block.span, |b| b.span);
        Ok(Stmt::If { cond, then_block, else_block, span: join(span_of(&kw), end) })
    }

    /// `return_statement : 'return' expression? ';' ;` — the span ends with the value.
    fn return_statement(&mut self) -> PResult<Stmt> {
        self.enter(Rule::ReturnStatement)?;
        self.at(P::RetKw);
        let kw = self.expect(Tok::Return)?;
        self.at(P::RetOpt);
        self.sync()?;
        let mut value = None;
        if starts_expression(self.ts.current().kind) {
            self.at(P::RetExpr);
            value = Some(self.expression()?);
        }
        self.at(P::RetSemi);
        self.expect(Tok::Semi)?;
        self.exit();
        let span = value.as_ref().map_or(span_of(&kw), |v| join(span_of(&kw), v.span));
        Ok(Stmt::Return { value, span })
    }

    /// A left-associative binary level: `rule : operand (op operand)* ;` with its loop decided by
    /// adaptive prediction. `make` builds the node for one operator.
    fn binary_level(
        &mut self,
        rule: Rule,
        p: [P; 5],
        op: Tok,
        operand: fn(&mut Self) -> PResult<Expr>,
        make: fn(&str, Expr, Expr) -> ExprKind,
    ) -> PResult<Expr> {
        let [first, loop_p, op_p, next, back] = p;
        self.enter(rule)?;
        self.at(first);
        let mut lhs = operand(self)?;
        self.at(loop_p);
        self.sync()?;
        let mut alt = self.predict(loop_p)?;
        while alt == 1 {
            self.at(op_p);
            let op_tok = self.expect(op)?;
            self.at(next);
            let rhs = operand(self)?;
            let span = join(lhs.span, rhs.span);
            let text = self.text(&op_tok);
            lhs = Expr { kind: make(text, lhs, rhs), span };
            self.at(back);
            self.sync()?;
            alt = self.predict(loop_p)?;
        }
        self.exit();
        Ok(lhs)
    }

    /// `expression : logic_term ('||' logic_term)* ;`
    pub(super) fn expression(&mut self) -> PResult<Expr> {
        self.binary_level(
            Rule::Expression,
            [P::ExFirst, P::ExLoop, P::ExOp, P::ExNext, P::ExBack],
            Tok::OpOr,
            Self::logic_term,
            |_, l, r| ExprKind::Or(Box::new(l), Box::new(r)),
        )
    }

    /// `logic_term : logic_factor ('&&' logic_factor)* ;`
    fn logic_term(&mut self) -> PResult<Expr> {
        self.binary_level(
            Rule::LogicTerm,
            [P::LtFirst, P::LtLoop, P::LtOp, P::LtNext, P::LtBack],
            Tok::OpAnd,
            Self::logic_factor,
            |_, l, r| ExprKind::And(Box::new(l), Box::new(r)),
        )
    }

    /// `logic_factor : arithmetic (OP_COMPARE arithmetic)? ;` — comparisons do not chain.
    fn logic_factor(&mut self) -> PResult<Expr> {
        self.enter(Rule::LogicFactor)?;
        self.at(P::LfFirst);
        let mut lhs = self.arithmetic()?;
        self.at(P::LfOpt);
        self.sync()?;
        if self.predict(P::LfOpt)? == 1 {
            self.at(P::LfOp);
            let op_tok = self.expect(Tok::OpCompare)?;
            self.at(P::LfNext);
            let rhs = self.arithmetic()?;
            let span = join(lhs.span, rhs.span);
            let op = binary_op(self.text(&op_tok));
            lhs = Expr { kind: ExprKind::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs) }, span };
        }
        self.exit();
        Ok(lhs)
    }

    /// `arithmetic : term (OP_ADD term)* ;`
    fn arithmetic(&mut self) -> PResult<Expr> {
        self.binary_level(
            Rule::Arithmetic,
            [P::ArFirst, P::ArLoop, P::ArOp, P::ArNext, P::ArBack],
            Tok::OpAdd,
            Self::term,
            |op, l, r| ExprKind::Binary { op: binary_op(op), lhs: Box::new(l), rhs: Box::new(r) },
        )
    }

    /// `term : factor (OP_MUL factor)* ;`
    fn term(&mut self) -> PResult<Expr> {
        self.binary_level(
            Rule::Term,
            [P::TmFirst, P::TmLoop, P::TmOp, P::TmNext, P::TmBack],
            Tok::OpMul,
            Self::factor,
            |op, l, r| ExprKind::Binary { op: binary_op(op), lhs: Box::new(l), rhs: Box::new(r) },
        )
    }

    /// `factor : IDENTIFIER member_expression* | STRING_LITERAL | NUMERIC_LITERAL
    /// | '(' expression ')' ;`
    fn factor(&mut self) -> PResult<Expr> {
        self.enter(Rule::Factor)?;
        self.at(P::FcSwitch);
        self.sync()?;
        let cur = self.ts.current();
        let e = match cur.kind {
            Tok::Ident => {
                self.at(P::FcIdent);
                let ident = self.expect(Tok::Ident)?;
                let mut chain = Chain { ident, name: self.text(&ident).to_string(), cur: None, target: Target::Local };
                self.at(P::FcLoop);
                self.sync()?;
                let mut alt = self.predict(P::FcLoop)?;
                while alt == 1 {
                    self.at(P::FcMember);
                    self.member_expression(&mut chain)?;
                    self.at(P::FcBack);
                    self.sync()?;
                    alt = self.predict(P::FcLoop)?;
                }
                match chain.cur {
                    Some(e) => e,
                    None => Expr { kind: ExprKind::Name(chain.name), span: span_of(&chain.ident) },
                }
            }
            Tok::Str => {
                self.at(P::FcStr);
                let t = self.expect(Tok::Str)?;
                let text = self.text(&t);
                let inner = text.get(1..text.len().saturating_sub(1)).unwrap_or("");
                Expr { kind: ExprKind::Str(inner.to_string()), span: span_of(&t) }
            }
            Tok::Num => {
                self.at(P::FcNum);
                let t = self.expect(Tok::Num)?;
                Expr { kind: ExprKind::Num(self.text(&t).to_string()), span: span_of(&t) }
            }
            Tok::LParen => {
                self.at(P::FcLParen);
                let open = self.expect(Tok::LParen)?;
                self.at(P::FcExpr);
                let inner = self.expression()?;
                self.at(P::FcRParen);
                let close = self.expect(Tok::RParen)?;
                Expr { kind: ExprKind::Paren(Box::new(inner)), span: join(span_of(&open), span_of(&close)) }
            }
            _ => return Err(self.no_viable_here()),
        };
        self.exit();
        Ok(e)
    }

    /// The receiver a suffix applies to: the chain so far, or a read of the identifier.
    fn receiver(chain: &mut Chain) -> Expr {
        match chain.cur.take() {
            Some(e) => e,
            None => Expr { kind: ExprKind::Name(chain.name.clone()), span: span_of(&chain.ident) },
        }
    }

    /// `member_expression : '(' (expression (',' expression)*)? ')' | '=' expression
    /// | '.' IDENTIFIER | '[' expression ']' ;` applied to the chain.
    // Out of line: it is only on the stack inside a suffix, and inlined it would enlarge the
    // frame of every `factor`.
    #[inline(never)]
    fn member_expression(&mut self, chain: &mut Chain) -> PResult<()> {
        self.enter(Rule::MemberExpression)?;
        self.at(P::MeSwitch);
        self.sync()?;
        match self.ts.current().kind {
            Tok::LParen => {
                self.at(P::MeLParen);
                self.expect(Tok::LParen)?;
                let mut args = Vec::new();
                self.at(P::MeArgsOpt);
                self.sync()?;
                if starts_expression(self.ts.current().kind) {
                    self.at(P::MeArg);
                    args.push(self.expression()?);
                    self.at(P::MeArgLoop);
                    self.sync()?;
                    while self.ts.current().kind == Tok::Comma {
                        self.at(P::MeComma);
                        self.expect(Tok::Comma)?;
                        self.at(P::MeArgNext);
                        args.push(self.expression()?);
                        self.at(P::MeArgBack);
                        self.sync()?;
                    }
                }
                self.at(P::MeRParen);
                let close = self.expect(Tok::RParen)?;
                let callee = Self::receiver(chain);
                let span = join(callee.span, span_of(&close));
                chain.cur = Some(Expr { kind: ExprKind::Call { callee: Box::new(callee), args }, span });
                chain.target = Target::Invalid;
            }
            Tok::Assign => {
                self.at(P::MeAssign);
                self.expect(Tok::Assign)?;
                match chain.target {
                    // The first suffix: `name = ...` declares `name` in the innermost block.
                    Target::Local => {
                        if let Some(d) = self.open_blocks.last().and_then(|b| self.decls.get_mut(*b)) {
                            d.push(chain.name.clone());
                        }
                    }
                    Target::Property => {}
                    Target::Invalid => {
                        let t = self.ts.current();
                        self.semantic_error_at(&t, "invalid assignment target");
                    }
                }
                self.at(P::MeAssignExpr);
                let value = self.expression()?;
                let assigned = match (chain.target, chain.cur.take()) {
                    (Target::Local, _) => {
                        let span = join(span_of(&chain.ident), value.span);
                        Expr { kind: ExprKind::AssignName { name: chain.name.clone(), value: Box::new(value) }, span }
                    }
                    (Target::Property, Some(mut read)) => match read.take_kind() {
                        ExprKind::ReadProp { receiver, key } => {
                            let span = join(receiver.span, value.span);
                            Expr { kind: ExprKind::WriteProp { receiver, key, value: Box::new(value) }, span }
                        }
                        // A property target always follows a property read; keep the value.
                        _ => value,
                    },
                    // An invalid target is a semantic error; the value stands in for it.
                    (_, _) => value,
                };
                chain.cur = Some(assigned);
                chain.target = Target::Invalid;
            }
            Tok::Dot => {
                self.at(P::MeDot);
                self.expect(Tok::Dot)?;
                self.at(P::MeName);
                let name = self.expect(Tok::Ident)?;
                let receiver = Self::receiver(chain);
                let key = Expr { kind: ExprKind::Str(self.text(&name).to_string()), span: span_of(&name) };
                let span = join(receiver.span, key.span);
                chain.cur =
                    Some(Expr { kind: ExprKind::ReadProp { receiver: Box::new(receiver), key: Box::new(key) }, span });
                chain.target = Target::Property;
            }
            Tok::LBracket => {
                self.at(P::MeLBracket);
                self.expect(Tok::LBracket)?;
                self.at(P::MeIndexExpr);
                let key = self.expression()?;
                self.at(P::MeRBracket);
                let close = self.expect(Tok::RBracket)?;
                let receiver = Self::receiver(chain);
                let span = join(receiver.span, span_of(&close));
                chain.cur =
                    Some(Expr { kind: ExprKind::ReadProp { receiver: Box::new(receiver), key: Box::new(key) }, span });
                chain.target = Target::Property;
            }
            _ => return Err(self.no_viable_here()),
        }
        self.exit();
        Ok(())
    }
}
