//! Introspection of the specialization state: names, cost class and instance counts.
//!
//! These back `ExprNode::cost` and `ExprNode::active_specializations`, the splitting heuristics'
//! view of a node, and tests. A cached specialization counts once per instance: a node whose only
//! active specialization has two instances is polymorphic, as in Truffle's generated `getCost`.

use proc_macro2::TokenStream;
use quote::quote;

use crate::guards::bind_cache;
use crate::model::Node;

/// `SPECIALIZATIONS`, `spec_cost`, `spec_active_names`, `spec_instances` and `__instances`.
pub(crate) fn query_fns(node: &Node) -> TokenStream {
    let state = &node.state;
    let names: Vec<String> = node.specs.iter().map(|s| s.name.to_string()).collect();
    let mega = node.megamorphic_mask();
    let all = node.all_mask();
    let counts: Vec<TokenStream> = node
        .specs
        .iter()
        .map(|spec| {
            let bit = spec.bit();
            if spec.cached.is_some() {
                let bind = bind_cache(spec);
                quote! {
                    if __a & #bit != 0 {
                        #bind
                        __n += __c.iter().take_while(|__e| __e.get().is_some()).count();
                    }
                }
            } else {
                quote!(if __a & #bit != 0 { __n += 1; })
            }
        })
        .collect();
    let cost = if node.has_cached() {
        quote! {
            let __cost = self.#state.cost(#mega);
            if __cost == ::porcini::NodeCost::Monomorphic && self.__instances(#all) > 1 {
                return ::porcini::NodeCost::Polymorphic;
            }
            __cost
        }
    } else {
        quote!(self.#state.cost(#mega))
    };
    quote! {
        /// Names of the specializations, in declaration order.
        pub const SPECIALIZATIONS: &'static [&'static str] = &[#(#names),*];
        /// The cost class of the current state.
        pub fn spec_cost(&self) -> ::porcini::NodeCost {
            #cost
        }
        /// The names of the active specializations.
        pub fn spec_active_names(&self) -> ::std::vec::Vec<&'static str> {
            let a = self.#state.active();
            Self::SPECIALIZATIONS.iter().enumerate().filter(|(i, _)| a & (1 << i) != 0).map(|(_, n)| *n).collect()
        }
        /// The number of specialization instances: one per active specialization, or its number of
        /// cached instances for a cached one.
        pub fn spec_instances(&self) -> usize {
            self.__instances(#all)
        }
        /// The instances of the active specializations among `mask`.
        fn __instances(&self, mask: u32) -> usize {
            let __a = self.#state.active() & mask;
            let mut __n = 0usize;
            #(#counts)*
            __n
        }
    }
}
