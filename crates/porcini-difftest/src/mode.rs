//! The engine modes a program runs in, each a name and the `porcini` flags that select it.
//!
//! The interpreter is the reference: every other mode must give exactly its output. The other
//! modes each stress a different part of the compiler: compiling every call target before it
//! has run (`immediate`, so nodes are compiled uninitialized), the same while collecting garbage
//! at every allocation (`gcstress`), without inlining or splitting, with loops replaced by OSR
//! code early (`osr`), and compiling after a short warm-up (`hot`), which is the mode where
//! nodes have specialized before compilation and then meet new types in compiled code.
//!
//! For EasyScript there is one more "mode", [`Mode::NODE`]: not porcini at all but node, the
//! oracle of the language. It checks the interpreter itself, on what the user can observe of a
//! JavaScript program: its stdout, its exit status and the error line of an uncaught exception
//! (node's report around that line names places porcini does not imitate).

use std::fmt;

/// What a mode runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Vm {
    /// The `porcini` binary, with the mode's flags.
    Porcini,
    /// node, for EasyScript programs.
    Node,
}

/// An engine mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Mode {
    /// The short name used on the command line and in reports.
    pub name: &'static str,
    /// The flags passed to `porcini` before the program file.
    pub flags: &'static [&'static str],
    /// What runs the program.
    pub vm: Vm,
}

impl Mode {
    /// The interpreter alone: the reference every other mode is compared with.
    pub const INTERP: Mode = Mode::porcini("interp", &["--engine.Compilation=false"]);

    /// node, the oracle for EasyScript (see the module docs).
    pub const NODE: Mode = Mode { name: "node", flags: &[], vm: Vm::Node };

    /// Every porcini mode, the reference first.
    pub const ALL: &'static [Mode] = &[
        Mode::INTERP,
        Mode::porcini("default", &[]),
        Mode::porcini(
            "immediate",
            &["--engine.CompileImmediately", "--engine.BackgroundCompilation=false", "--engine.VerifyIR"],
        ),
        Mode::porcini(
            "gcstress",
            &[
                "--engine.CompileImmediately",
                "--engine.BackgroundCompilation=false",
                "--engine.GCStress",
                "--engine.VerifyIR",
            ],
        ),
        Mode::porcini(
            "no-inlining",
            &["--engine.CompileImmediately", "--engine.BackgroundCompilation=false", "--engine.Inlining=false"],
        ),
        Mode::porcini(
            "no-splitting",
            &["--engine.CompileImmediately", "--engine.BackgroundCompilation=false", "--engine.Splitting=false"],
        ),
        Mode::porcini("osr", &["--engine.OSRCompilationThreshold=50", "--engine.BackgroundCompilation=false"]),
        Mode::porcini(
            "hot",
            &[
                "--engine.SingleTierCompilationThreshold=20",
                "--engine.MinInvokeThreshold=1",
                "--engine.BackgroundCompilation=false",
            ],
        ),
    ];

    /// A porcini mode.
    const fn porcini(name: &'static str, flags: &'static [&'static str]) -> Mode {
        Mode { name, flags, vm: Vm::Porcini }
    }

    /// The mode called `name` (a porcini mode, or `node`).
    pub fn by_name(name: &str) -> Option<Mode> {
        Mode::ALL.iter().copied().chain([Mode::NODE]).find(|m| m.name == name)
    }

    /// Modes from a comma-separated list of names. The interpreter is always included, first,
    /// since it is what the others are compared with.
    pub fn parse_list(list: &str) -> Result<Vec<Mode>, String> {
        let mut modes = vec![Mode::INTERP];
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let mode = Mode::by_name(name).ok_or_else(|| {
                let known: Vec<&str> = Mode::ALL.iter().chain([&Mode::NODE]).map(|m| m.name).collect();
                format!("unknown mode '{name}' (known: {})", known.join(", "))
            })?;
            if !modes.contains(&mode) {
                modes.push(mode);
            }
        }
        Ok(modes)
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_start_with_the_interpreter() {
        let modes = Mode::parse_list("osr, immediate,osr,node").expect("known modes");
        let names: Vec<&str> = modes.iter().map(|m| m.name).collect();
        assert_eq!(names, ["interp", "osr", "immediate", "node"]);
        assert!(Mode::parse_list("fast").is_err());
    }
}
