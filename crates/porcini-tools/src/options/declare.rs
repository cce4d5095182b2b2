//! The macro that turns the option table into the typed `EngineOptions` struct and the static
//! descriptor list.
//!
//! Keeping the whole registry in one declarative table means the struct field, its default, the
//! parser used for `--engine.Name=value` and the `--help` row cannot drift apart: all of them are
//! generated from the same line.

/// Declares every engine option. Each entry reads
/// `TruffleName field_name: Type = default_expression, "one-line help";`.
macro_rules! declare_engine_options {
    ($( $name:ident $field:ident : $ty:ty = $default:expr , $help:literal ; )*) => {
        /// The typed value of every `--engine.*` option.
        ///
        /// Fields are named after Truffle's option names in snake case; `Default` gives the
        /// documented defaults.
        #[derive(Clone, Debug, PartialEq)]
        pub struct EngineOptions {
            $(
                #[doc = $help]
                pub $field: $ty,
            )*
            /// The tools' and the sandbox's options (`--cpusampler`, `--coverage`,
            /// `--sandbox.*`), which have prefixes and value types of their own.
            pub tools: $crate::options::ToolOptions,
        }

        impl Default for EngineOptions {
            fn default() -> Self {
                Self { $( $field: $default, )* tools: $crate::options::ToolOptions::default() }
            }
        }

        /// One descriptor per option, in table order.
        pub static OPTIONS: &[OptionDescriptor] = &[
            $(
                OptionDescriptor {
                    name: stringify!($name),
                    field: stringify!($field),
                    help: $help,
                    kind: <$ty as OptionValue>::KIND,
                    get: |options| OptionValue::render(&options.$field),
                    set: |options, text| {
                        options.$field = <$ty as OptionValue>::parse(text)?;
                        Ok(())
                    },
                },
            )*
        ];
    };
}

pub(crate) use declare_engine_options;
