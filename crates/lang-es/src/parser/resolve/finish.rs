//! The second phase: storage for every binding, and location and checks for every occurrence.

use crate::parser::ast::FunctionName;
use crate::parser::ids::{ScopeId, SlotId};
use crate::parser::scope::{
    AssignMode, BindingInfo, BindingKind, FunctionInfo, Location, PerIteration, Resolution,
    Resolved, ScopeInfo, ScopeKind, Storage,
};

use super::{Binding, RefRecord, Resolver, Role};

impl Resolver {
    pub(super) fn finish(self) -> Resolution {
        // Every occurrence and scope the parser created is visited by the walk.
        debug_assert!(
            self.refs.iter().all(Option::is_some),
            "an occurrence was not resolved"
        );
        debug_assert!(
            self.scopes.iter().all(Option::is_some),
            "a scope was not entered"
        );
        debug_assert!(
            self.funcs.iter().all(Option::is_some),
            "a function was not walked"
        );
        let mut frame_sizes = vec![0u32; self.funcs.len()];
        let mut env_sizes = vec![0u32; self.scopes.len()];

        // Captured bindings go to their scope's environment, the others to their function's
        // frame, both numbered in declaration order.
        let storages: Vec<Storage> = self
            .bindings
            .iter()
            .map(|b| {
                if b.captured {
                    let slot = &mut env_sizes[b.scope.index()];
                    *slot += 1;
                    Storage::Env(*slot - 1)
                } else {
                    let slot = &mut frame_sizes[b.func.index()];
                    *slot += 1;
                    Storage::Frame(SlotId(*slot - 1))
                }
            })
            .collect();

        // The number of environments on the chain at each scope, parents first.
        let mut env_depth = vec![0u32; self.scopes.len()];
        for &id in &self.scope_order {
            let Some(scope) = &self.scopes[id.index()] else {
                continue;
            };
            let outer = scope.parent.map_or(0, |p| env_depth[p.index()]);
            env_depth[id.index()] = outer + u32::from(env_sizes[id.index()] > 0);
        }

        let refs = self
            .refs
            .iter()
            .map(|r| match r {
                Some(r) => self.resolved(r, &storages, &env_depth),
                None => Resolved {
                    binding: None,
                    location: Location::Global,
                    tdz: false,
                    assign: AssignMode::Mutable,
                },
            })
            .collect();

        let scopes = self
            .scopes
            .iter()
            .enumerate()
            .map(|(i, s)| match s {
                Some(s) => {
                    let env_size = env_sizes[i];
                    let per_iteration = match (s.kind, s.lexical_head) {
                        _ if env_size == 0 => PerIteration::No,
                        (ScopeKind::For, Some(BindingKind::Let)) => PerIteration::Copy,
                        (ScopeKind::ForOf, Some(_)) => PerIteration::Fresh,
                        _ => PerIteration::No,
                    };
                    ScopeInfo {
                        kind: s.kind,
                        parent: s.parent,
                        func: s.func,
                        bindings: s.bindings.clone(),
                        env_size,
                        per_iteration,
                        functions: s.functions.clone(),
                        tdz: s
                            .bindings
                            .iter()
                            .copied()
                            .filter(|b| self.bindings[b.index()].decl_end > 0)
                            .collect(),
                    }
                }
                None => ScopeInfo {
                    kind: ScopeKind::Block,
                    parent: None,
                    func: crate::parser::ids::FuncId(0),
                    bindings: Vec::new(),
                    env_size: 0,
                    per_iteration: PerIteration::No,
                    functions: Vec::new(),
                    tdz: Vec::new(),
                },
            })
            .collect();

        let functions = self
            .funcs
            .iter()
            .enumerate()
            .map(|(i, f)| match f {
                Some(f) => FunctionInfo {
                    kind: f.kind,
                    name: f.name.clone(),
                    span: f.span,
                    parent: f.parent,
                    strict: f.strict,
                    frame_size: frame_sizes[i],
                    length: f.length,
                    uses_this: f.uses_this,
                    this_binding: f.this_binding,
                    home_binding: f.home_binding,
                    new_target_binding: f.new_target_binding,
                    func_binding: f.func_binding,
                    params_scope: f.params_scope,
                    body_scope: f.body_scope,
                },
                None => FunctionInfo {
                    kind: crate::parser::ast::FunctionKind::Expression,
                    name: FunctionName::Anonymous,
                    span: Default::default(),
                    parent: None,
                    strict: false,
                    frame_size: 0,
                    length: 0,
                    uses_this: false,
                    this_binding: None,
                    home_binding: None,
                    new_target_binding: None,
                    func_binding: None,
                    params_scope: ScopeId(0),
                    body_scope: None,
                },
            })
            .collect();

        let bindings = self
            .bindings
            .iter()
            .zip(&storages)
            .map(|(b, &storage)| BindingInfo {
                name: b.name.clone(),
                kind: b.kind,
                scope: b.scope,
                func: b.func,
                storage,
                span: b.span,
                captured: b.captured,
                copy_of: b.copy_of,
            })
            .collect();

        Resolution {
            refs,
            bindings,
            scopes,
            functions,
        }
    }

    fn resolved(&self, r: &RefRecord, storages: &[Storage], env_depth: &[u32]) -> Resolved {
        let Some(b) = r.binding else {
            return Resolved {
                binding: None,
                location: Location::Global,
                tdz: false,
                assign: AssignMode::Mutable,
            };
        };
        let binding = &self.bindings[b.index()];
        let location = match storages[b.index()] {
            Storage::Frame(slot) => Location::Frame(slot),
            Storage::Env(index) => {
                let hops =
                    env_depth[r.scope.index()].saturating_sub(env_depth[binding.scope.index()]);
                Location::Env { hops, index }
            }
        };
        Resolved {
            binding: Some(b),
            location,
            tdz: self.needs_tdz(binding, r),
            assign: self.assign_mode(binding, r),
        }
    }

    /// Whether the occurrence may find the binding uninitialized: it is a binding with a
    /// temporal dead zone, and the occurrence is in another function (which may run at any
    /// time), in a `switch` case block (whose declarations can be jumped over), or textually
    /// before the end of the declaration.
    fn needs_tdz(&self, b: &Binding, r: &RefRecord) -> bool {
        if b.decl_end == 0 || matches!(r.role, Role::Init | Role::Declare) {
            return false;
        }
        let in_switch = self.scope(b.scope).kind == ScopeKind::Switch;
        b.func != r.func || in_switch || r.pos < b.decl_end
    }

    fn assign_mode(&self, b: &Binding, r: &RefRecord) -> AssignMode {
        if r.role == Role::Init {
            return AssignMode::Mutable;
        }
        match b.kind {
            BindingKind::Const | BindingKind::ClassInner => AssignMode::ConstError,
            BindingKind::SelfName if self.func(r.func).strict => AssignMode::ConstError,
            BindingKind::SelfName => AssignMode::Ignore,
            _ => AssignMode::Mutable,
        }
    }
}
