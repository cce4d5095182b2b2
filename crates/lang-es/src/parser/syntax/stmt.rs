//! Statements and declarations (loops are in `loops.rs`).
//!
//! A statement is parsed either as a *statement list item* (in a block, a function body or a
//! `switch` case), where declarations are allowed, or as a *substatement* (the body of `if`,
//! a loop or a label), where they are not. Labels are collected in the function context; a
//! loop marks the labels directly in front of it as iteration labels, which `continue` needs.

use crate::parser::ast::{
    Block, CatchClause, Declarator, FunctionName, Label, Stmt, StmtKind, SwitchCase, VarDecl,
    VarKind,
};
use crate::parser::error::{PResult, ParseError};
use crate::parser::js_string::JsString;
use crate::parser::token::{Kw, Tok};

use super::function::infer_name;
use super::{LabelEntry, Parser};

impl Parser<'_> {
    /// A statement or declaration.
    pub(super) fn parse_statement_list_item(&mut self) -> PResult<Stmt> {
        self.parse_statement(true, 0)
    }

    /// A statement in a single-statement position, where declarations are not allowed.
    pub(super) fn parse_substatement(&mut self) -> PResult<Stmt> {
        self.parse_statement(false, 0)
    }

    /// A statement; `labels` is the number of labels directly in front of it.
    fn parse_statement(&mut self, list_item: bool, labels: usize) -> PResult<Stmt> {
        self.enter()?;
        let start = self.tok.start;
        let lexical_misplaced = |p: &Self| {
            p.error_at(
                start,
                "Lexical declaration cannot appear in a single-statement context",
            )
        };
        let kind = match self.tok.kind {
            Tok::LBrace => StmtKind::Block(self.parse_block()?),
            Tok::Kw(Kw::Var) => {
                let decl = self.parse_var_decl(VarKind::Var, false)?;
                self.semicolon()?;
                StmtKind::Var(decl)
            }
            Tok::Kw(Kw::Const) => {
                if !list_item {
                    return Err(lexical_misplaced(self));
                }
                let decl = self.parse_var_decl(VarKind::Const, false)?;
                self.semicolon()?;
                StmtKind::Var(decl)
            }
            Tok::Ident if self.at_ident("let") && self.is_let_declaration()? => {
                if !list_item {
                    return Err(lexical_misplaced(self));
                }
                let decl = self.parse_var_decl(VarKind::Let, false)?;
                self.semicolon()?;
                StmtKind::Var(decl)
            }
            Tok::Kw(Kw::Function) => {
                if !list_item {
                    return Err(self.misplaced_function());
                }
                let (binding, func) = self.parse_function_declaration()?;
                StmtKind::Function {
                    binding,
                    func: Box::new(func),
                }
            }
            Tok::Kw(Kw::Class) => {
                if !list_item {
                    return Err(self.unexpected());
                }
                let (binding, class) = self.parse_class_declaration()?;
                StmtKind::Class {
                    binding,
                    class: Box::new(class),
                }
            }
            Tok::Kw(Kw::If) => self.parse_if()?,
            Tok::Kw(Kw::While) => self.parse_while(labels)?,
            Tok::Kw(Kw::Do) => self.parse_do_while(labels)?,
            Tok::Kw(Kw::For) => self.parse_for(labels)?,
            Tok::Kw(Kw::Switch) => self.parse_switch()?,
            Tok::Kw(Kw::Break) | Tok::Kw(Kw::Continue) => self.parse_break_continue()?,
            Tok::Kw(Kw::Return) => {
                self.bump()?;
                let value = if self.at(Tok::Semi)
                    || self.at(Tok::RBrace)
                    || self.at(Tok::Eof)
                    || self.tok.nl_before
                {
                    None
                } else {
                    Some(self.parse_expression()?)
                };
                self.semicolon()?;
                StmtKind::Return(value)
            }
            Tok::Kw(Kw::Throw) => {
                self.bump()?;
                if self.tok.nl_before {
                    return Err(self.error_at(start, "Illegal newline after throw"));
                }
                let value = self.parse_expression()?;
                self.semicolon()?;
                StmtKind::Throw(value)
            }
            Tok::Kw(Kw::Try) => self.parse_try()?,
            Tok::Kw(Kw::Debugger) => {
                self.bump()?;
                self.semicolon()?;
                StmtKind::Debugger
            }
            Tok::Semi => {
                self.bump()?;
                StmtKind::Empty
            }
            Tok::Kw(Kw::With) => {
                if self.ctx.strict {
                    return Err(
                        self.error_at(start, "Strict mode code may not include a with statement")
                    );
                }
                return Err(ParseError::unsupported("with statements are", start));
            }
            Tok::Kw(Kw::Import) | Tok::Kw(Kw::Export) => {
                return Err(ParseError::unsupported(
                    "modules (import and export) are",
                    start,
                ));
            }
            Tok::Ident if self.peek()?.kind == Tok::Colon => {
                let stmt = self.parse_labelled();
                self.leave();
                return stmt;
            }
            _ => {
                let e = self.parse_expression()?;
                self.semicolon()?;
                StmtKind::Expr(e)
            }
        };
        self.leave();
        self.check_stmt(Stmt::new(self.span_from(start), kind))
    }

    /// The error for a function declaration where only a statement may stand.
    fn misplaced_function(&self) -> ParseError {
        if self.ctx.strict {
            self.error_at(
                self.tok.start,
                "In strict mode code, functions can only be declared at top level or inside a block.",
            )
        } else {
            ParseError::unsupported(
                "function declarations as the body of a statement are",
                self.tok.start,
            )
        }
    }

    /// Whether a statement starting with `let` is a declaration (in sloppy code `let` is also
    /// an ordinary identifier).
    pub(super) fn is_let_declaration(&self) -> PResult<bool> {
        if self.ctx.strict {
            return Ok(true);
        }
        Ok(matches!(
            self.peek()?.kind,
            Tok::Ident | Tok::LBracket | Tok::LBrace
        ))
    }

    /// `{ statements }`.
    pub(super) fn parse_block(&mut self) -> PResult<Block> {
        let start = self.expect(Tok::LBrace)?.start;
        let scope = self.new_scope();
        let mut body = Vec::new();
        while !self.at(Tok::RBrace) {
            if self.at(Tok::Eof) {
                return Err(self.unexpected());
            }
            body.push(self.parse_statement_list_item()?);
        }
        self.bump()?;
        Ok(Block {
            span: self.span_from(start),
            scope,
            body,
        })
    }

    /// `var`/`let`/`const` declarators. Outside a `for` head, a `const` or a pattern needs an
    /// initializer; in a head that depends on whether it is a `for-of`, which the caller checks.
    pub(super) fn parse_var_decl(&mut self, kind: VarKind, in_for: bool) -> PResult<VarDecl> {
        self.bump()?;
        let lexical = kind != VarKind::Var;
        let mut decls = Vec::new();
        loop {
            let start = self.tok.start;
            let target = self.parse_binding_target(lexical)?;
            let init = if self.eat(Tok::Assign)? {
                let mut init = self.parse_assignment()?;
                if let Some(id) = target.as_ident() {
                    infer_name(&mut init, FunctionName::Static(JsString::from(&id.name)));
                }
                Some(init)
            } else {
                if !in_for {
                    check_initializer(self, kind, &target.span.start, target.as_ident().is_some())?;
                }
                None
            };
            decls.push(Declarator {
                span: self.span_from(start),
                target,
                init,
            });
            if !self.eat(Tok::Comma)? {
                break;
            }
        }
        Ok(VarDecl { kind, decls })
    }

    fn parse_if(&mut self) -> PResult<StmtKind> {
        self.bump()?;
        self.expect(Tok::LParen)?;
        let test = self.parse_expression()?;
        self.expect(Tok::RParen)?;
        let then = Box::new(self.parse_substatement()?);
        let other = if self.eat(Tok::Kw(Kw::Else))? {
            Some(Box::new(self.parse_substatement()?))
        } else {
            None
        };
        Ok(StmtKind::If { test, then, other })
    }

    fn parse_switch(&mut self) -> PResult<StmtKind> {
        self.bump()?;
        self.expect(Tok::LParen)?;
        let discriminant = self.parse_expression()?;
        self.expect(Tok::RParen)?;
        self.expect(Tok::LBrace)?;
        let scope = self.new_scope();
        self.ctx.breakables += 1;
        let mut cases: Vec<SwitchCase> = Vec::new();
        let mut seen_default = false;
        while !self.at(Tok::RBrace) {
            let start = self.tok.start;
            let test = if self.eat(Tok::Kw(Kw::Case))? {
                Some(self.parse_expression()?)
            } else if self.at_kw(Kw::Default) {
                if seen_default {
                    return Err(
                        self.error_at(start, "More than one default clause in switch statement")
                    );
                }
                seen_default = true;
                self.bump()?;
                None
            } else {
                return Err(self.unexpected());
            };
            self.expect(Tok::Colon)?;
            let mut body = Vec::new();
            while !matches!(
                self.tok.kind,
                Tok::Kw(Kw::Case) | Tok::Kw(Kw::Default) | Tok::RBrace
            ) {
                if self.at(Tok::Eof) {
                    return Err(self.unexpected());
                }
                body.push(self.parse_statement_list_item()?);
            }
            cases.push(SwitchCase {
                span: self.span_from(start),
                test,
                body,
            });
        }
        self.bump()?;
        self.ctx.breakables -= 1;
        Ok(StmtKind::Switch {
            discriminant,
            scope,
            cases,
        })
    }

    fn parse_break_continue(&mut self) -> PResult<StmtKind> {
        let keyword = self.bump()?;
        let is_break = keyword.kind == Tok::Kw(Kw::Break);
        let label = if self.at(Tok::Ident) && !self.tok.nl_before {
            let tok = self.bump()?;
            let name = self.text(&tok).to_string();
            let found = self.ctx.labels.iter().rev().find(|l| l.name == name);
            match found {
                None => return Err(self.error_at(tok.start, format!("Undefined label '{name}'"))),
                Some(l) if !is_break && !l.iteration => {
                    return Err(self.error_at(
                        tok.start,
                        format!("Illegal continue statement: '{name}' does not denote an iteration statement"),
                    ));
                }
                Some(_) => {}
            }
            Some(Label {
                name,
                span: self.span_from(tok.start),
            })
        } else {
            if is_break && self.ctx.breakables == 0 {
                return Err(self.error_at(keyword.start, "Illegal break statement"));
            }
            if !is_break && self.ctx.loops == 0 {
                return Err(self.error_at(
                    keyword.start,
                    "Illegal continue statement: no surrounding iteration statement",
                ));
            }
            None
        };
        self.semicolon()?;
        Ok(if is_break {
            StmtKind::Break(label)
        } else {
            StmtKind::Continue(label)
        })
    }

    /// `a: b: statement`.
    fn parse_labelled(&mut self) -> PResult<Stmt> {
        let mut labels = Vec::new();
        while self.at(Tok::Ident) && self.peek()?.kind == Tok::Colon {
            // Every label nests the statement one level deeper.
            self.enter()?;
            let tok = self.bump()?;
            let name = self.text(&tok).to_string();
            self.check_identifier(&name, tok.start)?;
            if self.ctx.labels.iter().any(|l| l.name == name) {
                return Err(self.error_at(
                    tok.start,
                    format!("Label '{name}' has already been declared"),
                ));
            }
            self.ctx.labels.push(LabelEntry {
                name: name.clone(),
                iteration: false,
            });
            labels.push(Label {
                name,
                span: self.span_from(tok.start),
            });
            self.bump()?;
        }
        if self.at_function() {
            return Err(if self.ctx.strict {
                self.misplaced_function()
            } else {
                ParseError::unsupported("labelled function declarations are", self.tok.start)
            });
        }
        let mut stmt = self.parse_statement(false, labels.len())?;
        for _ in &labels {
            self.leave();
        }
        let n = self.ctx.labels.len() - labels.len();
        self.ctx.labels.truncate(n);
        while let Some(label) = labels.pop() {
            let span = self.span_from(label.span.start);
            stmt = self.check_stmt(Stmt::new(
                span,
                StmtKind::Labeled {
                    label,
                    body: Box::new(stmt),
                },
            ))?;
        }
        Ok(stmt)
    }

    fn parse_try(&mut self) -> PResult<StmtKind> {
        self.bump()?;
        let block = self.parse_block()?;
        let catch = if self.at_kw(Kw::Catch) {
            let start = self.bump()?.start;
            let scope = self.new_scope();
            let param = if self.eat(Tok::LParen)? {
                let p = self.parse_binding_target(false)?;
                self.expect(Tok::RParen)?;
                Some(p)
            } else {
                None
            };
            let body = self.parse_block()?;
            Some(CatchClause {
                span: self.span_from(start),
                scope,
                param,
                body,
            })
        } else {
            None
        };
        let finally = if self.eat(Tok::Kw(Kw::Finally))? {
            Some(self.parse_block()?)
        } else {
            None
        };
        if catch.is_none() && finally.is_none() {
            return Err(self.error_at(self.tok.start, "Missing catch or finally after try"));
        }
        Ok(StmtKind::Try {
            block,
            catch,
            finally,
        })
    }

    /// Marks the `labels` innermost labels as labelling an iteration statement.
    pub(super) fn mark_iteration_labels(&mut self, labels: usize) {
        let n = self.ctx.labels.len();
        for entry in &mut self.ctx.labels[n - labels..] {
            entry.iteration = true;
        }
    }
}

/// The early error for a declarator without initializer where one is required.
pub(super) fn check_initializer(
    p: &Parser<'_>,
    kind: VarKind,
    pos: &u32,
    simple: bool,
) -> PResult<()> {
    if kind == VarKind::Const {
        return Err(p.error_at(*pos, "Missing initializer in const declaration"));
    }
    if !simple {
        return Err(p.error_at(*pos, "Missing initializer in destructuring declaration"));
    }
    Ok(())
}
