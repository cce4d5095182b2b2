//! The resolution side tables as text: one line per function, then one line per scope of that
//! function that declares something.

use std::fmt::Write;

use crate::parser::Module;
use crate::parser::ast::{FunctionKind, FunctionName};
use crate::parser::ids::{FuncId, ScopeId};
use crate::parser::scope::{BindingKind, PerIteration, Resolution, ScopeKind, Storage};

/// The functions and scopes of a resolved module, e.g.
///
/// ```text
/// fn0 module sloppy frame=6 length=5
///   scope1 body env=1: let x=env0 (tdz); var y=frame5
/// ```
pub fn resolution(module: &Module) -> String {
    let res = &module.resolution;
    let mut out = String::new();
    for (i, f) in res.functions.iter().enumerate() {
        let id = FuncId(i as u32);
        write!(out, "fn{i} {}", kind_name(f.kind)).ok();
        match &f.name {
            FunctionName::Anonymous => {}
            FunctionName::Static(n) => {
                out.push(' ');
                n.write_quoted(&mut out).ok();
            }
            FunctionName::Computed { prefix } => {
                write!(out, " [{prefix}computed]").ok();
            }
        }
        write!(
            out,
            " {} frame={} length={}",
            if f.strict { "strict" } else { "sloppy" },
            f.frame_size,
            f.length
        )
        .ok();
        if f.uses_this {
            out.push_str(" uses-this");
        }
        if let Some(p) = f.parent {
            write!(out, " in fn{}", p.0).ok();
        }
        out.push('\n');
        for (j, s) in res.scopes.iter().enumerate() {
            if s.func != id || (s.bindings.is_empty() && s.functions.is_empty()) {
                continue;
            }
            scope_line(&mut out, res, ScopeId(j as u32));
        }
    }
    out
}

fn scope_line(out: &mut String, res: &Resolution, id: ScopeId) {
    let s = res.scope(id);
    write!(out, "  scope{} {}", id.0, scope_kind_name(s.kind)).ok();
    if s.env_size > 0 {
        write!(out, " env={}", s.env_size).ok();
    }
    match s.per_iteration {
        PerIteration::No => {}
        PerIteration::Copy => out.push_str(" per-iteration-copy"),
        PerIteration::Fresh => out.push_str(" per-iteration-fresh"),
    }
    out.push(':');
    for (k, &b) in s.bindings.iter().enumerate() {
        let info = res.binding(b);
        out.push_str(if k == 0 { " " } else { "; " });
        write!(out, "{} {}=", binding_kind_name(info.kind), info.name).ok();
        match info.storage {
            Storage::Frame(slot) => write!(out, "frame{}", slot.0),
            Storage::Env(index) => write!(out, "env{index}"),
        }
        .ok();
        if s.tdz.contains(&b) {
            out.push_str(" (tdz)");
        }
        if let Some(p) = info.copy_of {
            write!(out, " (copy of {})", res.binding(p).name).ok();
        }
    }
    if !s.functions.is_empty() {
        out.push_str(" | functions:");
        for &(b, f) in &s.functions {
            write!(out, " {}=fn{}", res.binding(b).name, f.0).ok();
        }
    }
    out.push('\n');
}

fn kind_name(kind: FunctionKind) -> &'static str {
    match kind {
        FunctionKind::Module => "module",
        FunctionKind::Declaration => "declaration",
        FunctionKind::Expression => "expression",
        FunctionKind::Arrow => "arrow",
        FunctionKind::Method => "method",
        FunctionKind::Getter => "getter",
        FunctionKind::Setter => "setter",
        FunctionKind::Constructor {
            derived: false,
            synthetic: false,
        } => "constructor",
        FunctionKind::Constructor {
            derived: true,
            synthetic: false,
        } => "derived-constructor",
        FunctionKind::Constructor {
            derived: false,
            synthetic: true,
        } => "default-constructor",
        FunctionKind::Constructor {
            derived: true,
            synthetic: true,
        } => "default-derived-constructor",
        FunctionKind::FieldInitializer { is_static: false } => "instance-fields",
        FunctionKind::FieldInitializer { is_static: true } => "static-fields",
    }
}

fn scope_kind_name(kind: ScopeKind) -> &'static str {
    match kind {
        ScopeKind::FunctionParams => "params",
        ScopeKind::FunctionBody => "body",
        ScopeKind::Block => "block",
        ScopeKind::For => "for",
        ScopeKind::ForOf => "for-of",
        ScopeKind::Switch => "switch",
        ScopeKind::Catch => "catch",
        ScopeKind::Class => "class",
        ScopeKind::FieldInit => "fields",
    }
}

fn binding_kind_name(kind: BindingKind) -> &'static str {
    match kind {
        BindingKind::Var => "var",
        BindingKind::Let => "let",
        BindingKind::Const => "const",
        BindingKind::Class => "class",
        BindingKind::ClassInner => "class-name",
        BindingKind::Function => "function",
        BindingKind::Param => "param",
        BindingKind::CatchParam => "catch",
        BindingKind::SelfName => "self-name",
        BindingKind::This => "special",
        BindingKind::Home => "special",
        BindingKind::NewTarget => "special",
        BindingKind::ActiveFunction => "special",
    }
}
